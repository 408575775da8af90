import fc from 'fast-check';
import { withRedirectTo } from '../../lib/return-path';
import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  graduationLabel,
  graduationYearChoices,
  postGraduationLabel,
  loginSchema,
  matchConditionsSchema,
  newPassword,
  passwordChangeSchema,
  passwordResetSchema,
  normalizeEmail,
  profileSchema,
  isProfilePath,
  safeRedirectPath,
  safeReturnPath,
  signupSchema,
} from './schemas';
import { DEMO_PASSWORD } from '../demo/accounts';
import { endsSession, isOverLimit, isSessionActive, needsSlowDown, needsTouch, IDLE_TIMEOUT_MS, TOUCH_INTERVAL_MS } from './session-policy';

/** What is not a path of this site, for every check of a path to go to. */
const OFF_SITE = [
  'https://evil.example/',
  '//evil.example/',
  '/\\evil.example',
  '/\t/evil.example',
  'javascript:alert(1)',
  'mypage',
  '',
  null,
  42,
  // Paths that only become protocol-relative once normalised (issue 11).
  '/.//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/..//evil.example',
  '/%2E%2E//evil.example',
  '/./%2e//evil.example',
];

describe('safeRedirectPath', () => {
  it('keeps paths on this site', () => {
    expect(safeRedirectPath('/mypage')).toBe('/mypage');
    expect(safeRedirectPath('/companies/12?tab=intern#top')).toBe('/companies/12?tab=intern#top');
  });
  it.each(OFF_SITE)('refuses %s', (raw) => {
    expect(safeRedirectPath(raw, '/fallback')).toBe('/fallback');
  });

  // What the browser does with the Location header: resolve it against the page's URL.
  const staysOnSite = (location: string) =>
    ['https://shulog.example/login?redirect_to=x', 'https://shulog.example/a/b/c/'].every(
      (base) => new URL(location, base).origin === 'https://shulog.example',
    ) && /^\/(?![/\\])/.test(location);

  const segment = fc.constantFrom(
    '',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2e%2e',
    '.%2e',
    '\\',
    '/',
    '%2f',
    '%5c',
    '%09',
    '\t',
    '\n',
    'evil.example',
    'a',
    '@',
    ':',
    '?',
    '#',
    ' ',
    'あ',
    'https:',
  );
  const pathLike = fc
    .tuple(fc.constantFrom('', '/', '//', '/\\', 'https://'), fc.array(segment, { maxLength: 8 }))
    .map(([start, parts]) => start + parts.join('/'));

  it('never answers a Location outside the site, whatever it is given (property)', () => {
    fc.assert(
      fc.property(fc.oneof(pathLike, fc.string(), fc.webUrl(), fc.webPath()), (raw) => {
        const location = safeRedirectPath(raw, '/mypage');
        expect(staysOnSite(location)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps harmless dot segments as the browser would resolve them', () => {
    expect(safeRedirectPath('/companies/./12')).toBe('/companies/12');
    expect(safeRedirectPath('/a/../mypage')).toBe('/mypage');
  });
});

describe('safeReturnPath (the page to come back to after signing up)', () => {
  it('keeps pages of this site, query and fragment included', () => {
    expect(safeReturnPath('/intern_experiences/12')).toBe('/intern_experiences/12');
    expect(safeReturnPath('/companies/3?tab=intern#top')).toBe('/companies/3?tab=intern#top');
    expect(safeReturnPath('/mypage/selections')).toBe('/mypage/selections');
  });
  it.each([
    ...OFF_SITE,
    undefined,
    '/signup',
    '/signup?redirect_to=/x',
    '/signup/confirm/abc',
    '/login',
    '/logout',
    '/password_reset/abc',
    '/email_change/abc',
  ])('drops %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
  it('does not mistake pages that only start like an account page', () => {
    expect(safeReturnPath('/login_help')).toBe('/login_help');
    expect(safeReturnPath('/signups')).toBe('/signups');
  });
  it('links login and sign-up to each other with the page, encoded', () => {
    expect(withRedirectTo('/signup', '/companies/3?tab=intern')).toBe('/signup?redirect_to=%2Fcompanies%2F3%3Ftab%3Dintern');
    expect(withRedirectTo('/login', null)).toBe('/login');
  });
  it('knows /mypage itself from the pages under it', () => {
    expect(isProfilePath('/mypage')).toBe(true);
    expect(isProfilePath('/mypage?x=1')).toBe(true);
    expect(isProfilePath('/mypage/selections')).toBe(false);
    expect(isProfilePath('/mypages')).toBe(false);
  });
});

describe('account forms', () => {
  it('normalises emails', () => {
    expect(normalizeEmail('  Student01@ShuLog.Example ')).toBe('student01@shulog.example');
    expect(signupSchema.parse({ email: ' A@B.jp ', password: 'x'.repeat(8) }).email).toBe('a@b.jp');
  });
  it('wants 8+ characters and allows long passphrases', () => {
    expect(signupSchema.safeParse({ email: 'a@b.jp', password: '1234567' }).error?.issues[0]?.message).toBe(
      'パスワードは8文字以上で入力してください。',
    );
    expect(signupSchema.safeParse({ email: 'a@b.jp', password: 'あ'.repeat(120) }).success).toBe(true);
    expect(signupSchema.safeParse({ email: 'a@b.jp', password: 'x'.repeat(201) }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'no-at', password: 'x' }).error?.issues[0]?.message).toContain('メールアドレス');
  });
  it('refuses the demo password printed in the README as a new password, and still lets it log in', () => {
    const refused = 'このパスワードはデモ用として公開されているため使えません。別のパスワードを入力してください。';
    expect(signupSchema.safeParse({ email: 'a@b.jp', password: DEMO_PASSWORD }).error?.issues[0]?.message).toBe(refused);
    const reset = passwordResetSchema.safeParse({ password: DEMO_PASSWORD, passwordConfirmation: DEMO_PASSWORD });
    expect(reset.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['password', refused]]);
    const change = passwordChangeSchema.safeParse({
      currentPassword: 'old password',
      password: DEMO_PASSWORD,
      passwordConfirmation: DEMO_PASSWORD,
    });
    expect(change.error?.issues[0]?.message).toBe(refused);
    expect(newPassword.safeParse(`${DEMO_PASSWORD}!`).success).toBe(true);
    expect(loginSchema.safeParse({ email: 'student01@shulog.example', password: DEMO_PASSWORD }).success).toBe(true);
  });
  it('checks the profile with Japanese messages', () => {
    const result = profileSchema.safeParse({ name: ' ', university: '東都大学', faculty: '経済学部', graduationYear: '' });
    expect(fieldErrors(result.error!)).toEqual({ name: 'お名前を入力してください。', graduationYear: '卒業年度を選択してください。' });
    expect(
      profileSchema.parse({ name: '山田 花子', university: '東都大学', faculty: '経済学部', graduationYear: '2027' }).graduationYear,
    ).toBe(2027);
  });
  it('dedupes match conditions and refuses junk ids', () => {
    expect(matchConditionsSchema.parse({ industryIds: ['3', '3', '5'], prefectureIds: [] })).toEqual({
      industryIds: [3, 5],
      prefectureIds: [],
    });
    expect(matchConditionsSchema.safeParse({ industryIds: ['1; DROP'], prefectureIds: [] }).success).toBe(false);
  });
});

describe('graduation', () => {
  it('offers years from the end of the current academic year (April to March, Tokyo time)', () => {
    expect(graduationYearChoices(new Date('2026-11-24T12:00:00+09:00'))).toEqual([2027, 2028, 2029, 2030, 2031, 2032]);
    expect(graduationYearChoices(new Date('2027-03-31T23:59:00+09:00'))[0]).toBe(2027);
    // 1 April in Tokyo is still 31 March in UTC: the new academic year has begun.
    expect(graduationYearChoices(new Date('2027-04-01T00:30:00+09:00'))[0]).toBe(2028);
    expect(graduationYearChoices(new Date('2027-01-05T10:00:00+09:00'))[0]).toBe(2027);
  });

  it('takes 学部, 大学院 and 既卒; 既卒 needs no year, the others do', () => {
    const base = { name: '山田 花子', university: '東都大学', faculty: '理工学研究科' };
    expect(profileSchema.parse({ ...base, graduationKind: 'graduate', graduationYear: '2028' })).toMatchObject({
      graduationKind: 'graduate',
      graduationYear: 2028,
    });
    expect(profileSchema.parse({ ...base, graduationKind: 'alumni', graduationYear: '' })).toMatchObject({
      graduationKind: 'alumni',
      graduationYear: null,
    });
    const missing = profileSchema.safeParse({ ...base, graduationKind: 'graduate', graduationYear: '' });
    expect(fieldErrors(missing.error!)).toEqual({ graduationYear: '卒業年度を選択してください。' });
    expect(profileSchema.safeParse({ ...base, graduationKind: 'phd', graduationYear: '2028' }).success).toBe(false);
  });

  it('reads beside a post as 2027年卒, 2027年卒（大学院） or 既卒', () => {
    expect(graduationLabel('undergraduate', 2027)).toBe('2027年卒');
    expect(graduationLabel('graduate', 2027)).toBe('2027年卒（大学院）');
    expect(graduationLabel('alumni', 2024)).toBe('既卒');
    expect(graduationLabel('undergraduate', null)).toBeNull();
  });
  it('reads beside a post as the post says, the profile only where the post has no year', () => {
    const profile = { graduationKind: 'undergraduate', graduationYear: 2028 };
    expect(postGraduationLabel(2027, profile)).toBe('2027年卒');
    expect(postGraduationLabel(null, profile)).toBe('2028年卒');
    expect(postGraduationLabel(2028, { graduationKind: 'graduate', graduationYear: 2028 })).toBe('2028年卒（大学院）');
    // Another year than the profile's: the 区分 of today is not the post's.
    expect(postGraduationLabel(2026, { graduationKind: 'graduate', graduationYear: 2028 })).toBe('2026年卒');
    expect(postGraduationLabel(2025, { graduationKind: 'alumni', graduationYear: null })).toBe('2025年卒');
    expect(postGraduationLabel(null, { graduationKind: 'alumni', graduationYear: null })).toBe('既卒');
    expect(postGraduationLabel(null, { graduationKind: 'undergraduate', graduationYear: null })).toBeNull();
  });
});

describe('session policy', () => {
  const now = new Date('2026-04-01T00:00:00Z');
  it('ends idle and expired sessions', () => {
    const future = new Date(now.getTime() + 1000);
    expect(isSessionActive({ lastSeenAt: now, expiresAt: future }, now)).toBe(true);
    expect(isSessionActive({ lastSeenAt: now, expiresAt: now }, now)).toBe(false);
    expect(isSessionActive({ lastSeenAt: new Date(now.getTime() - IDLE_TIMEOUT_MS), expiresAt: future }, now)).toBe(false);
  });
  it('touches last_seen_at only every few minutes', () => {
    expect(needsTouch({ lastSeenAt: new Date(now.getTime() - 1000), expiresAt: now }, now)).toBe(false);
    expect(needsTouch({ lastSeenAt: new Date(now.getTime() - TOUCH_INTERVAL_MS), expiresAt: now }, now)).toBe(true);
  });
  it('refuses after 6 failures a minute from one address or 10 an hour on one account from one address', () => {
    expect(isOverLimit({ ip: 5, accountAndIp: 9 })).toBe(false);
    expect(isOverLimit({ ip: 6, accountAndIp: 0 })).toBe(true);
    expect(isOverLimit({ ip: 0, accountAndIp: 10 })).toBe(true);
  });
  it('only slows down an account that strangers keep failing on', () => {
    expect(needsSlowDown({ account: 9 })).toBe(false);
    expect(needsSlowDown({ account: 10 })).toBe(true);
    expect(isOverLimit({ ip: 0, accountAndIp: 0 })).toBe(false);
  });
  it('ends a logged-in session whose address has as many failures on the account as refuse a login there', () => {
    expect(endsSession({ accountAndIp: 9 })).toBe(false);
    expect(endsSession({ accountAndIp: 10 })).toBe(true);
    // The address's failures on other accounts (the 1-minute limit) refuse, but do not end it.
    expect(isOverLimit({ ip: 6, accountAndIp: 1 }) && !endsSession({ accountAndIp: 1 })).toBe(true);
  });
});
