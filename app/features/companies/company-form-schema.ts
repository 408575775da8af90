// The company form of the admin area (/admin/companies/new, …/edit), checked in the browser
// and again on the server (docs/decisions/029-admin-catalog.md). Readings are converted to
// full-width katakana; numbers may be typed with full-width digits and thousands separators.
import { z } from '../../lib/zod';
import { kanaReading, optionalWebUrl, similarNameConfirmation } from '../../lib/catalog-fields';
import { cleanText } from '../../lib/clean-text';
import { tokyoYear } from '../../lib/tokyo-time';

export const COMPANY_NAME_MAX = 100;
export const COMPANY_KANA_MAX = 100;
export const COMPANY_DESCRIPTION_MAX = 2000;
export const FOUNDED_YEAR_MIN = 1600;
/** No company has more people; a larger number is a typing error. */
export const EMPLOYEE_COUNT_MAX = 10_000_000;

/** An id chosen in a select: a positive whole number, or the message. */
function chosenId(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined),
    z.number({ error: message }).int(message).positive(message),
  );
}

/** 「１，２００」「1,200人」 → 1200; empty → undefined; anything else → NaN (refused). */
function typedNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value
    .normalize('NFKC')
    .replace(/[,\s]/gu, '')
    .replace(/[人年]$/u, '');
  if (text === '') return undefined;
  return /^-?\d+(?:\.\d+)?$/u.test(text) ? Number(text) : Number.NaN;
}

function optionalWholeNumber(message: string, min: number, max: () => number) {
  return z.preprocess(
    typedNumber,
    z
      .number({ error: message })
      .int(message)
      .min(min, message)
      .refine((value) => value <= max(), message)
      .optional()
      .transform((value) => value ?? null),
  );
}

const requiredName = z
  .string({ error: '企業名を入力してください。' })
  .transform(cleanText)
  .pipe(
    z.string().trim().min(1, '企業名を入力してください。').max(COMPANY_NAME_MAX, `企業名は${COMPANY_NAME_MAX}文字以内で入力してください。`),
  );

const description = z.preprocess(
  (value) => value ?? '',
  z
    .string()
    .transform(cleanText)
    .pipe(z.string().trim().max(COMPANY_DESCRIPTION_MAX, `企業説明は${COMPANY_DESCRIPTION_MAX}文字以内で入力してください。`)),
);

export const companyFormSchema = z.object({
  name: requiredName,
  kana: kanaReading('フリガナ', COMPANY_KANA_MAX),
  industryId: chosenId('業種を選んでください。'),
  prefectureId: chosenId('本社所在地（都道府県）を選んでください。'),
  url: optionalWebUrl('URL'),
  employeeCount: optionalWholeNumber(`従業員数は0以上の整数（人数）で入力してください。`, 0, () => EMPLOYEE_COUNT_MAX),
  foundedYear: optionalWholeNumber(`設立年は${FOUNDED_YEAR_MIN}年から今年までの西暦4桁で入力してください。`, FOUNDED_YEAR_MIN, () =>
    tokyoYear(),
  ),
  description,
  ...similarNameConfirmation,
});

export type CompanyForm = z.output<typeof companyFormSchema>;

/** What is stored of a company that a moderator edits. */
export type CompanyFields = Omit<CompanyForm, 'confirmSimilar' | 'similarFor'>;

/** The stored fields, in the order the form and the audit log show them. */
export const COMPANY_FIELD_LABELS: Record<keyof CompanyFields, string> = {
  name: '企業名',
  kana: 'フリガナ',
  industryId: '業種',
  prefectureId: '本社所在地',
  url: 'URL',
  employeeCount: '従業員数',
  foundedYear: '設立年',
  description: '企業説明',
};
