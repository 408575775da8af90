// Accounts over HTTP and in the browser, against the production build (playwright.config.ts).
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import routes from '../../app/routes';
import { routePaths, type RouteEntry } from '../support/route-paths';
import { NOTICE_COOKIE } from '../../app/lib/cookies';
import { hydrated, rendered } from '../support/e2e-devices';
import { linkFromEmail, uniqueClientIp } from '../support/e2e-students';
import { emailsTo } from '../support/e2e-mail';
import { isSignedUrlWrite } from '../../server/route-rules';

const PASSWORD = 'shulog-demo-2026';

async function csrfToken(api: APIRequestContext, path = '/login'): Promise<string> {
  const html = await (await api.get(path)).text();
  return /name="csrf-token" content="([^"]+)"/.exec(html)![1]!;
}

async function logIn(api: APIRequestContext, email: string, password = PASSWORD, ip = '10.1.0.1') {
  const token = await csrfToken(api);
  return api.post('/login', { form: { authenticity_token: token, email, password }, headers: { 'X-Forwarded-For': ip }, maxRedirects: 0 });
}

async function sessionCookie(api: APIRequestContext): Promise<string | undefined> {
  return (await api.storageState()).cookies.find((cookie) => cookie.name === 'shulog_session')?.value;
}

test.describe('accounts over HTTP', () => {
  test('login rotates the session id, redirect_to stays on this site, logout ends the session on the server', async ({ baseURL }) => {
    const api = await playwrightRequest.newContext({ baseURL });
    await csrfToken(api);
    const before = await sessionCookie(api);
    expect(before).toBeTruthy();
    const response = await logIn(api, 'student02@shulog.example');
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/mypage');
    const after = await sessionCookie(api);
    expect(after).not.toBe(before);
    const setCookie = response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value)
      .join('\n');
    expect(setCookie).toMatch(/shulog_session=[^;]+; HttpOnly; Path=\/; SameSite=Lax/);
    expect(setCookie).toMatch(/XSRF-TOKEN=/);

    const mypage = await api.get('/mypage');
    expect(mypage.status()).toBe(200);
    expect(mypage.headers()['cache-control']).toBe('private, no-store');
    const html = await mypage.text();
    expect(html).toContain('<meta name="csrf-param" content="authenticity_token"/>');
    expect(html).toContain('student02@shulog.example');

    // The old id is dead; a stolen copy of the new one dies at logout.
    const stolen = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: `shulog_session=${after}` } });
    expect((await stolen.get('/mypage', { maxRedirects: 0 })).status()).toBe(200);
    const old = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: `shulog_session=${before}` } });
    expect((await old.get('/mypage', { maxRedirects: 0 })).status()).toBe(302);
    const token = /name="csrf-token" content="([^"]+)"/.exec(html)![1]!;
    expect((await api.post('/logout', { form: { authenticity_token: token }, maxRedirects: 0 })).status()).toBe(302);
    const afterLogout = await stolen.get('/mypage', { maxRedirects: 0 });
    expect(afterLogout.status()).toBe(302);
    expect(afterLogout.headers().location).toBe('/login?redirect_to=%2Fmypage');

    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      const fresh = await playwrightRequest.newContext({ baseURL });
      const token2 = await csrfToken(fresh);
      const res = await fresh.post('/login', {
        form: { authenticity_token: token2, email: 'student03@shulog.example', password: PASSWORD, redirect_to: target },
        headers: { 'X-Forwarded-For': '10.1.0.3' },
        maxRedirects: 0,
      });
      expect(res.headers().location).toBe('/mypage');
    }
  });

  test('wrong passwords get a Japanese message, and the 7th try in a minute from one IP gets 429', async ({ baseURL }) => {
    const api = await playwrightRequest.newContext({ baseURL });
    const wrong = await logIn(api, 'student04@shulog.example', 'wrong password', '10.2.0.1');
    expect(wrong.status()).toBe(401);
    expect(await wrong.text()).toContain('メールアドレスまたはパスワードが正しくありません。');
    for (let i = 0; i < 5; i += 1) expect((await logIn(api, `nobody${i}@shulog.example`, 'x', '10.2.0.1')).status()).toBe(401);
    const limited = await logIn(api, 'student04@shulog.example', PASSWORD, '10.2.0.1');
    expect(limited.status()).toBe(429);
    expect(await limited.text()).toContain('ログインの試行回数が多すぎます');
    // Another address is not affected.
    expect((await logIn(api, 'student04@shulog.example', PASSWORD, '10.2.0.2')).status()).toBe(302);
  });

  test("strangers' failures from many addresses never lock the owner out", async ({ baseURL }) => {
    for (let i = 0; i < 11; i += 1) {
      const stranger = await playwrightRequest.newContext({ baseURL });
      expect((await logIn(stranger, 'student09@shulog.example', `guess ${i}`, `10.9.0.${i + 1}`)).status()).toBe(401);
    }
    const owner = await playwrightRequest.newContext({ baseURL });
    const login = await logIn(owner, 'student09@shulog.example', PASSWORD, '10.9.1.1');
    expect(login.status()).toBe(302);
    expect(login.headers().location).toBe('/mypage');
    // The owner is told, once, in Japanese (the email queue's sender reaches the mail sink within
    // a second or two).
    const alerts = async () =>
      (await emailsTo('student09@shulog.example')).filter((mail) => mail.subject === '【シューログ】ログインの失敗が続いています').length;
    await expect.poll(alerts, { timeout: 10_000 }).toBe(1);
  });

  test('one session asking for a 4th email in ten minutes gets 429 with the wait in Japanese, the address kept', async ({ baseURL }) => {
    // docs/decisions/053-email-limits.md: reset and sign-up count together for the one who asks.
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': uniqueClientIp() } });
    const token = await csrfToken(api, '/password_reset');
    for (let i = 0; i < 3; i += 1) {
      const sent = await api.post('/password_reset', { form: { authenticity_token: token, email: `limit-${i}@example.jp` } });
      expect(sent.status()).toBe(200);
      expect(await sent.text()).toContain('同じアドレスにお送りするメールは、1時間に5通までです。');
    }
    const refused = await api.post('/signup', {
      form: { authenticity_token: token, email: 'limit-late@example.jp', password: 'a long pass phrase' },
    });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(500);
    const html = await refused.text();
    expect(html).toMatch(/メール送信のお申し込みが短時間に続いたため、一時的に受け付けを停止しています。\d+分ほど時間をおいてから/);
    expect(html).toContain('value="limit-late@example.jp"');
    expect(html).not.toContain('a long pass phrase');
    await api.dispose();
  });

  test('every state-changing request to every route without a valid token gets 422 and changes nothing', async ({ baseURL }) => {
    // Some 1,300 requests beside the other files' tests: 22 s alone, more than a minute beside them.
    test.setTimeout(150_000);
    const api = await playwrightRequest.newContext({ baseURL });
    expect((await logIn(api, 'student05@shulog.example', PASSWORD, '10.3.0.1')).status()).toBe(302);
    const profileBefore = await (await api.get('/mypage')).text();
    const paths = [...new Set(routePaths(routes as RouteEntry[]))];
    expect(paths).toEqual(expect.arrayContaining(['/login', '/signup', '/logout', '/mypage', '/password_reset']));
    const form = {
      intent: 'profile',
      name: '書き換え',
      university: 'x',
      faculty: 'x',
      graduationYear: '2027',
      email: 'new@example.jp',
      password: 'password123',
    };
    // A route's sixteen requests (four methods, no token and a wrong one, as a form and as JSON)
    // go together; the routes one after another.
    for (const path of paths) {
      if (isSignedUrlWrite(path)) {
        // Authorised by the signed token in its URL, not by a session (decision 083): a made-up
        // token is a link that does not work, and nothing changes.
        const answer = await api.post(path, { form: { 'List-Unsubscribe': 'One-Click' }, maxRedirects: 0 });
        expect(answer.status(), `POST ${path}`).toBe(200);
        expect(await answer.text()).toContain('このリンクは使えません');
        continue;
      }
      const requests = ['POST', 'PUT', 'PATCH', 'DELETE'].flatMap((method) =>
        [undefined, 'wrong-token'].map(async (token) => {
          const res = await api.fetch(path, { method, form: { ...form, authenticity_token: token ?? '' }, maxRedirects: 0 });
          expect(res.status(), `${method} ${path}`).toBe(422);
          const json = await api.fetch(path, {
            method,
            headers: { Accept: 'application/json', 'X-CSRF-Token': token ?? '' },
            maxRedirects: 0,
          });
          expect(json.status(), `${method} ${path} (JSON)`).toBe(422);
          expect(((await json.json()) as { error: { code: string } }).error.code).toBe('invalid_csrf_token');
        }),
      );
      await Promise.all(requests);
    }
    // Still logged in, profile unchanged, and no account was created.
    const profileAfter = await (await api.get('/mypage')).text();
    expect(profileAfter).not.toContain('書き換え');
    expect(profileAfter.match(/name="name" value="[^"]*"/)?.[0]).toBe(profileBefore.match(/name="name" value="[^"]*"/)?.[0]);
    expect((await logIn(await playwrightRequest.newContext({ baseURL }), 'new@example.jp', 'password123', '10.3.0.2')).status()).toBe(401);
  });

  test('a student sees and changes only their own data; logged-in students read posts in full', async ({ baseURL }) => {
    const six = await playwrightRequest.newContext({ baseURL });
    await logIn(six, 'student06@shulog.example', PASSWORD, '10.4.0.1');
    const seven = await playwrightRequest.newContext({ baseURL });
    await logIn(seven, 'student07@shulog.example', PASSWORD, '10.4.0.2');
    const sevenBefore = await (await seven.get('/mypage')).text();
    const token = /name="csrf-token" content="([^"]+)"/.exec(await (await six.get('/mypage')).text())![1]!;
    // Ids in the request are ignored: the user comes from the session.
    const saved = await six.post('/mypage?userId=7', {
      form: {
        authenticity_token: token,
        intent: 'profile',
        userId: '7',
        name: '六番 学生',
        university: '東都大学',
        faculty: '法学部',
        graduationYear: '2028',
      },
    });
    expect(saved.status()).toBe(200);
    expect(await (await six.get('/mypage')).text()).toContain('六番 学生');
    const sevenAfter = await (await seven.get('/mypage')).text();
    expect(sevenAfter).not.toContain('六番 学生');
    expect(sevenAfter).not.toContain('student06@shulog.example');
    expect(sevenAfter.match(/name="name" value="[^"]*"/)?.[0]).toBe(sevenBefore.match(/name="name" value="[^"]*"/)?.[0]);
    // The full-text switch: a post cut for visitors is whole for a logged-in student.
    const visitor = await playwrightRequest.newContext({ baseURL });
    let gated = '';
    for (let id = 1; id <= 60 && !gated; id += 1) {
      for (const slug of ['intern_experiences', 'screening_experiences', 'word_mouths', 'intern_entry_sheets']) {
        const page = await visitor.get(`/${slug}/${id}`);
        if (page.status() === 200 && (await page.text()).includes('続きは会員登録（無料）で読めます')) gated = `/${slug}/${id}`;
      }
    }
    expect(gated).not.toBe('');
    expect(await (await six.get(gated)).text()).not.toContain('続きは会員登録（無料）で読めます');
    // A token of one session does not work for another.
    expect(
      (await seven.post('/mypage', { form: { authenticity_token: token, intent: 'profile', name: 'x' }, maxRedirects: 0 })).status(),
    ).toBe(422);
  });
});

test.describe('accounts in the browser', () => {
  test('sign up, fill the profile at 375 px, log out and log in again', async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setViewportSize({ width: 375, height: 812 });
    const email = `e2e-${Date.now()}@example.jp`;

    await page.goto('/signup');
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード').fill('short');
    await page.getByRole('button', { name: '同意して登録する' }).click();
    // Beside the field and in the summary above the form.
    await expect(page.getByText('パスワードは8文字以上で入力してください。')).toHaveCount(2);
    await expect(page.getByLabel('メールアドレス')).toHaveValue(email);
    await page.getByLabel('パスワード').fill('a long pass phrase for e2e');
    await page.getByRole('button', { name: '同意して登録する' }).click();
    await expect(page.getByText(`${email} 宛てに確認メールを送信しました`)).toBeVisible();
    // Opening the link changes nothing (mail scanners open links too); the button completes it.
    const link = await linkFromEmail(email, '/signup/confirm');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('会員登録の完了');
    await expect(page.locator('main')).toContainText(email);
    await page.getByRole('button', { name: '登録を完了する' }).click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByText('会員登録が完了しました')).toBeVisible();

    // An error keeps everything typed, beside the field that needs it.
    await page.getByLabel('大学名').fill('東都大学');
    await page.getByLabel('学部・学科').fill('経済学部 経済学科');
    await page.getByLabel('卒業年度').selectOption('2028');
    await page.getByRole('button', { name: 'プロフィールを保存する' }).click();
    await expect(page.getByText('お名前を入力してください。')).toHaveCount(2);
    await expect(page.getByLabel('大学名')).toHaveValue('東都大学');
    await expect(page.getByLabel('卒業年度')).toHaveValue('2028');
    await page.getByLabel('お名前').fill('試験 花子');
    await page.getByRole('button', { name: 'プロフィールを保存する' }).click();
    await expect(page.getByText('試験 花子さん、こんにちは。')).toBeVisible();
    // The badges are announced on this page, as soon as they are earned (issue 27): a sheet at 375 px.
    const sheet = page.getByRole('dialog', { name: 'バッジを獲得しました' });
    await expect(sheet).toContainText('「会員登録完了」バッジを獲得しました');
    await sheet.getByRole('button', { name: '閉じる' }).click();

    await page.getByText('IT・通信').click();
    await page.getByRole('button', { name: '希望条件を保存する' }).click();
    await expect(page.getByText('希望条件を保存しました').first()).toBeVisible();
    await expect(sheet).toContainText('「希望条件の登録」バッジを獲得しました');
    await sheet.getByRole('button', { name: '閉じる' }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath('mypage-375.png'), fullPage: true });

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page.getByRole('link', { name: 'ログイン' })).toBeVisible();
    // The logout is confirmed once, on the (shared, cached) page it lands on, and not again.
    await expect(page.getByText('ログアウトしました')).toBeVisible();
    // The note's cookie went when it was shown; the next page, hydrated and drawn, has none.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(NOTICE_COOKIE);
    await page.goto('/companies');
    await hydrated(page.getByRole('link', { name: 'ログイン' }));
    await rendered(page);
    await expect(page.getByText('ログアウトしました')).toHaveCount(0);
    await page.goto('/mypage');
    await expect(page).toHaveURL(/\/login\?redirect_to=%2Fmypage$/);
    await page.getByLabel('メールアドレス').fill(email.toUpperCase());
    await page.getByLabel('パスワード').fill('a long pass phrase for e2e');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByLabel('お名前')).toHaveValue('試験 花子');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath('mypage-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  test('a form sent after the session ended says the page expired and, on retry, keeps what was typed', async ({ page, context }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/login');
    // Settled: from hydration on (and before it, from the browser entry's first step), every
    // form sent is remembered.
    await hydrated(page.getByRole('button', { name: 'ログイン' }));
    await page.getByLabel('メールアドレス').fill('student10@shulog.example');
    await page.getByLabel('パスワード').fill('a password typed before the session ended');
    // The session is gone (expired, or logged out in another tab): the page's token is stale.
    await context.clearCookies();
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページの有効期限が切れました');
    await page.getByRole('button', { name: '入力内容を残して読み込み直す' }).click();
    await expect(page.getByLabel('メールアドレス')).toHaveValue('student10@shulog.example');
    await expect(page.getByLabel('パスワード')).toHaveValue('');
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page).toHaveURL(/\/mypage$/);

    // On /mypage, logged out in another tab: the retry goes through the login page and back.
    await page.getByLabel('大学名').fill('再送大学');
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('button', { name: 'ログアウト' }).click();
    await expect(other.getByRole('link', { name: 'ログイン' })).toBeVisible();
    await other.close();
    await page.getByRole('button', { name: 'プロフィールを保存する' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページの有効期限が切れました');
    await page.getByRole('button', { name: '入力内容を残して読み込み直す' }).click();
    await expect(page).toHaveURL(/\/login\?redirect_to=%2Fmypage$/);
    await page.getByLabel('メールアドレス').fill('student10@shulog.example');
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByLabel('大学名')).toHaveValue('再送大学');
    expect(errors).toEqual([]);
  });

  test('a form checks itself before sending: messages beside the fields, focus on the first, an announced summary', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto('/signup');
    await page.getByRole('button', { name: '同意して登録する' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('入力内容を確認してください（2件）');
    await expect(summary.getByRole('link', { name: 'メールアドレスを入力してください。' })).toBeVisible();
    await expect(page.getByLabel('メールアドレス')).toBeFocused();
    await expect(page.getByLabel('メールアドレス')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);
    // Corrected as the student types; the link takes them to the field still wrong.
    await page.getByLabel('メールアドレス').fill('form-pattern@example.jp');
    await expect(summary).toContainText('入力内容を確認してください（1件）');
    await summary.getByRole('link', { name: 'パスワードを入力してください。' }).click();
    await expect(page.getByLabel('パスワード')).toBeFocused();
    await page.getByLabel('パスワード').fill('short');
    await expect(page.getByText('パスワードは8文字以上で入力してください。').first()).toBeVisible();
    expect(posts).toEqual([]);

    // The server checks the same schema (here: a form sent before the page's script ran).
    const checked = await page.request.post('/signup', {
      form: {
        email: 'not-an-address',
        password: 'x',
        authenticity_token: (await page.locator('meta[name=csrf-token]').getAttribute('content'))!,
      },
    });
    expect(checked.status()).toBe(400);
    expect(await checked.text()).toContain('メールアドレスの形式が正しくありません');
  });
});
