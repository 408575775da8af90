import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes (256 bits), URL-safe: session ids, CSRF tokens, reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** True for a string that randomToken() could have made: anything else is not looked up. */
export function isTokenShaped(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** What the database keeps instead of a bearer token, so a leaked table hands out nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two tokens (lengths may differ: digests are compared). */
export function tokensEqual(a: string, b: string): boolean {
  if (!a || !b) return false;
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
