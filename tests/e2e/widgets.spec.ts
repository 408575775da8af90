import { expect, test } from '@playwright/test';

test('the bottom sheet opens, keeps focus inside, and closes with Escape and 閉じる', async ({ page }) => {
  await page.goto('/dev/widgets');
  const opener = page.getByRole('button', { name: 'バッジ獲得シートを開く' });
  await opener.click();

  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute('aria-modal', 'true');
  await expect(sheet).toContainText('バッジを獲得しました');
  const box = await sheet.boundingBox();
  expect(Math.round(box!.width)).toBe(640);

  // Tab many times: focus never leaves the sheet.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: '閉じる' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the bottom sheet spans the full width of a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/dev/widgets');
  await page.getByRole('button', { name: 'バッジ獲得シートを開く' }).click();
  const box = await page.getByRole('dialog').boundingBox();
  expect(Math.round(box!.width)).toBe(375);
  // No horizontal scrolling on the gallery at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});
