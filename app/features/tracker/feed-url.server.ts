// The calendar feed's secret URL (decision 035): /calendar/{user}-{version}-{mac}.ics, the mac an
// HMAC of the user and the version under the server's secret. Nothing secret is stored: the board
// can show the URL at any time, and renewing counts the version up, which stops the old one.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, writeRows } from '../../db/client.server';
import { loadConfig } from '../../lib/config.server';
import { listTrackerEvents } from './board.server';
import type { FeedEvent } from './calendar-feed';

const FEED_NAME = /^(\d{1,9})-(\d{1,9})-([A-Za-z0-9_-]{32})\.ics$/;

function feedMac(userId: number, version: number, secret: string): string {
  return createHmac('sha256', secret).update(`tracker-feed:${userId}:${version}`).digest('base64url').slice(0, 32);
}

/** The last part of the feed's URL for a student's version, signed with `secret`. */
export function feedName(userId: number, version: number, secret: string): string {
  return `${userId}-${version}-${feedMac(userId, version, secret)}.ics`;
}

/** The student and version a feed name stands for, or null when it is not one signed with `secret`. */
export function parseFeedName(name: string, secret: string): { userId: number; version: number } | null {
  const match = FEED_NAME.exec(name);
  if (!match) return null;
  const userId = Number(match[1]);
  const version = Number(match[2]);
  const expected = Buffer.from(feedMac(userId, version, secret));
  const given = Buffer.from(match[3]!);
  if (!timingSafeEqual(expected, given)) return null;
  return { userId, version };
}

/** The feed's path for the student's current version. */
export async function calendarFeedPath(options: { userId: number }): Promise<string> {
  const [row] = await selectRows<{ v: number }>(sql`SELECT calendar_feed_version AS v FROM users WHERE id = ${options.userId}`);
  const version = Number(row?.v ?? 1);
  return `/calendar/${feedName(options.userId, version, loadConfig().sessionSecret)}`;
}

/** A new URL for the feed: the old one stops at once. */
export async function renewCalendarFeed(options: { userId: number }): Promise<void> {
  await writeRows(sql`UPDATE users SET calendar_feed_version = calendar_feed_version + 1 WHERE id = ${options.userId}`);
}

/** The events of the feed named by the last part of its URL, or null when it is not a current one. */
export async function readCalendarFeed(name: string): Promise<FeedEvent[] | null> {
  const feed = parseFeedName(name, loadConfig().sessionSecret);
  if (!feed) return null;
  const [user] = await selectRows<{ v: number }>(
    sql`SELECT calendar_feed_version AS v FROM users WHERE id = ${feed.userId} AND role = 'student'`,
  );
  if (!user || Number(user.v) !== feed.version) return null;
  return listTrackerEvents(feed.userId);
}
