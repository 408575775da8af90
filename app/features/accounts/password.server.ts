import { hash, verify } from '@node-rs/argon2';
import { logger } from '../../lib/logger.server';

// argon2id at OWASP's second recommended setting (m=19 MiB, t=2, p=1).
// Algorithm 2 is argon2id in @node-rs/argon2's enum; written as a number because its
// const enum cannot be imported under isolatedModules.
const OPTIONS = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Whether the password matches the stored hash. A hash that cannot be read (damaged, cut short,
 * written by hand) matches nothing, and is logged: that account cannot log in until its password
 * is reset, and the operator should hear of it before its owner does. Pass the account's id so
 * that the line says which one; the hash itself is never logged.
 */
export async function verifyPassword(passwordHash: string, password: string, account: { userId?: number } = {}): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch (error) {
    logger().error({ err: error, ...account }, 'stored password hash is unreadable');
    return false;
  }
}
