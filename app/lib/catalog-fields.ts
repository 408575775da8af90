// Form fields the admin forms of companies and job-hunting services share (docs/decisions/
// 029-admin-catalog.md): the reading in katakana, an optional web address, and the tick that
// confirms a save despite a similar name.
import { z } from './zod';
import { isKatakanaReading, toKatakanaReading } from './katakana-reading';

/** The longest URL kept; real company pages are far shorter. */
export const WEB_URL_MAX = 500;

/** An absolute http(s) address with a host name of at least two labels, without a login in it. */
export function isWebUrl(text: string): boolean {
  if (/\s/u.test(text) || !/^https?:\/\//iu.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

function emptyIsMissing(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A required reading: converted to full-width katakana (toKatakanaReading), then checked. */
export function kanaReading(label: string, max: number) {
  return z
    .string({ error: `${label}を入力してください。` })
    .transform(toKatakanaReading)
    .pipe(
      z
        .string()
        .min(1, `${label}を入力してください。`)
        .max(max, `${label}は${max}文字以内で入力してください。`)
        .refine(isKatakanaReading, `${label}は全角カタカナで入力してください（ひらがな・半角カナは自動で変換します）。`),
    );
}

/** An optional web address: empty is null; otherwise http:// or https:// only. */
export function optionalWebUrl(label: string) {
  return z.preprocess(
    emptyIsMissing,
    z
      .string()
      .trim()
      .max(WEB_URL_MAX, `${label}は${WEB_URL_MAX}文字以内で入力してください。`)
      .refine(isWebUrl, `${label}は http:// または https:// で始まる正しいURLを入力してください。`)
      .optional()
      .transform((value) => value ?? null),
  );
}

/** A lone checkbox: checked sends "on". */
export const checked = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

/**
 * The similar-name confirmation: the tick, and the normalised name it was given for (a hidden
 * field the warning carries), so that a tick never waves through a name the moderator has not
 * been warned about.
 */
export const similarNameConfirmation = {
  confirmSimilar: checked.optional().transform((value) => value ?? false),
  similarFor: z.string().max(400).optional(),
};
