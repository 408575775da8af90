// The one axe-core run of the browser tests (issue 18): WCAG 2.1 A/AA and best practices, every
// violation of any impact, as "id (impact) ×n: targets" lines. In axe's legacy mode: the site has
// no frames, and the default mode opens a second page for every check (to merge the frames'
// results), which took as long again as the check itself.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export async function axeViolations(page: Page): Promise<string[]> {
  // What is checked is the page as a person reads it: a notice sliding in (its opacity still
  // rising) would be measured at a contrast nobody sees. Finite animations end first; a spinner's
  // endless one is left running.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
  const axe = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  // Legacy mode checks the top document only: a frame would go unchecked, so one is a finding.
  const frames = page.frames().length - 1;
  const unchecked = frames > 0 ? [`${frames} frames that this check does not read`] : [];
  return [
    ...unchecked,
    ...axe.violations.map((violation) => {
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
      return `${violation.id} (${violation.impact}) ×${violation.nodes.length}: ${targets.join(' | ')}`;
    }),
  ];
}
