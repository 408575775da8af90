// Accounts on a real database: sign-up, login limits, sessions, password reset, the student's
// own data, and the server's one CSRF check (server/csrf.ts) in front of a real Express app.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database } from '../../app/db/client.server';
import { createModerator } from '../../app/features/accounts/create-moderator.server';
import { isAppError } from '../../app/lib/app-error';
import { getMyProfile } from '../../app/features/accounts/get-my-profile.server';
import { logIn } from '../../app/features/accounts/log-in.server';
import { recordLoginFailure } from '../../app/features/accounts/login-limits.server';
import { LOGIN_LIMITS } from '../../app/features/accounts/session-policy';
import { publicOrigin } from '../../app/lib/config.server';
import { deliverDueEmails } from '../../app/features/email/queue.server';
import { listOutboxEmails } from '../../app/features/email/transport.server';
import { requestPasswordReset } from '../../app/features/accounts/request-password-reset.server';
import { resetPassword } from '../../app/features/accounts/reset-password.server';
import { createSession, findSession, rotateSession } from '../../app/features/accounts/sessions.server';
import { changePassword } from '../../app/features/accounts/change-password.server';
import { signUp } from '../../app/features/accounts/sign-up.server';
import { updateMatchConditions } from '../../app/features/accounts/update-match-conditions.server';
import { updateProfile } from '../../app/features/accounts/update-profile.server';
import { csrfProtection } from '../../server/csrf';
import { newRequester } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

const count = async (sql: string, params: unknown[] = []) =>
  Number((await database().query<{ n: number | string }>(sql, params))[0]?.n ?? 0);

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isAppError(error) ? error.code : error).toBe(code);
}

setUpTestDatabase();

describe('sign-up and login', () => {
  it('creates a student with a normalised, unique email and an argon2id hash', async () => {
    const { userId } = await signUp({ email: '  Hanako@Example.JP ', password: 'correct horse battery staple' });
    const [row] = await database().query<{ email: string; password_hash: string; role: string }>(
      'SELECT email, password_hash, role FROM users WHERE id = $1',
      [userId],
    );
    expect(row).toMatchObject({ email: 'hanako@example.jp', role: 'student' });
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expectCode(signUp({ email: 'HANAKO@example.jp', password: 'another password' }), 'email_taken');
    expect(await count(`SELECT count(*) AS n FROM users WHERE email = 'hanako@example.jp'`)).toBe(1);
  });

  it('logs in with the right password only', async () => {
    const user = await logIn({ email: 'hanako@example.jp ', password: 'correct horse battery staple', ip: '192.0.2.1' });
    expect(user.email).toBe('hanako@example.jp');
    await expectCode(logIn({ email: 'hanako@example.jp', password: 'wrong', ip: '192.0.2.1' }), 'invalid_credentials');
    await expectCode(logIn({ email: 'nobody@example.jp', password: 'wrong', ip: '192.0.2.1' }), 'invalid_credentials');
  });

  it('refuses the 7th failure a minute from one address', async () => {
    for (let i = 0; i < 6; i += 1) {
      await expectCode(logIn({ email: `guess${i}@example.jp`, password: 'x', ip: '198.51.100.7' }), 'invalid_credentials');
    }
    await expectCode(logIn({ email: 'guess9@example.jp', password: 'x', ip: '198.51.100.7' }), 'rate_limited');
  });

  it("never refuses the owner's right password because strangers failed; slows down and tells the owner once", async () => {
    await signUp({ email: 'target@example.jp', password: 'target password' });
    // Emails leave through the queue; a round of the sender delivers them to the outbox.
    const alerts = async () => {
      await deliverDueEmails();
      return count(`SELECT count(*) AS n FROM outbox_emails WHERE to_address = 'target@example.jp' AND subject LIKE '%ログインの失敗%'`);
    };
    for (let i = 0; i < 12; i += 1) {
      await expectCode(logIn({ email: 'target@example.jp', password: 'x', ip: `203.0.113.${i}` }), 'invalid_credentials');
    }
    expect(await alerts()).toBe(1);
    // The owner, from an address never seen before, gets in: slowed down, not refused.
    const started = Date.now();
    expect((await logIn({ email: 'target@example.jp', password: 'target password', ip: '203.0.113.99' })).email).toBe('target@example.jp');
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_LIMITS.perAccount.delayMs - 50);
    // More failures the same day send no second email.
    await expectCode(logIn({ email: 'target@example.jp', password: 'y', ip: '203.0.113.50' }), 'invalid_credentials');
    expect(await alerts()).toBe(1);
    const [mail] = await database().query<{ body: string }>(
      `SELECT body FROM outbox_emails WHERE to_address = 'target@example.jp' ORDER BY id LIMIT 1`,
    );
    expect(mail!.body).toContain('アカウントはロックされていません');
    expect(mail!.body).toContain(`${publicOrigin()}/password_reset`);
  });

  it('refuses one address that keeps failing on one account, not the others', async () => {
    await signUp({ email: 'pair@example.jp', password: 'pair password' });
    // Slower than one a minute, so the per-address limit stays out of it.
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    for (let i = 0; i < 10; i += 1) await recordLoginFailure({ ip: '192.0.2.77', email: 'pair@example.jp', now: minutesAgo(50 - i * 2) });
    await expectCode(logIn({ email: 'pair@example.jp', password: 'pair password', ip: '192.0.2.77' }), 'rate_limited');
    expect((await logIn({ email: 'pair@example.jp', password: 'pair password', ip: '192.0.2.78' })).email).toBe('pair@example.jp');
  });
});

describe('changing the password while logged in (issue 18)', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const { userId } = await signUp({ email: 'changer@example.jp', password: 'the first pass phrase' });
    const here = await createSession({ userId });
    const elsewhere = await createSession({ userId });
    const before = await database().query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);

    const wrong = await changePassword({
      userId,
      sessionId: here.id,
      currentPassword: 'not the pass phrase',
      password: 'a second pass phrase',
      ip: '10.20.0.1',
    });
    expect(wrong).toEqual({ ok: false, reason: 'wrong_password', endSession: false });
    const unchanged = await database().query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
    expect(unchanged[0]!.password_hash).toBe(before[0]!.password_hash);
    expect(await findSession({ id: elsewhere.id })).not.toBeNull();

    expect(
      await changePassword({
        userId,
        sessionId: here.id,
        currentPassword: 'the first pass phrase',
        password: 'a second pass phrase',
        ip: '10.20.0.1',
      }),
    ).toEqual({ ok: true });
    expect((await findSession({ id: here.id }))?.user?.email).toBe('changer@example.jp');
    expect(await findSession({ id: elsewhere.id })).toBeNull();
    await expectCode(logIn({ email: 'changer@example.jp', password: 'the first pass phrase', ip: '10.20.0.1' }), 'invalid_credentials');
    expect((await logIn({ email: 'changer@example.jp', password: 'a second pass phrase', ip: '10.20.0.1' })).id).toBe(userId);
  });
});

describe('sessions', () => {
  it('stores only the hash of a 256-bit id and rotates the id at login', async () => {
    const visitor = await createSession({ userId: null });
    expect(Buffer.from(visitor.id, 'base64url').length).toBe(32);
    expect(await count('SELECT count(*) AS n FROM sessions WHERE id_hash = $1', [visitor.id])).toBe(0);
    const [user] = await database().query<{ id: number }>(`SELECT id FROM users WHERE email = 'hanako@example.jp'`);
    const loggedIn = await rotateSession({ previousId: visitor.id, userId: user!.id });
    expect(loggedIn.id).not.toBe(visitor.id);
    expect(loggedIn.csrfToken).not.toBe(visitor.csrfToken);
    expect(await findSession({ id: visitor.id })).toBeNull();
    expect((await findSession({ id: loggedIn.id }))?.user?.email).toBe('hanako@example.jp');
  });

  it('refuses expired and idle sessions and deletes them', async () => {
    const [user] = await database().query<{ id: number }>(`SELECT id FROM users WHERE email = 'hanako@example.jp'`);
    const expired = await createSession({ userId: user!.id });
    await database().query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND csrf_token = $2`, [
      user!.id,
      expired.csrfToken,
    ]);
    expect(await findSession({ id: expired.id })).toBeNull();
    const idle = await createSession({ userId: user!.id });
    await database().query(`UPDATE sessions SET last_seen_at = now() - interval '15 days' WHERE csrf_token = $1`, [idle.csrfToken]);
    expect(await findSession({ id: idle.id })).toBeNull();
    expect(await count('SELECT count(*) AS n FROM sessions WHERE csrf_token IN ($1, $2)', [expired.csrfToken, idle.csrfToken])).toBe(0);
  });

  it('writes last_seen_at at most once every few minutes', async () => {
    const session = await createSession({ userId: null });
    const seen = async () =>
      String(
        (
          await database().query<{ t: string }>(`SELECT last_seen_at::text AS t FROM sessions WHERE csrf_token = $1`, [session.csrfToken])
        )[0]?.t,
      );
    const first = await seen();
    await findSession({ id: session.id });
    expect(await seen()).toBe(first);
    await findSession({ id: session.id, now: new Date(Date.now() + 6 * 60_000) });
    expect(await seen()).not.toBe(first);
  });
});

describe('profile and match conditions', () => {
  it('saves a student’s own profile and records the first completion', async () => {
    const { userId } = await signUp({ email: 'taro@example.jp', password: 'taro password' });
    const { userId: otherId } = await signUp({ email: 'jiro@example.jp', password: 'jiro password' });
    expect((await getMyProfile({ userId }))?.profileCompletedAt).toBeNull();
    await updateProfile({ userId, name: '山田 太郎', university: '東都大学', faculty: '経済学部', graduationYear: 2027 });
    const profile = await getMyProfile({ userId });
    expect(profile).toMatchObject({ name: '山田 太郎', graduationYear: 2027 });
    expect(profile?.profileCompletedAt).toBeInstanceOf(Date);
    await updateMatchConditions({ userId, industryIds: [1, 2, 999], prefectureIds: [13] });
    expect(await getMyProfile({ userId })).toMatchObject({ industryIds: [1, 2], prefectureIds: [13] });
    // The other student is untouched.
    expect(await getMyProfile({ userId: otherId })).toMatchObject({ name: null, industryIds: [], prefectureIds: [] });
  });
});

describe('password reset', () => {
  it('mails a one-time link that expires, and says nothing about unknown emails', async () => {
    const before = await count('SELECT count(*) AS n FROM email_jobs');
    await requestPasswordReset({ email: 'nobody@example.jp', requester: newRequester() });
    expect(await count('SELECT count(*) AS n FROM email_jobs')).toBe(before);

    await requestPasswordReset({ email: 'Taro@example.jp', requester: newRequester() });
    // The email leaves through the queue (docs/decisions/027-email-queue.md).
    expect(await deliverDueEmails()).toMatchObject({ sent: 1 });
    const [mail] = await listOutboxEmails({ limit: 1 });
    expect(mail?.to).toBe('taro@example.jp');
    // The link's host is the configured origin (PUBLIC_ORIGIN), not anything from a request.
    expect(mail!.body).toContain(`${publicOrigin()}/password_reset/`);
    const token = /\/password_reset\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    expect(await count('SELECT count(*) AS n FROM password_reset_tokens WHERE token_hash = $1', [token])).toBe(0);

    const [user] = await database().query<{ id: number }>(`SELECT id FROM users WHERE email = 'taro@example.jp'`);
    const session = await createSession({ userId: user!.id });
    await resetPassword({ token, password: 'a brand new password' });
    expect(await findSession({ id: session.id })).toBeNull();
    await expectCode(resetPassword({ token, password: 'second use' }), 'invalid_reset_token');
    expect((await logIn({ email: 'taro@example.jp', password: 'a brand new password', ip: '192.0.2.50' })).id).toBe(user!.id);

    await requestPasswordReset({ email: 'taro@example.jp', now: new Date(Date.now() - 31 * 60_000), requester: newRequester() });
    await deliverDueEmails();
    const [old] = await listOutboxEmails({ limit: 1 });
    const oldToken = /\/password_reset\/([A-Za-z0-9_-]+)/.exec(old!.body)![1]!;
    await expectCode(resetPassword({ token: oldToken, password: 'too late password' }), 'invalid_reset_token');
  });
});

describe('admin:create', () => {
  it('creates a moderator or promotes an existing account', async () => {
    const created = await createModerator({ email: 'Boss@Example.jp', password: 'moderator password 1' });
    expect(created.created).toBe(true);
    const promoted = await createModerator({ email: 'jiro@example.jp', password: 'moderator password 2' });
    expect(promoted.created).toBe(false);
    expect(
      await count(`SELECT count(*) AS n FROM users WHERE role = 'moderator' AND email IN ('boss@example.jp', 'jiro@example.jp')`),
    ).toBe(2);
    expect((await logIn({ email: 'jiro@example.jp', password: 'moderator password 2', ip: '192.0.2.60' })).role).toBe('moderator');
  });
});

describe('the CSRF check (server/csrf.ts)', () => {
  let base = '';
  let close = () => {};
  let session: { id: string; csrfToken: string };

  beforeAll(async () => {
    const app = express();
    app.use(csrfProtection());
    // A route that changes a row and echoes the body it received.
    app.all('/{*splat}', async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      await database().query(`INSERT INTO outbox_emails (to_address, subject, body) VALUES ('csrf@test', 'changed', $1)`, [
        Buffer.concat(chunks).toString('utf8'),
      ]);
      res.json({ ok: true, body: Buffer.concat(chunks).toString('utf8') });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
    session = await createSession({ userId: null });
  });
  afterAll(() => close());

  const changed = () => count(`SELECT count(*) AS n FROM outbox_emails WHERE to_address = 'csrf@test'`);
  const cookie = () => `shulog_session=${session.id}; XSRF-TOKEN=${session.csrfToken}`;

  it('refuses unsafe methods without a valid token, with JSON or a Japanese page, and changes nothing', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const page = await fetch(`${base}/anything`, {
        method,
        headers: { Cookie: cookie(), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      });
      expect(page.status).toBe(422);
      expect(await page.text()).toContain('ページの有効期限が切れました');
      const api = await fetch(`${base}/api/v1/x`, {
        method,
        headers: { Cookie: cookie(), 'X-CSRF-Token': 'wrong', 'X-Requested-With': 'XMLHttpRequest' },
      });
      expect(api.status).toBe(422);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe('invalid_csrf_token');
    }
    // The right token without a session, or another session's token, is no good either.
    const other = await createSession({ userId: null });
    expect((await fetch(`${base}/x`, { method: 'POST', headers: { 'X-CSRF-Token': session.csrfToken } })).status).toBe(422);
    expect(
      (await fetch(`${base}/x`, { method: 'POST', headers: { Cookie: `shulog_session=${other.id}`, 'X-CSRF-Token': session.csrfToken } }))
        .status,
    ).toBe(422);
    expect(await changed()).toBe(0);
  });

  it('accepts the form field (urlencoded and multipart), X-CSRF-Token and X-XSRF-TOKEN, and the route still reads the body', async () => {
    const form = new URLSearchParams({ authenticity_token: session.csrfToken, name: '山田' });
    const urlencoded = await fetch(`${base}/form`, {
      method: 'POST',
      headers: { Cookie: cookie(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(urlencoded.status).toBe(200);
    expect(((await urlencoded.json()) as { body: string }).body).toBe(form.toString());

    const multipartBody = new FormData();
    multipartBody.set('authenticity_token', session.csrfToken);
    multipartBody.set('note', 'メモ');
    const multipart = await fetch(`${base}/form`, { method: 'POST', headers: { Cookie: cookie() }, body: multipartBody });
    expect(multipart.status).toBe(200);
    expect(((await multipart.json()) as { body: string }).body).toContain('メモ');

    expect(
      (await fetch(`${base}/api`, { method: 'DELETE', headers: { Cookie: cookie(), 'X-CSRF-Token': session.csrfToken } })).status,
    ).toBe(200);
    expect((await fetch(`${base}/api`, { method: 'PATCH', headers: { Cookie: cookie(), 'X-XSRF-TOKEN': session.csrfToken } })).status).toBe(
      200,
    );
    expect(await changed()).toBe(4);
  });

  it('accepts the token in a JSON body, as strictly as in a form', async () => {
    const post = (body: unknown) =>
      fetch(`${base}/api/v1/student/badges/display_acquired`, {
        method: 'POST',
        headers: { Cookie: cookie(), 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
    const before = await changed();
    expect((await post({ authenticity_token: session.csrfToken, badge_kind_ids: [101] })).status).toBe(200);
    for (const wrong of [{ authenticity_token: 'wrong' }, { authenticity_token: [session.csrfToken] }, [session.csrfToken], null]) {
      expect((await post(wrong)).status).toBe(422);
    }
    expect(await changed()).toBe(before + 1);
  });

  /**
   * Sends a body of `total` bytes in 64 KB chunks, declared (Content-Length) or chunked, a few
   * milliseconds apart, and stops as soon as an answer arrives: what the server answered, and how
   * much it had been sent. A declared body gets one chunk, then a wait for the answer.
   */
  function sendLargeBody(options: { path: string; headers: Record<string, string>; total: number; declared: boolean }) {
    return new Promise<{ status: number; sent: number }>((resolve, reject) => {
      const url = new URL(options.path, base);
      const headers: Record<string, string> = { Cookie: cookie(), ...options.headers };
      if (options.declared) headers['Content-Length'] = String(options.total);
      let sent = 0;
      let answered = false;
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
        answered = true;
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, sent }));
      });
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        if (answered) return;
        if (sent >= options.total) return void req.end();
        sent += chunk.length;
        req.write(chunk);
        // A server that reads the whole declared body would never answer while we wait here.
        setTimeout(pump, options.declared && sent === chunk.length ? 3000 : 3);
      };
      pump();
    });
  }

  it('refuses a body over the cap before reading it, wherever the token is (413)', async () => {
    const before = await changed();
    const total = 50 * 1024 * 1024;
    const cases: Array<Record<string, string>> = [
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      { 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRF-Token': session.csrfToken },
      { 'Content-Type': 'application/x-www-form-urlencoded', 'X-XSRF-TOKEN': session.csrfToken },
      { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken },
    ];
    for (const headers of cases) {
      for (const declared of [true, false]) {
        const answer = await sendLargeBody({ path: '/form', headers, total, declared });
        expect(answer.status, JSON.stringify({ headers, declared })).toBe(413);
        // Declared: refused on the header alone; chunked: refused once past the cap (1 MiB).
        expect(answer.sent).toBeLessThan(declared ? 128 * 1024 : 3 * 1024 * 1024);
      }
    }
    // The small-form routes have a smaller cap.
    const login = await sendLargeBody({
      path: '/login',
      headers: { 'X-CSRF-Token': session.csrfToken },
      total: 100 * 1024,
      declared: false,
    });
    expect(login.status).toBe(413);
    expect(await changed()).toBe(before);
  });

  it('leaves a streamed upload’s body to its route, and takes its token from the header only', async () => {
    const path = '/api/v1/admin/company_imports';
    const body = '"1","8001000000008"\n'.repeat(1000);
    const streamed = await fetch(`${base}${path}`, {
      method: 'PUT',
      headers: { Cookie: cookie(), 'X-CSRF-Token': session.csrfToken, 'Content-Type': 'text/csv' },
      body,
    });
    expect(streamed.status).toBe(200);
    // Its connection is not reused: an answer sent before the body was read to its end (a
    // refusal) must not leave the rest in the connection for the next request to wait behind.
    expect(streamed.headers.get('connection')).toBe('close');
    expect(((await streamed.json()) as { body: string }).body).toBe(body);
    // A token in the body does not count: the body is not read before the route.
    const inBody = await fetch(`${base}${path}`, {
      method: 'PUT',
      headers: { Cookie: cookie(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ authenticity_token: session.csrfToken }),
    });
    expect(inBody.status).toBe(422);
    // Its own cap, larger than the others, is still checked on the declared length first.
    const over = await sendLargeBody({ path, headers: { 'X-CSRF-Token': session.csrfToken }, total: 600 * 1024 * 1024, declared: true });
    expect(over.status).toBe(413);
    expect(over.sent).toBeLessThan(128 * 1024);
  });

  it('lets GET and HEAD through', async () => {
    expect((await fetch(`${base}/page`)).status).toBe(200);
  });
});
