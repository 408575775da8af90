// The one-click unsubscribe link of a notification email (RFC 8058; docs/decisions/083-notifications.md):
// /notifications/unsubscribe/{user}-{kind}-{mac}, the mac an HMAC of the user and the kind under
// the server's secret. It works without logging in (a mail client posts it) and stops that one
// kind of email for that one student; nothing secret is stored, and no one can make another's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadConfig, publicOrigin } from '../../lib/config.server';
import { isMailKind, type MailKind } from './mails';

const TOKEN = /^(\d{1,9})-([a-z]{1,20})-([A-Za-z0-9_-]{32})$/;

function mac(userId: number, kind: MailKind, secret: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url').slice(0, 32);
}

export function unsubscribeToken(userId: number, kind: MailKind, secret = loadConfig().sessionSecret): string {
  return `${userId}-${kind}-${mac(userId, kind, secret)}`;
}

/** The student and kind a token stands for, or null when it is not one signed with the secret. */
export function parseUnsubscribeToken(token: string, secret = loadConfig().sessionSecret): { userId: number; kind: MailKind } | null {
  const match = TOKEN.exec(token);
  if (!match || !isMailKind(match[2]!)) return null;
  const userId = Number(match[1]);
  const kind = match[2];
  const expected = Buffer.from(mac(userId, kind, secret));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(expected, given) ? { userId, kind } : null;
}

/** The absolute URL of the link, on the configured origin (never a request's host). */
export function unsubscribeUrl(userId: number, kind: MailKind): string {
  return `${publicOrigin()}/notifications/unsubscribe/${unsubscribeToken(userId, kind)}`;
}
