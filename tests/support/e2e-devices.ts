// What the browser tests that run on both a phone and a desktop share: the two devices, the
// console watch, waiting for hydration, and a tap or a click as the device does it.
import { expect, type Locator, type Page } from '@playwright/test';

export const VIEWPORTS = [
  { name: 'phone', viewport: { width: 375, height: 812 }, mobile: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, mobile: false },
] as const;

export type Device = (typeof VIEWPORTS)[number];

/** Console errors and uncaught exceptions of a page, from now on. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Waits until React has hydrated the element (it carries React's fiber), so a tap reaches its handler. */
export async function hydrated(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')))).toBe(true);
}

/**
 * Resolves once the page has drawn two more frames: what a timer that just fired or an answer that
 * just came changed is on screen by then (React renders before the next frame). The condition to
 * wait for before asserting that something did not change.
 */
export async function rendered(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Taps on a phone, clicks on a desktop. */
export async function press(element: Locator, device: Device): Promise<void> {
  if (device.mobile) await element.tap();
  else await element.click();
}
