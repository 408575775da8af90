// Issue 27, point 4: signing up from an article comes back to it. The page is stored with the
// confirmation link (so the link works in another browser), checked when the form is read and
// again when the stored path is used; anything that is not a page of this site is dropped and the
// student lands on /mypage as before. Point 6: the profile page's saves say which badges they
// earned, so the page announces them at once. Through the route modules, as the server calls them.
import { describe, expect, it } from 'vitest';
import { database } from '../../app/db/client.server';
import { requestSignUp } from '../../app/features/accounts/request-sign-up.server';
import { NOTICE_COOKIE } from '../../app/lib/cookies';
import { deliverDueEmails } from '../../app/features/email/queue.server';
import { listOutboxEmails } from '../../app/features/email/transport.server';
import * as loginRoute from '../../app/routes/account/login';
import * as signupRoute from '../../app/routes/account/signup';
import * as confirmRoute from '../../app/routes/account/signup-confirm';
import * as profileRoute from '../../app/routes/mypage/profile';
import { createLoggedInStudent, createStudent, industryIdOf, newRequester } from '../factories';
import { callRoute, sessionRequest } from '../support/call-route';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase();

let counter = 0;
const uniqueEmail = () => `returning${++counter}@example.jp`;
const tokenIn = (body: string) => /\/signup\/confirm\/([A-Za-z0-9_-]{43})/.exec(body)?.[1];

function post(path: string, fields: Record<string, string>, sessionId: string | null = null): Request {
  return sessionRequest(path, { sessionId, method: 'POST', body: new URLSearchParams(fields), type: 'application/x-www-form-urlencoded' });
}

/** The sign-up form sent as a browser sends it, with the hidden redirect_to when given. */
async function signUpFrom(email: string, redirectTo?: string): Promise<Response> {
  const fields: Record<string, string> = { email, password: 'a long pass phrase' };
  if (redirectTo !== undefined) fields.redirect_to = redirectTo;
  // Each from an address of its own: the email limits are not what these tests are about.
  return callRoute(signupRoute, post('/signup', fields), {}, { clientIp: newRequester().ip });
}

async function storedReturnTo(email: string): Promise<Array<string | null>> {
  const rows = await database().query<{ return_to: string | null }>(`SELECT return_to FROM email_confirmations WHERE email = $1`, [email]);
  return rows.map((row) => row.return_to);
}

async function linkTokenFor(email: string): Promise<string> {
  await deliverDueEmails();
  const [mail] = await listOutboxEmails({ to: email });
  const token = tokenIn(mail!.body);
  if (!token) throw new Error(`no confirmation link in the email to ${email}`);
  return token;
}

/** 「登録を完了する」 from a browser that has never seen the site (the link opened on a phone). */
function confirm(token: string): Promise<Response> {
  return callRoute(confirmRoute, post(`/signup/confirm/${token}`, {}), { token });
}

function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

const HOSTILE = [
  '//evil.example',
  '//evil.example/intern_experiences/1',
  'https://evil.example',
  'https://evil.example/intern_experiences/1',
  '/\\evil',
  '/\\evil.example',
  '/.//evil.example',
  '/%2e//evil.example',
  '/\t/evil.example',
  'javascript:alert(1)',
  'intern_experiences/1',
  // The account pages themselves: a loop, or a spent link.
  '/signup?redirect_to=/intern_experiences/1',
  '/login',
  '/signup/confirm/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/logout',
];

describe('signing up from a page of the site', () => {
  it('keeps the page with the link and returns there, logged in, with the profile asked for in a notice', async () => {
    const email = uniqueEmail();
    const article = '/intern_experiences/12?from=gate#q2';
    const form = await callRoute(signupRoute, sessionRequest(`/signup?redirect_to=${encodeURIComponent(article)}`, { sessionId: null }));
    expect(await form.json()).toMatchObject({ returnTo: article });

    expect((await signUpFrom(email, article)).status).toBe(200);
    expect(await storedReturnTo(email)).toEqual([article]);
    const token = await linkTokenFor(email);
    // The email's link carries only the token: the page comes from the database.
    const [mail] = await listOutboxEmails({ to: email });
    expect(mail!.body).not.toContain('intern_experiences');

    const page = await callRoute(confirmRoute, sessionRequest(`/signup/confirm/${token}`, { sessionId: null }), { token });
    expect(await page.json()).toMatchObject({ email, returnTo: article });

    const done = await confirm(token);
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe(article);
    const cookies = setCookies(done);
    expect(cookies.some((cookie) => cookie.startsWith('shulog_session=') && cookie.includes('HttpOnly'))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith(`${NOTICE_COOKIE}=signup_completed;`))).toBe(true);
  });

  it('without a page, goes to /mypage as before, with no notice', async () => {
    const email = uniqueEmail();
    await signUpFrom(email);
    expect(await storedReturnTo(email)).toEqual([null]);
    const done = await confirm(await linkTokenFor(email));
    expect(done.headers.get('Location')).toBe('/mypage');
    expect(setCookies(done).some((cookie) => cookie.startsWith(`${NOTICE_COOKIE}=`))).toBe(false);
  });

  it('goes to /mypage itself without a notice: its profile form asks already', async () => {
    const email = uniqueEmail();
    await signUpFrom(email, '/mypage');
    const done = await confirm(await linkTokenFor(email));
    expect(done.headers.get('Location')).toBe('/mypage');
    expect(setCookies(done).some((cookie) => cookie.startsWith(`${NOTICE_COOKIE}=`))).toBe(false);
  });

  it.each(HOSTILE)('drops %j: nothing stored, the form does not offer it, and the link lands on /mypage', async (hostile) => {
    const form = await callRoute(signupRoute, sessionRequest(`/signup?redirect_to=${encodeURIComponent(hostile)}`, { sessionId: null }));
    expect(await form.json()).toMatchObject({ returnTo: null });
    const email = uniqueEmail();
    expect((await signUpFrom(email, hostile)).status).toBe(200);
    expect(await storedReturnTo(email)).toEqual([null]);
    const done = await confirm(await linkTokenFor(email));
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe('/mypage');
  });

  it('checks the stored page again when the link is used (a row written by anything else)', async () => {
    const email = uniqueEmail();
    await requestSignUp({ email, password: 'a long pass phrase', returnTo: '/intern_experiences/3', requester: newRequester() });
    await database().query(`UPDATE email_confirmations SET return_to = '//evil.example' WHERE email = $1`, [email]);
    const done = await confirm(await linkTokenFor(email));
    expect(done.headers.get('Location')).toBe('/mypage');
    expect(setCookies(done).some((cookie) => cookie.startsWith(`${NOTICE_COOKIE}=`))).toBe(false);
  });

  it('the email to a registered address links to login with the page, and only with a page of this site', async () => {
    /** The email a student's registered address gets when someone signs up with it from `returnTo`. */
    const mailToRegistered = async (returnTo: string) => {
      const owner = await createStudent({ email: uniqueEmail() });
      await requestSignUp({ email: owner.email, password: 'a long pass phrase', returnTo, requester: newRequester() });
      await deliverDueEmails();
      const [mail] = await listOutboxEmails({ to: owner.email });
      return mail!;
    };

    const withPage = await mailToRegistered('/intern_experiences/7');
    expect(withPage.subject).toBe('【シューログ】このメールアドレスはすでに登録されています');
    expect(withPage.body).toMatch(/\/login\?redirect_to=%2Fintern_experiences%2F7\n/);

    const plain = await mailToRegistered('https://evil.example/');
    expect(plain.body).toMatch(/\/login\n/);
    expect(plain.body).not.toContain('evil');
  });

  it('a logged-in student opening /signup goes to the page, or to /mypage for anything else', async () => {
    const student = await createLoggedInStudent();
    const open = (redirectTo: string) =>
      callRoute(signupRoute, sessionRequest(`/signup?redirect_to=${encodeURIComponent(redirectTo)}`, { sessionId: student.sessionId }));
    expect((await open('/intern_experiences/4')).headers.get('Location')).toBe('/intern_experiences/4');
    expect((await open('//evil.example')).headers.get('Location')).toBe('/mypage');
  });

  it('the login page passes the page on to its sign-up link, and never a hostile one', async () => {
    const login = (redirectTo: string) =>
      callRoute(loginRoute, sessionRequest(`/login?redirect_to=${encodeURIComponent(redirectTo)}`, { sessionId: null }));
    expect(await (await login('/intern_experiences/4')).json()).toMatchObject({ returnTo: '/intern_experiences/4' });
    expect(await (await login('https://evil.example')).json()).toMatchObject({ returnTo: null });
  });
});

describe('the profile page reached from the notice', () => {
  const open = (sessionId: string, redirectTo: string) =>
    callRoute(profileRoute, sessionRequest(`/mypage?redirect_to=${encodeURIComponent(redirectTo)}`, { sessionId }));

  it('offers the way back to a page of this site only, named for what it is', async () => {
    const student = await createLoggedInStudent();
    expect((await (await open(student.sessionId, '/intern_experiences/9')).json()).back).toEqual({
      path: '/intern_experiences/9',
      label: '記事に戻る',
    });
    expect((await (await open(student.sessionId, '/companies/3')).json()).back).toEqual({
      path: '/companies/3',
      label: '元のページに戻る',
    });
    for (const hostile of [...HOSTILE, '/mypage']) {
      expect((await (await open(student.sessionId, hostile)).json()).back).toBeNull();
    }
  });

  it('says which saves earned a badge: the first complete profile (101) and filled match conditions (102)', async () => {
    const student = await createLoggedInStudent();
    const save = (fields: Record<string, string>) =>
      callRoute(profileRoute, post('/mypage?redirect_to=%2Fintern_experiences%2F9', fields, student.sessionId));
    const profile = { intent: 'profile', name: '山田 花子', university: '東都大学', faculty: '経済学部', graduationYear: '2027' };
    expect(await (await save(profile)).json()).toEqual({ intent: 'profile', ok: true, newBadges: 1 });
    expect(await (await save({ ...profile, faculty: '法学部' })).json()).toEqual({ intent: 'profile', ok: true, newBadges: 0 });

    expect(await (await save({ intent: 'conditions' })).json()).toEqual({ intent: 'conditions', ok: true, newBadges: 0 });
    const filled = { intent: 'conditions', 'industryIds[]': String(industryIdOf('IT・通信')) };
    expect(await (await save(filled)).json()).toEqual({ intent: 'conditions', ok: true, newBadges: 1 });
    expect(await (await save(filled)).json()).toEqual({ intent: 'conditions', ok: true, newBadges: 0 });
  });
});
