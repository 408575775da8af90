// Login limits, counted in the database so that every app process shares them
// (docs/decisions/009-accounts.md).
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { loginFailures } from '../../db/schema';
import { DAY, isOverLimit, LOGIN_LIMITS } from './session-policy';

/** True when this IP or this account has failed too often recently. */
export async function isLoginLimited(options: { ip: string; email: string; now?: Date }): Promise<boolean> {
  const now = options.now ?? new Date();
  const since = (windowMs: number) => new Date(now.getTime() - windowMs);
  const [row] = await db()
    .select({
      ip: sql<number>`count(*) FILTER (WHERE ${loginFailures.ip} = ${options.ip} AND ${loginFailures.failedAt} > ${since(LOGIN_LIMITS.perIp.windowMs).toISOString()})`.mapWith(Number),
      account: sql<number>`count(*) FILTER (WHERE ${loginFailures.email} = ${options.email})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.failedAt, since(LOGIN_LIMITS.perAccount.windowMs)),
        sql`(${loginFailures.ip} = ${options.ip} OR ${loginFailures.email} = ${options.email})`,
      ),
    );
  return isOverLimit({ ip: row?.ip ?? 0, account: row?.account ?? 0 });
}

export async function recordLoginFailure(options: { ip: string; email: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  await db().insert(loginFailures).values({ ip: options.ip, email: options.email, failedAt: now });
  // Rows older than every window are useless; clear them now and then.
  if (Math.random() < 0.02) await db().delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now.getTime() - DAY)));
}

/** A successful login clears the account's count (the IP's stays: it may be trying others). */
export async function clearLoginFailures(options: { email: string }): Promise<void> {
  await db().delete(loginFailures).where(eq(loginFailures.email, options.email));
}
