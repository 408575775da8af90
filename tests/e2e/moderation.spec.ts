// Issue 14 in a browser: a student writes and sends, a moderator (in a second browser context)
// publishes it, the student sees it on the company page, the points on /mypage and the badge
// popup; a rejection with a reason, an edit and a resubmission with the difference shown; and
// the admin area closed to everyone else, route by route of the route table.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import routes from '../../app/routes';
import { fill, routeTemplates, type RouteEntry } from '../support/route-paths';
import { signUpThroughEmail, uniqueEmail } from '../support/e2e-students';

const PASSWORD = 'e2e-password-1234';
const DEMO_PASSWORD = 'shulog-demo-2026';

async function signUp(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUpThroughEmail(page, uniqueEmail('mod'), PASSWORD);
  return page;
}

async function logIn(browser: Browser, baseURL: string, email: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

async function someCompany(page: Page, index: number): Promise<{ id: number; name: string }> {
  const response = await page.request.get('/api/company?source=incremental&company_name=%E3%81%82');
  const { companies } = (await response.json()) as { companies: Array<{ company_id: number; name: string }> };
  return { id: companies[index]!.company_id, name: companies[index]!.name };
}

async function writeQuickReport(page: Page, companyId: number, title: string, report: string) {
  await page.goto(`/jobhunt_prompt_reports/new?company_id=${companyId}`);
  await page.getByRole('radiogroup', { name: 'できごと' }).getByLabel('面接').check();
  await page.getByLabel('日付').fill('2026-11-02');
  await page.getByLabel('タイトル').fill(title);
  await page.getByLabel('本文').fill(report);
  await page.getByRole('button', { name: '審査に送信する' }).click();
  await expect(page).toHaveURL(/\/mypage\/posts\?submitted=(\d+)/);
  return Number(/submitted=(\d+)/.exec(page.url())![1]);
}

test('a post goes from the student to the moderator and back: published on the company page with points and badges', async ({
  browser,
  baseURL,
}) => {
  const student = await signUp(browser, baseURL!);
  const company = await someCompany(student, 3);
  const title = `一次面接の速報 ${Date.now()}`;
  const postId = await writeQuickReport(
    student,
    company.id,
    title,
    '面接官は2人で、学生時代の取り組みを深く聞かれました。雰囲気は穏やかでした。',
  );

  const moderator = await logIn(browser, baseURL!, 'admin@shulog.example');
  await moderator.goto(`/admin?type=jobhunt_prompt_report`);
  await expect(moderator.getByRole('heading', { name: '審査待ちの投稿' })).toBeVisible();
  await moderator.getByRole('link', { name: title }).click();
  await expect(moderator).toHaveURL(new RegExp(`/admin/posts/${postId}$`));
  await expect(moderator.getByText('学生時代の取り組みを深く聞かれました')).toBeVisible();
  await moderator.getByRole('button', { name: '承認して公開する' }).click();
  await expect(moderator).toHaveURL(/\/admin\?decided=published/);

  // The badges of the publication (411, 412), announced on the student's next page.
  await student.goto('/mypage/points');
  const popup = student.locator('#js-badge-popup-container [role=status]').first();
  await expect(popup).toContainText(/「はじめての(報酬ポイント|投稿公開)」バッジを獲得しました/, { timeout: 10_000 });
  await expect(popup).toContainText('他1個のバッジ');
  await expect(student.getByText('100pt').first()).toBeVisible();
  await expect(student.getByRole('link', { name: title })).toBeVisible();
  await student.goto(`/companies/${company.id}`);
  await expect(student.getByText(title).first()).toBeVisible();
  await student.goto('/mypage');
  await expect(student.getByText('投稿が公開されました')).toBeVisible();
});

test('a rejection with a reason reaches the author, who edits and sends again; the moderator sees what changed', async ({
  browser,
  baseURL,
}) => {
  const student = await signUp(browser, baseURL!);
  const company = await someCompany(student, 4);
  const title = `Webテストの速報 ${Date.now()}`;
  const postId = await writeQuickReport(
    student,
    company.id,
    title,
    'テストセンターで受験しました。言語と非言語の両方があり、時間が足りませんでした。',
  );

  const moderator = await logIn(browser, baseURL!, 'admin@shulog.example');
  await moderator.goto(`/admin/posts/${postId}`);
  // Without a reason the form says what is missing and sends nothing.
  await moderator.getByRole('button', { name: '差し戻す' }).click();
  await expect(moderator.getByText('理由を選んでください。').first()).toBeVisible();
  await moderator.getByRole('radiogroup', { name: '理由' }).getByLabel('内容が不十分').check();
  await moderator.getByLabel('投稿者へのメッセージ（任意）').fill('どの科目に時間がかかったかを書き足してください。');
  await moderator.getByRole('button', { name: '差し戻す' }).click();
  await expect(moderator).toHaveURL(/\/admin\?decided=rejected/);

  await student.goto('/mypage');
  await expect(student.getByText('投稿を公開できませんでした')).toBeVisible();
  await expect(student.getByText('どの科目に時間がかかったかを書き足してください。')).toBeVisible();
  await student.goto('/mypage/posts');
  await expect(student.getByText('内容が不十分')).toBeVisible();
  await student.goto(`/mypage/posts/${postId}/edit`);
  await expect(student.getByText('この投稿は非承認になりました（理由：内容が不十分）')).toBeVisible();
  await student.getByLabel('本文').fill('テストセンターで受験しました。非言語の推論に時間がかかり、最後の3問は解けませんでした。');
  await student.getByRole('button', { name: '修正して再送信する' }).click();
  await expect(student).toHaveURL(/\/mypage\/posts\?submitted=/);

  await moderator.goto(`/admin/posts/${postId}`);
  await expect(moderator.getByRole('heading', { name: /からの変更/ })).toBeVisible();
  await expect(moderator.locator('li', { hasText: '非言語の推論に時間がかかり' })).toBeVisible();
  await expect(moderator.getByText('差し戻し').first()).toBeVisible();
});

test('two moderators decide on one post at once: one decision counts, the other sees it was already reviewed', async ({
  browser,
  baseURL,
}) => {
  const student = await signUp(browser, baseURL!);
  const company = await someCompany(student, 5);
  const title = `内定の速報 ${Date.now()}`;
  const postId = await writeQuickReport(student, company.id, title, '最終面接の翌日に電話で内定の連絡がありました。とても嬉しかったです。');
  const first = await logIn(browser, baseURL!, 'admin@shulog.example');
  const second = await logIn(browser, baseURL!, 'admin@shulog.example');
  await first.goto(`/admin/posts/${postId}`);
  await second.goto(`/admin/posts/${postId}`);
  await first.getByRole('button', { name: '承認して公開する' }).click();
  await expect(first).toHaveURL(/decided=published/);
  await second.getByRole('radiogroup', { name: '理由' }).getByLabel('その他').check();
  await second.getByRole('button', { name: '差し戻す' }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'この投稿はすでに審査済みです' })).toBeVisible();
  await expect(second.getByText('この版は公開されています。')).toBeVisible();
});

async function csrfOf(api: APIRequestContext, path: string): Promise<string> {
  const html = await (await api.get(path)).text();
  return /name="csrf-token" content="([^"]+)"/.exec(html)![1]!;
}

async function apiLogIn(baseURL: string, email: string, password = DEMO_PASSWORD, ip = '10.9.0.1'): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const token = await csrfOf(api, '/login');
  const response = await api.post('/login', {
    form: { authenticity_token: token, email, password },
    headers: { 'X-Forwarded-For': ip },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return api;
}

test('every admin route and action is the 404 page to visitors and students, and open to moderators', async ({ baseURL }) => {
  const admin = routeTemplates(routes as RouteEntry[]).filter((template) => /^\/admin(\/|$)/.test(template.pattern));
  expect(admin.length).toBeGreaterThanOrEqual(8);
  const visitor = await playwrightRequest.newContext({ baseURL });
  const student = await apiLogIn(baseURL!, 'student08@shulog.example', DEMO_PASSWORD, '10.9.0.2');
  const moderator = await apiLogIn(baseURL!, 'admin@shulog.example', DEMO_PASSWORD, '10.9.0.3');
  const unknown = await visitor.get('/no-such-page');
  expect(unknown.status()).toBe(404);
  const notFoundHeading = /<h1[^>]*>([^<]*)<\/h1>/.exec(await unknown.text())![1];
  const unknownPost = (
    await student.post('/no-such-page', { form: { authenticity_token: await csrfOf(student, '/mypage') }, maxRedirects: 0 })
  ).status();

  // A submitted demo post for /admin/posts/:postId.
  const queue = await (await moderator.get('/admin')).text();
  const postId = /\/admin\/posts\/(\d+)/.exec(queue)![1]!;
  const values: Record<string, string> = { postId, companyId: '1', serviceId: '1' };

  for (const template of admin) {
    const path = fill(template.pattern, (name) => values[name] ?? '1');
    for (const [who, api] of [
      ['visitor', visitor],
      ['student', student],
    ] as const) {
      const page = await api.get(path);
      expect(page.status(), `${who} GET ${path}`).toBe(404);
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(await page.text())?.[1], `${who} GET ${path}`).toBe(notFoundHeading);
      const data = await api.get(`${path}.data`);
      expect(data.status(), `${who} GET ${path}.data`).toBe(404);
      if (who === 'student') {
        const token = await csrfOf(api, '/mypage');
        const post = await api.post(path, {
          form: { authenticity_token: token, intent: 'approve', revision: '1', postId },
          maxRedirects: 0,
        });
        // A route with an action answers 404; one without answers as an unknown URL does.
        expect([404, unknownPost], `${who} POST ${path}`).toContain(post.status());
      }
    }
    const page = await moderator.get(path);
    expect(page.status(), `moderator GET ${path}`).toBe(200);
  }
});

test('a company added in /admin is found by the header search within seconds', async ({ browser, baseURL }) => {
  const moderator = await logIn(browser, baseURL!, 'admin@shulog.example');
  const name = `株式会社ミナトテスト${Date.now() % 100000}`;
  await moderator.goto('/admin/companies/new');
  await moderator.getByRole('textbox', { name: '企業名' }).fill(name);
  await moderator.getByLabel('フリガナ').fill('みなとてすと');
  await moderator.getByLabel('業種').selectOption({ index: 1 });
  await moderator.getByLabel('本社所在地（都道府県）').selectOption({ index: 13 });
  await moderator.getByRole('button', { name: '企業を登録する' }).click();
  await expect(moderator).toHaveURL(/\/admin\/companies\/\d+\/edit\?saved=/);
  await expect(moderator.getByText('企業を登録しました。')).toBeVisible();

  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/');
  // The search API of every process notices the new company within seconds (the catalog checks
  // the companies' version every 5 s); then the header box lists it.
  await expect
    .poll(
      async () => {
        const response = await visitor.request.get(`/api/company?source=incremental&company_name=${encodeURIComponent('ミナトテスト')}`);
        const { companies } = (await response.json()) as { companies: Array<{ name: string }> };
        return companies.map((company) => company.name);
      },
      { timeout: 12_000, intervals: [500, 1000, 2000] },
    )
    .toContain(name);
  await visitor.getByRole('combobox').first().fill('ミナトテスト');
  await expect(visitor.getByRole('option', { name: new RegExp(name) })).toBeVisible();
});
