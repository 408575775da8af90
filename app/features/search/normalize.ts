// How a company name and a typed query are made comparable (docs/product/companies.md#company-search):
// full-width and half-width forms alike (NFKC), case-insensitive, hiragana as katakana,
// corporate suffixes and spaces ignored.
import { hiraganaToKatakana } from '../../lib/kana';

// After NFKC, ㈱ has become (株) and half-width kana full-width.
const CORPORATE_WORDS = ['株式会社', '(株)', '有限会社', '(有)', '合同会社', 'ホールディングス'];
const IGNORED = /[\s\u3000・·、，,.。'"’”「」『』【】]/gu;

function removeCorporateWords(text: string): string {
  let current = text;
  // Removing one occurrence can join the halves of another: repeat until nothing changes.
  for (;;) {
    const word = CORPORATE_WORDS.find((candidate) => current.includes(candidate));
    if (word === undefined) return current;
    current = current.replaceAll(word, '');
  }
}

/** The search key of a name, a reading or a query. normalizeSearchText(normalizeSearchText(x)) === normalizeSearchText(x). */
export function normalizeSearchText(text: string): string {
  let key = text.normalize('NFKC').toLowerCase().normalize('NFKC');
  key = hiraganaToKatakana(key);
  key = key.replace(IGNORED, '');
  key = removeCorporateWords(key);
  return key;
}
