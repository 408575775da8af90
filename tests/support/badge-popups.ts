// Badge popups closed whenever they come, for browser tests about something else.
import type { Locator, Page } from '@playwright/test';

/**
 * Closes every badge popup the page shows from now on. The popup can also go while the handler
 * would wait for 閉じる to be clickable: a snack bar closes by itself after a few seconds, and a
 * reload takes any popup with the page. So the handler presses the 閉じる of whatever popup is
 * there at that moment, without waiting for one (evaluateAll), and Playwright then waits until no
 * popup is shown: one that stays fails the test.
 */
export async function closeBadgePopups(page: Page): Promise<void> {
  const close = (popup: Locator) =>
    popup.evaluateAll((popups) => {
      for (const button of popups.flatMap((element) => [...element.querySelectorAll('button')]))
        if (button.getAttribute('aria-label') === '閉じる' || button.textContent?.trim() === '閉じる') button.click();
    });
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'バッジを獲得しました' }), close);
  await page.addLocatorHandler(page.locator('#js-badge-popup-container [role=status]'), close);
}
