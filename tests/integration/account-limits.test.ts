// Issue 28, points 4 and 5: the current password that /mypage/account asks for is counted like a
// login (docs/decisions/019-login-limits.md), and the emails visitors and students can make the
// site send are limited per recipient, per client address and per session or account
// (docs/decisions/053-email-limits.md). Through the feature functions and the route modules, as
// the server calls them, on a real database.
import { describe, expect, it } from 'vitest';
import { database } from '../../app/db/client.server';
import { changePassword } from '../../app/features/accounts/change-password.server';
import { requestEmailChange } from '../../app/features/accounts/request-email-change.server';
import { requestSignUp } from '../../app/features/accounts/request-sign-up.server';
import { EMAIL_LIMITS } from '../../app/features/accounts/email-limits';
import { logIn } from '../../app/features/accounts/log-in.server';
import { requestPasswordReset } from '../../app/features/accounts/request-password-reset.server';
import { isResetTokenValid, resetPassword } from '../../app/features/accounts/reset-password.server';
import { LOGIN_LIMITS } from '../../app/features/accounts/session-policy';
import { createSession, findSession } from '../../app/features/accounts/sessions.server';
import { NOTICE_COOKIE } from '../../app/lib/cookies';
import * as passwordResetRoute from '../../app/routes/account/password-reset';
import * as signupRoute from '../../app/routes/account/signup';
import { APP_ERRORS } from '../../app/lib/app-error';
import * as loginRoute from '../../app/routes/account/login';
import * as accountRoute from '../../app/routes/mypage/account';
import { createLoggedInStudent, createStudent, newRequester } from '../factories';
import { callRoute, sessionRequest } from '../support/call-route';
import { codeOf, mailsTo } from '../support/outcomes';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase();

const WRONG = '現在のパスワードが正しくありません。';
const TOO_MANY_GUESSES = /^現在のパスワードの誤りが続いたため、一時的に受け付けを停止しています。/;
const TOO_MANY_EMAILS = /^メール送信のお申し込みが短時間に続いたため、一時的に受け付けを停止しています。\d+分ほど時間をおいてから/;

/** A form of a page sent as a browser sends it, with the session cookie, from `ip`. */
function sendForm(
  route: Parameters<typeof callRoute>[0],
  path: string,
  fields: Record<string, string>,
  options: { sessionId: string | null; ip: string },
) {
  const request = sessionRequest(path, {
    sessionId: options.sessionId,
    method: 'POST',
    body: new URLSearchParams(fields),
    type: 'application/x-www-form-urlencoded',
  });
  return callRoute(route, request, {}, { clientIp: options.ip });
}

type FormAnswer = { ok: boolean; errors: Record<string, string>; values: Record<string, unknown> };

describe('the current password on /mypage/account is counted like a login', () => {
  it('answers beside the field, refuses the 7th try in a minute with 429, and ends the session that reaches 10 in an hour', async () => {
    const student = await createLoggedInStudent({ password: 'the owner pass phrase' });
    const guesser = { sessionId: student.sessionId, ip: '203.0.113.10' };
    const account = (fields: Record<string, string>) => sendForm(accountRoute, '/mypage/account', fields, guesser);
    const forms: Array<Record<string, string>> = [
      { intent: 'password', currentPassword: 'guess', password: 'a new pass phrase', passwordConfirmation: 'a new pass phrase' },
      { intent: 'email', email: 'somewhere@example.jp', currentPassword: 'guess' },
      { intent: 'delete', currentPassword: 'guess' },
    ];
    // Six wrong guesses, on all three forms: the message beside the field, the address kept.
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i += 1) {
      const form = forms[i % 3]!;
      const response = await account({ ...form, currentPassword: `guess ${i}` });
      expect(response.status).toBe(400);
      const answer = (await response.json()) as FormAnswer;
      expect(answer.errors).toEqual({ currentPassword: WRONG });
      expect(answer.values).toEqual(form.intent === 'email' ? { intent: 'email', email: 'somewhere@example.jp' } : {});
    }
    // The 7th in the minute is not checked, even when right; what was typed stays, but no password.
    const refused = await account({ intent: 'email', email: 'somewhere@example.jp', currentPassword: 'the owner pass phrase' });
    expect(refused.status).toBe(429);
    const answer = (await refused.json()) as FormAnswer;
    expect(answer.errors.currentPassword).toMatch(TOO_MANY_GUESSES);
    expect(answer.values).toEqual({ intent: 'email', email: 'somewhere@example.jp' });
    expect(JSON.stringify(answer)).not.toContain('the owner pass phrase');
    const stillRefused = await account({ ...forms[0]!, currentPassword: 'the owner pass phrase' });
    expect(stillRefused.status).toBe(429);
    expect(await mailsTo('somewhere@example.jp')).toHaveLength(0);

    // The owner elsewhere is not affected: logging in, and the same form in another session.
    expect((await logIn({ email: student.email, password: 'the owner pass phrase', ip: '203.0.113.11' })).id).toBe(student.userId);
    const ownSession = await createSession({ userId: student.userId });
    const own = await sendForm(
      accountRoute,
      '/mypage/account',
      { intent: 'email', email: 'owner-next@example.jp', currentPassword: 'the owner pass phrase' },
      { sessionId: ownSession.id, ip: '203.0.113.11' },
    );
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ ok: true, sentTo: 'owner-next@example.jp' });
    // The member's own address as the new one is said beside the address (decision 056).
    const same = await sendForm(
      accountRoute,
      '/mypage/account',
      { intent: 'email', email: student.email, currentPassword: 'the owner pass phrase' },
      { sessionId: ownSession.id, ip: '203.0.113.11' },
    );
    expect(same.status).toBe(400);
    expect(await same.json()).toEqual({
      ok: false,
      code: 'same_email',
      errors: { email: APP_ERRORS.same_email.message },
      values: { intent: 'email', email: student.email },
    });

    // A minute later the guesser may try again, up to the 10th failure in the hour from this
    // address: that one ends the session, on the login page with a notice saying why.
    await database().query(`UPDATE login_failures SET failed_at = failed_at - interval '2 minutes' WHERE ip = $1`, [guesser.ip]);
    for (let i = 0; i < 3; i += 1) expect((await account({ ...forms[2]!, currentPassword: `later ${i}` })).status).toBe(400);
    const ended = await account({ ...forms[1]!, currentPassword: 'the tenth guess' });
    expect(ended.status).toBe(302);
    expect(ended.headers.get('Location')).toBe('/login');
    const cookies = ended.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/shulog_session=; HttpOnly; Path=\/; SameSite=Lax; Max-Age=0/);
    expect(cookies).toContain(`${NOTICE_COOKIE}=password_guesses`);
    expect(await findSession({ id: student.sessionId })).toBeNull();
    // The owner's other session stays, and the owner is told once that a logged-in device guesses.
    expect((await findSession({ id: ownSession.id }))?.user?.id).toBe(student.userId);
    const alerts = (await mailsTo(student.email)).filter((mail) => mail.subject === '【シューログ】パスワードの誤りが続いています');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toContain('アカウント設定の「現在のパスワード」の誤りが続いています');
    expect(alerts[0]!.body).toContain('/password_reset');
    // Nothing changed: the password still logs in elsewhere, and this address is refused for the account.
    expect((await logIn({ email: student.email, password: 'the owner pass phrase', ip: '203.0.113.12' })).id).toBe(student.userId);
    expect(await codeOf(logIn({ email: student.email, password: 'the owner pass phrase', ip: guesser.ip }))).toBe('rate_limited');
    // The login form says so above the form, with the address kept and never the password.
    const login = await sendForm(
      loginRoute,
      '/login',
      { email: student.email, password: 'the owner pass phrase' },
      { sessionId: null, ip: guesser.ip },
    );
    expect(login.status).toBe(429);
    expect(await login.json()).toEqual({
      ok: false,
      code: 'rate_limited',
      errors: { form: APP_ERRORS.rate_limited.message },
      values: { email: student.email },
    });
  });

  it('counts failed logins and wrong current passwords together', async () => {
    const student = await createLoggedInStudent({ password: 'a shared count' });
    const ip = '203.0.113.20';
    for (let i = 0; i < 5; i += 1) {
      expect(await codeOf(logIn({ email: student.email, password: `login guess ${i}`, ip }))).toBe('invalid_credentials');
    }
    const wrong = await changePassword({ ...student, currentPassword: 'settings guess', password: 'a new pass phrase', ip });
    expect(wrong).toEqual({ ok: false, reason: 'wrong_password', endSession: false });
    expect(await codeOf(logIn({ email: student.email, password: 'a shared count', ip }))).toBe('rate_limited');
    expect(await changePassword({ ...student, currentPassword: 'a shared count', password: 'a new pass phrase', ip })).toEqual({
      ok: false,
      reason: 'too_many_attempts',
      endSession: false,
    });
  });

  it('checks at most six of thirty guesses sent at once, for logins and for the current password', async () => {
    const student = await createLoggedInStudent({ password: 'a concurrent owner' });
    const settings = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        changePassword({ ...student, currentPassword: `at once ${i}`, password: 'a new pass phrase', ip: '203.0.113.30' }),
      ),
    );
    const reasons = settings.map((answer) => (answer.ok ? 'ok' : answer.reason));
    expect(reasons.filter((reason) => reason === 'wrong_password')).toHaveLength(LOGIN_LIMITS.perIp.max);
    expect(reasons.filter((reason) => reason === 'too_many_attempts')).toHaveLength(30 - LOGIN_LIMITS.perIp.max);

    const logins = await Promise.all(
      Array.from({ length: 30 }, (_, i) => codeOf(logIn({ email: student.email, password: `at once ${i}`, ip: '203.0.113.31' }))),
    );
    expect(logins.filter((code) => code === 'invalid_credentials')).toHaveLength(LOGIN_LIMITS.perIp.max);
    expect(logins.filter((code) => code === 'rate_limited')).toHaveLength(30 - LOGIN_LIMITS.perIp.max);
  });
});

describe('emails that visitors and students can make the site send', () => {
  const { perRecipient, perIp, perRequester } = EMAIL_LIMITS;

  it('sends one inbox at most five an hour, whoever asks and whatever the email, with the same answer for any address', async () => {
    const owner = await createStudent({ email: 'inbox-owner@example.jp', password: 'the inbox pass phrase' });
    // Thirty reset requests at once from thirty strangers (issue 28: 30 emails in a second).
    const registered = await Promise.all(
      Array.from({ length: 30 }, () => requestPasswordReset({ email: owner.email, requester: newRequester() })),
    );
    const unknown = await Promise.all(
      Array.from({ length: 30 }, () => requestPasswordReset({ email: 'nobody-here@example.jp', requester: newRequester() })),
    );
    // The answers tell nothing: every one is the answer of a sent email.
    expect(new Set([...registered, ...unknown].map((answer) => JSON.stringify(answer)))).toEqual(new Set(['{"ok":true}']));
    const resets = await mailsTo(owner.email);
    expect(resets).toHaveLength(perRecipient.max);
    // The owner is not locked out: one link in the inbox (the last one made) works.
    const tokens = resets.map((mail) => /\/password_reset\/([A-Za-z0-9_-]{43})/.exec(mail.body)![1]!);
    const live = [];
    for (const token of tokens) if (await isResetTokenValid({ token })) live.push(token);
    expect(live).toHaveLength(1);
    expect((await resetPassword({ token: live[0]!, password: 'a fresh pass phrase' })).userId).toBe(owner.userId);

    // Sign-up, reset and change of address count together for one address.
    const target = 'mixed-inbox@example.jp';
    const mover = await createStudent({ password: 'the mover pass phrase' });
    await requestSignUp({ email: target, password: 'a pass phrase', requester: newRequester() });
    await requestSignUp({ email: target, password: 'a pass phrase', requester: newRequester() });
    await requestPasswordReset({ email: target, requester: newRequester() });
    await requestEmailChange({ userId: mover.userId, currentPassword: 'the mover pass phrase', email: target, requester: newRequester() });
    await requestSignUp({ email: target, password: 'a pass phrase', requester: newRequester() });
    expect(await mailsTo(target)).toHaveLength(4);
    // The 5th request (the reset sent nothing: no account) was counted; a 6th sends nothing,
    // and the mover sees the usual answer.
    expect(
      await requestEmailChange({
        userId: mover.userId,
        currentPassword: 'the mover pass phrase',
        email: target,
        requester: newRequester(),
      }),
    ).toEqual({ ok: true, email: target });
    expect(await mailsTo(target)).toHaveLength(4);
    // An hour later the address may have its emails again.
    const later = new Date(Date.now() + perRecipient.windowMs + 1000);
    await requestSignUp({ email: target, password: 'a pass phrase', requester: newRequester(), now: later });
    expect(await mailsTo(target)).toHaveLength(5);
  });

  it('refuses one client address its 21st email in ten minutes with 429, and its 101st in a day; other addresses go on', async () => {
    const ip = '192.0.2.50';
    const ask = (n: number, now?: Date) =>
      requestPasswordReset({ email: `ip-limit-${n}@example.jp`, requester: { ip, sessionId: `session ${n}` }, now });
    for (let n = 0; n < perIp[0].max; n += 1) expect(await ask(n)).toEqual({ ok: true });
    const refused = await ask(99);
    expect(refused).toMatchObject({ ok: false, reason: 'too_many_emails' });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(590);
    expect(refused.ok === false && refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(await requestPasswordReset({ email: 'ip-limit-99@example.jp', requester: newRequester() })).toEqual({ ok: true });

    // The sign-up form over the route: 429, the message above the form, the address kept, no password.
    const form = await sendForm(
      signupRoute,
      '/signup',
      { email: 'Late@Example.jp', password: 'a long pass phrase' },
      { sessionId: null, ip },
    );
    expect(form.status).toBe(429);
    expect(Number(form.headers.get('Retry-After'))).toBeGreaterThan(590);
    const answer = (await form.json()) as FormAnswer & { sent: boolean };
    expect(answer).toMatchObject({ ok: false, values: { email: 'Late@Example.jp' } });
    expect(answer.errors.form).toMatch(TOO_MANY_EMAILS);
    expect(JSON.stringify(answer)).not.toContain('a long pass phrase');
    expect(await mailsTo('late@example.jp')).toHaveLength(0);

    // A day's worth from another address, spread over the day: the 101st waits for the oldest.
    const dayIp = '192.0.2.51';
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    for (let batch = 0; batch < perIp[1].max / perIp[0].max; batch += 1) {
      for (let n = 0; n < perIp[0].max; n += 1) {
        const answer = await requestPasswordReset({
          email: `day-${batch}-${n}@example.jp`,
          requester: { ip: dayIp, sessionId: `day ${batch} ${n}` },
          now: hoursAgo(20 - batch * 4),
        });
        expect(answer).toEqual({ ok: true });
      }
    }
    const dayRefused = await requestPasswordReset({ email: 'day-late@example.jp', requester: { ip: dayIp, sessionId: 'day late' } });
    expect(dayRefused).toMatchObject({ ok: false, reason: 'too_many_emails' });
    // The oldest was 20 hours ago: about 4 hours to wait.
    expect(dayRefused.ok === false && Math.round(dayRefused.retryAfterSeconds / 3600)).toBe(4);
  });

  it('refuses one session its 4th email in ten minutes, and one student across sessions', async () => {
    const ip = '192.0.2.60';
    const visitor = { sessionId: (await createSession({ userId: null })).id, ip };
    for (let n = 0; n < perRequester[0].max; n += 1) {
      const sent = await sendForm(passwordResetRoute, '/password_reset', { email: `session-${n}@example.jp` }, visitor);
      expect(sent.status).toBe(200);
    }
    const refused = await sendForm(passwordResetRoute, '/password_reset', { email: 'session-3@example.jp' }, visitor);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as FormAnswer).errors.form).toMatch(TOO_MANY_EMAILS);
    // Another visitor on the same network is not held back.
    const neighbour = { sessionId: (await createSession({ userId: null })).id, ip };
    expect((await sendForm(passwordResetRoute, '/password_reset', { email: 'session-3@example.jp' }, neighbour)).status).toBe(200);

    // A student changing the address: counted per account, whichever session asks.
    const student = await createLoggedInStudent({ password: 'the changer pass phrase' });
    const change = (email: string, sessionId: string, from: string) =>
      sendForm(
        accountRoute,
        '/mypage/account',
        { intent: 'email', email, currentPassword: 'the changer pass phrase' },
        { sessionId, ip: from },
      );
    for (let n = 0; n < perRequester[0].max; n += 1) {
      expect((await change(`stranger-${n}@example.jp`, student.sessionId, `192.0.2.${70 + n}`)).status).toBe(200);
    }
    const other = await createSession({ userId: student.userId });
    const limited = await change('stranger-9@example.jp', other.id, '192.0.2.79');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    const answer = (await limited.json()) as FormAnswer;
    expect(answer.errors).toEqual({ email: expect.stringMatching(TOO_MANY_EMAILS) });
    expect(answer.values).toEqual({ intent: 'email', email: 'stranger-9@example.jp' });
    expect(await mailsTo('stranger-9@example.jp')).toHaveLength(0);
  });

  it('counts nothing for a refused request and keeps no address, and forgets counts older than a day', async () => {
    const before = Number((await database().query<{ n: string }>('SELECT count(*) AS n FROM email_requests'))[0]!.n);
    const student = await createStudent({ password: 'a counted pass phrase' });
    const requester = newRequester();
    // A wrong password sends nothing and is not counted as an email.
    await requestEmailChange({ userId: student.userId, currentPassword: 'wrong', email: 'not-counted@example.jp', requester });
    expect(Number((await database().query<{ n: string }>('SELECT count(*) AS n FROM email_requests'))[0]!.n)).toBe(before);

    await database().query(
      `INSERT INTO email_requests (kind, recipient_hash, ip, requester, requested_at) VALUES ('signup', 'old', '192.0.2.90', 'old', now() - interval '25 hours')`,
    );
    await requestPasswordReset({ email: 'counted@example.jp', requester });
    const rows = await database().query<{ recipient_hash: string; requester: string }>(
      `SELECT recipient_hash, requester FROM email_requests WHERE ip IN ('192.0.2.90', $1)`,
      [requester.ip],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.recipient_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.requester).toMatch(/^session:[0-9a-f]{64}$/);
  });
});
