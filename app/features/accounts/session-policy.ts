// Pure session timing rules (docs/decisions/009-accounts.md).

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * 60 * MINUTE;

/** A logged-in session ends 30 days after login, however active. */
export const ABSOLUTE_LIFETIME_MS = 30 * DAY;
/** A visitor's session (only a CSRF token for the login and sign-up forms) lives one day. */
export const VISITOR_LIFETIME_MS = DAY;
/** Two weeks without a request ends a session. */
export const IDLE_TIMEOUT_MS = 14 * DAY;
/** last_seen_at is written at most this often, not on every request. */
export const TOUCH_INTERVAL_MS = 5 * MINUTE;

export type SessionTimes = { lastSeenAt: Date; expiresAt: Date };

export function isSessionActive(session: SessionTimes, now: Date): boolean {
  return session.expiresAt.getTime() > now.getTime() && now.getTime() - session.lastSeenAt.getTime() < IDLE_TIMEOUT_MS;
}

export function needsTouch(session: SessionTimes, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS;
}

export function sessionExpiry(options: { loggedIn: boolean; now: Date }): Date {
  return new Date(options.now.getTime() + (options.loggedIn ? ABSOLUTE_LIFETIME_MS : VISITOR_LIFETIME_MS));
}

/**
 * Login limits (docs/decisions/019-login-limits.md). Failures from strangers never lock the
 * owner out: an address that fails too often is refused, one account and address together are
 * refused, but an account under attack from many addresses is only slowed down, and its owner
 * is told by email.
 */
export const LOGIN_LIMITS = {
  /** From one address: the 7th attempt within a minute gets 429, whatever the account. */
  perIp: { max: 6, windowMs: MINUTE },
  /** One account from one address: the 11th attempt within an hour gets 429. */
  perAccountAndIp: { max: 10, windowMs: 60 * MINUTE },
  /** One account from any addresses: past this, every attempt on it is answered after a delay. */
  perAccount: { slowDownFrom: 10, windowMs: 60 * MINUTE, delayMs: 1000 },
  /** The owner is emailed once the account has this many failures in the window, at most once a day. */
  alert: { from: 10, intervalMs: DAY },
} as const;

export type LoginFailureCounts = { ip: number; accountAndIp: number; account: number };

/** The attempt is refused (429): this address has failed too often, alone or on this account. */
export function isOverLimit(failures: Pick<LoginFailureCounts, 'ip' | 'accountAndIp'>): boolean {
  return failures.ip >= LOGIN_LIMITS.perIp.max || failures.accountAndIp >= LOGIN_LIMITS.perAccountAndIp.max;
}

/**
 * A logged-in session asking for the current password ends (docs/decisions/019): from its address
 * the account has as many failures as refuse a login there, so whoever holds it is guessing.
 */
export function endsSession(failures: Pick<LoginFailureCounts, 'accountAndIp'>): boolean {
  return failures.accountAndIp >= LOGIN_LIMITS.perAccountAndIp.max;
}

/** The attempt is answered after LOGIN_LIMITS.perAccount.delayMs: the account is under attack. */
export function needsSlowDown(failures: Pick<LoginFailureCounts, 'account'>): boolean {
  return failures.account >= LOGIN_LIMITS.perAccount.slowDownFrom;
}

/** Password reset links work this long, once. */
export const RESET_TOKEN_LIFETIME_MS = 30 * MINUTE;

/** A sign-up or email-change confirmation link works for a day (docs/decisions/040-email-confirmation.md). */
export const CONFIRMATION_LIFETIME_MS = DAY;

/** How long the accounts' short-lived rows are kept (docs/decisions/079-housekeeping.md; the privacy policy). */
export const ACCOUNT_RETENTION = {
  /** A session is deleted once it has expired (its cookie no longer opens anything). */
  expiredSessionsMs: 0,
  /** Confirmation and password-reset links: a week after they were used or expired. */
  spentLinksMs: 7 * DAY,
  /** Failed logins: a day (the login limits count a day at most). */
  loginFailuresMs: DAY,
  /** Requested emails (the email limits' rows): a day (the limits count a day at most). */
  emailRequestsMs: DAY,
} as const;
