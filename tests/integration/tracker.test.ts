// Issue 17: the selection tracker against a real database (PGlite, or PostgreSQL with
// DATABASE_URL): entries once per company and category, steps forward and back with their
// history, badges 301–309 once each, events, the board's next 14 days, the private calendar feed,
// and nobody but the student reaching any of it.
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { db } from '../../app/db/client.server';
import { badgeGrants, trackerEntries, trackerEvents } from '../../app/db/schema';
import { answerPersonalCall } from '../../app/features/personal/answer-personal-call.server';
import { addEventSchema } from '../../app/features/tracker/schemas';
import { addDays, tokyoDate } from '../../app/lib/tokyo-time';
import { loadBoard } from '../../app/features/tracker/board.server';
import { listFavoriteChoices } from '../../app/features/tracker/favorite-choices.server';
import { calendarFeedPath, readCalendarFeed, renewCalendarFeed } from '../../app/features/tracker/feed-url.server';
import { addTrackerEntry, addTrackerEvent, deleteTrackerEvent, setTrackerState } from '../../app/features/tracker/writes.server';
import { isAppError } from '../../app/lib/app-error';
import { parseForm } from '../../app/lib/form';
import * as feedRoute from '../../app/routes/calendar-feed';
import * as entryRoute from '../../app/routes/api/tracker-entry';
import * as boardRoute from '../../app/routes/mypage/selections';
import { callRoute, sessionRequest } from '../support/call-route';
import { createCompany, createLoggedInStudent, createStudent, favoriteCompany } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase();

const badgesOf = async (userId: number) =>
  (await db().select({ id: badgeGrants.badgeKindId }).from(badgeGrants).where(eq(badgeGrants.userId, userId))).map((row) => row.id).sort();

const today = () => tokyoDate(new Date());

type TrackerEvent = Parameters<typeof addTrackerEvent>[0]['event'];

/** A new company on the student's board as a screening, with one event of it today (no place, URL or memo unless given). */
async function trackedWithEvent(userId: number, event: Pick<TrackerEvent, 'kind' | 'time'> & Partial<TrackerEvent>) {
  const { companyId } = await createCompany();
  const { entryId } = await addTrackerEntry({ userId, companyId, category: 'recruit' });
  const eventId = await addTrackerEvent({ userId, companyId, event: { date: today(), place: '', url: '', memo: '', ...event } });
  return { companyId, entryId, eventId };
}

describe('tracker entries and steps', () => {
  it('adds a company once per category under 20 concurrent calls, with 301 once', async () => {
    const { userId } = await createStudent();
    const { companyId } = await createCompany();
    const results = await Promise.all(Array.from({ length: 20 }, () => addTrackerEntry({ userId, companyId, category: 'intern' })));
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.entryId)).size).toBe(1);
    expect(results.flatMap((result) => result.newBadgeKindIds)).toEqual([301]);
    expect(await db().select().from(trackerEntries).where(eq(trackerEntries.userId, userId))).toHaveLength(1);
    // The same company as a screening is a second entry.
    expect((await addTrackerEntry({ userId, companyId, category: 'recruit' })).changed).toBe(true);
    await expect(addTrackerEntry({ userId, companyId: 99_999_999, category: 'recruit' })).rejects.toSatisfy((error) =>
      isAppError(error, 'company_not_found'),
    );
  });

  it('moves a screening through every step with its badges once, back and forward again granting nothing', async () => {
    const { userId } = await createStudent();
    const { companyId } = await createCompany();
    const { entryId } = await addTrackerEntry({ userId, companyId, category: 'recruit' });
    const expected: Array<[Parameters<typeof setTrackerState>[0]['status'], number[]]> = [
      ['es_submitted', [305]],
      ['passed_first_interview', [306]],
      ['passed_second_or_later_interview', [307]],
      ['job_offer', [302, 308]],
      ['entered', [303, 309]],
    ];
    let day = 1;
    for (const [status, badges] of expected) {
      const change = await setTrackerState({ userId, entryId, status, outcome: null, on: `2026-0${day++}-10` });
      expect(change.newBadgeKindIds.sort(), status).toEqual(badges);
    }
    // A mistaken tap undone, then forward again: the history grows, the badges do not.
    expect((await setTrackerState({ userId, entryId, status: 'es_submitted', outcome: null, on: '2026-06-01' })).changed).toBe(true);
    const again = await Promise.all(
      Array.from({ length: 5 }, () => setTrackerState({ userId, entryId, status: 'job_offer', outcome: null, on: '2026-06-02' })),
    );
    expect(again.filter((change) => change.changed)).toHaveLength(1);
    expect(again.flatMap((change) => change.newBadgeKindIds)).toEqual([]);
    expect(await badgesOf(userId)).toEqual([302, 303, 305, 306, 307, 308, 309]);

    const board = await loadBoard({ userId });
    const entry = board.companies[0]!.entries[0]!;
    expect(entry.status).toBe('job_offer');
    expect(entry.history.map((step) => `${step.on} ${step.status}`)).toEqual(
      [
        `${today()} registered`,
        '2026-01-10 es_submitted',
        '2026-02-10 passed_first_interview',
        '2026-03-10 passed_second_or_later_interview',
        '2026-04-10 job_offer',
        '2026-05-10 entered',
        '2026-06-01 es_submitted',
        '2026-06-02 job_offer',
      ].sort(),
    );
  });

  it('records an internship’s participation (304) and an ended selection, kept and listed last', async () => {
    const { userId } = await createStudent();
    const first = (await createCompany()).companyId;
    const second = (await createCompany()).companyId;
    const intern = await addTrackerEntry({ userId, companyId: first, category: 'intern' });
    await addTrackerEntry({ userId, companyId: second, category: 'recruit' });
    expect(
      (await setTrackerState({ userId, entryId: intern.entryId, status: 'intern_participated', outcome: null, on: today() }))
        .newBadgeKindIds,
    ).toEqual([304]);
    await setTrackerState({ userId, entryId: intern.entryId, status: 'intern_participated', outcome: 'declined', on: today() });
    const board = await loadBoard({ userId });
    expect(board.companies.map((company) => [company.companyId, company.ended])).toEqual([
      [second, false],
      [first, true],
    ]);
    await expect(setTrackerState({ userId, entryId: intern.entryId, status: 'job_offer', outcome: null, on: today() })).rejects.toSatisfy(
      (error) => isAppError(error, 'validation_failed'),
    );
  });

  it('lets nobody else read or change an entry or an event', async () => {
    const owner = await createStudent();
    const other = await createStudent();
    const { companyId, entryId, eventId } = await trackedWithEvent(owner.userId, { kind: 'interview', time: '10:00', place: '本社' });
    await expect(setTrackerState({ userId: other.userId, entryId, status: 'es_submitted', outcome: null, on: today() })).rejects.toSatisfy(
      (error) => isAppError(error, 'tracker_entry_not_found'),
    );
    await expect(deleteTrackerEvent({ userId: other.userId, eventId })).rejects.toSatisfy((error) =>
      isAppError(error, 'tracker_event_not_found'),
    );
    // An event only for a company on the student's own board.
    await expect(
      addTrackerEvent({
        userId: other.userId,
        companyId,
        event: { kind: 'briefing', date: today(), time: null, place: '', url: '', memo: '' },
      }),
    ).rejects.toSatisfy((error) => isAppError(error, 'tracker_entry_not_found'));
    expect((await loadBoard({ userId: other.userId })).companies).toEqual([]);
    expect(await db().select().from(trackerEvents).where(eq(trackerEvents.id, eventId))).toHaveLength(1);
  });
});

describe('events and the board', () => {
  it('shows the next 14 days soonest first, keeps past events with the company', async () => {
    const { userId } = await createStudent();
    const { companyId } = await createCompany({ name: '株式会社予定テスト' });
    await addTrackerEntry({ userId, companyId, category: 'recruit' });
    const add = (date: string, time: string | null, kind: 'es_deadline' | 'interview' = 'es_deadline') =>
      addTrackerEvent({ userId, companyId, event: { kind, date, time, place: '', url: '', memo: '' } });
    await add(addDays(today(), 14), null);
    await add(addDays(today(), 1), '23:59');
    await add(addDays(today(), -2), null, 'interview');
    await add(today(), '18:00', 'interview');
    await add(addDays(today(), 13), null);
    const board = await loadBoard({ userId });
    expect(board.upcoming.map((event) => event.date)).toEqual([today(), addDays(today(), 1), addDays(today(), 13)]);
    expect(board.companies[0]!.events).toHaveLength(5);
    expect(board.companies[0]!.events[0]!.date).toBe(addDays(today(), -2));
  });

  it('refuses a time without a date, with a Japanese message, and keeps what was typed', () => {
    const result = parseForm(addEventSchema, {
      company_id: '1',
      kind: 'es_deadline',
      date: '',
      time: '13:00',
      place: '本社',
      url: '',
      memo: 'メモ',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.date).toBe('時刻だけでは登録できません。日付も入力してください。');
    expect(result.values).toMatchObject({ time: '13:00', place: '本社', memo: 'メモ' });
    expect(
      parseForm(addEventSchema, { company_id: '1', kind: 'es_deadline', date: '2020-01-01', time: '', place: '', url: '', memo: '' }).ok,
    ).toBe(true);
    const badUrl = parseForm(addEventSchema, {
      company_id: '1',
      kind: 'interview',
      date: '2026-12-01',
      time: '',
      place: '',
      url: 'javascript:alert(1)',
      memo: '',
    });
    expect(badUrl.ok).toBe(false);
  });
});

describe('the calendar feed', () => {
  it('is an iCalendar of the student’s events in Asia/Tokyo, at a URL that renewing stops', async () => {
    const { userId } = await createStudent();
    const { companyId } = await createCompany({ name: '株式会社カレンダー' });
    await addTrackerEntry({ userId, companyId, category: 'recruit' });
    await addTrackerEvent({
      userId,
      companyId,
      event: { kind: 'interview', date: '2026-12-01', time: '10:00', place: '東京本社', url: '', memo: '持ち物：筆記用具, 学生証; 履歴書' },
    });
    await addTrackerEvent({
      userId,
      companyId,
      event: { kind: 'es_deadline', date: '2026-12-05', time: null, place: '', url: '', memo: '' },
    });
    const path = await calendarFeedPath({ userId });
    const name = path.replace('/calendar/', '');
    const response = await callRoute(feedRoute, sessionRequest(path, { sessionId: null }), { feed: name });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events.map((event) => event.summary)).toEqual(['【面接】株式会社カレンダー', '【ES締切】株式会社カレンダー']);
    const interview = events[0]!;
    expect(interview.startDate.zone?.tzid).toBe('Asia/Tokyo');
    expect(interview.startDate.toJSDate().toISOString()).toBe('2026-12-01T01:00:00.000Z');
    expect(interview.location).toBe('東京本社');
    expect(interview.description).toContain('持ち物：筆記用具, 学生証; 履歴書');
    expect(interview.component.getFirstPropertyValue('url')).toContain(`/mypage/selections#company-${companyId}`);
    expect(events[1]!.startDate.isDate).toBe(true);

    // Another student's path, a forged one, and the old one after renewing: 404, nothing shown.
    // The mac is base64url and may itself hold or end in '-': the forged name is built from the
    // parts, not by replacing what follows the last '-' (which left the real name unchanged once
    // in 64 runs).
    const [userPart, versionPart] = name.split('-');
    const forged = `${userPart}-${versionPart}-${'A'.repeat(32)}.ics`;
    expect(forged).not.toBe(name);
    expect(await readCalendarFeed(forged)).toBeNull();
    await renewCalendarFeed({ userId });
    expect(await readCalendarFeed(name)).toBeNull();
    expect((await callRoute(feedRoute, sessionRequest(path, { sessionId: null }), { feed: name })).status).toBe(404);
    const renewed = (await calendarFeedPath({ userId })).replace('/calendar/', '');
    expect(renewed).not.toBe(name);
    expect(await readCalendarFeed(renewed)).toHaveLength(2);
  });
});

describe('the favorite choices', () => {
  it('offers the student’s favorites not on the board yet, newest first, up to the limit', async () => {
    const { userId } = await createStudent();
    const other = await createStudent();
    const companies: number[] = [];
    for (let index = 0; index < 4; index++) companies.push((await createCompany({ name: `株式会社お気に入り${index}` })).companyId);
    for (const [index, companyId] of companies.entries()) {
      await favoriteCompany({ userId, companyId, at: new Date(Date.UTC(2026, 0, 10 + index)) });
    }
    // Another student's favorite is not offered; a company on the board, in either category, is not either.
    await favoriteCompany({ userId: other.userId, companyId: (await createCompany()).companyId });
    await addTrackerEntry({ userId, companyId: companies[1]!, category: 'intern' });
    const choices = await listFavoriteChoices({ userId });
    expect(choices.map((choice) => choice.companyId)).toEqual([companies[3], companies[2], companies[0]]);
    expect(choices[0]).toMatchObject({ name: '株式会社お気に入り3', source: 'favorite' });
    expect(choices[0]!.prefectureName).toBe('東京都');
    expect((await listFavoriteChoices({ userId, limit: 2 })).map((choice) => choice.companyId)).toEqual([companies[3], companies[2]]);
    expect(await listFavoriteChoices({ userId: (await createStudent()).userId })).toEqual([]);
  });
});

describe('the board’s forms', () => {
  it('answer 404 for another student’s entry or event, and 400 with the typed values for a bad event', async () => {
    const owner = await createLoggedInStudent();
    const other = await createLoggedInStudent();
    const { companyId, entryId, eventId } = await trackedWithEvent(owner.userId, { kind: 'briefing', time: null });
    const post = (sessionId: string, fields: Record<string, string>) =>
      callRoute(
        boardRoute,
        sessionRequest('/mypage/selections', {
          sessionId,
          method: 'POST',
          body: new URLSearchParams(fields),
          type: 'application/x-www-form-urlencoded',
        }),
      );
    expect(
      (await post(other.sessionId, { intent: 'state', entry_id: String(entryId), status: 'es_submitted', outcome: '', on: today() }))
        .status,
    ).toBe(404);
    expect((await post(other.sessionId, { intent: 'delete_event', event_id: String(eventId) })).status).toBe(404);
    const bad = await post(owner.sessionId, {
      intent: 'event',
      company_id: String(companyId),
      kind: 'interview',
      date: '',
      time: '10:00',
      place: '本社',
      url: '',
      memo: '',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      errors: { date: '時刻だけでは登録できません。日付も入力してください。' },
      values: { place: '本社', time: '10:00' },
    });
    const done = await post(owner.sessionId, {
      intent: 'state',
      entry_id: String(entryId),
      status: 'es_submitted',
      outcome: '',
      on: today(),
    });
    expect(done.status).toBe(200);
    expect((await loadBoard({ userId: owner.userId })).companies[0]!.entries[0]!.status).toBe('es_submitted');
  });
});

describe('the company page’s call and the personal parts', () => {
  it('adds from a company page once, answers 401 to visitors, and the personal call knows the entry', async () => {
    const student = await createLoggedInStudent();
    const { companyId } = await createCompany();
    const call = (sessionId: string | null, category = 'recruit', method = 'PUT') =>
      callRoute(entryRoute, sessionRequest(`/api/v1/student/tracker/companies/${companyId}/${category}`, { sessionId, method }), {
        companyId: String(companyId),
        category,
      });
    expect((await call(null)).status).toBe(401);
    expect((await call(student.sessionId, 'other')).status).toBe(400);
    const answers = await Promise.all([call(student.sessionId), call(student.sessionId)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ changed: boolean }>;
    expect(bodies.filter((body) => body.changed)).toHaveLength(1);
    const parts = await answerPersonalCall({ sessionId: student.sessionId, page: '/' });
    expect(parts.trackerEntries).toEqual([{ companyId, category: 'recruit', status: 'registered', outcome: null }]);
  });
});
