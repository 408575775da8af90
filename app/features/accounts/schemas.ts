// The forms of the accounts feature: one zod schema each, used by the route actions on the
// server and shared with the components, with Japanese messages beside each field.
import { z } from '../../lib/zod';
import { currentGraduationYear } from '../../lib/academic-year';
import { DEMO_PASSWORD } from '../../lib/demo-password';
import { isCarriableReturnPath } from '../../lib/return-path';

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap only keeps hashing cheap to refuse. */
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;

/** Trimmed and lower-cased: the form in which emails are stored and compared. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const email = z
  .string()
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, 'メールアドレスを入力してください。')
      .max(EMAIL_MAX, 'メールアドレスが長すぎます。')
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'メールアドレスの形式が正しくありません（例: taro@example.com）。'),
  );

/** A password an account may choose (sign-up, reset, change, npm run admin:create). */
export const newPassword = z
  .string()
  .min(1, 'パスワードを入力してください。')
  .min(PASSWORD_MIN, `パスワードは${PASSWORD_MIN}文字以上で入力してください。`)
  .max(PASSWORD_MAX, `パスワードは${PASSWORD_MAX}文字以内で入力してください。`)
  // Printed in the README for the demo: anyone could log in with it.
  .refine(
    (password) => password !== DEMO_PASSWORD,
    'このパスワードはデモ用として公開されているため使えません。別のパスワードを入力してください。',
  );

/** Where to go afterwards: checked by safeRedirectPath, not here (a bad one falls back). */
const redirectTo = z.string().optional().catch(undefined);

export const signupSchema = z.object({
  email,
  password: newPassword,
  /** The page the student signed up from: checked by safeReturnPath, not here (a bad one is dropped). */
  redirect_to: redirectTo,
});

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'パスワードを入力してください。').max(PASSWORD_MAX, 'パスワードが正しくありません。'),
  redirect_to: redirectTo,
});

export const passwordResetRequestSchema = z.object({ email });

export const passwordResetSchema = z
  .object({ password: newPassword, passwordConfirmation: z.string() })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: '確認用のパスワードが一致しません。',
  });

/** Changing the password while logged in: the current one first (issue 18). */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, '現在のパスワードを入力してください。'),
    password: newPassword,
    passwordConfirmation: z.string(),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: '確認用のパスワードが一致しません。',
  });

/** A new login address while logged in, confirmed by a link sent to it (issue 18). */
export const emailChangeSchema = z.object({
  email,
  currentPassword: z.string().min(1, '現在のパスワードを入力してください。'),
});

/** 退会: the current password, so that a session left open cannot close the account. */
export const accountDeletionSchema = z.object({
  currentPassword: z.string().min(1, '現在のパスワードを入力してください。'),
});

/** 学部卒 or 大学院卒 expected in a year, or 既卒 (graduated, looking for work): issue 18. */
export const GRADUATION_KINDS = ['undergraduate', 'graduate', 'alumni'] as const;
export type GraduationKind = (typeof GRADUATION_KINDS)[number];
export const GRADUATION_KIND_LABELS: Record<GraduationKind, string> = { undergraduate: '学部', graduate: '大学院', alumni: '既卒' };

/**
 * The graduation years offered: from the students graduating at the end of the current academic
 * year (Japan's runs April to March, on Tokyo's calendar: in November 2026 that is 2027年卒) to
 * five years after it.
 */
export function graduationYearChoices(now: Date = new Date()): number[] {
  const first = currentGraduationYear(now);
  return Array.from({ length: 6 }, (_, index) => first + index);
}

/** How a student's graduation reads beside their posts: 2027年卒, 2027年卒（大学院）, 既卒. */
export function graduationLabel(kind: string | null | undefined, year: number | null | undefined): string | null {
  if (kind === 'alumni') return '既卒';
  if (!year) return null;
  return kind === 'graduate' ? `${year}年卒（大学院）` : `${year}年卒`;
}

/**
 * The graduation beside a post: the post's own 卒業年度 when it has one (what the author wrote
 * then; the profile may have moved on since), else the profile's. The profile's 区分 goes with
 * the post's year only when the two years agree.
 */
export function postGraduationLabel(
  postYear: number | null,
  profile: { graduationKind: string | null; graduationYear: number | null },
): string | null {
  if (postYear === null || postYear === profile.graduationYear) return graduationLabel(profile.graduationKind, profile.graduationYear);
  return graduationLabel('undergraduate', postYear);
}

const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label}を入力してください。`).max(max, `${label}は${max}文字以内で入力してください。`);

export const profileSchema = z
  .object({
    name: requiredText('お名前', 50),
    university: requiredText('大学名', 80),
    faculty: requiredText('学部・学科', 80),
    graduationKind: z.enum(GRADUATION_KINDS, { error: '区分を選択してください。' }).default('undergraduate'),
    // 既卒 needs no year: the field may stay empty then.
    graduationYear: z
      .string()
      .regex(/^(\d{4})?$/, '卒業年度を選択してください。')
      .transform((value) => (value === '' ? null : Number(value)))
      .refine((year) => year === null || (year >= 2000 && year <= 2100), '卒業年度を選択してください。'),
  })
  .superRefine((value, context) => {
    if (value.graduationKind !== 'alumni' && value.graduationYear === null) {
      context.addIssue({ code: 'custom', path: ['graduationYear'], message: '卒業年度を選択してください。' });
    }
  });

const idList = (max: number, message: string) =>
  z
    .array(z.string().regex(/^[1-9]\d{0,5}$/, message))
    .max(max, message)
    .transform((ids) => [...new Set(ids.map(Number))]);

/** Checkboxes named industryIds[] and prefectureIds[]: none checked sends nothing (an empty list). */
export const matchConditionsSchema = z.object({
  industryIds: idList(50, '業界を選び直してください。').default([]),
  prefectureIds: idList(47, '勤務地を選び直してください。').default([]),
});

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field, for showing beside it. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

const REDIRECT_BASE = 'http://shulog.invalid';

/**
 * A path that every URL parser resolves on this site: one slash, then not a slash or backslash;
 * no control character, space or backslash anywhere (a URL of the site carries them encoded).
 */
function isSitePath(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses (URL parsers drop them).
  return /^\/(?![/\\])/.test(path) && !/[\u0000-\u0020\u007f\\]/.test(path);
}

/**
 * Where to go after login: only a path on this site. The check is made on what is sent, the
 * normalised path, not on the raw input: /.//evil.example normalises to //evil.example, a
 * protocol-relative URL that browsers would follow to another host. Anything that is not a path
 * of this site, before and after normalising, or is too long to be carried as a redirect_to
 * again (app/lib/return-path.ts), gives the fallback.
 */
export function safeRedirectPath(raw: unknown, fallback = '/mypage'): string {
  if (typeof raw !== 'string' || raw.length === 0 || !isCarriableReturnPath(raw)) return fallback;
  // Control characters (tab, newline) are dropped by URL parsers and could turn /\t/ into //.
  if (!isSitePath(raw)) return fallback;
  try {
    const url = new URL(raw, REDIRECT_BASE);
    const path = url.pathname + url.search + url.hash;
    return url.origin === REDIRECT_BASE && isSitePath(path) && isCarriableReturnPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** The account pages themselves: going back to one after signing up would loop or use a spent link. */
const ACCOUNT_PAGE = /^\/(?:signup|login|logout|password_reset|email_change)(?:[/?#]|$)/;

/**
 * The page to come back to after signing up (the article behind the 会員登録 link), or null:
 * a path of this site by safeRedirectPath's rule, and not one of the account pages. Checked when
 * the sign-up form is read, and again when the stored path is used (docs/decisions/048).
 */
export function safeReturnPath(raw: unknown): string | null {
  const path = safeRedirectPath(raw, '');
  return path !== '' && !ACCOUNT_PAGE.test(path) ? path : null;
}

/** /mypage itself (the profile form), with or without a query: no way back to it is needed from it. */
export function isProfilePath(path: string): boolean {
  return /^\/mypage(?:[?#]|$)/.test(path);
}

/** A filled honeypot field: a bot, not a person (the field is hidden from people). */
export const HONEYPOT_FIELD = 'website';
export function isHoneypotFilled(value: FormDataEntryValue | null): boolean {
  return typeof value === 'string' && value.trim() !== '';
}
