// Issue 18, goal 2: a student's flows with the keyboard alone, at 375 px and 1280 px. Every
// control is reached with Tab (never clicked), text is typed, and Enter or Space acts. After each
// page change focus is on the new page's heading and the new title is in the status region; the
// badge popup never takes focus from a field being typed in, is one Tab away on desktop, stays
// while it has focus, and gives focus back when it closes.
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { rendered, VIEWPORTS, type Device } from '../support/e2e-devices';
import { E2E_PASSWORD, linkFromEmail, signUpStudent, uniqueEmail } from '../support/e2e-students';
import { isReadingBadge } from '../../app/features/badges/badge-popup-queue';

const DEMO_PASSWORD = 'shulog-demo-2026';

/** Presses Tab (or Shift+Tab) until the element has focus; fails if it is not reached. */
async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; max?: number } = {}): Promise<void> {
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  await target.waitFor({ state: 'visible', timeout: 10_000 });
  for (let step = 0; step < (options.max ?? 80); step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`not reached with ${key}: ${target}`);
}

/** The element that has focus, as a locator-friendly description. */
/** Types each text into a field in turn, moving on with Tab between them (not after the last). */
async function typeInTurn(page: Page, texts: string[]): Promise<void> {
  for (const [i, text] of texts.entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return `${element?.tagName.toLowerCase()} ${(element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim().slice(0, 40)}`;
  });
}

/** After a page change: focus on the page's h1, the new title announced. */
async function expectArrival(page: Page, heading: string | RegExp): Promise<void> {
  const h1 = page.locator('main h1');
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeFocused();
  const title = await page.title();
  await expect(page.locator('body > p[role=status]')).toHaveText(title);
}

/** The badge notification of a desktop, and the phone's small bar of reading badges. */
const badgeBar = (page: Page) => page.locator('#js-badge-popup-container [role=status]');
/** The phone's badge sheet, modal: it takes focus. */
const badgeSheet = (page: Page) => page.getByRole('dialog', { name: 'バッジを獲得しました' });

/**
 * The badge notification an action earned, which must come: closed from the keyboard, and focus
 * is back where it was (`before`; on a desktop, where it is now: the snack bar takes no focus).
 */
async function dismissBadge(page: Page, device: Device, before?: string): Promise<void> {
  if (device.mobile) {
    await expect(badgeSheet(page)).toContainText('バッジを獲得しました');
    await page.keyboard.press('Escape');
    await expect(badgeSheet(page)).toBeHidden();
  } else {
    before ??= await focusedText(page);
    const bar = badgeBar(page);
    await expect(bar).toContainText('バッジを獲得しました');
    await page.keyboard.press('Tab');
    await expect(bar.getByRole('link', { name: 'バッジの獲得状況を見る' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(bar).toHaveCount(0);
  }
  if (before !== undefined) expect(await focusedText(page)).toBe(before);
}

/** The next answer to the page's question for new badges (start waiting before the page change). */
const badgesAsked = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/v1/student/badges/acquire'));

/**
 * Focus on the new page's heading after a page change, with what the page's question for new
 * badges (`asked`) answered on screen: no badges, no notification at all (it shows only what that
 * answer lists); badges, their notification — on a phone the modal sheet, which takes focus and
 * gives it back to the heading when closed, or for reading badges alone the small bar, which takes
 * none. Returns the ids of the badges announced.
 */
async function expectHeadingFocused(page: Page, device: Device, asked: Promise<Response>): Promise<number[]> {
  const { badge_kinds: kinds } = (await (await asked).json()) as { badge_kinds: Array<{ id: number }> };
  const ids = kinds.map((kind) => kind.id);
  if (ids.length === 0) {
    await expect(badgeSheet(page)).toHaveCount(0);
    await expect(badgeBar(page)).toHaveCount(0);
  } else if (!device.mobile) {
    await expect(badgeBar(page)).toContainText('バッジを獲得しました');
  } else if (ids.every(isReadingBadge)) {
    await expect(badgeBar(page)).toContainText('バッジを獲得しました');
    await expect(badgeSheet(page)).toHaveCount(0);
  } else {
    await expect(badgeSheet(page)).toContainText('バッジを獲得しました');
    // The sheet has taken focus (it answers the keyboard from then on), as a person sees it do.
    await expect.poll(() => badgeSheet(page).evaluate((sheet) => sheet.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(badgeSheet(page)).toBeHidden();
  }
  await expect(page.locator('main h1')).toBeFocused();
  return ids;
}

async function someCompany(page: Page): Promise<{ id: number; name: string }> {
  const response = await page.request.get('/api/company?source=incremental&company_name=%E3%81%82');
  const { companies } = (await response.json()) as { companies: Array<{ company_id: number; name: string }> };
  return { id: companies[0]!.company_id, name: companies[0]!.name };
}

for (const device of VIEWPORTS) {
  test.describe(`keyboard only, ${device.viewport.width} px`, () => {
    test('skip link, search, open a company, favorite it and compare it', async ({ browser }) => {
      const { context, page } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
      const company = await someCompany(page);
      await page.goto('/badges');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: '本文へスキップ' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();

      // Search from the header: type the name, choose the suggestion with the arrow key.
      const search = page.getByRole('combobox', { name: '企業名で検索' });
      await tabTo(page, search, { backwards: true });
      await page.keyboard.type(company.name);
      await expect(page.getByRole('option', { name: new RegExp(company.name) }).first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/companies/${company.id}$`));
      await expectArrival(page, company.name);
      // The first company page earns a badge: on a desktop its notification closes back to the
      // heading; on a phone it is the small bar, which takes no focus and waits for the next one.
      if (device.mobile) {
        await expect(badgeBar(page)).toContainText('「はじめての企業チェック」バッジを獲得しました');
        await expect(page.locator('main h1')).toBeFocused();
      } else {
        await dismissBadge(page, device);
      }

      // Favorite with Space.
      const heart = page.getByRole('button', { name: new RegExp(`^お気に入り登録.*${company.name}`) }).first();
      await tabTo(page, heart);
      const onHeart = await focusedText(page);
      await page.keyboard.press('Space');
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await dismissBadge(page, device, onHeart.replace('お気に入り登録', 'お気に入り登録済み'));
      await expect(heart).toBeFocused();

      // Compare: open the comparison, open the company choice, pick a related company.
      await tabTo(page, page.getByRole('link', { name: 'インターン評価を他社と比較する' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/companies/${company.id}/intern/compare`));
      await expectArrival(page, new RegExp(company.name));
      const toggle = page.getByRole('button', { name: /比較する企業を選ぶ|比較する企業を変更|企業の選択を閉じる/ });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') {
        await tabTo(page, toggle);
        await page.keyboard.press('Enter');
      }
      const panel = page.getByRole('region', { name: '比較する企業を選ぶ' });
      const choice = panel.getByRole('link').first();
      await tabTo(page, choice);
      const href = await choice.getAttribute('href');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.locator('main h1')).toBeFocused();
      await context.close();
    });

    test('sign up and fill in the profile', async ({ browser }) => {
      const context = await browser.newContext({ viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
      const page = await context.newPage();
      await page.goto('/');
      await tabTo(page, page.getByRole('link', { name: '会員登録' }).first());
      await page.keyboard.press('Enter');
      await expectArrival(page, /会員登録/);
      const email = uniqueEmail('keys');
      await tabTo(page, page.getByLabel('メールアドレス'));
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type('a keyboard pass phrase');
      await page.keyboard.press('Enter');
      // The same answer for every address, announced; the email's link completes the sign-up.
      await expect(page.getByRole('status').filter({ hasText: '確認メールを送信しました' })).toBeVisible();
      await page.goto(await linkFromEmail(email, '/signup/confirm'));
      await tabTo(page, page.getByRole('button', { name: '登録を完了する' }));
      const asked = badgesAsked(page);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/mypage/);
      // Signing up earns nothing yet (the profile does): no notification.
      expect(await expectHeadingFocused(page, device, asked)).toEqual([]);
      await tabTo(page, page.getByLabel('お名前'));
      await typeInTurn(page, ['鍵盤 太郎', '東都大学', '文学部']);
      // 区分: a radio group, one Tab stop; 学部 is chosen already. Then the year, with the arrow key.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('radio', { name: '学部' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('卒業年度（見込み）')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByLabel('卒業年度（見込み）')).not.toHaveValue('');
      await tabTo(page, page.getByRole('button', { name: 'プロフィールを保存する' }));
      await page.keyboard.press('Enter');
      await expect(page.getByText('プロフィールを保存しました').first()).toBeVisible();
      await context.close();
    });

    test('log in, change the profile and log out', async ({ browser }) => {
      const context = await browser.newContext({ viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
      const page = await context.newPage();
      await page.goto('/');
      await tabTo(page, page.getByRole('link', { name: 'ログイン' }));
      await page.keyboard.press('Enter');
      await expectArrival(page, 'ログイン');
      // An empty form: focus goes to the first field and the summary is announced.
      await tabTo(page, page.locator('main').getByRole('button', { name: 'ログイン', exact: true }));
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('メールアドレス')).toBeFocused();
      await expect(page.locator('main [role=alert]').first()).toBeVisible();
      await page.keyboard.type(`student${device.mobile ? '21' : '22'}@shulog.example`);
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('パスワード')).toBeFocused();
      await page.keyboard.type(DEMO_PASSWORD);
      const asked = badgesAsked(page);
      await page.keyboard.press('Enter');
      await expect(page).not.toHaveURL(/\/login/);
      // Badges the demo student earned and was not yet shown are announced now, if there are any.
      await expectHeadingFocused(page, device, asked);

      await page.goto('/mypage');
      const university = page.getByLabel('大学名');
      await tabTo(page, university);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('キーボード大学');
      await tabTo(page, page.getByRole('button', { name: 'プロフィールを保存する' }));
      await page.keyboard.press('Enter');
      await expect(page.getByText('プロフィールを保存しました').first()).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('大学名')).toHaveValue('キーボード大学');

      await tabTo(page, page.getByRole('button', { name: 'ログアウト' }));
      await page.keyboard.press('Enter');
      await expect(page.getByText('ログアウトしました')).toBeVisible();
      await expect(page.getByRole('link', { name: 'ログイン' })).toBeVisible();
      await context.close();
    });

    test('reset a forgotten password', async ({ browser }) => {
      const { context, email } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
      await context.close();
      const visitor = await browser.newContext({ viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
      const page = await visitor.newPage();
      await page.goto('/login');
      await tabTo(page, page.getByRole('link', { name: /パスワードをお忘れ/ }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/password_reset$/);
      await expect(page.locator('main h1')).toBeFocused();
      await tabTo(page, page.getByLabel('メールアドレス'));
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toContainText('メール');
      // The reset email to this address (the mail sink holds everyone's), followed by keyboard.
      await page.goto(await linkFromEmail(email, '/password_reset'));
      await tabTo(page, page.getByRole('textbox', { name: '新しいパスワード', exact: true }));
      await page.keyboard.type('a new keyboard pass phrase');
      await page.keyboard.press('Tab');
      await page.keyboard.type('a new keyboard pass phrase');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/login/);
      await tabTo(page, page.getByLabel('メールアドレス'));
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type('a new keyboard pass phrase');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/mypage/);
      await visitor.close();
    });

    test('change the password: the current one first, and the other devices are logged out', async ({ browser }) => {
      const { context, page, email } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
      // The same student on another device.
      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await otherPage.goto('/login');
      await otherPage.getByLabel('メールアドレス').fill(email);
      await otherPage.getByLabel('パスワード').fill(E2E_PASSWORD);
      await otherPage.locator('main').getByRole('button', { name: 'ログイン', exact: true }).click();
      await expect(otherPage).toHaveURL(/\/mypage/);

      await page.goto('/mypage/account');
      // The page has three forms (address, password, 退会): this is the password's.
      const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'パスワードの変更' }) });
      await tabTo(page, card.getByLabel('現在のパスワード'));
      await typeInTurn(page, ['not my password', 'a changed pass phrase', 'a changed pass phrase']);
      await page.keyboard.press('Enter');
      await expect(card.getByLabel('現在のパスワード')).toBeFocused();
      await expect(card).toContainText('現在のパスワードが正しくありません。');
      // What was typed stays (nothing is lost); the wrong password is replaced.
      await expect(card.getByRole('textbox', { name: '新しいパスワード', exact: true })).toHaveValue('a changed pass phrase');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(E2E_PASSWORD);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'パスワードを変更しました' }).first()).toBeVisible();
      // This device stays logged in; the other one is logged out.
      await page.goto('/mypage');
      await expect(page).toHaveURL(/\/mypage$/);
      await otherPage.goto('/mypage');
      await expect(otherPage).toHaveURL(/\/login/);
      await other.close();
      await context.close();
    });

    test('ask for a new address, then leave (退会)', async ({ browser }) => {
      const { context, page } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
      await page.goto('/mypage/account');
      const address = page.locator('section').filter({ has: page.getByRole('heading', { name: 'メールアドレスの変更' }) });
      await tabTo(page, address.getByLabel('新しいメールアドレス'));
      await page.keyboard.type(uniqueEmail('keys-next'));
      await page.keyboard.press('Tab');
      await page.keyboard.type(E2E_PASSWORD);
      await page.keyboard.press('Enter');
      await expect(address.getByRole('status')).toContainText('確認メールを送信しました');

      const leave = page.locator('section').filter({ has: page.getByRole('heading', { name: '退会', exact: true }) });
      await tabTo(page, leave.getByRole('link', { name: '退会の手続きへ進む' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/mypage\/account\?step=delete$/);
      // The second step names what goes; 「やめる」 and 「退会する」 are reached with Tab.
      const confirm = page.locator('section').filter({ has: page.getByRole('heading', { name: '退会の確認' }) });
      await tabTo(page, confirm.getByRole('button', { name: '退会する' }));
      await page.keyboard.press('Enter');
      await expect(confirm.getByLabel('現在のパスワード')).toBeFocused();
      await page.keyboard.type(E2E_PASSWORD);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText('退会しました').first()).toBeVisible();
      await context.close();
    });

    test('the selection tracker: add a company and a deadline', async ({ browser }) => {
      const { context, page } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
      const company = await someCompany(page);
      await page.goto('/mypage/selections');
      const search = page.getByLabel('企業を検索');
      await tabTo(page, search);
      await page.keyboard.type(company.name);
      await tabTo(page, page.getByRole('button', { name: new RegExp(company.name) }).first());
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('radio', { name: '本選考', exact: true }));
      await page.keyboard.press('Space');
      await expect(page.getByRole('radio', { name: '本選考', exact: true })).toBeChecked();
      await tabTo(page, page.getByRole('button', { name: '選考管理に追加する' }));
      await page.keyboard.press('Enter');
      const card = page.locator(`#company-${company.id}`);
      await expect(card).toContainText('ES提出');
      // A screening registered only (登録のみ) earns nothing: the answer said so, and nothing is
      // left to announce while its message shows (a badge would wait behind it).
      await expect(page.getByText('選考管理に追加しました').first()).toBeVisible();
      expect((await (await page.request.get('/api/v1/student/badges/acquire')).json()).badge_kinds).toEqual([]);
      await expect(badgeSheet(page)).toHaveCount(0);
      await expect(badgeBar(page)).toHaveCount(0);

      // A deadline set in the date field with the arrow keys (in whatever order the browser shows
      // the parts, ArrowUp puts this year, January and the 1st into them), sent with Enter.
      await tabTo(page, card.locator('summary', { hasText: '予定を追加する' }));
      await page.keyboard.press('Enter');
      const form = card.locator('form').filter({ has: page.getByLabel('種類') });
      await tabTo(page, form.getByLabel('種類'));
      await page.keyboard.press('ArrowDown');
      await expect(form.getByLabel('種類')).not.toHaveValue('');
      const kind = await form.getByLabel('種類').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]!.text);
      await page.keyboard.press('Tab');
      await expect(form.getByLabel('日付')).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowUp');
      const year = new Date(Date.now() + 9 * 3_600_000).getUTCFullYear();
      await expect(form.getByLabel('日付')).toHaveValue(`${year}-01-01`);
      await page.keyboard.press('Enter');
      await expect(card.getByRole('listitem').filter({ hasText: kind })).toContainText('1月1日');
      await context.close();
    });

    test('write a word-of-mouth post: the empty send, the messages and the corrected send', async ({ browser }) => {
      const { context, page } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
      const company = await someCompany(page);
      await page.goto(`/word_mouths/new?company_id=${company.id}`);
      const send = page.getByRole('button', { name: '審査に送信する' });
      await tabTo(page, send);
      await page.keyboard.press('Enter');
      // The summary is announced and focus is on the first field with a message.
      await expect(page.getByRole('alert')).toContainText('入力内容を確認してください');
      const first = page.getByRole('radio', { name: '説明会' });
      await expect(first).toBeFocused();
      await page.keyboard.press('Space');
      await expect(first).toBeChecked();
      await tabTo(page, page.getByLabel('タイトル'));
      await page.keyboard.type('説明会で感じた社風と雰囲気');
      // A star rating is a radio group: one Tab stop, the arrows choose.
      const stars = page.getByRole('radiogroup', { name: '総合評価' });
      await tabTo(page, stars.getByRole('radio').first());
      for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
      await expect(stars.getByLabel('4点')).toBeChecked();
      await tabTo(page, page.getByRole('textbox', { name: '本文' }));
      await page.keyboard.type(
        '社員の方が一人ひとりの質問に丁寧に答えてくださり、若手にも任せる社風がよく伝わる説明会でした。選考の流れも具体的に教えていただけました。',
      );
      await tabTo(page, send);
      const asked = badgesAsked(page);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/mypage\/posts\?submitted=\d+/);
      // The first post earns badges: on a phone their sheet comes first.
      expect(await expectHeadingFocused(page, device, asked)).not.toEqual([]);
      await expect(page.locator('main li').first()).toContainText('説明会で感じた社風と雰囲気');
      await context.close();
    });

    test('the badge notification never takes focus from a field being typed in', async ({ browser }) => {
      const { context, page } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
      const company = await someCompany(page);
      // Hold the page's badge call until the student is typing in the header search.
      let release: () => void = () => {};
      const typing = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/student/badges/acquire', async (route) => {
        await typing;
        await route.continue();
      });
      await page.clock.install();
      await page.goto(`/companies/${company.id}`);
      const search = page.getByRole('combobox', { name: '企業名で検索' });
      await tabTo(page, search, { backwards: true });
      await page.keyboard.type('あお');
      const answered = page.waitForResponse('**/api/v1/student/badges/display_acquired');
      release();
      await answered;
      await page.keyboard.type('ば');
      await expect(search).toBeFocused();
      await expect(search).toHaveValue('あおば');
      if (device.mobile) {
        // A badge earned by opening the page is a small bar on a phone, not the modal sheet: it
        // never takes focus, and the student goes on typing (issue 27).
        const bar = page.locator('#js-badge-popup-container [role=status]');
        await expect(bar).toContainText('「はじめての企業チェック」バッジを獲得しました');
        await page.keyboard.type('ぎ');
        await expect(search).toBeFocused();
        await expect(search).toHaveValue('あおばぎ');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      } else {
        const bar = page.locator('#js-badge-popup-container [role=status]');
        await expect(bar).toContainText('「はじめての企業チェック」バッジを獲得しました');
        // One Tab from the field reaches it; with focus on it, it outlives its 8 s.
        await page.keyboard.press('Tab');
        await expect(bar.getByRole('link', { name: 'バッジの獲得状況を見る' })).toBeFocused();
        await page.clock.fastForward(9000);
        await rendered(page);
        await expect(bar).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(bar).toHaveCount(0);
        await expect(search).toBeFocused();
        await expect(search).toHaveValue('あおば');
      }
      await context.close();
    });
  });
}
