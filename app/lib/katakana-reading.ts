// Readings (フリガナ) of companies and job-hunting services are stored in full-width katakana:
// the kana sort of the search page relies on it (katakana code points are 五十音順). What a
// moderator types is converted rather than refused where the intent is unambiguous: hiragana,
// half-width katakana and a hyphen used as the long vowel mark (docs/decisions/029-admin-catalog.md).

/** Full-width katakana, ヴ and the small forms included, ・ (U+30FB), ー and the iteration marks. */
const KATAKANA_READING = /^[\u30A1-\u30FA\u30FB\u30FC-\u30FE]+$/u;

/** Dashes a phone or a Latin keyboard gives for ー. */
const DASHES = /[-‐‑‒–—―−－~〜～]/u;

/**
 * The reading in full-width katakana as far as it can be converted: NFKC (half-width ｶﾌﾞ →
 * カブ), hiragana → katakana, spaces removed, and a dash after a kana → ー. Anything else
 * (Latin letters, digits, kanji) is left for isKatakanaReading to refuse.
 */
export function toKatakanaReading(input: string): string {
  const wide = input.normalize('NFKC');
  let out = '';
  for (const char of wide) {
    const code = char.codePointAt(0)!;
    if (/\s/u.test(char)) continue;
    // ぁ (U+3041) … ゖ (U+3096) and ゝゞ sit exactly 0x60 below their katakana.
    if ((code >= 0x3041 && code <= 0x3096) || code === 0x309d || code === 0x309e) {
      out += String.fromCodePoint(code + 0x60);
    } else if (DASHES.test(char) && out !== '' && KATAKANA_READING.test(out.at(-1)!)) {
      out += 'ー';
    } else {
      out += char;
    }
  }
  return out;
}

/** Whether a (converted) reading is full-width katakana only. */
export function isKatakanaReading(text: string): boolean {
  return KATAKANA_READING.test(text);
}
