import { hash, verify } from '@node-rs/argon2';

// argon2id at OWASP's second recommended setting (m=19 MiB, t=2, p=1).
// Algorithm 2 is argon2id in @node-rs/argon2's enum; written as a number because its
// const enum cannot be imported under isolatedModules.
const OPTIONS = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
