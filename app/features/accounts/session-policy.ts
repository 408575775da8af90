// Pure session timing rules (docs/decisions/009-accounts.md).

export const MINUTE = 60_000;
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

/** Login limits: more than this many failures in the window gets 429. */
export const LOGIN_LIMITS = {
  perIp: { max: 6, windowMs: MINUTE },
  perAccount: { max: 10, windowMs: 60 * MINUTE },
} as const;

export function isOverLimit(failures: { ip: number; account: number }): boolean {
  return failures.ip >= LOGIN_LIMITS.perIp.max || failures.account >= LOGIN_LIMITS.perAccount.max;
}

/** Password reset links work this long, once. */
export const RESET_TOKEN_LIFETIME_MS = 30 * MINUTE;
