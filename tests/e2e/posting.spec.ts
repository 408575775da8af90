import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { RATING_ITEMS } from '../../app/features/companies/rating-items';
import { copySeededDataDir, PRODUCTION_ENV, startServerProcess, waitForHealth, type StartedServer } from '../support/server-process';
import { MAIL_SINK_SMTP_URL } from '../support/e2e-mail';
import { fillInternProgram, saveStatus, waitSaved } from '../support/e2e-posting';
import { signUpThroughEmail, uniqueEmail } from '../support/e2e-students';

// Issue 13 in a browser: writing a long post over several sittings loses nothing (a reload, a
// killed server, a lost connection), two tabs do not overwrite each other, and a sent post shows
// on /mypage as 審査中.

const PASSWORD = 'e2e-password-1234';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const OVERVIEW = '初日は業界研究のワーク、2日目からは4人のチームで新規事業を立案しました。😀 社員の方が毎日フィードバックをくれました。';
const FLOW = 'ES → Webテスト → 面接1回';
const IMPRESSIONS = '現場の社員と長く話せたのが一番の収穫でした。資料の作り方まで丁寧に教えてもらえ、志望度が上がりました。';
const RATINGS = [5, 3, 4, 4, 5, 4, 2, 3, 5];

async function signUp(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const mobile = viewport.width < 768;
  const context = await browser.newContext({ baseURL, viewport, isMobile: mobile, hasTouch: mobile });
  const page = await context.newPage();
  await signUpThroughEmail(page, uniqueEmail('post'), PASSWORD);
  return { context, page };
}

async function someCompanyId(page: Page, index = 1): Promise<number> {
  const response = await page.request.get('/api/company?source=incremental&company_name=%E3%81%82');
  const { companies } = (await response.json()) as { companies: Array<{ company_id: number }> };
  return companies[index]!.company_id;
}

/** Taps a star: the radio is visually hidden behind it, so its label (the star) is clicked. */
async function rate(page: Page, label: string, value: number) {
  const group = page.getByRole('radiogroup', { name: label });
  await group
    .locator('label')
    .nth(value - 1)
    .click();
  await expect(group.getByLabel(`${value}点`)).toBeChecked();
}

const RATING_LABELS = RATING_ITEMS.map((item) => item.label);

for (const viewport of [PHONE, DESKTOP]) {
  test(`an intern experience at ${viewport.width}px: every field is back after a reload, and the sent post is 審査中 on /mypage`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await signUp(browser, baseURL!, viewport);
    const companyId = await someCompanyId(page);
    await page.goto('/intern_experiences/select_company?utm_source=badges&utm_campaign=badge_404');
    // The favorites are empty for a new student: the search chooses the company.
    await page.getByLabel('企業を検索').fill('あ');
    await page.getByRole('list', { name: '検索結果' }).getByRole('button').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/intern_experiences/new\\?company_id=${companyId}&utm_source=badges&utm_campaign=badge_404`));

    await fillInternProgram(page, {
      title: '5日間の新規事業立案インターン',
      year: '２０２５',
      season: '夏',
      theme: '新規事業の立案',
      format: '対面',
      days: '5',
    });
    await page.getByRole('textbox', { name: '内容', exact: true }).fill(OVERVIEW);
    for (const [index, label] of RATING_LABELS.slice(0, 5).entries()) await rate(page, label, RATINGS[index]!);
    await waitSaved(page);

    // Mid-way: a reload brings back everything typed so far.
    await page.reload();
    await expect(page.getByLabel('タイトル')).toHaveValue('5日間の新規事業立案インターン');
    // Exactly as typed (full-width digits are fine; the submission reads them as 2025).
    await expect(page.getByLabel('開催年')).toHaveValue('２０２５');
    await expect(page.getByRole('radiogroup', { name: '開催時期' }).getByLabel('夏')).toBeChecked();
    await expect(page.getByRole('radiogroup', { name: '開催形式' }).getByLabel('対面')).toBeChecked();
    await expect(page.getByLabel('プログラムのテーマ')).toHaveValue('新規事業の立案');
    await expect(page.getByLabel('期間（日数）')).toHaveValue('5');
    await expect(page.getByRole('textbox', { name: '内容', exact: true })).toHaveValue(OVERVIEW);
    for (const [index, label] of RATING_LABELS.slice(0, 5).entries()) {
      await expect(page.getByRole('radiogroup', { name: label }).getByLabel(`${RATINGS[index]}点`)).toBeChecked();
    }

    await page.getByLabel('選考フロー').fill(FLOW);
    await page.getByLabel('感想').fill(IMPRESSIONS);
    for (const [index, label] of RATING_LABELS.entries()) if (index >= 5) await rate(page, label, RATINGS[index]!);
    await page.getByRole('button', { name: '審査に送信する' }).click();
    await expect(page).toHaveURL(/\/mypage\/posts\?submitted=\d+/);
    const first = page.locator('main li').first();
    await expect(first).toContainText('審査中');
    await expect(first).toContainText('5日間の新規事業立案インターン');
    // The submit badges, 404 (first intern experience) and 409 (first post), in the popup: a
    // bottom sheet on a phone, a snack bar on a desktop.
    const popup =
      viewport.width < 768 ? page.getByRole('dialog', { name: 'バッジを獲得しました' }) : page.locator('#js-badge-popup-container');
    await expect(popup).toContainText('「はじめての投稿」バッジを獲得しました', { timeout: 10_000 });
    await expect(popup).toContainText('他1個のバッジ');
    await context.close();
  });
}

/** A new student's draft of the form at `path` for a company of the demo (`nth`), its title typed and saved. */
async function titleSaved(browser: Browser, baseURL: string, device: typeof DESKTOP, nth: number, path: string, title: string) {
  const { context, page } = await signUp(browser, baseURL, device);
  const companyId = await someCompanyId(page, nth);
  await page.goto(`${path}?company_id=${companyId}`);
  await page.getByLabel('タイトル').fill(title);
  await waitSaved(page);
  return { context, page };
}

test('an empty submit keeps what was typed, shows the messages beside the fields and focuses the first', async ({ browser, baseURL }) => {
  const { context, page } = await signUp(browser, baseURL!, PHONE);
  const companyId = await someCompanyId(page);
  await page.goto(`/word_mouths/new?company_id=${companyId}`);
  await page.getByLabel('タイトル').fill('短い');
  await page.getByRole('button', { name: '審査に送信する' }).click();
  await expect(page.getByRole('alert')).toContainText('入力内容を確認してください');
  await expect(page.getByRole('radiogroup', { name: 'カテゴリ' })).toContainText('カテゴリを選んでください。');
  await expect(page.getByLabel('タイトル')).toHaveValue('短い');
  // In the summary (a link to the field) and beside the field, which is marked invalid and focused.
  await expect(page.getByRole('link', { name: 'タイトルは5文字以上で入力してください。' })).toBeVisible();
  await expect(page.getByLabel('タイトル')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('radio', { name: '説明会' })).toBeFocused();
  await expect(page).toHaveURL(/\/word_mouths\/new/);
  await context.close();
});

test('two tabs on one draft: the older tab is told and can load the newer text', async ({ browser, baseURL }) => {
  const { context, page: first } = await signUp(browser, baseURL!, DESKTOP);
  const companyId = await someCompanyId(first, 2);
  await first.goto(`/company_studies/new?company_id=${companyId}`);
  await first.getByLabel('タイトル').fill('一つ目のタブのタイトル');
  await waitSaved(first);

  const second = await context.newPage();
  await second.goto(`/company_studies/new?company_id=${companyId}`);
  await expect(second.getByLabel('タイトル')).toHaveValue('一つ目のタブのタイトル');
  await expect(saveStatus(second)).toContainText('下書きを保存しました');
  await second.getByLabel('タイトル').fill('二つ目のタブで書き直したタイトル');
  await waitSaved(second);

  await first.getByLabel('事業内容').fill('一つ目のタブで続けて書いた文章です。');
  await expect(first.getByText('別のタブで更新されています').first()).toBeVisible({ timeout: 15_000 });
  await first.getByRole('button', { name: '最新の内容を読み込む' }).click();
  await expect(first.getByLabel('タイトル')).toHaveValue('二つ目のタブで書き直したタイトル');
  await context.close();
});

test('a reload or a link followed right after typing loses nothing and shows no false conflict', async ({ browser, baseURL }) => {
  const { context, page } = await titleSaved(browser, baseURL!, DESKTOP, 5, '/company_studies/new', 'すぐに再読み込みしたタイトル');
  await page.getByLabel('事業内容').fill('保存を待たずに再読み込みした文章です。');
  await page.reload();
  await expect(page.getByLabel('事業内容')).toHaveValue('保存を待たずに再読み込みした文章です。');
  await expect(page.getByText('別のタブで更新されています')).toHaveCount(0);
  await waitSaved(page);

  // A link within the site right after typing: 続きを書く on /mypage/posts has the sentence.
  await page.getByLabel('強み・課題').fill('リンクを開く直前に書いた文です。');
  await page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link', { name: '投稿一覧' }).click();
  await expect(page).toHaveURL(/\/mypage\/posts$/);
  await page.getByRole('link', { name: '続きを書く' }).first().click();
  await expect(page.getByLabel('強み・課題')).toHaveValue('リンクを開く直前に書いた文です。');
  await expect(page.getByText('別のタブで更新されています')).toHaveCount(0);
  await context.close();
});

test('a save that lands while the edit page is on its way: the page shows it and later saves go on', async ({ browser, baseURL }) => {
  const { context, page } = await titleSaved(browser, baseURL!, DESKTOP, 4, '/company_studies/new', '保存と読み込みが行き違うタイトル');
  // The order a slow server can give: the edit page reads the draft, the save sent on leaving
  // the form lands and is answered, and only then the edit page arrives.
  // A second tab of the site reads the browser's copies (a page navigating cannot be asked).
  const watcher = await context.newPage();
  await watcher.goto('/terms');
  let releaseSave!: () => void;
  const saveMayGo = new Promise<void>((resolve) => (releaseSave = resolve));
  let saveAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (saveAnswered = resolve));
  await page.route(/\/api\/v1\/student\/drafts\/\d+$/, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    await saveMayGo;
    await route.fulfill({ response: await route.fetch() });
    saveAnswered();
  });
  await page.route(/\/mypage\/posts\/\d+\/edit(\.data)?$/, async (route) => {
    const edit = await route.fetch();
    releaseSave();
    await answered;
    // The page still open (投稿一覧) has taken the answer: its copy of the draft is saved.
    await watcher.waitForFunction(() =>
      Object.keys(localStorage).some((key) => key.includes(':post:') && JSON.parse(localStorage.getItem(key)!).dirty === false),
    );
    await route.fulfill({ response: edit });
  });

  await page.getByLabel('強み・課題').fill('行き違いの直前に書いた文です。');
  await page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link', { name: '投稿一覧' }).click();
  await expect(page).toHaveURL(/\/mypage\/posts$/);
  await page.getByRole('link', { name: '続きを書く' }).first().click();
  await expect(page.getByLabel('強み・課題')).toHaveValue('行き違いの直前に書いた文です。');
  await page.unrouteAll();

  // The form goes on from the version that save made: the next save is no false conflict.
  await page.getByLabel('事業内容').fill('読み込んだあとに書き足した文章です。');
  await waitSaved(page);
  await expect(page.getByText('別のタブで更新されています')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('強み・課題')).toHaveValue('行き違いの直前に書いた文です。');
  await expect(page.getByLabel('事業内容')).toHaveValue('読み込んだあとに書き足した文章です。');
  await context.close();
});

test('typed while offline is kept and saved when the connection returns', async ({ browser, baseURL }) => {
  const { context, page } = await titleSaved(browser, baseURL!, PHONE, 3, '/jobhunt_prompt_reports/new', '一次面接の結果が届きました');

  await context.setOffline(true);
  await page.getByLabel('本文').fill('オフラインの間に書いた本文です。面接官は2人で、ガクチカを深掘りされました。');
  await expect(saveStatus(page)).toHaveAttribute('data-save-status', /offline|retrying/, { timeout: 15_000 });
  await context.setOffline(false);
  await waitSaved(page);

  // The server has it: a fresh browser copy (no localStorage) shows it too.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByLabel('本文')).toHaveValue('オフラインの間に書いた本文です。面接官は2人で、ガクチカを深掘りされました。');
  await context.close();
});

test.describe('a server killed right after it acknowledged a save', () => {
  const PORT = Number(process.env.E2E_PORT ?? 3100) + 6;
  const base = `http://127.0.0.1:${PORT}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'shulog-e2e-kill-'));
  let server: StartedServer | null = null;
  let context: BrowserContext | null = null;

  const start = async () => {
    // As the shared server runs: in production, sending through the browser tests' mail sink.
    server = startServerProcess({
      ...PRODUCTION_ENV,
      DEMO_DATA: '1',
      PUBLIC_ORIGIN: base,
      SMTP_URL: MAIL_SINK_SMTP_URL,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    await waitForHealth(PORT, server);
  };

  test.afterAll(async () => {
    await context?.close();
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('loses nothing: after a restart the form shows the text', async ({ browser }) => {
    test.setTimeout(240_000);
    copySeededDataDir(dataDir);
    await start();
    const signedUp = await signUp(browser, base, PHONE);
    context = signedUp.context;
    const page = signedUp.page;
    const companyId = await someCompanyId(page, 4);
    await page.goto(`${base}/screening_experiences/new?company_id=${companyId}`);
    await page.getByLabel('タイトル').fill('面接3回で内定をいただきました');
    await page.getByLabel('このステップの内容').fill('ESでは学生時代に力を入れたことと志望動機を聞かれました。');
    await waitSaved(page);

    const killed = server!;
    killed.child.kill('SIGKILL');
    await killed.exit;
    await start();

    await page.evaluate(() => localStorage.clear());
    await page.goto(`${base}/screening_experiences/new?company_id=${companyId}`);
    await expect(page.getByLabel('タイトル')).toHaveValue('面接3回で内定をいただきました');
    await expect(page.getByLabel('このステップの内容')).toHaveValue('ESでは学生時代に力を入れたことと志望動機を聞かれました。');
  });
});

// Issue 27: an ES question as companies write it runs to two or three lines; its field grows
// with it instead of cutting it off, and is saved with the draft like any other field.
const LONG_QUESTION =
  '当社のインターンシップで挑戦したいことと、その挑戦を通じてあなたが得たいと考えている成長について、これまでの経験を踏まえて具体的に教えてください。';

for (const viewport of [PHONE, DESKTOP]) {
  test(`an ES question at ${viewport.width}px grows to show all of a long question, and comes back after a reload`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await signUp(browser, baseURL!, viewport);
    const companyId = await someCompanyId(page);
    await page.goto(`/entry_sheets/new?selection_type=intern&company_id=${companyId}`);
    const question = page.getByRole('textbox', { name: '設問', exact: true });
    await expect(question).toHaveJSProperty('tagName', 'TEXTAREA');
    await expect(question).toHaveAttribute('name', 'questions.0.question');
    const empty = (await question.boundingBox())!.height;
    await question.fill(LONG_QUESTION);
    // Every line of the question is in view: nothing scrolls inside the field, and it grew.
    await expect.poll(() => question.evaluate((field) => field.scrollHeight - field.clientHeight)).toBeLessThanOrEqual(1);
    expect((await question.boundingBox())!.height).toBeGreaterThan(empty + 20);
    await page.getByLabel('タイトル').fill('サマーインターンのES（通過）');
    await waitSaved(page);
    await page.reload();
    await expect(question).toHaveValue(LONG_QUESTION);
    await expect.poll(() => question.evaluate((field) => field.scrollHeight - field.clientHeight)).toBeLessThanOrEqual(1);
    await context.close();
  });
}
