// Whether the snack bar's message and the badge notification were ever on screen together
// (issue 27: one lane, never overlapping), watched frame by frame in the page.
import type { Page } from '@playwright/test';

/** Starts watching (it survives client-side navigation); `overlaps` reads the count of frames. */
export async function watchNoticeOverlap(page: Page): Promise<{ overlaps: () => Promise<number> }> {
  await page.evaluate(() => {
    const state = window as unknown as { __noticeOverlaps: number };
    state.__noticeOverlaps = 0;
    const tick = () => {
      const badge = document.querySelector('#js-badge-popup-container [role="status"]:not(:empty), [role="dialog"]');
      const message = [...document.querySelectorAll('div[role="status"][aria-live="polite"]')].some(
        (region) => !region.closest('#js-badge-popup-container') && (region.textContent ?? '').trim() !== '',
      );
      if (badge && message) state.__noticeOverlaps += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return { overlaps: () => page.evaluate(() => (window as unknown as { __noticeOverlaps: number }).__noticeOverlaps) };
}
