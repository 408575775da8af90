import { Fragment } from 'react';

// A run of two or more kanji (with 々〆ヶ) or of katakana (with ー): a compound or a loanword.
const WORD_RUN = /[\p{Script=Han}々〆ヶ]{2,}|[\p{Script=Katakana}ー]{2,}/gu;

/**
 * A title set so that its nouns stay whole: each run of kanji (「水素関連設備」) or of katakana
 * (「インターン」) is kept together (the global .keep-word class, word-break: keep-all), and the
 * line ends between phrases around them (word-break: auto-phrase) or, in browsers without
 * phrases, after the kana. Chromium's phrase model alone once ended a line inside 「関連」.
 * The same text everywhere (no dictionary), so the server's and the browser's renders agree.
 */
export function KeepWords({ children }: { children: string }) {
  const parts: Array<{ text: string; keep: boolean }> = [];
  let from = 0;
  for (const match of children.matchAll(WORD_RUN)) {
    if (match.index > from) parts.push({ text: children.slice(from, match.index), keep: false });
    parts.push({ text: match[0], keep: true });
    from = match.index + match[0].length;
  }
  if (from < children.length) parts.push({ text: children.slice(from), keep: false });
  // One span around the parts: inside a flex box (a link drawn as a row) the parts would
  // otherwise each be a flex item of their own, squeezed side by side.
  return (
    <span>
      {parts.map((part, index) =>
        part.keep ? (
          <span key={index} className="keep-word">
            {part.text}
          </span>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </span>
  );
}
