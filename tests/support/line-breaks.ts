// Where Japanese text breaks across lines, measured in the browser (issue 27, point 8): a word
// split over two lines (「企/画」, 「変更す/る」, 「パルスリ/テール」) and a page wider than the screen.
import type { Page } from '@playwright/test';

/**
 * What the route walk checks on every page: headings, table and list headings, labels, links,
 * buttons and names (`.name-text`, app/ui/name-text.tsx). Running text is left to the browser.
 */
export const KEPT_TOGETHER = 'h1, h2, h3, h4, th, dt, label, legend, summary, a, button, [role=button], .name-text';

/**
 * The words of the elements matching `selector` that a line break splits, as
 * 「element 『text』: 企/画」. A line may end
 * - in a name (`.name-text`, app/ui/name-text.tsx) only between its parts (its <wbr>s), and
 *   never inside a word kept whole (`.keep-word`, app/ui/keep-words.tsx);
 * - elsewhere, between two words, where a word is what ICU finds (Intl.Segmenter, the browser's
 *   dictionary): in a button (or a link drawn as one) no word may be split, elsewhere no noun
 *   (a word all of kanji or all of katakana): a break after a particle, 「に/対して」, is fine.
 * A part wider than the page's column may break anywhere (it must, to fit); a box squeezed
 * narrower than its words (a button in a crowded row) is a fault. Text that is not drawn (hidden,
 * aria-hidden, visually hidden) is not looked at, nor running text longer than a title (a
 * post's excerpt in its card), which the browser breaks by phrase.
 */
export async function splitWords(page: Page, selector: string = KEPT_TOGETHER): Promise<string[]> {
  return page.evaluate((selector) => {
    const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });
    const noun = /^(?:[\p{Script=Han}々〆ヶ]+|[\p{Script=Katakana}ー・]+)$/u;
    // The page's column: what a part of a name must be wider than to excuse a break inside it.
    const column = document.documentElement.clientWidth - 32;
    const found: string[] = [];
    const seen = new Set<Text>();
    const range = document.createRange();
    /** The offsets at which the text node's characters start a new line. */
    const lineStarts = (node: Text) => {
      const starts: number[] = [];
      // Most texts are on one line: one rectangle for the whole node.
      range.selectNodeContents(node);
      if (range.getClientRects().length <= 1) return starts;
      let previous: DOMRect | null = null;
      for (let i = 0; i < node.data.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        if (previous && rect.top - previous.top > previous.height / 2) starts.push(i);
        previous = rect;
      }
      return starts;
    };
    const hidden = (element: Element) =>
      element.closest('[hidden], [aria-hidden="true"], [inert], .visually-hidden, script, style, template') !== null;
    /** A button, or a link drawn as one (a flex box with an edge or a fill of its own). */
    const buttonLike = (element: Element) => {
      if (element.closest('button, [role=button]')) return true;
      const link = element.closest('a');
      if (!link) return false;
      const style = getComputedStyle(link);
      const filled = style.backgroundColor !== 'rgba(0, 0, 0, 0)' || Number.parseFloat(style.borderTopWidth) > 0;
      return style.display.endsWith('flex') && filled;
    };
    const where = (element: Element) =>
      `${element.tagName.toLowerCase()} 『${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}』`;
    for (const element of document.querySelectorAll(selector)) {
      if (hidden(element)) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (seen.has(node) || !node.parentElement || hidden(node.parentElement)) continue;
        seen.add(node);
        const text = node.data;
        if (text.length > 80 || !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) continue;
        const breaks = lineStarts(node);
        if (breaks.length === 0) continue;
        const owner = node.parentElement.closest(selector) ?? element;
        if (node.parentElement.closest('.name-text, .keep-word')) {
          // A part of a name or a word kept whole: whole, unless wider than the column.
          const part = text.trim();
          const offset = text.indexOf(part);
          range.setStart(node, offset);
          range.setEnd(node, offset + part.length);
          const width = [...range.getClientRects()].reduce((sum, rect) => sum + rect.width, 0);
          if (width > column) continue;
          for (const at of breaks) found.push(`${where(owner)}: ${text.slice(offset, at)}/${text.slice(at, offset + part.length)}`);
          continue;
        }
        const button = buttonLike(node.parentElement);
        for (const word of segmenter.segment(text)) {
          if (!word.isWordLike || word.segment.length < 2 || (!button && !noun.test(word.segment))) continue;
          const at = breaks.find((each) => word.index < each && each < word.index + word.segment.length);
          if (at !== undefined)
            found.push(`${where(owner)}: ${word.segment.slice(0, at - word.index)}/${word.segment.slice(at - word.index)}`);
        }
      }
    }
    return found;
  }, selector);
}

/** How many pixels the page is wider than the window (0: it does not scroll sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
