import { sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { users } from '../../db/schema';
import { hashPassword } from './password.server';
import { normalizeEmail } from './schemas';
import { deleteUserSessions } from './sessions.server';

/**
 * Creates a moderator, or makes an existing account one, with this password (npm run
 * admin:create). Existing sessions of the account end, so the new role and password apply at once.
 */
export async function createModerator(options: { email: string; password: string }): Promise<{ userId: number; created: boolean }> {
  const email = normalizeEmail(options.email);
  const passwordHash = await hashPassword(options.password);
  const [row] = await db()
    .insert(users)
    .values({ email, passwordHash, role: 'moderator' })
    .onConflictDoUpdate({ target: users.email, set: { role: 'moderator', passwordHash, updatedAt: sql`now()` } })
    .returning({ id: users.id, created: sql<boolean>`(xmax = 0)` });
  await deleteUserSessions({ userId: row!.id });
  return { userId: row!.id, created: Boolean(row!.created) };
}
