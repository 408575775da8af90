// Issue 34, 選考対策, in a real browser at 375 px and 1280 px against the demo data: a student reports
// a step's date, the questions asked and 結果連絡, a moderator approves, and the post shows them; a
// company's 選考対策 page and the question search, found from what the site shows (no fixed ids).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated, press, VIEWPORTS, watchErrors } from '../support/e2e-devices';
import { waitSaved } from '../support/e2e-posting';
import { logInDemo, someCompany } from '../support/e2e-students';

/** A send that works answers within this. */
const SENT_WITHIN = { timeout: 8_000 };

let insightCompany: number | undefined;

/** A company whose 選考対策 page lists a flow and grouped questions, from the companies with most posts. */
async function companyWithInsight(request: APIRequestContext): Promise<number> {
  if (insightCompany) return insightCompany;
  const list = await (await request.get('/companies?sort=posts')).text();
  const candidates = [...new Set([...list.matchAll(/href="\/companies\/(\d+)"/g)].map((m) => Number(m[1])))];
  for (const id of candidates) {
    const html = await (await request.get(`/companies/${id}/selection`)).text();
    if (html.includes('いちばん多い流れ') && html.includes('id="kind-') && html.includes('中央値')) {
      insightCompany = id;
      return id;
    }
  }
  throw new Error('no company of the demo data has a flow, questions and 結果連絡 on its 選考対策 page');
}

/** The step's field of one of its labels (the form repeats them per step). */
const stepField = (page: Page, step: number, label: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `ステップ ${step}`, exact: true }) })
    .getByLabel(label);

for (const device of VIEWPORTS) {
  test(`a 本選考体験記's questions and 結果連絡 reach its page at ${device.viewport.width}px`, async ({ browser, baseURL }) => {
    const page = await logInDemo(browser, baseURL!, 'student03@shulog.example', device.viewport, device.mobile);
    const errors = watchErrors(page);
    const company = await someCompany(page, device.mobile ? 4 : 5);
    const title = `面接2回で内定をいただきました ${device.name} ${Date.now()}`;
    const question = `学生時代に力を入れたことを教えてください（${device.name}）`;

    await page.goto(`/screening_experiences/new?company_id=${company.id}`);
    await page.getByLabel('タイトル').fill(title);
    await page.getByLabel('卒業年度').fill('2026');
    await stepField(page, 1, '選考ステップ').selectOption('es');
    await stepField(page, 1, 'このステップの内容').fill('志望動機と学生時代の取り組みを400字ずつ書きました。');
    const addStep = page.getByRole('button', { name: '＋ ステップを追加' });
    await hydrated(addStep);
    await press(addStep, device);
    await stepField(page, 2, '選考ステップ').selectOption('interview');
    await stepField(page, 2, '日付（任意）').fill('2025-04-10');
    await stepField(page, 2, 'このステップの内容').fill('人事の方と30分、学生時代の取り組みを深く聞かれました。');
    const second = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'ステップ 2', exact: true }) });
    await press(second.getByRole('button', { name: '＋ 質問を追加' }), device);
    // The new question's field takes the focus: the student types on at once.
    await expect(second.getByRole('textbox', { name: '質問1', exact: true })).toBeFocused();
    await page.keyboard.type(question);
    await press(second.getByRole('button', { name: '＋ 質問を追加' }), device);
    await second.getByRole('textbox', { name: '質問2', exact: true }).fill('最後に何か質問はありますか');
    await second.getByLabel('結果連絡まで（日後・任意）').fill('3');
    await second.getByLabel('結果連絡の方法（任意）').selectOption('email');
    await page.getByRole('radiogroup', { name: '選考結果' }).getByLabel('内定').check();
    await page.getByLabel('振り返り').fill('面接では結論から話すことを意識しました。逆質問を3つ用意しておいたのが役立ちました。');
    await waitSaved(page);
    await press(page.getByRole('button', { name: '審査に送信する' }), device);
    await expect(page).toHaveURL(/\/mypage\/posts\?submitted=\d+/, SENT_WITHIN);
    const postId = Number(/submitted=(\d+)/.exec(page.url())![1]);

    // The moderator reads the new fields in the post's text, and approves.
    const moderator = await logInDemo(browser, baseURL!, 'admin@shulog.example');
    await moderator.goto(`/admin/posts/${postId}`);
    await expect(moderator.getByText(`聞かれた質問：${question}`).first()).toBeVisible();
    await expect(moderator.getByText('結果連絡：3日後にメールで連絡').first()).toBeVisible();
    await moderator.getByRole('button', { name: '承認して公開する' }).click();
    await expect(moderator.getByRole('status').filter({ hasText: title })).toContainText('を承認して公開しました。');
    await moderator.context().close();

    await page.goto(`/screening_experiences/${postId}`);
    const details = page.getByRole('region', { name: '選考ステップの詳細' });
    await expect(details).toContainText('一次面接');
    await expect(details).toContainText('2025年4月10日');
    await expect(details).toContainText('3日後にメールで連絡');
    await expect(details.getByRole('listitem').filter({ hasText: question, hasNot: page.getByRole('heading') })).toBeVisible();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test(`a company's 選考対策 page and the question search at ${device.viewport.width}px`, async ({ browser, baseURL, request }) => {
    const companyId = await companyWithInsight(request);
    const context = await browser.newContext({ baseURL, viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
    const page = await context.newPage();
    const errors = watchErrors(page);

    // From the company page to its 選考対策.
    await page.goto(`/companies/${companyId}`);
    const toInsight = page.getByRole('link', { name: /の選考対策を見る$/ });
    await hydrated(toInsight);
    await press(toInsight, device);
    await expect(page).toHaveURL(new RegExp(`/companies/${companyId}/selection$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('の選考対策');
    await expect(page.getByText('いちばん多い流れ').first()).toBeVisible();
    await expect(page.getByText(/中央値[\d.]+日/).first()).toBeVisible();

    // A question links to the post it comes from, which says it.
    const questions = page.getByRole('region', { name: '面接で聞かれた質問' });
    const first = questions.getByRole('listitem').first().getByRole('link');
    const text = (await first.textContent())!.trim();
    await press(first, device);
    await expect(page).toHaveURL(/\/(screening|intern)_experiences\/\d+$/);
    await expect(page.getByRole('region', { name: '選考ステップの詳細' }).getByText(text).first()).toBeVisible();

    // Every company's questions: 志望動機 finds its phrasings, marked; a step narrows them.
    await page.goto('/interview_questions');
    await page.getByLabel('質問のキーワード').fill('志望動機');
    const search = page.getByRole('button', { name: '検索する' });
    await hydrated(search);
    await press(search, device);
    await expect(page).toHaveURL(/q=%E5%BF%97%E6%9C%9B%E5%8B%95%E6%A9%9F/);
    const hits = page.getByRole('list', { name: '質問の検索結果' }).getByRole('listitem');
    await expect(hits.first().locator('mark')).toContainText('志望');
    await page.getByLabel('選考ステップ').selectOption('final');
    await press(search, device);
    await expect(page).toHaveURL(/step=final/);
    await expect(hits.first()).toContainText('最終面接');
    for (const hit of await hits.all()) await expect(hit).toContainText('最終面接');
    expect(errors).toEqual([]);
    await context.close();
  });
}
