// Issue 30: the pages a student opens often are kept rendered for the session a few seconds
// (server/session-pages.ts, docs/decisions/072-session-pages-kept.md). A kept page is the same
// bytes again; it hydrates under its scripts' hashes without a console error; whatever the student
// changes (a favorite through a call, the profile through its form, a logout in another tab) is
// on the very next view; and no student ever gets another's page.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpStudent } from '../support/e2e-students';

/** The page's HTML as the server sends it to this session, with its CSP. */
async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), body: await response.text(), csp: response.headers()['content-security-policy'] ?? '' };
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

async function xsrfToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
}

test('a kept page is served again as it was, hydrates, and shows the student’s changes on the next view', async ({ browser }) => {
  const student = await signUpStudent(browser);
  const { page } = student;
  const errors = consoleErrors(page);

  // The same bytes twice (one render's nonce in both), allowed by hashes, not by a nonce.
  const first = await fetchPage(page.request, '/mypage/favorite_companies');
  const again = await fetchPage(page.request, '/mypage/favorite_companies');
  expect(first.status).toBe(200);
  expect(again.body).toBe(first.body);
  expect(again.csp).toContain("'sha256-");
  expect(again.csp).not.toContain("'nonce-");
  expect(first.body).toContain('お気に入り企業（0社）');

  // A favorite added through the call is on the next view.
  const companies = (await (await page.request.get('/api/company?source=incremental&company_name=%E3%81%82')).json()) as {
    companies: Array<{ company_id: number; name: string }>;
  };
  const company = companies.companies[0]!;
  const added = await page.request.post('/mypage/favorites', {
    form: { company_id: String(company.company_id), authenticity_token: await xsrfToken(page) },
  });
  expect(added.status()).toBe(200);
  expect((await fetchPage(page.request, '/mypage/favorite_companies')).body).toContain('お気に入り企業（1社）');

  // In the browser: the kept page hydrates (a client-side navigation works) with no CSP error.
  await page.goto('/mypage');
  await page.goto('/mypage');
  await page.getByRole('link', { name: 'お気に入り企業' }).first().click();
  await expect(page).toHaveURL(/\/mypage\/favorite_companies$/);
  await expect(page.getByRole('heading', { name: /^お気に入り企業（1社）/ })).toBeVisible();
  await expect(page.getByRole('link', { name: company.name }).first()).toBeVisible();

  // The profile saved through its form is on the page at once, and on the next page load.
  await page.goto('/mypage');
  await page.getByLabel('お名前').fill('保存 太郎');
  await page.getByLabel('大学名').fill('東都大学');
  await page.getByLabel('学部・学科').fill('経済学部');
  await page.getByLabel('卒業年度').selectOption('2028');
  await page.getByRole('button', { name: 'プロフィールを保存する' }).click();
  await expect(page.getByText('プロフィールを保存しました').first()).toBeVisible();
  // The layout's greeting, revalidated after the save, is the new name's.
  await expect(page.getByText('保存 太郎さん、こんにちは。')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('お名前')).toHaveValue('保存 太郎');
  expect((await fetchPage(page.request, '/mypage')).body).toContain('保存 太郎');

  expect(errors).toEqual([]);
  await student.context.close();
});

test('a logout in another tab ends the kept pages at once, and no student gets another’s page', async ({ browser, baseURL }) => {
  const one = await signUpStudent(browser);
  const two = await signUpStudent(browser);
  const kept = await fetchPage(one.page.request, '/mypage');
  expect((await fetchPage(one.page.request, '/mypage')).body).toBe(kept.body);
  expect(kept.body).toContain(one.email);

  // The other student's view of the same URL is their own.
  const theirs = await fetchPage(two.page.request, '/mypage');
  expect(theirs.body).toContain(two.email);
  expect(theirs.body).not.toContain(one.email);

  // Logged out in a second tab: the ended session's cookie, sent again as it was, gets no page.
  const cookie = (await one.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const secondTab = await one.context.newPage();
  await secondTab.goto('/mypage');
  await secondTab.getByRole('button', { name: 'ログアウト' }).click();
  await expect(secondTab).not.toHaveURL(/\/mypage/);
  const after = await fetch(`${baseURL}/mypage`, { headers: { Cookie: cookie }, redirect: 'manual' });
  expect(after.status).toBe(302);
  expect(await after.text()).not.toContain(one.email);
  await one.context.close();
  await two.context.close();
});
