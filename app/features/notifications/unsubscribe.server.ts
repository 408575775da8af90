// The one-click unsubscribe behind the link of a notification email (RFC 8058): the signed token
// names the student and the kind; a student who has left (退会) has no link that works.
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import type { MailKind } from './mails';
import { stopMailKind } from './settings.server';
import { parseUnsubscribeToken } from './unsubscribe-links.server';

export async function findUnsubscribeLink(token: string): Promise<{ userId: number; kind: MailKind } | null> {
  const link = parseUnsubscribeToken(token);
  if (!link) return null;
  const [user] = await selectRows<{ id: number }>(sql`SELECT id FROM users WHERE id = ${link.userId} AND role = 'student'`);
  return user ? link : null;
}

/** Stops the link's kind of email; answers the kind, or null when the link is not a working one. */
export async function stopMailKindByLink(token: string): Promise<MailKind | null> {
  const link = await findUnsubscribeLink(token);
  if (!link) return null;
  await stopMailKind(link);
  return link.kind;
}
