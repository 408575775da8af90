// Steps of the browser tests of the posting form.
import { expect, type Page } from '@playwright/test';

export const saveStatus = (page: Page) => page.locator('[data-save-status]');

/** The page has settled: the autosave says the draft is saved, with its time. */
export async function waitSaved(page: Page): Promise<void> {
  await expect(saveStatus(page)).toHaveAttribute('data-save-status', 'saved', { timeout: 15_000 });
  await expect(saveStatus(page)).toContainText(/下書きを保存しました \d{2}:\d{2}/);
}

/** Fills the プログラム section of an インターン体験記, as typed (the year may be full-width). */
export async function fillInternProgram(
  page: Page,
  program: { title: string; year: string; season: '夏' | '冬'; theme: string; format: '対面' | 'オンライン'; days: string },
): Promise<void> {
  await page.getByLabel('タイトル').fill(program.title);
  await page.getByLabel('開催年').fill(program.year);
  await page.getByRole('radiogroup', { name: '開催時期' }).getByLabel(program.season).check();
  await page.getByLabel('プログラムのテーマ').fill(program.theme);
  await page.getByRole('radiogroup', { name: '開催形式' }).getByLabel(program.format).check();
  await page.getByLabel('期間（日数）').fill(program.days);
}
