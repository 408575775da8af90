// Links that prove an address (issue 18, docs/decisions/040-email-confirmation.md), shared by the
// sign-up and the change of address: a 256-bit token whose SHA-256 alone is stored; it works once,
// for a day.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { data } from 'react-router';
import { db } from '../../db/client.server';
import { emailConfirmations } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { safeReturnPath } from './schemas';
import { ensureSession } from './session-request.server';
import { CONFIRMATION_LIFETIME_MS } from './session-policy';
import { hashToken, isTokenShaped, randomToken } from './tokens.server';

export type ConfirmationPurpose = 'signup' | 'email_change';

/**
 * Stores a new link for `email` and answers its token, for the email that carries it: a sign-up's
 * keeps the password's hash and the page to return to, an address change's the member.
 */
export async function storeConfirmationLink(
  tx: DbOrTx,
  options: { purpose: ConfirmationPurpose; email: string; now: Date; userId?: number; passwordHash?: string; returnTo?: string | null },
): Promise<string> {
  const token = randomToken();
  await tx.insert(emailConfirmations).values({
    tokenHash: hashToken(token),
    purpose: options.purpose,
    email: options.email,
    userId: options.userId,
    passwordHash: options.passwordHash,
    returnTo: options.returnTo,
    createdAt: options.now,
    expiresAt: new Date(options.now.getTime() + CONFIRMATION_LIFETIME_MS),
  });
  return token;
}

/**
 * The address a still-usable link was sent to and, for a sign-up, the page it returns to; or null
 * (for the page that shows the button).
 */
export async function findConfirmation(options: {
  token: string;
  purpose: ConfirmationPurpose;
  now?: Date;
}): Promise<{ email: string; returnTo: string | null } | null> {
  if (!isTokenShaped(options.token)) return null;
  const now = options.now ?? new Date();
  const [row] = await db()
    .select({ email: emailConfirmations.email, passwordHash: emailConfirmations.passwordHash, returnTo: emailConfirmations.returnTo })
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.tokenHash, hashToken(options.token)),
        eq(emailConfirmations.purpose, options.purpose),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || (options.purpose === 'signup' && !row.passwordHash)) return null;
  return { email: row.email, returnTo: safeReturnPath(row.returnTo) };
}

/**
 * The loader of a link's page (/signup/confirm/…, /email_change/…): the address it was sent to
 * (null, with 410, for a link that is unknown, used or expired) and a form token for its button.
 */
export async function loadConfirmationPage(options: { request: Request; token: string; purpose: ConfirmationPurpose }) {
  const link = await findConfirmation({ token: options.token, purpose: options.purpose });
  const { session, headers } = await ensureSession(options.request);
  return data(
    { csrfToken: session.csrfToken, email: link?.email ?? null, returnTo: link?.returnTo ?? null },
    { headers, status: link ? 200 : 410 },
  );
}

/** Marks a link used in the statement that checks it, so it works once even when sent twice. */
export async function takeConfirmation(tx: DbOrTx, options: { token: string; purpose: ConfirmationPurpose; now: Date }) {
  if (!isTokenShaped(options.token)) throw new AppError('invalid_confirmation_token');
  const [row] = await tx
    .update(emailConfirmations)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(emailConfirmations.tokenHash, hashToken(options.token)),
        eq(emailConfirmations.purpose, options.purpose),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, options.now),
      ),
    )
    .returning({
      email: emailConfirmations.email,
      userId: emailConfirmations.userId,
      passwordHash: emailConfirmations.passwordHash,
      returnTo: emailConfirmations.returnTo,
    });
  if (!row) throw new AppError('invalid_confirmation_token');
  return row;
}
