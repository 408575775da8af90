// GET /api/v1/personal: the personal parts of a shared page (docs/decisions/030-shared-pages.md).
// Public pages are the same for everyone and cached; this call tells the page who is looking,
// the session's CSRF token and the student's favorites, and reports the view of a company or post
// page to the badge engine. It writes nothing unless a badge is really earned (issue 15): held badges
// are known in memory or read, and the session's last-seen touch keeps its own rate limit.
import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { companies, posts } from '../../db/schema';
import type { PostTypeKey } from '../../db/enums';
import { parseId } from '../../lib/http';
import { NO_PERSONAL_PARTS, type PersonalParts, type TrackedEntry } from '../../lib/personal-parts';
import { personalRowOf } from '../accounts/personal-rows.server';
import { liveSession, sessionKeyOf, sessionRowOf } from '../accounts/sessions.server';
import { recordView } from '../badges/record-view.server';
import { postTypeBySlug } from '../posts/post-types';
import { RECOMMENDED_COUNT } from '../recommendations/recommended-count';
import { recommendationsForStudent } from './student-recommendations.server';

const NOBODY: PersonalParts = NO_PERSONAL_PARTS;

/** The company of a company page's path (/companies/123), or null for any other page. */
export function viewedCompanyId(page: string | null): number | null {
  const match = page ? /^\/companies\/([^/]+)\/?$/.exec(page) : null;
  return match ? parseId(match[1]) : null;
}

/** The post of a post page's path (/intern_experiences/123), or null for any other page. */
export function viewedPost(page: string | null): { postId: number; type: PostTypeKey } | null {
  const match = page ? /^\/([a-z_]+)\/([^/]+)\/?$/.exec(page) : null;
  const info = match ? postTypeBySlug(match[1]!) : undefined;
  const postId = match ? parseId(match[2]) : null;
  return info && postId !== null ? { postId, type: info.key } : null;
}

async function companyExists(companyId: number): Promise<boolean> {
  const [row] = await db().select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row !== undefined;
}

async function publishedPostExists(post: { postId: number; type: PostTypeKey }): Promise<boolean> {
  const [row] = await db()
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, post.postId), eq(posts.type, post.type), eq(posts.status, 'published')))
    .limit(1);
  return row !== undefined;
}

/**
 * A view of a company page earns 103, of a post page its type's 2xx: written only the first time.
 * Answers how many badges the view earned (the page then announces them).
 */
async function recordPageView(userId: number, page: string | null): Promise<number> {
  const companyId = viewedCompanyId(page);
  if (companyId !== null) {
    return (await recordView({ userId, activity: { type: 'company_viewed', companyId }, exists: () => companyExists(companyId) })).length;
  }
  const post = viewedPost(page);
  if (!post) return 0;
  return (await recordView({ userId, activity: { type: 'post_viewed', postType: post.type }, exists: () => publishedPostExists(post) }))
    .length;
}

function trackedEntry(text: string): TrackedEntry | null {
  const [companyId, category, status, outcome] = text.split(':');
  if (category !== 'intern' && category !== 'recruit') return null;
  return {
    companyId: Number(companyId),
    category,
    status: status ?? 'registered',
    outcome: outcome === 'rejected' || outcome === 'declined' ? outcome : null,
  };
}

/**
 * The personal parts for a session cookie's value (null: no cookie), and the page the call was
 * made from (its path, from the page's own script; a made-up path earns nothing it should not).
 */
export async function answerPersonalCall(options: { sessionId: string | null; page: string | null; now?: Date }): Promise<PersonalParts> {
  const key = options.sessionId ? sessionKeyOf(options.sessionId) : null;
  if (!options.sessionId || key === null) return NOBODY;
  // The session, its user, a student's favorites, clips, votes and tracker entries: one row, kept
  // in memory while it stays the same (app/features/accounts/personal-rows.server.ts).
  const row = await personalRowOf(key);
  const session = await liveSession(options.sessionId, sessionRowOf(row), options.now ?? new Date());
  if (!session) return NOBODY;
  const user = session.user;
  const viewer = user ? { userId: user.id, role: user.role, name: user.name } : null;
  if (user?.role !== 'student') return { ...NO_PERSONAL_PARTS, viewer, csrfToken: session.csrfToken };
  // The top page is shared: a student's own recommendations come with its call, and only with it.
  const [newBadges, recommendedCompanies] = await Promise.all([
    recordPageView(user.id, options.page),
    options.page === '/' ? recommendationsForStudent({ userId: user.id, limit: RECOMMENDED_COUNT }) : undefined,
  ]);
  return {
    viewer,
    newBadges,
    ...(recommendedCompanies ? { recommendedCompanies } : {}),
    csrfToken: session.csrfToken,
    favoriteCompanyIds: (row?.favorite_company_ids ?? []).map(Number),
    clippedPostIds: (row?.clipped_post_ids ?? []).map(Number),
    votedPostIds: (row?.voted_post_ids ?? []).map(Number),
    trackerEntries: (row?.tracker_entries ?? []).map(trackedEntry).filter((entry): entry is TrackedEntry => entry !== null),
    unreadNotices: Number(row?.unread_notices ?? 0),
  };
}
