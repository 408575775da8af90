// The demo's accounts on a production database (docs/decisions/049-production-start.md): which of
// them still log in with the password printed in the README, and the command that closes them.
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../accounts/password.server';
import { deleteUserSessions } from '../accounts/sessions.server';
import { DEMO_MODERATOR_EMAIL, DEMO_PASSWORD, DEMO_STUDENT_COUNT, demoStudentEmail } from './accounts';

/** Every address the demo generator gives an account: the only accounts the demo seed makes. */
export function demoAccountEmails(): string[] {
  return [DEMO_MODERATOR_EMAIL, ...Array.from({ length: DEMO_STUDENT_COUNT }, (_, index) => demoStudentEmail(index + 1))];
}

/**
 * The demo addresses that log in with the demo password, in the demo's order. Cheap enough for
 * every start: one lookup of 41 addresses by the unique email index (none on a real site), then
 * one argon2 check per distinct hash found (the seed gives every demo account the same hash), not
 * a check of every account.
 */
export async function findDemoLogins(): Promise<string[]> {
  const rows = await db()
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, demoAccountEmails()));
  const verdicts = new Map<string, Promise<boolean>>();
  for (const row of rows) {
    if (!verdicts.has(row.passwordHash))
      verdicts.set(row.passwordHash, verifyPassword(row.passwordHash, DEMO_PASSWORD, { userId: row.id }));
  }
  const open = new Set<string>();
  for (const row of rows) if (await verdicts.get(row.passwordHash)) open.add(row.email);
  return demoAccountEmails().filter((email) => open.has(email));
}

/** The production server's refusal: which accounts, and what the operator can do. */
export class DemoLoginsError extends Error {
  constructor(readonly emails: string[]) {
    super(
      `README に載っているデモ用のパスワードでログインできるアカウントが ${emails.length} 件あるため、本番環境（NODE_ENV=production）では起動しません。` +
        'npm run demo:close-logins でこれらのアカウントのパスワードを使えなくするか、デモデータだけのデータベースなら空のデータベースから始め直してください' +
        `（公開デモとして動かすときだけ DEMO_DATA=1 を設定します）。該当するアカウント: ${emails.join(', ')}`,
    );
    this.name = 'DemoLoginsError';
  }
}

/**
 * Gives each demo account that still logs in with the demo password a random password that
 * nobody knows, and ends its sessions (npm run demo:close-logins). The accounts and what they
 * wrote stay; the demo addresses are under .example, which receives no mail, so no password
 * reset can open them again. Answers the addresses closed.
 */
export async function closeDemoLogins(): Promise<string[]> {
  const emails = await findDemoLogins();
  for (const email of emails) {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const [row] = await db()
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    if (row) await deleteUserSessions({ userId: row.id });
  }
  return emails;
}
