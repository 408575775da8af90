// Romaji typed into a company search (issue 18): students on an English keyboard, or with the
// IME off, type a reading as nova, NOVA or ｎｏｖａ. docs/decisions/037-romaji-search.md.
import { toKatakana } from 'wanakana';

const ROMAJI = /^[a-z'-]+$/;
// Kana of the お and う rows: after them a long vowel may be written (トウキョウ, オオサカ, ユウキ)
// or left out (tokyo, osaka, yuki), as Hepburn on signs and in names usually leaves it out.
const O_ROW = 'オコソトノホモヨロゴゾドボポョォヲ';
const U_ROW = 'ウクスツヌフムユルグズヅブプュゥヴ';
const LONG_VOWEL = new RegExp(`(?<=[${O_ROW}${U_ROW}])ウ|(?<=[${O_ROW}])オ|ー`, 'gu');
// ヴ is often read and written バ行 (ノヴァ / ノバ): both spellings of a reading meet here.
const VU: Record<string, string> = { ヴァ: 'バ', ヴィ: 'ビ', ヴェ: 'ベ', ヴォ: 'ボ', ヴ: 'ブ' };

/**
 * A reading (a normalised katakana key) as romaji reaches it: long vowels folded away, ヴ as
 * バ行. fold(reading) contains fold(kana of the typed romaji) whenever the romaji spells the
 * reading with or without its long vowels.
 */
export function foldReading(key: string): string {
  return key.replace(/ヴ[ァィェォ]?/gu, (match) => VU[match] ?? match).replace(LONG_VOWEL, '');
}

/**
 * The folded readings a normalised query may stand for when it is romaji, in Hepburn or kunrei
 * (shi/si, tsu/tu, fu/hu, ja/zya); [] when it is not romaji. A consonant still being typed at the
 * end (no|v) is left out, so the suggestions keep up letter by letter; a last n is both ン and
 * the start of な行 (no|n); nn is ン as in an IME.
 */
export function romajiReadings(key: string): string[] {
  if (!ROMAJI.test(key)) return [];
  const spellings = new Set([key, key.replace(/nn(?![aiueoy])/g, 'n')]);
  if (/(?:^|[^n])n$/.test(key)) spellings.add(key.slice(0, -1));
  const readings = new Set<string>();
  for (const spelling of spellings) {
    const kana = toKatakana(spelling.replaceAll('-', 'ー')).replace(/[a-z']+$/u, '');
    if (/^[\u30a0-\u30ff]+$/u.test(kana)) readings.add(foldReading(kana));
  }
  readings.delete('');
  return [...readings];
}
