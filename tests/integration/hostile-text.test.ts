// Issue 28, point 3: a NUL character gave a 500 in 16 fields (PostgreSQL refuses it), and the
// tracker kept bidi overrides and C1 controls and showed them on the board and in the calendar.
// Every text of a form or a JSON call now goes through one normalisation where the body is read
// (app/lib/form-data.server.ts, docs/decisions/051): each named field, sent through its route
// module as the server calls it, is stored without NUL, controls or bidi characters, and only a
// password is kept exactly as typed.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { database, db } from '../../app/db/client.server';
import { loadBoard } from '../../app/features/tracker/board.server';
import { deliverDueEmails } from '../../app/features/email/queue.server';
import { listOutboxEmails } from '../../app/features/email/transport.server';
import { serializeError } from '../../app/lib/logger.server';
import * as loginRoute from '../../app/routes/account/login';
import * as resetRoute from '../../app/routes/account/password-reset';
import * as signupRoute from '../../app/routes/account/signup';
import * as reportsRoute from '../../app/routes/admin/reports';
import * as reviewRoute from '../../app/routes/admin/review';
import * as draftsRoute from '../../app/routes/api/drafts';
import * as feedRoute from '../../app/routes/calendar-feed';
import * as accountRoute from '../../app/routes/mypage/account';
import * as profileRoute from '../../app/routes/mypage/profile';
import * as boardRoute from '../../app/routes/mypage/selections';
import * as postRoute from '../../app/routes/post';
import {
  createCompany,
  createLoggedInModerator,
  createLoggedInStudent,
  createStudent,
  publishPost,
  submitPost,
  trackCompany,
} from '../factories';
import { callRoute, sessionRequest } from '../support/call-route';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase();

/** What the outside test sent: NUL, C1 controls (NEL, CSI) and bidi marks and overrides. */
const HOSTILE = '\u0000\u0085\u009b\u202e\u2066\u200f';
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what must never be stored.
const UNWANTED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

let counter = 0;
const uniqueEmail = () => `hostile${++counter}@example.jp`;

/** Posts a form to a route's action as a browser does, as the student of `sessionId` (null: a visitor). */
function postForm(
  route: Parameters<typeof callRoute>[0],
  sessionId: string | null,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
): Promise<Response> {
  const request = sessionRequest(path, {
    sessionId,
    method: 'POST',
    body: new URLSearchParams(fields),
    type: 'application/x-www-form-urlencoded',
  });
  return callRoute(route, request, params);
}

async function rows<T>(sql: string, params: unknown[]): Promise<T[]> {
  return database().query<T>(sql, params);
}

describe('the accounts forms', () => {
  it('log in with an address carrying NUL, controls and bidi marks as the address without them', async () => {
    const student = await createStudent({ email: uniqueEmail() });
    const response = await postForm(loginRoute, null, '/login', { email: `${student.email}${HOSTILE}`, password: student.password });
    expect(response.status).toBe(302);
  });

  it('keep a password exactly as typed: the controls in it are part of it', async () => {
    const password = `pass\u0085word\u202e ${HOSTILE}1234`;
    const student = await createStudent({ email: uniqueEmail(), password });
    expect((await postForm(loginRoute, null, '/login', { email: student.email, password })).status).toBe(302);
    const cleaned = password.replace(new RegExp(UNWANTED.source, 'g'), '');
    expect((await postForm(loginRoute, null, '/login', { email: student.email, password: cleaned })).status).toBe(401);
  });

  it('sign up and ask for a password reset for the address without them', async () => {
    const email = uniqueEmail();
    const signup = await postForm(signupRoute, null, '/signup', { email: `${email}${HOSTILE}`, password: 'a long pass phrase' });
    expect(signup.status).toBe(200);
    expect(await rows(`SELECT email FROM email_confirmations WHERE email LIKE $1`, [`${email}%`])).toEqual([{ email }]);

    const student = await createStudent({ email: uniqueEmail() });
    const reset = await postForm(resetRoute, null, '/password_reset', { email: `${HOSTILE}${student.email}${HOSTILE}` });
    expect(reset.status).toBe(200);
    await deliverDueEmails();
    expect(await listOutboxEmails({ to: student.email })).toHaveLength(1);
  });

  it('save the profile’s name, university and faculty without them', async () => {
    const student = await createLoggedInStudent();
    const response = await postForm(profileRoute, student.sessionId, '/mypage', {
      intent: 'profile',
      name: `試験${HOSTILE}太郎`,
      university: `東都${HOSTILE}大学`,
      faculty: `\u202e経済学部${HOSTILE}`,
      graduationKind: 'undergraduate',
      graduationYear: '2028',
    });
    expect(response.status).toBe(200);
    const [profile] = await rows<{ name: string; university: string; faculty: string }>(
      `SELECT name, university, faculty FROM users WHERE id = $1`,
      [student.userId],
    );
    expect(profile).toEqual({ name: '試験太郎', university: '東都大学', faculty: '経済学部' });
  });

  it('send the change of address to the address without them', async () => {
    const student = await createLoggedInStudent();
    const email = uniqueEmail();
    const response = await postForm(accountRoute, student.sessionId, '/mypage/account', {
      intent: 'email',
      email: `${email}${HOSTILE}`,
      currentPassword: student.password,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, sentTo: email });
  });
});

describe('the selection tracker', () => {
  it('keeps no NUL, C1 control or bidi override in an event, on the board or in the calendar feed', async () => {
    const student = await createLoggedInStudent();
    const { companyId } = await createCompany();
    await trackCompany({ userId: student.userId, companyId, category: 'recruit' });
    const response = await postForm(boardRoute, student.sessionId, '/mypage/selections', {
      intent: 'event',
      company_id: String(companyId),
      kind: 'interview',
      date: `2026-12-01${HOSTILE}`,
      time: '10:00',
      place: `本社\u202e階8${HOSTILE}`,
      url: `https://example.jp/entry${HOSTILE}`,
      memo: `持ち物\u0085履歴書\r\n二行目${HOSTILE}`,
    });
    expect(response.status).toBe(200);
    const [event] = await rows<{ place: string; url: string; memo: string }>(
      `SELECT place, url, memo FROM tracker_events WHERE user_id = $1`,
      [student.userId],
    );
    expect(event).toEqual({ place: '本社階8', url: 'https://example.jp/entry', memo: '持ち物履歴書\n二行目' });

    // An event stored before this rule is shown without them too (the feed cleans what it sends).
    await database().query(`UPDATE tracker_events SET memo = $1 WHERE user_id = $2`, [`古い\u202eメモ\u0085`, student.userId]);
    const board = await loadBoard({ userId: student.userId });
    expect(JSON.stringify(board)).toContain('本社階8');
    const feedPage = await callRoute(boardRoute, sessionRequest('/mypage/selections', { sessionId: student.sessionId }));
    const feedName = new URL(((await feedPage.json()) as { feedUrl: string }).feedUrl).pathname.split('/').pop()!;
    const feed = await callRoute(feedRoute, sessionRequest(`/calendar/${feedName}`, { sessionId: null }), { feed: feedName });
    expect(feed.status).toBe(200);
    const text = await feed.text();
    expect(text).toContain('古いメモ');
    expect(text.replace(/\r\n/g, '')).not.toMatch(UNWANTED);
  });
});

describe('moderation and reports', () => {
  it('stores a reader’s report note, a rejection note and an unpublishing note without them', async () => {
    const author = await createStudent();
    const reader = await createLoggedInStudent();
    const moderator = await createLoggedInModerator();

    const published = await publishPost({ type: 'intern_experience', authorId: author.userId });
    const report = await postForm(
      postRoute,
      reader.sessionId,
      `/intern_experiences/${published.postId}`,
      { intent: 'report', reason: 'spam', note: `宣伝${HOSTILE}です` },
      { postId: String(published.postId) },
    );
    expect(report.status).toBe(200);
    expect(await rows(`SELECT note FROM post_reports WHERE post_id = $1`, [published.postId])).toEqual([{ note: '宣伝です' }]);

    const unpublish = await postForm(reportsRoute, moderator.sessionId, '/admin/reports', {
      intent: 'unpublish',
      postId: String(published.postId),
      reason: 'defamation',
      note: `非公開${HOSTILE}`,
    });
    expect(unpublish.status).toBe(200);
    expect(await rows(`SELECT note FROM moderation_events WHERE post_id = $1`, [published.postId])).toEqual([{ note: '非公開' }]);

    const submitted = await submitPost({ type: 'intern_experience', authorId: author.userId });
    const [submittedRevision] = await rows<{ revision: number }>(`SELECT revision FROM post_revisions WHERE post_id = $1`, [
      submitted.postId,
    ]);
    const reject = await postForm(
      reviewRoute,
      moderator.sessionId,
      `/admin/posts/${submitted.postId}`,
      { intent: 'reject', revision: String(submittedRevision!.revision), reason: 'insufficient_content', note: `もう少し${HOSTILE}詳しく` },
      { postId: String(submitted.postId) },
    );
    expect(reject.status).toBe(302);
    expect(await rows(`SELECT rejection_note FROM post_revisions WHERE post_id = $1`, [submitted.postId])).toEqual([
      { rejection_note: 'もう少し詳しく' },
    ]);
  });
});

describe('the draft call', () => {
  it('keeps what was typed in a date or number field without them (a jsonb value cannot hold NUL)', async () => {
    const student = await createLoggedInStudent();
    const { companyId } = await createCompany();
    const response = await callRoute(
      draftsRoute,
      sessionRequest('/api/v1/student/drafts', {
        sessionId: student.sessionId,
        method: 'POST',
        type: 'application/json',
        body: JSON.stringify({
          type: 'intern_experience',
          draftKey: randomUUID(),
          companyId,
          content: { title: `夏の${HOSTILE}インターン`, year: `2025${HOSTILE}`, days: `５${HOSTILE}`, [`theme${HOSTILE}`]: 'x' },
        }),
      }),
    );
    expect(response.status).toBe(201);
    const { postId } = (await response.json()) as { postId: number };
    const [stored] = await rows<{ content: unknown }>(`SELECT content FROM post_revisions WHERE post_id = $1`, [postId]);
    expect(stored!.content).toMatchObject({ title: '夏のインターン', year: '2025', days: '５' });
    expect(JSON.stringify(stored!.content)).not.toMatch(/\\u0000|\\u0085|\\u009b|\u202e|\u2066|\u200f/);
  });
});

describe('a failed query in the log', () => {
  it('names the query, never the values it carried', async () => {
    const failure = await db()
      .execute(sql`SELECT ${'taro@example.jp'}::integer AS n, ${'山田 太郎'}::text AS name`)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const line = JSON.stringify(serializeError(failure));
    expect(line).toContain('::integer');
    expect(line).not.toContain('taro@example.jp');
    expect(line).not.toContain('山田');
  });
});
