// What the server does by URL outside React Router, said once (docs/decisions/057-reading-requests.md):
// the body cap of each route, the writes that leave the page cache as it is, and the URLs answered
// before Express. Each URL is a route's path as the route table (app/routes.ts) writes it, matched
// as React Router matches it (server/route-patterns.ts); route-rules.test.ts fails when one is no
// route of the table, so a renamed route cannot silently lose its cap or its cache rule, and when a
// file of server/ spells a route's path itself.
import { COMPANY_IMPORT_STREAM_BYTES } from '../app/features/moderation/corporation-kinds';
import { PERSONAL_PATH } from '../app/lib/personal-parts';
import { createPatternMatcher, pagePathOf } from './route-patterns';

/** Forms of a few fields (accounts, profile, favorites, badge calls): nothing legitimate comes close. */
export const SMALL_BODY_BYTES = 32 * 1024;
/** Everything else, the posting forms with long texts included (a 体験記 is tens of kilobytes). */
export const DEFAULT_BODY_BYTES = 1024 * 1024;
/** The CSV upload of employee word of mouth: up to 5 MB of file. */
export const UPLOAD_BODY_BYTES = 6 * 1024 * 1024;
/** The 法人番号 data upload of /admin/companies/import's form: up to 10 MB of file (decision 077). */
export const COMPANY_IMPORT_BODY_BYTES = 11 * 1024 * 1024;

/**
 * The cap of a route's POST, PUT, PATCH and DELETE bodies where it is not DEFAULT_BODY_BYTES
 * (server/request-body.ts refuses more with 413). The most specific path wins, as in React Router.
 */
export const BODY_CAPS: Readonly<Record<string, number>> = {
  login: SMALL_BODY_BYTES,
  signup: SMALL_BODY_BYTES,
  logout: SMALL_BODY_BYTES,
  password_reset: SMALL_BODY_BYTES,
  'password_reset/:token': SMALL_BODY_BYTES,
  mypage: SMALL_BODY_BYTES,
  'mypage/favorites': SMALL_BODY_BYTES,
  'mypage/favorites/:companyId': SMALL_BODY_BYTES,
  'mypage/notifications': SMALL_BODY_BYTES,
  'mypage/notifications/settings': SMALL_BODY_BYTES,
  'notifications/unsubscribe/:token': SMALL_BODY_BYTES,
  // Every call, also one that is no route (its 404 comes after the cap).
  'api/*': SMALL_BODY_BYTES,
  // The draft calls carry a whole post (ten ES answers of 2,000 characters are about 70 KB).
  'api/v1/student/drafts': DEFAULT_BODY_BYTES,
  'api/v1/student/drafts/:postId': DEFAULT_BODY_BYTES,
  'admin/employee_reviews': UPLOAD_BODY_BYTES,
  'admin/companies/import': COMPANY_IMPORT_BODY_BYTES,
};

/**
 * Routes whose body is a file streamed to disk by the route itself, never held in memory
 * (decision 077): the CSRF check takes the token from the X-CSRF-Token header only and leaves the
 * body unread; the route counts the bytes against this cap as it writes them. The declared length
 * is checked against it before anything else, like every cap.
 */
export const STREAMED_BODIES: Readonly<Record<string, number>> = {
  'api/v1/admin/company_imports': COMPANY_IMPORT_STREAM_BYTES,
};

/**
 * Writes no visitor can see the effect of, which leave the page cache as it is (server/page-cache-
 * writes.ts; every other successful write clears it): a student's draft, private until sent
 * (autosaving students save about every 2 s each, which would keep the cache empty; docs/decisions/
 * 025-posting.md), a clip, a private bookmark (034-clips-and-votes.md), and the selection tracker,
 * seen only by its student (035-selection-tracker.md).
 */
export const PRIVATE_WRITES: readonly string[] = [
  'api/v1/student/drafts',
  'api/v1/student/drafts/:postId',
  'api/v1/student/posts/:postId/clip',
  'api/v1/student/tracker/companies/:companyId/:category',
  'mypage/selections',
  // A student's own notices and their settings (decision 083).
  'api/v1/student/notifications/read',
  'mypage/notifications',
  'mypage/notifications/settings',
  'notifications/unsubscribe/:token',
];

/**
 * Writes whose URL carries a signed token that is the whole authority (decision 083): the one-click
 * unsubscribe of a notification email, posted by a mail client with no session and no CSRF token
 * (RFC 8058). The CSRF check leaves them to the route; a request from another site's page is still
 * refused by its Origin.
 */
export const SIGNED_URL_WRITES: readonly string[] = ['notifications/unsubscribe/:token'];

/**
 * The URLs answered before Express (server/app.ts start(): the request guard, then the fast lane,
 * then the draft lane, then Express), docs/decisions/013-fast-lane.md. Besides these, the fast lane
 * answers visitors' GETs of pages (and students' of shared pages): every GET that is not a file
 * (isFileLike), the health check or a call under EXPRESS_CALLS.
 */
export const FAST_LANE = {
  /**
   * GET and HEAD of the search box's suggestions (server/fast-lane.ts). Its route module answers
   * the other methods, and `npm run dev`, with the same answer function.
   */
  suggestions: 'api/company',
  /** Every method of the shared pages' personal call (server/personal-call.ts). No route: React Router never sees it. */
  personalCall: PERSONAL_PATH.slice(1),
  /** A JSON PUT with a session cookie (server/draft-lane.ts); anything else on it goes to the route. */
  draftSave: 'api/v1/student/drafts/:postId',
} as const;

/** The calls that Express answers, except the fast lane's own above. */
const EXPRESS_CALLS = 'api/*';

/** Express's health check (server/app.ts). No route: React Router never sees it. */
export const HEALTH_PATH = '/healthz';
/** Prometheus's scrape (docs/decisions/078-metrics.md): with METRICS_TOKEN as a bearer token, else the 404 page. */
export const METRICS_PATH = '/metrics';

/** The admin area (管理画面), closed to all but moderators (server/moderator-area.ts). */
export const MODERATOR_AREA = 'admin/*';

/** A company's page: one served from the visitors' cache still counts as a view of the company (server/app.ts). */
export const COMPANY_PAGE = 'companies/:companyId';

const bodyCaps = createPatternMatcher(Object.entries(BODY_CAPS).map(([pattern, value]) => ({ pattern, value })));
const streamedBodies = createPatternMatcher(Object.entries(STREAMED_BODIES).map(([pattern, value]) => ({ pattern, value })));
const privateWrites = createPatternMatcher(PRIVATE_WRITES.map((pattern) => ({ pattern, value: true })));
const signedUrlWrites = createPatternMatcher(SIGNED_URL_WRITES.map((pattern) => ({ pattern, value: true })));
type Lane = keyof typeof FAST_LANE | 'express';
const lanes = createPatternMatcher<Lane>([
  ...Object.entries(FAST_LANE).map(([value, pattern]) => ({ pattern, value: value as Lane })),
  { pattern: EXPRESS_CALLS, value: 'express' },
  { pattern: HEALTH_PATH.slice(1), value: 'express' },
  { pattern: METRICS_PATH.slice(1), value: 'express' },
]);
const companyPages = createPatternMatcher([{ pattern: COMPANY_PAGE, value: true }]);
const moderatorArea = createPatternMatcher([{ pattern: MODERATOR_AREA, value: true }]);

/** The largest body the route of `path` (or its data URL) accepts. */
export function bodyLimitFor(path: string): number {
  return streamedBodyLimit(path) ?? bodyCaps(pagePathOf(path))?.value ?? DEFAULT_BODY_BYTES;
}

/** Whether a write to `path` is authorised by the signed token in its URL, not by the session (SIGNED_URL_WRITES). */
export function isSignedUrlWrite(path: string): boolean {
  return signedUrlWrites(pagePathOf(path))?.value === true;
}

/** The cap of a route whose body the route streams itself (STREAMED_BODIES), or undefined. */
export function streamedBodyLimit(path: string): number | undefined {
  return streamedBodies(pagePathOf(path))?.value;
}

/** Whether a write to `path` (or its data URL) is one no visitor can see the effect of. */
export function isPrivateWrite(path: string): boolean {
  return privateWrites(pagePathOf(path)) !== undefined;
}

/**
 * Who answers `path` before Express looks at it: one of the FAST_LANE URLs (with its parameters),
 * 'express' for a call or the health check, or undefined for a page.
 */
export function laneOf(path: string): { lane: Lane; params: Record<string, string> } | undefined {
  const found = lanes(path);
  return found && { lane: found.value, params: found.params };
}

/** The company of a company page's path (or its data URL), or undefined for any other path. */
export function companyPageParam(path: string): string | undefined {
  return companyPages(pagePathOf(path))?.params.companyId;
}

/** Whether a path (or a route's pattern, with its leading slash) is in the admin area. */
export function isInModeratorArea(path: string): boolean {
  return moderatorArea(path) !== undefined;
}

/** Paths that look like files go to Express's static files; `.data` is React Router's data URL. */
export function isFileLike(path: string): boolean {
  return /\.(?!data$)[a-z0-9]+$/i.test(path);
}
