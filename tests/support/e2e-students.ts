// A new student signed up through the form, in a browser context of its own, for browser tests.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

export const E2E_PASSWORD = 'e2e-password-1234';

export type SignedUpStudent = { context: BrowserContext; page: Page; email: string };

export async function signUpStudent(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; mobile?: boolean; permissions?: string[] } = {},
): Promise<SignedUpStudent> {
  const mobile = options.mobile ?? false;
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    isMobile: mobile,
    hasTouch: mobile,
  });
  if (options.permissions) await context.grantPermissions(options.permissions);
  const page = await context.newPage();
  const email = `student-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(E2E_PASSWORD);
  // /mypage asks for new badges once it has hydrated; a test that leaves it earlier could have
  // that late call take (and mark as shown) the badge the next page earns.
  const badgesAsked = page.waitForResponse((response) => response.url().endsWith('/api/v1/student/badges/acquire'));
  await page.getByRole('button', { name: /登録/ }).click();
  await expect(page).toHaveURL(/\/mypage/);
  await badgesAsked;
  return { context, page, email };
}
