// Housekeeping of the accounts' short-lived rows (issue 31, part 4; docs/decisions/079-
// housekeeping.md): what the limits and links no longer need is deleted on a schedule, so that the
// tables do not grow for ever and personal data is kept no longer than the privacy policy says.
// The retention of each is ACCOUNT_RETENTION (session-policy.ts), which the privacy policy
// (app/routes/privacy.tsx) also reads.
import { sql } from 'drizzle-orm';
import { deleteInBatches } from '../../db/client.server';
import { ACCOUNT_RETENTION } from './session-policy';

export type PrunedAccountRows = {
  sessions: number;
  confirmations: number;
  resetLinks: number;
  loginFailures: number;
  emailRequests: number;
};

/** Deletes what ACCOUNT_RETENTION no longer keeps, a batch at a time; answers how many of each. */
export async function pruneAccountRows(now: Date = new Date()): Promise<PrunedAccountRows> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const spent = ago(ACCOUNT_RETENTION.spentLinksMs);
  return {
    sessions: await deleteInBatches(
      (limit) => sql`DELETE FROM sessions WHERE id_hash IN (
        SELECT id_hash FROM sessions WHERE expires_at < ${ago(ACCOUNT_RETENTION.expiredSessionsMs)} LIMIT ${limit}) RETURNING 1`,
    ),
    confirmations: await deleteInBatches(
      (limit) => sql`DELETE FROM email_confirmations WHERE token_hash IN (
        SELECT token_hash FROM email_confirmations WHERE least(coalesce(used_at, expires_at), expires_at) < ${spent} LIMIT ${limit}) RETURNING 1`,
    ),
    resetLinks: await deleteInBatches(
      (limit) => sql`DELETE FROM password_reset_tokens WHERE token_hash IN (
        SELECT token_hash FROM password_reset_tokens WHERE least(coalesce(used_at, expires_at), expires_at) < ${spent} LIMIT ${limit}) RETURNING 1`,
    ),
    loginFailures: await deleteInBatches(
      (limit) => sql`DELETE FROM login_failures WHERE id IN (
        SELECT id FROM login_failures WHERE failed_at < ${ago(ACCOUNT_RETENTION.loginFailuresMs)} LIMIT ${limit}) RETURNING 1`,
    ),
    emailRequests: await deleteInBatches(
      (limit) => sql`DELETE FROM email_requests WHERE id IN (
        SELECT id FROM email_requests WHERE requested_at < ${ago(ACCOUNT_RETENTION.emailRequestsMs)} LIMIT ${limit}) RETURNING 1`,
    ),
  };
}
