// Issue 14 in a browser: a student writes and sends, a moderator (in a second browser context)
// publishes it, the student sees it on the company page, the points on /mypage and the badge
// popup; a rejection with a reason, an edit and a resubmission with the difference shown; and
// the admin area closed to everyone else, route by route of the route table. Issue 27: the queue
// confirms a decision and goes on to the next post with the moderator's filters, and filters by
// a company typed in its box, on a phone and a desktop. Issue 31: a 法人番号 差分 file imported from
// /admin/companies/import (the page's streamed upload) and its companies found under 未分類.
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser } from '@playwright/test';
import routes from '../../app/routes';
import { fill, routeTemplates, type RouteEntry } from '../support/route-paths';
import { axeViolations } from '../support/axe';
import { hydrated, press, VIEWPORTS, watchErrors } from '../support/e2e-devices';
import { DEMO_PASSWORD, logInDemo as logIn, someCompany, signUpThroughEmail, uniqueEmail, writeQuickReport } from '../support/e2e-students';

const PASSWORD = 'e2e-password-1234';

async function signUp(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUpThroughEmail(page, uniqueEmail('mod'), PASSWORD);
  return page;
}

/** A new student who sends a 速報 about a company of the demo (`nth`): the page, the title and the post. */
async function sentQuickReport(browser: Browser, baseURL: string, nth: number, subject: string, body: string) {
  const student = await signUp(browser, baseURL);
  const company = await someCompany(student, nth);
  const title = `${subject} ${Date.now()}`;
  const postId = await writeQuickReport(student, company.id, title, body);
  return { student, company, title, postId };
}

test('a post goes from the student to the moderator and back: published on the company page with points and badges', async ({
  browser,
  baseURL,
}) => {
  const { student, company, title, postId } = await sentQuickReport(
    browser,
    baseURL!,
    3,
    '一次面接の速報',
    '面接官は2人で、学生時代の取り組みを深く聞かれました。雰囲気は穏やかでした。',
  );
  // The sending's own badges (401, 409), after the confirmation, before the student goes on.
  const submitted = student.locator('#js-badge-popup-container [role=status]').first();
  await expect(submitted).toContainText('バッジを獲得しました', { timeout: 10_000 });
  await expect(submitted).toContainText('他1個のバッジ');
  await submitted.getByRole('button', { name: '閉じる' }).click();

  const moderator = await logIn(browser, baseURL!, 'admin@shulog.example');
  await moderator.goto(`/admin?type=jobhunt_prompt_report`);
  await expect(moderator.getByRole('heading', { name: '審査待ちの投稿' })).toBeVisible();
  await moderator.getByRole('link', { name: title }).click();
  await expect(moderator).toHaveURL(new RegExp(`/admin/posts/${postId}\\?type=jobhunt_prompt_report$`));
  await expect(moderator.getByText('学生時代の取り組みを深く聞かれました')).toBeVisible();
  await moderator.getByRole('button', { name: '承認して公開する' }).click();
  await expect(moderator).toHaveURL(new RegExp(`/admin\\?type=jobhunt_prompt_report&decided=${postId}$`));
  await expect(moderator.getByRole('status').filter({ hasText: title })).toContainText('を承認して公開しました。');

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
  const { student, title, postId } = await sentQuickReport(
    browser,
    baseURL!,
    4,
    'Webテストの速報',
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
  await expect(moderator).toHaveURL(new RegExp(`/admin\\?decided=${postId}$`));
  await expect(moderator.getByRole('status').filter({ hasText: title })).toContainText('を差し戻しました（理由：内容が不十分）。');

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
  const { postId } = await sentQuickReport(
    browser,
    baseURL!,
    5,
    '内定の速報',
    '最終面接の翌日に電話で内定の連絡がありました。とても嬉しかったです。',
  );
  const first = await logIn(browser, baseURL!, 'admin@shulog.example');
  const second = await logIn(browser, baseURL!, 'admin@shulog.example');
  await first.goto(`/admin/posts/${postId}`);
  await second.goto(`/admin/posts/${postId}`);
  await first.getByRole('button', { name: '承認して公開する' }).click();
  await expect(first).toHaveURL(new RegExp(`decided=${postId}$`));
  await second.getByRole('radiogroup', { name: '理由' }).getByLabel('その他').check();
  await second.getByRole('button', { name: '差し戻す' }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'この投稿はすでに審査済みです' })).toBeVisible();
  await expect(second.getByText('この版は公開されています。')).toBeVisible();
});

for (const device of VIEWPORTS) {
  test(`the moderator filters the queue by a company typed in its box, decides once, reads what was done and taps 次の投稿へ once: ${device.viewport.width} px`, async ({
    browser,
    baseURL,
  }) => {
    const student = await signUp(browser, baseURL!);
    // Found by its romaji reading, as the header's search finds it; a company of its own per width.
    const company = await someCompany(student, device.mobile ? 1 : 2, 'aoba');
    const stamp = Date.now();
    const firstTitle = `書類選考の速報 ${stamp}`;
    const secondTitle = `二次面接の速報 ${stamp}`;
    const first = await writeQuickReport(student, company.id, firstTitle, '書類選考の結果が一週間後にメールで届きました。通過でした。');
    const second = await writeQuickReport(student, company.id, secondTitle, '二次面接は現場の社員の方で、志望動機を詳しく聞かれました。');

    const moderator = await logIn(browser, baseURL!, 'admin@shulog.example', device.viewport, device.mobile);
    const errors = watchErrors(moderator);
    // The header's link for a moderator leads to the queue, from any page of the site.
    await moderator.goto('/');
    await moderator.getByRole('navigation', { name: 'アカウント' }).getByRole('link', { name: '管理画面' }).click();
    await expect(moderator).toHaveURL(/\/admin$/);
    await expect(moderator.getByRole('heading', { level: 1 })).toBeVisible();
    await moderator.goto('/admin?type=jobhunt_prompt_report');
    const box = moderator.getByLabel('企業で絞り込む');
    await hydrated(box);
    await box.fill('aoba');
    await press(moderator.getByRole('button', { name: new RegExp(company.name) }), device);
    await expect(moderator).toHaveURL(`/admin?type=jobhunt_prompt_report&company_id=${company.id}`);
    await expect(moderator.getByText('企業で絞り込み中')).toBeVisible();
    const queue = moderator.getByRole('list').filter({ has: moderator.getByRole('link', { name: firstTitle }) });
    await expect(queue.getByRole('listitem')).toHaveCount(2);
    await expect(queue.getByRole('listitem').nth(1)).toContainText(secondTitle);

    await press(moderator.getByRole('link', { name: firstTitle }), device);
    await expect(moderator).toHaveURL(`/admin/posts/${first}?type=jobhunt_prompt_report&company_id=${company.id}`);
    await hydrated(moderator.getByRole('button', { name: '承認して公開する' }));
    await press(moderator.getByRole('button', { name: '承認して公開する' }), device);
    await expect(moderator).toHaveURL(`/admin?type=jobhunt_prompt_report&company_id=${company.id}&decided=${first}`);
    const confirmation = moderator.getByRole('status').filter({ hasText: '承認して公開しました' });
    await expect(confirmation).toContainText(`「${firstTitle}」（就活速報・${company.name}）を承認して公開しました。`);
    await expect(confirmation).toContainText('投稿者に100ptを付与し、メールとマイページで公開を知らせました。');
    // A screen reader reads it first: the page opens with the focus on it.
    await expect(confirmation).toBeFocused();
    expect(await axeViolations(moderator)).toEqual([]);

    await press(confirmation.getByRole('link', { name: '次の投稿へ' }), device);
    await expect(moderator).toHaveURL(`/admin/posts/${second}?type=jobhunt_prompt_report&company_id=${company.id}`);
    await expect(moderator.getByRole('heading', { name: secondTitle })).toBeVisible();
    await moderator.getByRole('radiogroup', { name: '理由' }).getByLabel('内容が不十分').check();
    await press(moderator.getByRole('button', { name: '差し戻す' }), device);
    const rejected = moderator.getByRole('status').filter({ hasText: '差し戻しました' });
    await expect(rejected).toContainText(`「${secondTitle}」（就活速報・${company.name}）を差し戻しました（理由：内容が不十分）。`);
    await expect(rejected).toContainText('この条件で審査待ちの投稿はもうありません。');
    await expect(rejected.getByRole('link', { name: '次の投稿へ' })).toHaveCount(0);

    // The filter comes off with one tap and the whole queue is back.
    await press(moderator.getByRole('link', { name: '絞り込みを解除' }), device);
    await expect(moderator).toHaveURL('/admin?type=jobhunt_prompt_report');
    await expect(moderator.getByLabel('企業で絞り込む')).toBeVisible();
    await expect(moderator.getByText('承認して公開しました')).toHaveCount(0);
    expect(errors).toEqual([]);
    await moderator.context().close();
    await student.context().close();
  });
}

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

test('a moderator imports a 差分 file of the 法人番号 data from the admin page and finds what to complete', async ({
  browser,
  baseURL,
}) => {
  const moderator = await logIn(browser, baseURL!, 'admin@shulog.example');
  const errors = watchErrors(moderator);
  await moderator.goto('/admin/companies');
  await moderator.getByRole('link', { name: '法人番号データから取り込む' }).click();
  await expect(moderator.getByRole('heading', { level: 1 })).toHaveText('法人番号データの取り込み');
  const send = moderator.getByRole('button', { name: 'ファイルを確認する' });
  await hydrated(send);
  await moderator
    .getByLabel('CSVファイル')
    .setInputFiles(join(import.meta.dirname, '..', 'fixtures', 'corporate-numbers', 'sabun-20261104.csv'));
  await moderator.getByRole('checkbox', { name: '確認のみ（取り込まない）' }).uncheck();
  // The page's script sends the file as one streamed PUT, then shows the import's page.
  await moderator.getByRole('button', { name: '取り込む' }).click();
  await expect(moderator).toHaveURL(/\/admin\/companies\/import\?import=\d+/);
  await expect(moderator.getByRole('heading', { name: /取り込みの結果/ })).toBeVisible({ timeout: 30_000 });
  await expect(moderator.getByText(/件の企業を追加/)).toContainText('業種は「未分類」です');

  await moderator.getByRole('link', { name: '← 企業の一覧へ' }).click();
  await moderator.getByRole('link', { name: '業種が未分類' }).click();
  await expect(moderator).toHaveURL(/filter=unclassified/);
  await expect(moderator.getByRole('link', { name: '株式会社ニューウェーブ' })).toBeVisible();
  expect(errors).toEqual([]);
});
