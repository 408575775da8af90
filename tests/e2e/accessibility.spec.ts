// Issue 18, goals 1 and 4: every page of the route table, as a visitor, a student and a
// moderator, at 375 px and 1280 px, checked with axe-core (WCAG 2.1 A/AA and best practices: no
// violation of any impact, text contrast included), for form controls whose edge has 3:1
// against what is behind them, and, on the phone, for tap targets of at least 44 × 44 px; and
// (issue 27) for lines that break inside a word and pages that scroll sideways.
//
// Nothing here lists pages: the pages are the route modules with a component (.tsx; resource
// routes are .ts), a route's parameters are taken from a link to it found on the pages visited
// before (so a new route is covered as soon as the table has it), and the sample values of
// tests/support/route-paths.ts stand in where no page links to it.
import { HtmlValidate } from 'html-validate';
import { expect, test, type Page } from '@playwright/test';
import routes from '../../app/routes';
import { axeViolations } from '../support/axe';
import { VIEWPORTS } from '../support/e2e-devices';
import { horizontalOverflow, splitWords } from '../support/line-breaks';
import { routeTemplates, type RouteEntry, type RouteTemplate } from '../support/route-paths';

const DEMO_PASSWORD = 'shulog-demo-2026';
// The admin area is the 404 page to everyone but moderators (moderation.spec.ts proves it, and the
// 404 page is checked through the table's * route), and every other page is the same for a
// moderator as for a visitor but for the header, which the admin pages carry: so visitors and
// students walk everything outside /admin, moderators the admin area.
const ADMIN = /^\/admin(\/|$)/;
const ROLES = [
  { name: 'visitor', email: null, walks: (pattern: string) => !ADMIN.test(pattern) },
  { name: 'student', email: 'student01@shulog.example', walks: (pattern: string) => !ADMIN.test(pattern) },
  { name: 'moderator', email: 'admin@shulog.example', walks: (pattern: string) => ADMIN.test(pattern) },
] as const;
const MIN_TARGET = 44;
// WALK_ONLY=compare walks only the routes whose pattern matches (a regular expression), to check
// a page quickly while working on it; CI walks them all.
const WALK_ONLY = process.env.WALK_ONLY ? new RegExp(process.env.WALK_ONLY) : null;

// The HTML as served, checked against the HTML standard and html-validate's accessibility rules
// (goal 8). Two settings: the header search is an ARIA 1.2 combobox on an input with a listbox of
// suggestions (no native element does that: a select cannot be typed in), and naming an element whose role takes a name (a list, a region) is
// allowed, while a name on an element that ignores it (a plain div, span or li) is still an error.
const htmlValidate = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:a11y'],
  rules: {
    'prefer-native-element': ['error', { exclude: ['combobox', 'listbox'] }],
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
  },
});

/**
 * Every page route once; a layout without a path of its own has no URL, and the development pages
 * (/dev/…) are not served by the production server the walk runs against (docs/decisions/070).
 */
function pageTemplates(): RouteTemplate[] {
  const seen = new Set<string>();
  return routeTemplates(routes as RouteEntry[]).filter((template) => {
    if (!template.file?.endsWith('.tsx') || /layout\.tsx$/.test(template.file) || seen.has(template.pattern)) return false;
    if (template.pattern.startsWith('/dev/')) return false;
    seen.add(template.pattern);
    return true;
  });
}

/** The pattern as a regular expression over a link's path: ids are numbers, other values one segment. */
function patternRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:(\w+)/g, (_, name: string) => (name.endsWith('Id') ? '\\d+' : '[^/]+'))}$`);
}

/** Same-origin paths of every link on the page. */
async function linkPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((anchor) => new URL(anchor.href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname + url.search),
  );
}

/**
 * Form controls whose edge does not stand out (WCAG 1.4.11, non-text contrast 3:1): a text
 * field, select, checkbox or radio is found by its border or its own background against what is
 * behind it, so one of the two needs 3:1. Disabled controls and controls that are not drawn are
 * exempt. (Text contrast, 4.5:1 and 3:1 for large text, is axe's color-contrast rule.)
 */
async function weakControlEdges(page: Page): Promise<string[]> {
  return page.evaluate((minimum) => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba | null => {
      const match = /rgba?\(([^)]+)\)/.exec(color);
      if (!match) return null;
      const parts = match[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const alpha = top[3];
      return [0, 1, 2].map((i) => top[i]! * alpha + bottom[i]! * (1 - alpha)).concat(1) as Rgba;
    };
    const luminance = (color: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(color[0]) + 0.7152 * channel(color[1]) + 0.0722 * channel(color[2]);
    };
    const contrast = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    /** The solid color behind an element: its ancestors' backgrounds laid over white. */
    const behind = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let node = element; node; node = node.parentElement) {
        const color = parse(getComputedStyle(node).backgroundColor);
        if (color && color[3] > 0) {
          layers.push(color);
          if (color[3] >= 1) break;
        }
      }
      return layers.reverse().reduce<Rgba>((base, layer) => over(layer, base), [255, 255, 255, 1]);
    };
    const weak: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'input:not([type=hidden]):not([type=submit]):not([type=button]), select, textarea',
    );
    for (const control of controls) {
      if ((control as HTMLInputElement).disabled || control.closest('[inert], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(control);
      const rect = control.getBoundingClientRect();
      if (style.visibility === 'hidden' || Number(style.opacity) === 0 || rect.width < 4 || rect.height < 4) continue;
      const back = behind(control.parentElement);
      const own = parse(style.backgroundColor);
      const fill = own && own[3] > 0 ? over(own, back) : back;
      let best = contrast(fill, back);
      for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
        const width = Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
        const color = parse(style.getPropertyValue(`border-${side.toLowerCase()}-color`));
        if (width > 0 && color && color[3] > 0) best = Math.max(best, contrast(over(color, back), back), contrast(over(color, fill), fill));
      }
      if (best < minimum - 0.01) {
        const name = control.getAttribute('aria-label') ?? control.getAttribute('name') ?? control.id;
        weak.push(`${control.tagName.toLowerCase()} 「${name}」 edge ${best.toFixed(2)}:1`);
      }
    }
    return weak;
  }, 3);
}

/**
 * Interactive elements smaller than the minimum on the page as drawn (their own box). A checkbox or radio
 * drawn with its label counts with the label; a link inside running text is exempt (WCAG
 * 2.5.8's inline exception); controls that are not drawn (hidden, clipped to 1 px, inert) are
 * not targets.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[role=button]',
      '[role=link]',
      '[role=tab]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
    ].join(',');
    const interactive = 'a[href],button,input,select,textarea,summary,[role=button],[role=link]';
    const ownText = (block: Element) => {
      const clone = block.cloneNode(true) as Element;
      for (const control of clone.querySelectorAll(interactive)) control.remove();
      return (clone.textContent ?? '').replace(/\s+/g, '');
    };
    const blockOf = (element: Element) => {
      let node = element.parentElement;
      while (node && getComputedStyle(node).display.startsWith('inline')) node = node.parentElement;
      return node;
    };
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[inert],[aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let rect = element.getBoundingClientRect();
      const input = element as HTMLInputElement;
      if ((input.type === 'checkbox' || input.type === 'radio') && input.labels?.[0]) {
        const label = input.labels[0].getBoundingClientRect();
        const left = Math.min(rect.left, label.left);
        const top = Math.min(rect.top, label.top);
        rect = new DOMRect(left, top, Math.max(rect.right, label.right) - left, Math.max(rect.bottom, label.bottom) - top);
      }
      if (rect.width <= 1 || rect.height <= 1 || rect.bottom <= 0 || rect.right <= 0) continue;
      // A link stretched over its card (::after with inset 0 on a positioned card) counts as the
      // card: the card is drawn, and it is what a person aims at. An invisible extension of the
      // element's own box (a ::before or ::after reaching past a positioned button, as the small
      // button once had) does not count: a person aims at what is drawn, so a 36 px button
      // with 4 px of invisible margin above and below is a 36 px target (issue 27).
      for (const pseudo of ['::before', '::after']) {
        const extension = getComputedStyle(element, pseudo);
        if (extension.content === 'none' || extension.position !== 'absolute' || style.position !== 'static') continue;
        const container = element.offsetParent;
        if (!container) continue;
        const box = container.getBoundingClientRect();
        const inset = (value: string) => (value.endsWith('px') ? Number.parseFloat(value) : Number.NaN);
        const [top, right, bottom, left] = [extension.top, extension.right, extension.bottom, extension.left].map(inset);
        if ([top, right, bottom, left].some(Number.isNaN)) continue;
        const area = new DOMRect(box.left + left!, box.top + top!, box.width - left! - right!, box.height - top! - bottom!);
        const x = Math.min(rect.left, area.left);
        const y = Math.min(rect.top, area.top);
        rect = new DOMRect(x, y, Math.max(rect.right, area.right) - x, Math.max(rect.bottom, area.bottom) - y);
      }
      if (style.display === 'inline' && element.tagName === 'A') {
        const block = blockOf(element);
        if (block && ownText(block).length >= 10) continue;
      }
      if (rect.width < min - 0.5 || rect.height < min - 0.5) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '').trim().slice(0, 30);
        small.push(`${element.tagName.toLowerCase()} 「${name}」 ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
    }
    return small;
  }, MIN_TARGET);
}

for (const role of ROLES) {
  for (const device of VIEWPORTS) {
    test(`every page passes axe${device.mobile ? ' and has 44 px tap targets' : ''}: ${role.name}, ${device.viewport.width} px`, async ({
      browser,
    }) => {
      // ~50 pages with axe and five checks each: about 3 minutes alone on two cores, and up to twice
      // that when the other walks and the fuzz run beside it at the end of the run.
      test.setTimeout(600_000);
      const context = await browser.newContext({ viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
      const page = await context.newPage();
      if (role.email) {
        await page.goto('/login');
        await page.getByLabel('メールアドレス').fill(role.email);
        await page.getByLabel('パスワード').fill(DEMO_PASSWORD);
        await page.locator('main').getByRole('button', { name: 'ログイン', exact: true }).click();
        await expect(page).not.toHaveURL(/\/login/);
      }
      const templates = pageTemplates().filter((template) => role.walks(template.pattern) && (WALK_ONLY?.test(template.pattern) ?? true));
      if (!WALK_ONLY) expect(templates.length).toBeGreaterThan(role.name === 'moderator' ? 8 : 30);
      const links = new Set<string>();
      const checked = new Set<string>();
      const problems: string[] = [];

      const check = async (path: string) => {
        // Checked once React has hydrated and the personal parts (hearts, the account menu) are drawn.
        await page.goto(path, { waitUntil: 'load' });
        await page.waitForFunction(() => {
          const main = document.querySelector('main') ?? document.body;
          return document.documentElement.dataset.personal !== 'pending' && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
        });
        // With a session, a page's first view can earn a badge: its popup comes with a call of
        // its own after the personal parts. The page is checked once nothing is in flight (and,
        // in axeViolations, once the popup has finished rising).
        if (role.email) await page.waitForLoadState('networkidle');
        const here = new URL(page.url());
        const key = here.pathname + here.search;
        if (checked.has(key)) return;
        checked.add(key);
        for (const link of await linkPaths(page)) links.add(link);
        for (const violation of await axeViolations(page)) problems.push(`${path} → ${key}: ${violation}`);
        if (device.mobile) for (const target of await smallTargets(page)) problems.push(`${path}: tap target ${target}`);
        for (const edge of await weakControlEdges(page)) problems.push(`${path}: non-text contrast ${edge}`);
        // Japanese breaks between words, and nothing is wider than the screen (issue 27).
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${path}: the page scrolls sideways by ${overflow} px`);
        for (const split of await splitWords(page)) problems.push(`${path}: a line breaks inside a word: ${split}`);
        // A class name built from a missing value (styles[size] of an unknown size) once reached the page.
        const undefinedClasses = await page.locator('[class~="undefined"]').count();
        if (undefinedClasses > 0) problems.push(`${path}: ${undefinedClasses} elements with the class "undefined"`);
        // The served document is the same at every width: validated once per role.
        if (!device.mobile) {
          const served = await page.request.get(key);
          const report = await htmlValidate.validateString(await served.text());
          for (const message of report.results.flatMap((result) => result.messages)) {
            problems.push(`${key}: html-validate ${message.ruleId}: ${message.message} (${message.selector ?? ''})`);
          }
        }
      };

      for (const template of templates.filter((candidate) => candidate.params.length === 0)) await check(template.path);
      for (const template of templates.filter((candidate) => candidate.params.length > 0)) {
        const pattern = patternRegExp(template.pattern);
        const linked = [...links].find((link) => pattern.test(link.split('?')[0]!));
        await check(linked ?? template.path);
      }
      await context.close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}
