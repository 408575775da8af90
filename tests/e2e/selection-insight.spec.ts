// Issue 34, 選考対策, in a real browser at 375 px and 1280 px against the demo data: a student reports
// a step's date, the questions asked and 結果連絡, a moderator approves, and the post shows them; a
// company's 選考対策 page (its flows, a question to its post, 結果連絡) reached from the company page,
// and the question search with its synonyms, narrowed by step. Companies are found from what the
// site shows, never by fixed ids.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated, press, VIEWPORTS, watchErrors } from '../support/e2e-devices';
import { waitSaved } from '../support/e2e-posting';
import { logInDemo, signUpStudent, someCompany } from '../support/e2e-students';

/** A send that works answers within this. */
const SENT_WITHIN = { timeout: 8_000 };

let insightCompany: number | undefined;

/**
 * A company whose 選考対策 page lists a flow, questions grouped by kind and a median of 結果連絡, the
 * first such of the companies with most posts (as a student would browse them).
 */
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

/** A step of the form, by its heading (the form repeats its fields per step). */
const formStep = (page: Page, step: number) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `ステップ ${step}`, exact: true }) });

for (const device of VIEWPORTS) {
  test(`a 本選考体験記's date, questions and 結果連絡 reach the moderator and its page at ${device.viewport.width}px`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
    const errors = watchErrors(page);
    const company = await someCompany(page, device.mobile ? 4 : 5);
    const title = `面接2回で内定をいただきました ${device.name} ${Date.now()}`;
    const firstQuestion = `学生時代に力を入れたことを教えてください（${device.name}）`;
    const secondQuestion = `最後に何か質問はありますか（${device.name}）`;

    await page.goto(`/screening_experiences/new?company_id=${company.id}`);
    await page.getByLabel('タイトル').fill(title);
    await page.getByLabel('卒業年度').fill('2026');
    await formStep(page, 1).getByLabel('選考ステップ').selectOption({ label: 'ES' });
    await formStep(page, 1).getByLabel('このステップの内容').fill('志望動機と学生時代の取り組みを400字ずつ書きました。');
    const addStep = page.getByRole('button', { name: '＋ ステップを追加' });
    await hydrated(addStep);
    await press(addStep, device);
    const interview = formStep(page, 2);
    await interview.getByLabel('選考ステップ').selectOption({ label: '面接' });
    await interview.getByLabel('日付（任意）').fill('2025-04-10');
    await interview.getByLabel('このステップの内容').fill('人事の方と30分、学生時代の取り組みを深く聞かれました。');
    const addQuestion = interview.getByRole('button', { name: '＋ 質問を追加' });
    await press(addQuestion, device);
    // The new question's field takes the focus: the student types on at once.
    await expect(interview.getByRole('textbox', { name: '質問1', exact: true })).toBeFocused();
    await page.keyboard.type(firstQuestion);
    await press(addQuestion, device);
    await expect(interview.getByRole('textbox', { name: '質問2', exact: true })).toBeFocused();
    await page.keyboard.type(secondQuestion);
    await expect(interview.getByRole('button', { name: '質問2を削除' })).toBeVisible();
    await interview.getByLabel('結果連絡まで（日後・任意）').fill('3');
    await interview.getByLabel('結果連絡の方法（任意）').selectOption({ label: 'メール' });
    await page.getByRole('radiogroup', { name: '選考結果' }).getByLabel('内定').check();
    await page.getByLabel('振り返り').fill('面接では結論から話すことを意識しました。逆質問を3つ用意しておいたのが役立ちました。');
    await waitSaved(page);
    await press(page.getByRole('button', { name: '審査に送信する' }), device);
    await expect(page).toHaveURL(/\/mypage\/posts\?submitted=\d+/, SENT_WITHIN);
    const postId = Number(/submitted=(\d+)/.exec(page.url())![1]);
    await expect(page.locator('main li').filter({ hasText: title })).toContainText('審査中');

    // The moderator, in another browser, reads the new fields in the post's text, and approves.
    const moderator = await logInDemo(browser, baseURL!, 'admin@shulog.example');
    const moderatorErrors = watchErrors(moderator);
    await moderator.goto(`/admin/posts/${postId}`);
    await expect(moderator.getByText(`聞かれた質問：${firstQuestion}`).first()).toBeVisible();
    await expect(moderator.getByText(`聞かれた質問：${secondQuestion}`).first()).toBeVisible();
    await expect(moderator.getByText('結果連絡：3日後にメールで連絡').first()).toBeVisible();
    await moderator.getByRole('button', { name: '承認して公開する' }).click();
    await expect(moderator.getByRole('status').filter({ hasText: title })).toContainText('を承認して公開しました。');
    expect(moderatorErrors).toEqual([]);
    await moderator.context().close();

    // Published: the post's page lists the interview's date, 結果連絡 and both questions, in order.
    await page.goto(`/screening_experiences/${postId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
    const details = page.getByRole('region', { name: '選考ステップの詳細' });
    const shown = details.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '一次面接', exact: true }) });
    await expect(shown).toContainText('2025年4月10日');
    await expect(shown).toContainText('3日後にメールで連絡');
    await expect(shown.getByRole('listitem')).toHaveText([firstQuestion, secondQuestion]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`a company's 選考対策 page from its company page, a question to its post, at ${device.viewport.width}px`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const companyId = await companyWithInsight(request);
    const context = await browser.newContext({ baseURL, viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
    const page = await context.newPage();
    const errors = watchErrors(page);

    // The company page's 選考対策 card: its most common flow, and the link to the page.
    await page.goto(`/companies/${companyId}`);
    const card = page.getByRole('region', { name: '選考対策', exact: true });
    const flowLine = card.getByRole('paragraph').filter({ hasText: 'のよくある選考フロー' });
    const line = (await flowLine.textContent())!;
    const common =
      /^(本選考|インターン)のよくある選考フロー(.+?)[\d,]+件の(?:本選考体験記（内定・辞退まで）|インターン体験記)のうち[\d,]+件$/.exec(
        line.trim(),
      );
    expect(common, line).not.toBeNull();
    const kind = common![1]!;
    const flowText = common![2]!;
    const toInsight = card.getByRole('link', { name: /の選考対策を見る$/ });
    const name = (await toInsight.textContent())!.replace(/の選考対策を見る$/, '');
    await hydrated(toInsight);
    await press(toInsight, device);
    await expect(page).toHaveURL(new RegExp(`/companies/${companyId}/selection$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name}の選考対策`);

    // 選考フロー: the card's flow is among the flows of its kind, step by step as chips.
    const flows = page.getByRole('region', { name: '選考フロー', exact: true });
    const ofKind = flows.locator('div').filter({ has: page.getByRole('heading', { name: kind, exact: true }) });
    await expect(ofKind.getByText('いちばん多い流れ')).toBeVisible();
    await expect(ofKind.getByRole('list', { name: flowText, exact: true }).getByRole('listitem')).toHaveText(flowText.split(' → '));

    // 結果連絡: a median of days.
    const contact = page.getByRole('region', { name: '結果連絡', exact: true });
    await expect(contact.getByText(/中央値[\d.]+日/).first()).toBeVisible();
    await expect(contact.getByRole('heading', { name: '最新の就活速報（直近1年）' })).toBeVisible();

    // A question links to the post it comes from, which says it.
    const questions = page.getByRole('region', { name: '面接で聞かれた質問', exact: true });
    const question = questions.getByRole('listitem').first().getByRole('link');
    const text = (await question.textContent())!.trim();
    await press(question, device);
    await expect(page).toHaveURL(/\/(screening|intern)_experiences\/\d+$/);
    const steps = page.getByRole('region', { name: '選考ステップの詳細' });
    await expect(steps.getByRole('listitem').filter({ hasText: text }).first()).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`the question search finds 志望動機's phrasings and narrows them to 最終面接 at ${device.viewport.width}px`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto('/interview_questions');
    const search = page.getByRole('button', { name: '検索する' });
    await hydrated(search);
    await page.getByLabel('質問のキーワード').fill('志望動機');
    await press(search, device);
    await expect(page).toHaveURL(/\?q=%E5%BF%97%E6%9C%9B%E5%8B%95%E6%A9%9F/);
    const results = page.getByRole('region', { name: /の質問$/ });
    await expect(results.getByRole('heading', { level: 2 })).toHaveText(/^[\d,]+件(以上)?の質問$/);
    const hits = page.getByRole('list', { name: '質問の検索結果' }).getByRole('listitem');
    await expect(hits.first().locator('mark')).toContainText('志望');
    // 「志望動機」 finds its other phrasings too, marked where they matched.
    const phrasing = hits.locator('mark').filter({ hasText: /^志望(する|した)?理由$/ });
    await expect(phrasing.first()).toBeVisible();

    // Narrowed to 最終面接: every hit is tagged 最終面接, and still marked.
    await page.getByLabel('選考ステップ').selectOption({ label: '最終面接' });
    await press(search, device);
    await expect(page).toHaveURL(/\?q=%E5%BF%97%E6%9C%9B%E5%8B%95%E6%A9%9F&.*step=final/);
    const finalTag = page.getByText('最終面接', { exact: true });
    await expect(hits.first().getByText('最終面接', { exact: true })).toBeVisible();
    await expect(hits.filter({ hasNot: finalTag })).toHaveCount(0);
    await expect(hits.filter({ hasNot: page.locator('mark') })).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });
}
