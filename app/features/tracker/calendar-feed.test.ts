import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendarFeed, type FeedEvent } from './calendar-feed';

const ORIGIN = 'https://shulog.example';
const NOW = new Date('2026-11-24T03:00:00Z');
const MEMO = '持ち物：筆記用具, 学生証; 履歴書（写真貼付）\n当日は10分前に受付へ。バックスラッシュ\\も、カンマ,もそのまま。'.repeat(2);

const event = (overrides: Partial<FeedEvent>): FeedEvent => ({
  id: 1,
  kind: 'interview',
  companyId: 42,
  companyName: '株式会社青葉銀行',
  date: '2026-12-01',
  time: '10:00',
  place: '',
  url: '',
  memo: '',
  updatedAt: new Date('2026-11-20T00:00:00Z'),
  ...overrides,
});

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)) };
}

describe('the calendar feed', () => {
  const feed = buildCalendarFeed({
    origin: ORIGIN,
    now: NOW,
    events: [
      event({ id: 3, kind: 'es_deadline', date: '2026-12-05', time: '23:59', url: 'https://example.jp/entry' }),
      event({ id: 1, kind: 'interview', place: '東京本社 3階', memo: MEMO }),
      event({ id: 2, kind: 'briefing', date: '2026-12-03', time: null }),
    ],
  });

  it('parses, with every event, its summary, place, link and memo as written', () => {
    const { calendar, events } = parse(feed);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('シューログ 選考管理');
    expect(events.map((item) => item.summary)).toEqual([
      '【面接】株式会社青葉銀行',
      '【説明会】株式会社青葉銀行',
      '【ES締切】株式会社青葉銀行',
    ]);
    const interview = events[0]!;
    expect(interview.location).toBe('東京本社 3階');
    expect(interview.description.split('\n')).toEqual([
      ...MEMO.split('\n'),
      '場所：東京本社 3階',
      `選考管理で見る：${ORIGIN}/mypage/selections#company-42`,
    ]);
    expect(interview.component.getFirstPropertyValue('url')).toBe(`${ORIGIN}/mypage/selections#company-42`);
    expect(interview.uid).toBe('tracker-event-1@shulog.example');
    expect(events[2]!.location).toBe('https://example.jp/entry');
  });

  it('puts times in Asia/Tokyo: deadlines as moments, meetings an hour long, all-day events as dates', () => {
    const { events } = parse(feed);
    const [interview, briefing, deadline] = events;
    expect(interview!.startDate.zone?.tzid).toBe('Asia/Tokyo');
    expect(interview!.startDate.toJSDate().toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(interview!.endDate.toJSDate().toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(deadline!.startDate.toJSDate().toISOString()).toBe('2026-12-05T14:59:00.000Z');
    expect(deadline!.endDate.toJSDate().toISOString()).toBe(deadline!.startDate.toJSDate().toISOString());
    expect(briefing!.startDate.isDate).toBe(true);
    expect(briefing!.startDate.toString()).toBe('2026-12-03');
    expect(briefing!.endDate.toString()).toBe('2026-12-04');
  });

  it('folds lines at 75 octets without splitting a character, with CRLF everywhere', () => {
    expect(feed.endsWith('\r\n')).toBe(true);
    const lines = feed.split('\r\n').slice(0, -1);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    for (const line of lines) {
      expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
      expect(line.includes('\n') || line.includes('\r') || line.includes('\uFFFD')).toBe(false);
    }
  });

  it('is a valid, empty calendar without events, the same for the same input', () => {
    const empty = buildCalendarFeed({ origin: ORIGIN, now: NOW, events: [] });
    expect(parse(empty).events).toEqual([]);
    expect(empty).toContain('BEGIN:VTIMEZONE');
    expect(buildCalendarFeed({ origin: ORIGIN, now: NOW, events: [event({})] })).toBe(
      buildCalendarFeed({ origin: ORIGIN, now: NOW, events: [event({})] }),
    );
  });
});
