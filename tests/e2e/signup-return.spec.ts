// Issue 27, point 4 and the profile part of point 6: a visitor who signs up from an article's gate
// comes back to that article, logged in and reading the full text, with the profile asked for in a
// notice there; the notice's profile form announces 「会員登録完了」 on the page where it is saved
// and leads back to the article. The confirmation link is opened in a browser of its own (a mail
// app on another device): the way back is kept with the link, not in the first tab.
// On a phone (375 px, touch) and a desktop (1280 px).
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { type Device, hydrated, press, VIEWPORTS, watchErrors } from '../support/e2e-devices';
import { E2E_PASSWORD, linkFromEmail, uniqueEmail } from '../support/e2e-students';

/** The badge popup of the device: a bottom sheet on phones, a snack bar on desktops. */
function badgePopup(page: Page, device: Device): Locator {
  return device.mobile
    ? page.getByRole('dialog', { name: 'バッジを獲得しました' })
    : page.locator('#js-badge-popup-container [role=status]');
}

/**
 * A badge earned by opening the page: the desktop's snack bar, or on a phone the small bar that
 * does not cover the page (issue 27), both in the popup's container.
 */
function readingBadge(page: Page): Locator {
  return page.locator('#js-badge-popup-container [role=status]').filter({ hasText: 'バッジを獲得しました' });
}

/** Sees the popup announce a badge, then closes it, as a person does before going on. */
async function seeBadge(page: Page, device: Device, text: string): Promise<void> {
  const popup = badgePopup(page, device);
  await expect(popup).toContainText(`「${text}」バッジを獲得しました`);
  await press(popup.getByRole('button', { name: '閉じる' }), device);
  await expect(popup).toHaveCount(0);
}

async function newPage(browser: Browser, device: Device): Promise<Page> {
  const context = await browser.newContext({ viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
  return context.newPage();
}

/** Nothing wider than the screen, and nothing axe-core finds (WCAG 2.1 A/AA, best practices). */
async function expectSound(page: Page, device: Device): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(device.viewport.width);
  expect(await axeViolations(page)).toEqual([]);
}

/** The text of the article's sections, as the reader sees it. */
async function articleText(page: Page): Promise<string> {
  return (await page.locator('article section[id^="q"]').allInnerTexts()).join('\n');
}

for (const device of VIEWPORTS) {
  test.describe(`${device.name} (${device.viewport.width} px)`, () => {
    test('signing up from an article comes back to it with the full text, the profile asked in a notice, 会員登録完了 where it is saved', async ({
      browser,
    }) => {
      const visitor = await newPage(browser, device);
      const visitorErrors = watchErrors(visitor);
      await visitor.goto('/intern_experiences');
      const first = visitor.getByRole('main').locator('a[href^="/intern_experiences/"]').filter({ hasText: /\S/ }).first();
      const articlePath = (await first.getAttribute('href'))!;
      expect(articlePath).toMatch(/^\/intern_experiences\/\d+$/);
      await hydrated(first);
      await press(first, device);
      await expect(visitor).toHaveURL(articlePath);
      const gate = visitor.getByRole('complementary', { name: '続きは会員登録（無料）で読めます' });
      await expect(gate).toBeVisible();
      const title = (await visitor.getByRole('heading', { level: 1 }).textContent())!;
      const cut = await articleText(visitor);
      expect(cut).toContain('…');

      const signUpLink = gate.getByRole('link', { name: '無料で会員登録する' });
      await hydrated(signUpLink);
      await press(signUpLink, device);
      await expect(visitor).toHaveURL(`/signup?redirect_to=${encodeURIComponent(articlePath)}`);
      await expect(visitor.getByText('読んでいた記事に戻って続きを読めます')).toBeVisible();
      await expectSound(visitor, device);
      await expect(visitor.getByRole('link', { name: 'ログイン', exact: true }).last()).toHaveAttribute(
        'href',
        `/login?redirect_to=${encodeURIComponent(articlePath)}`,
      );
      const email = uniqueEmail('returning');
      const send = visitor.getByRole('button', { name: '同意して登録する' });
      await hydrated(send);
      await visitor.getByLabel('メールアドレス').fill(email);
      await visitor.getByLabel('パスワード').fill(E2E_PASSWORD);
      await press(send, device);
      await expect(visitor.getByText('確認メールを送信しました')).toBeVisible();
      const link = await linkFromEmail(email, '/signup/confirm');
      expect(visitorErrors).toEqual([]);
      await visitor.context().close();

      // The email opened elsewhere: nothing of the first tab is here.
      const page = await newPage(browser, device);
      const errors = watchErrors(page);
      await page.goto(link);
      await expect(page.getByText('読んでいた記事に戻ります')).toBeVisible();
      await expectSound(page, device);
      const complete = page.getByRole('button', { name: '登録を完了する' });
      await hydrated(complete);
      await press(complete, device);

      await expect(page).toHaveURL(articlePath);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      // The first intern experience read earns its badge on this page, announced in its turn
      // (the notice steps aside for it); the student closes it.
      const badge = readingBadge(page);
      await expect(badge).toContainText('「インターン体験記を読んだ」バッジを獲得しました');
      await press(badge.getByRole('button', { name: '閉じる' }), device);
      await expect(badge).toHaveCount(0);
      // The notice, which stays until it is answered or closed.
      const notice = page.getByRole('status').filter({ hasText: '会員登録が完了しました' });
      await expect(notice).toContainText('プロフィール（お名前・大学・卒業年度）を入力してください');
      // Logged in and reading in full: no gate, and more than the visitor saw.
      await expect(page.getByRole('navigation', { name: 'アカウント' }).getByRole('button', { name: 'ログアウト' })).toBeVisible();
      await expect(page.getByRole('complementary', { name: '続きは会員登録（無料）で読めます' })).toHaveCount(0);
      const full = await articleText(page);
      expect(full).not.toContain('…');
      expect(full.length).toBeGreaterThan(cut.length);

      await press(notice.getByRole('link', { name: 'プロフィールを入力する' }), device);
      await expect(page).toHaveURL(`/mypage?redirect_to=${encodeURIComponent(articlePath)}`);
      await expect(page.getByText('会員登録が完了しました')).toBeVisible();
      const save = page.getByRole('button', { name: 'プロフィールを保存する' });
      await hydrated(save);
      // The way back is there before the form is filled in too, a full tap target on the phone.
      const backAtTop = page.getByRole('main').getByRole('link', { name: '記事に戻る' });
      await expect(backAtTop).toHaveAttribute('href', articlePath);
      expect((await backAtTop.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await expectSound(page, device);
      await page.getByLabel('お名前').fill('山田 花子');
      await page.getByLabel('大学名').fill('東都大学');
      await page.getByLabel('学部・学科').fill('経済学部 経済学科');
      await page.getByLabel('卒業年度（見込み）').selectOption({ index: 1 });
      await press(save, device);
      await expect(page.getByText('保存しました。')).toBeVisible();
      await seeBadge(page, device, '会員登録完了');
      await expect(page).toHaveURL(`/mypage?redirect_to=${encodeURIComponent(articlePath)}`);

      const profileCard = page.getByRole('region', { name: 'プロフィール' });
      await press(profileCard.getByRole('link', { name: '記事に戻る' }), device);
      await expect(page).toHaveURL(articlePath);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await articleText(page)).toBe(full);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });
}
