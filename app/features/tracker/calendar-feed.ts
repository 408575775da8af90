// The selection tracker's events as an iCalendar feed (RFC 5545), for Google Calendar or the
// iPhone calendar to subscribe to (issue 17, docs/decisions/036-calendar-feed.md). Pure: the
// route reads the events and sends the text.

import type { TrackerEventKind } from '../../db/enums';
import { cleanText } from '../../lib/clean-text';
import { addDays, TOKYO_TIME_ZONE, TOKYO_UTC_OFFSET } from '../../lib/tokyo-time';

export const TRACKER_EVENT_LABELS: Record<TrackerEventKind, string> = {
  es_deadline: 'ES締切',
  web_test_deadline: 'Webテスト締切',
  briefing: '説明会',
  interview: '面接',
};

export type FeedEvent = {
  /** The event's id: its UID, stable across fetches so that calendars update rather than duplicate. */
  id: number;
  kind: TrackerEventKind;
  companyId: number;
  companyName: string;
  /** 'YYYY-MM-DD', a calendar date in Tokyo. */
  date: string;
  /** 'HH:MM' in Tokyo, or null for the whole day. */
  time: string | null;
  place: string;
  url: string;
  memo: string;
  updatedAt: Date;
};

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/**
 * TEXT as RFC 5545 3.3.11 writes it: backslash, semicolon, comma and newline escaped. TEXT holds
 * no control characters, and a calendar shows no bidi override of ours either: cleaned as every
 * text entering the site is (app/lib/clean-text.ts), also an event saved before that rule.
 */
function escapeText(text: string): string {
  return cleanText(text).replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');
}

/**
 * One content line folded at 75 octets of UTF-8 (RFC 5545 3.1): continuation lines start with a
 * space, and a character is never split (Japanese text is 3 octets per character).
 */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // A continuation line's leading space counts towards its 75 octets.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const utcStamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
const compactDate = (date: string) => date.replace(/-/g, '');
/** The offset as iCalendar writes it: +0900. */
const ICAL_OFFSET = TOKYO_UTC_OFFSET.replace(':', '');

/** A Tokyo wall-clock time plus minutes, as 'YYYYMMDDTHHMMSS' (calendar arithmetic, no zone). */
function localStamp(date: string, time: string, plusMinutes = 0): string {
  const shifted = new Date(Date.parse(`${date}T${time}:00Z`) + plusMinutes * 60_000).toISOString();
  return shifted.replace(/[-:]/g, '').slice(0, 15);
}

/** The link back to the company on the student's board. */
const boardLink = (origin: string, companyId: number) => `${origin}/mypage/selections#company-${companyId}`;

function eventLines(event: FeedEvent, origin: string, host: string, now: Date): string[] {
  const summary = `【${TRACKER_EVENT_LABELS[event.kind]}】${event.companyName}`;
  const link = boardLink(origin, event.companyId);
  // A deadline is a moment; a briefing or an interview takes about an hour.
  const isDeadline = event.kind === 'es_deadline' || event.kind === 'web_test_deadline';
  const when = event.time
    ? [
        `DTSTART;TZID=${TOKYO_TIME_ZONE}:${localStamp(event.date, event.time)}`,
        `DTEND;TZID=${TOKYO_TIME_ZONE}:${localStamp(event.date, event.time, isDeadline ? 0 : 60)}`,
      ]
    : [`DTSTART;VALUE=DATE:${compactDate(event.date)}`, `DTEND;VALUE=DATE:${compactDate(addDays(event.date, 1))}`];
  const description = [
    event.memo,
    event.place ? `場所：${event.place}` : '',
    event.url ? `URL：${event.url}` : '',
    `選考管理で見る：${link}`,
  ].filter(Boolean);
  const location = event.place || event.url;
  return [
    'BEGIN:VEVENT',
    `UID:tracker-event-${event.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
    ...when,
    `SUMMARY:${escapeText(summary)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    `DESCRIPTION:${escapeText(description.join('\n'))}`,
    `URL:${link}`,
    // A reminder the day before: what a student subscribing to deadlines wants.
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-P1D',
    `DESCRIPTION:${escapeText(summary)}`,
    'END:VALARM',
    'END:VEVENT',
  ];
}

/** The whole feed, CRLF line endings, the events by date and time. */
export function buildCalendarFeed(options: { events: FeedEvent[]; origin: string; now: Date }): string {
  const host = new URL(options.origin).host;
  const events = [...options.events].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? '') || a.id - b.id,
  );
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//シューログ//選考管理//JA',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:シューログ 選考管理',
    `X-WR-TIMEZONE:${TOKYO_TIME_ZONE}`,
    // Japan keeps UTC+9 all year: one fixed block describes the zone completely.
    'BEGIN:VTIMEZONE',
    `TZID:${TOKYO_TIME_ZONE}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${ICAL_OFFSET}`,
    `TZOFFSETTO:${ICAL_OFFSET}`,
    'TZNAME:JST',
    'END:STANDARD',
    'END:VTIMEZONE',
    ...events.flatMap((event) => eventLines(event, options.origin, host, options.now)),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}
