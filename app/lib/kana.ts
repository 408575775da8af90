// Kana folding shared by the searches (company names, ES questions): what a student types in
// hiragana finds what is written in katakana.

/** Hiragana as katakana; everything else unchanged. */
export function hiraganaToKatakana(text: string): string {
  // ぁ (U+3041) … ゖ (U+3096) and ゝゞ sit exactly 0x60 below their katakana.
  return text.replace(/[\u3041-\u3096\u309d\u309e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60));
}
