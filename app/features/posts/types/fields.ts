// The building blocks of the post types' schemas (docs/decisions/022-post-revisions.md). Every
// field is declared once and yields two zod schemas: the strict one a submission must pass, and
// the lenient one a draft may hold (any subset, nothing required, the same maximum lengths),
// so that a half-written 体験記 is saved as it is and checked in full only when it is sent.
import { z } from '../../../lib/zod';
import { cleanText } from '../../../lib/clean-text';
import { DAY_MS, tokyoMidnight } from '../../../lib/tokyo-time';

export type Field<Strict extends z.ZodType = z.ZodType, Draft extends z.ZodType = z.ZodType> = {
  strict: Strict;
  draft: Draft;
  /** A text field's maximum length, which the form shows while the student types. */
  max?: number;
};

/** A string cleaned by cleanText before `inner` checks it; a missing one is 「{label}を入力してください。」. */
function cleaned<T extends z.ZodType<unknown, string>>(label: string, inner: T) {
  return z
    .string({ error: `${label}を入力してください。` })
    .transform(cleanText)
    .pipe(inner);
}

/**
 * What a draft keeps of a number or date field: the number, or what was typed so far (「５日」,
 * half a date) as it was typed, so that reopening the form shows exactly that; the full check
 * comes with the submission.
 */
const draftRaw = z
  .union([z.number(), z.string().max(20)])
  .optional()
  .catch(undefined);

/** An empty form field is "not given". */
function emptyIsMissing(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

function toNumber(value: unknown): unknown {
  const given = emptyIsMissing(value);
  // Full-width digits (２０２６) are digits too.
  return typeof given === 'string' ? Number(given.normalize('NFKC').trim()) : given;
}

function cappedText(label: string, max: number) {
  return z.string().trim().max(max, `${label}は${max}文字以内で入力してください。`);
}

/**
 * Required free text, trimmed: at least `min` characters (a section that says something). A
 * draft keeps the text exactly as typed (untrimmed), within the same maximum.
 */
export function text(label: string, options: { min?: number; max: number }) {
  const { min = 1, max } = options;
  const strict = cleaned(
    label,
    cappedText(label, max).min(1, `${label}を入力してください。`).min(min, `${label}は${min}文字以上で入力してください。`),
  );
  return { strict, draft: draftText(label, max), max } satisfies Field;
}

function draftText(label: string, max: number) {
  return cleaned(label, z.string().max(max, `${label}は${max}文字以内で入力してください。`)).optional();
}

/** The title every content type has. */
export const TITLE_MAX = 80;
export const TITLE = text('タイトル', { min: 5, max: TITLE_MAX });

/** Required texts stored under fixed headings: one field per key, named by its heading. */
export function headedTexts<const H extends Record<string, string>>(headings: H, limits: { min: number; max: number }) {
  return Object.fromEntries(Object.entries(headings).map(([key, heading]) => [key, text(heading, limits)])) as {
    [K in keyof H]: ReturnType<typeof text>;
  };
}

/** Optional free text. */
export function optionalText(label: string, options: { max: number }) {
  const strict = z.preprocess(emptyIsMissing, cleaned(label, cappedText(label, options.max)).optional());
  return { strict, draft: draftText(label, options.max), max: options.max } satisfies Field;
}

/** A calendar date typed as YYYY-MM-DD (an <input type="date">), not in the future (a day of slack for time zones). */
export function date(label: string) {
  return { strict: z.preprocess(emptyIsMissing, pastDate(label)), draft: draftRaw } satisfies Field;
}

/** An optional date: empty is not given. */
export function optionalDate(label: string) {
  return { strict: z.preprocess(emptyIsMissing, pastDate(label).optional()), draft: draftRaw } satisfies Field;
}

function pastDate(label: string) {
  return z
    .string({ error: `${label}を入力してください。` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}を正しい日付で入力してください。`)
    .refine((text) => {
      const parsed = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
    }, `${label}を正しい日付で入力してください。`)
    .refine((text) => text >= '2000-01-01', `${label}を正しい日付で入力してください。`)
    .refine((text) => tokyoMidnight(text).getTime() <= Date.now() + DAY_MS, `${label}に未来の日付は入力できません。`);
}

function number(label: string, options: { min: number; max: number; unit?: string }) {
  const range = `${label}を${options.min}〜${options.max}${options.unit ?? ''}で入力してください。`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${label}を入力してください。` : range) })
    .int(range)
    .min(options.min, range)
    .max(options.max, range);
}

/** A required whole number from a form field or stored JSON, between `min` and `max`. */
export function integer(label: string, options: { min: number; max: number; unit?: string }) {
  return {
    strict: z.preprocess(toNumber, number(label, options)),
    draft: draftRaw,
  } satisfies Field;
}

/** An optional whole number. */
export function optionalInteger(label: string, options: { min: number; max: number; unit?: string }) {
  return {
    strict: z.preprocess(toNumber, number(label, options).optional()),
    draft: draftRaw,
  } satisfies Field;
}

/** A four-digit year such as 2025 (docs/product/content.md#intern-experience: "year (four digits)"). */
export function year(label: string) {
  return integer(label, { min: 2000, max: 2100, unit: '年' });
}

export function optionalYear(label: string) {
  return optionalInteger(label, { min: 2000, max: 2100, unit: '年' });
}

/** The 職種・コース a post may name (体験記 and ES). */
export const JOB_TYPE = optionalText('職種・コース', { max: 40 });

/** The author's 卒業年度, when they give it. */
export const GRADUATION_YEAR = optionalYear('卒業年度');

/** A star rating of 1 to 5 (the star rating input widget). */
export function rating(label: string) {
  const value = z
    .number({ error: `${label}を1〜5の星で選んでください。` })
    .int()
    .min(1)
    .max(5);
  return {
    strict: z.preprocess(toNumber, value),
    draft: z.preprocess(toNumber, value.optional()).catch(undefined),
  } satisfies Field;
}

/** One of a fixed list of values (a select or a radio group). */
export function choice<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  const value = z.enum(values, { error: `${label}を選んでください。` });
  return {
    strict: z.preprocess(emptyIsMissing, value),
    draft: z.preprocess(emptyIsMissing, value.optional()).catch(undefined),
  } satisfies Field;
}

export function optionalChoice<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  const value = z.enum(values, { error: `${label}を選んでください。` }).optional();
  return {
    strict: z.preprocess(emptyIsMissing, value),
    draft: z.preprocess(emptyIsMissing, value).catch(undefined),
  } satisfies Field;
}

/** A yes/no field (a checkbox): checked sends "on" (or "true"), unchecked sends nothing. */
export function flag() {
  const value = z.preprocess((input) => input === true || input === 'on' || input === 'true', z.boolean());
  return { strict: value, draft: value.optional() } satisfies Field;
}

type Shape = Record<string, Field>;
type StrictShape<S extends Shape> = { [K in keyof S]: S[K]['strict'] };
type DraftShape<S extends Shape> = { [K in keyof S]: z.ZodOptional<S[K]['draft']> };

/** An object of fields: each as declared when sent, all optional in a draft. */
export function object<S extends Shape>(shape: S) {
  const strict = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.strict])) as StrictShape<S>;
  const draft = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.draft.optional()])) as DraftShape<S>;
  // A nested object nobody filled in (no star chosen sends no ratings.* field) is an empty one,
  // so that each of its fields says what is missing, beside that field.
  return {
    strict: z.preprocess((value) => value ?? {}, z.object(strict)),
    draft: z.object(draft),
    shape,
  } satisfies Field & { shape: S };
}

/** The maximum lengths of an object's text fields, for the form's counters. */
export function maxLengths<S extends Shape>(shape: S): { [K in keyof S]: number } {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.max ?? 0])) as { [K in keyof S]: number };
}

/** A list the author adds to, removes from and reorders (ES questions, selection steps). */
export function list<S extends z.ZodType, D extends z.ZodType>(label: string, item: Field<S, D>, options: { min: number; max: number }) {
  const tooMany = `${label}は${options.max}個までです。`;
  return {
    strict: z.preprocess(
      (value) => value ?? [],
      z
        .array(item.strict, { error: `${label}を正しく入力してください。` })
        .min(options.min, `${label}を${options.min}個以上入力してください。`)
        .max(options.max, tooMany),
    ),
    draft: z.array(item.draft).max(options.max, tooMany),
    item,
  } satisfies Field & { item: Field<S, D> };
}

/**
 * A list of short texts the author adds to (the questions asked in a step): the empty ones are
 * dropped, each is cleaned and at most `maxLength` characters, and there are at most `max`.
 */
export function textList(label: string, options: { max: number; maxLength: number }) {
  const tooLong = `${label}は1つ${options.maxLength}文字以内で入力してください。`;
  const tooMany = `${label}は${options.max}個までです。`;
  const filled = (value: unknown) =>
    Array.isArray(value) ? value.filter((item) => typeof item !== 'string' || cleanText(item).trim() !== '') : value;
  const item = z.string().transform(cleanText).pipe(z.string().trim().max(options.maxLength, tooLong));
  return {
    strict: z.preprocess(
      filled,
      z
        .array(item, { error: `${label}を正しく入力してください。` })
        .max(options.max, tooMany)
        .optional(),
    ),
    draft: z.array(z.string().max(options.maxLength, tooLong)).max(options.max, tooMany).optional().catch(undefined),
    max: options.maxLength,
  } satisfies Field;
}

/** A list the author may leave empty (an internship's selection steps): absent when not given. */
export function optionalList<S extends z.ZodType, D extends z.ZodType>(label: string, item: Field<S, D>, options: { max: number }) {
  const tooMany = `${label}は${options.max}個までです。`;
  return {
    strict: z.preprocess(
      emptyIsMissing,
      z
        .array(item.strict, { error: `${label}を正しく入力してください。` })
        .max(options.max, tooMany)
        .optional(),
    ),
    draft: z.array(item.draft).max(options.max, tooMany),
    item,
  } satisfies Field & { item: Field<S, D> };
}
