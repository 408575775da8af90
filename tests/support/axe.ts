// The one axe-core run of the browser tests (issue 18): WCAG 2.1 A/AA and best practices, every
// violation of any impact, as "id (impact) ×n: targets" lines.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return axe.violations.map((violation) => {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
    return `${violation.id} (${violation.impact}) ×${violation.nodes.length}: ${targets.join(' | ')}`;
  });
}
