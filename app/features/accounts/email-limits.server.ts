// The email limits in the database, shared by every process (docs/decisions/053-email-limits.md).
import { lt, sql } from 'drizzle-orm';
import { data } from 'react-router';
import { selectRows } from '../../db/client.server';
import type { EmailRequestKind } from '../../db/enums';
import { emailRequests } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction.server';
import { echoValues, type FormFailure, type FormValues, formValues, parseForm } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import type { z } from '../../lib/zod';
import { EMAIL_LIMITS, emailLimitMessage, type EmailWindow, requesterWaitSeconds, type WindowCount } from './email-limits';
import { HONEYPOT_FIELD, isHoneypotFilled, normalizeEmail } from './schemas';
import { readSessionId } from './session-request.server';
import { DAY } from './session-policy';
import { hashToken } from './tokens.server';

/** Who asks for an email: the client's address (trust proxy applies), the session, the student. */
export type EmailRequester = { ip: string; sessionId: string | null; userId?: number | null };

/**
 * send: go ahead (the request is recorded). recipient_limited: the address has had its emails;
 * send nothing and answer as if sent (recorded for the requester only). requester_limited: 429,
 * nothing recorded.
 */
export type EmailAdmission =
  | { outcome: 'send' }
  | { outcome: 'recipient_limited' }
  | { outcome: 'requester_limited'; retryAfterSeconds: number };

/**
 * The answer to a request for an email: the same whether an email went, the address had had its
 * emails or (sign-up, password reset) the address is registered or not; 429 with a wait when the
 * one who asks has asked too often.
 */
export type EmailRequestResult = { ok: true } | { ok: false; reason: 'too_many_emails'; retryAfterSeconds: number };

export const EMAIL_SENT: EmailRequestResult = { ok: true };

export function admissionResult(admission: EmailAdmission): EmailRequestResult {
  return admission.outcome === 'requester_limited'
    ? { ok: false, reason: 'too_many_emails', retryAfterSeconds: admission.retryAfterSeconds }
    : EMAIL_SENT;
}

// Serialises the admissions of all processes (pg_advisory_xact_lock): 50 concurrent requests
// cannot all see a count below the limit. An admission is one count and one insert, so the wait
// is short; the migrations hold 727301.
const EMAIL_REQUESTS_LOCK = 727303;

/** The requester of a form's request: the client's address from the load context, the session cookie. */
export function emailRequester(request: Request, clientIp: string | undefined): EmailRequester {
  return { ip: clientIp ?? 'unknown', sessionId: readSessionId(request) };
}

/**
 * The 429 answer of a form whose requester asked too often, a refused form
 * (docs/decisions/056-one-error-shape.md): the message above the form (sign-up, password reset)
 * or beside `field` (the new address), what was typed (never a password) and Retry-After.
 */
export function emailsLimited(retryAfterSeconds: number, values: FormValues, field = 'form') {
  const failure: FormFailure = { ok: false, errors: { [field]: emailLimitMessage(retryAfterSeconds) }, values };
  return data(failure, { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } });
}

function requesterKey(requester: EmailRequester): string {
  if (requester.userId) return `user:${requester.userId}`;
  if (requester.sessionId) return `session:${hashToken(requester.sessionId)}`;
  // Every form needs a session (its CSRF token), so only a direct call gets here.
  return `ip:${requester.ip}`;
}

/** The table keeps no address: its SHA-256 is enough to count. */
export function recipientHash(email: string): string {
  return hashToken(normalizeEmail(email));
}

type CountRow = Record<string, string | number | Date | null>;

/**
 * Decides whether an email a visitor or student asked for may go, inside `tx`, the transaction
 * that queues it (so a rolled-back request counts for nothing). Counts the requests of the last
 * day for this client address, this requester and this recipient in one statement, and deletes
 * older ones.
 */
export async function admitEmailRequest(
  tx: DbOrTx,
  options: { kind: EmailRequestKind; to: string; requester: EmailRequester; now?: Date },
): Promise<EmailAdmission> {
  const now = options.now ?? new Date();
  const since = (windowMs: number) => new Date(now.getTime() - windowMs).toISOString();
  const ip = options.requester.ip;
  const requester = requesterKey(options.requester);
  const recipient = recipientHash(options.to);
  await selectRows(sql`SELECT pg_advisory_xact_lock(${EMAIL_REQUESTS_LOCK})`, tx);
  await tx.delete(emailRequests).where(lt(emailRequests.requestedAt, new Date(now.getTime() - DAY)));

  const windows = (column: 'ip' | 'requester', value: string, limits: readonly EmailWindow[]) =>
    limits.map(
      (
        limit,
        i,
      ) => sql`count(*) FILTER (WHERE ${sql.identifier(column)} = ${value} AND requested_at > ${since(limit.windowMs)}) AS ${sql.identifier(`${column}_${i}`)},
        min(requested_at) FILTER (WHERE ${sql.identifier(column)} = ${value} AND requested_at > ${since(limit.windowMs)}) AS ${sql.identifier(`${column}_${i}_oldest`)}`,
    );
  const [row] = await selectRows<CountRow>(
    sql`SELECT ${sql.join(
      [
        ...windows('ip', ip, EMAIL_LIMITS.perIp),
        ...windows('requester', requester, EMAIL_LIMITS.perRequester),
        sql`count(*) FILTER (WHERE recipient_hash = ${recipient} AND requested_at > ${since(EMAIL_LIMITS.perRecipient.windowMs)}) AS recipient`,
      ],
      sql`, `,
    )}
        FROM email_requests
        WHERE requested_at > ${since(DAY)} AND (ip = ${ip} OR requester = ${requester} OR recipient_hash = ${recipient})`,
    tx,
  );
  const counted = (column: 'ip' | 'requester', limits: readonly EmailWindow[]) =>
    limits.map((limit, i): EmailWindow & WindowCount => {
      const oldest = row?.[`${column}_${i}_oldest`];
      return { ...limit, count: Number(row?.[`${column}_${i}`] ?? 0), oldest: oldest ? new Date(oldest) : null };
    });
  const wait = requesterWaitSeconds([...counted('ip', EMAIL_LIMITS.perIp), ...counted('requester', EMAIL_LIMITS.perRequester)], now);
  if (wait !== null) return { outcome: 'requester_limited', retryAfterSeconds: wait };

  const recipientFull = Number(row?.recipient ?? 0) >= EMAIL_LIMITS.perRecipient.max;
  await tx.insert(emailRequests).values({
    kind: options.kind,
    recipientHash: recipientFull ? null : recipient,
    ip,
    requester,
    requestedAt: now,
  });
  return recipientFull ? { outcome: 'recipient_limited' } : { outcome: 'send' };
}

/**
 * A form that asks for an email to an address (sign-up, password reset): the answer it gets once
 * the email is on its way (`sent`: the same whether or not the address is registered) and its
 * checked fields, or the answer to give now: the usual one to a bot that filled the hidden field
 * (nothing is created or sent), or the form's mistakes (400). `sent` never echoes a password.
 */
export async function readEmailRequest<S extends z.ZodType>(request: Request, schema: S) {
  const form = await readFormData(request);
  const sent = { ok: true as const, sent: true, values: echoValues(formValues(form)) };
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) return { answer: data(sent) };
  const result = parseForm(schema, form);
  if (!result.ok) return { answer: data(result, { status: 400 }) };
  return { sent, fields: result.data };
}
