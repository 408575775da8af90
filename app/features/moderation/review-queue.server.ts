// The moderation queue (審査待ち): revisions sent for review, the longest waiting first
// (docs/decisions/026-moderation.md), and one revision with what changed since the author's
// last published or rejected version.
import { diffLines } from 'diff';
import { and, asc, count, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PostStatus, PostTypeKey, RejectionReason, RevisionStatus } from '../../db/enums';
import { companies, postRevisions, posts, recruitServices, users } from '../../db/schema';
import { withPostSubject } from '../posts/post-subject.server';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { getPostContent } from '../posts/get-post.server';
import { readableLines } from '../posts/readable-text';
import { logger } from '../../lib/logger.server';
import { listModeratorActions, type AuditLogEntry } from './audit-log.server';

export const QUEUE_PAGE_SIZE = 30;

export type QueueItem = {
  postId: number;
  revision: number;
  type: PostTypeKey;
  title: string;
  companyId: number | null;
  subject: string | null;
  author: string;
  submittedAt: Date;
  /** published: a revision of a post readers see; resubmitted: after a rejection; new otherwise. */
  kind: 'new' | 'revision' | 'resubmission';
};

/** A revision's title as its author wrote it, or the post's when it has none. */
export const revisionTitle = sql<string>`coalesce(nullif(${postRevisions.content}->>'title', ''), ${posts.title})`;

function queueFilter(options: { type?: PostTypeKey | null; companyId?: number | null }): SQL | undefined {
  return and(
    eq(postRevisions.status, 'submitted'),
    options.type ? eq(posts.type, options.type) : undefined,
    options.companyId ? eq(posts.companyId, options.companyId) : undefined,
  );
}

/** A page of the queue, filtered by content type and company, with the counts per type. */
export async function listReviewQueue(options: {
  tx?: DbOrTx;
  type?: PostTypeKey | null;
  companyId?: number | null;
  page?: number;
}): Promise<{
  items: QueueItem[];
  total: number;
  countsByType: Partial<Record<PostTypeKey, number>>;
  company: { id: number; name: string } | null;
}> {
  const handle = orDb(options.tx);
  const page = Math.max(1, options.page ?? 1);
  const where = queueFilter(options);
  const [rows, [counted], byType, company] = await Promise.all([
    withPostSubject(
      handle
        .select({
          postId: posts.id,
          revision: postRevisions.revision,
          type: posts.type,
          title: revisionTitle,
          postStatus: posts.status,
          companyId: posts.companyId,
          company: companies.name,
          service: recruitServices.name,
          authorName: users.name,
          authorEmail: users.email,
          submittedAt: postRevisions.submittedAt,
          earlier: sql<number>`(SELECT count(*)::int FROM post_revisions earlier
          WHERE earlier.post_id = ${posts.id} AND earlier.revision < ${postRevisions.revision} AND earlier.status IN ('published', 'rejected'))`,
        })
        .from(postRevisions)
        .innerJoin(posts, eq(posts.id, postRevisions.postId))
        .$dynamic(),
    )
      .leftJoin(users, eq(users.id, posts.authorId))
      .where(where)
      .orderBy(asc(postRevisions.submittedAt), asc(posts.id))
      .limit(QUEUE_PAGE_SIZE)
      .offset((page - 1) * QUEUE_PAGE_SIZE),
    handle.select({ n: count() }).from(postRevisions).innerJoin(posts, eq(posts.id, postRevisions.postId)).where(where),
    handle
      .select({ type: posts.type, n: count() })
      .from(postRevisions)
      .innerJoin(posts, eq(posts.id, postRevisions.postId))
      .where(queueFilter({ companyId: options.companyId }))
      .groupBy(posts.type),
    options.companyId
      ? handle.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, options.companyId))
      : Promise.resolve([]),
  ]);
  return {
    total: Number(counted?.n ?? 0),
    countsByType: Object.fromEntries(byType.map((row) => [row.type, Number(row.n)])),
    company: company[0] ?? null,
    items: rows.map((row) => ({
      postId: row.postId,
      revision: row.revision,
      type: row.type,
      title: row.title,
      companyId: row.companyId,
      subject: row.company ?? row.service ?? null,
      author: row.authorName || row.authorEmail || '（退会したユーザー）',
      submittedAt: row.submittedAt ?? new Date(0),
      kind: row.postStatus === 'published' ? 'revision' : row.earlier > 0 ? 'resubmission' : 'new',
    })),
  };
}

/**
 * The post to review after a decision on `after`: the next one waiting in the queue's order
 * (oldest first) under the same filters, or, past the end, the first one still waiting. Null when
 * nothing else waits under these filters.
 */
export async function findNextInQueue(options: {
  tx?: DbOrTx;
  type?: PostTypeKey | null;
  companyId?: number | null;
  after: { postId: number; revision: number };
}): Promise<{ postId: number; type: PostTypeKey; title: string } | null> {
  const handle = orDb(options.tx);
  const { postId, revision } = options.after;
  const first = (where: SQL | undefined) =>
    handle
      .select({ postId: posts.id, type: posts.type, title: revisionTitle })
      .from(postRevisions)
      .innerJoin(posts, eq(posts.id, postRevisions.postId))
      .where(and(queueFilter(options), ne(posts.id, postId), where))
      .orderBy(asc(postRevisions.submittedAt), asc(posts.id))
      .limit(1);
  // In the queue's order, compared in the database: a JavaScript Date would drop the microseconds.
  const [following] = await first(
    sql`(${postRevisions.submittedAt}, ${posts.id}) > (SELECT decided.submitted_at, decided.post_id FROM post_revisions decided
      WHERE decided.post_id = ${postId} AND decided.revision = ${revision})`,
  );
  if (following) return following;
  const [wrapped] = await first(undefined);
  return wrapped ?? null;
}

/**
 * The companies with posts waiting (of a type, when given), the most waiting first, then the
 * one waiting longest: the queue's one-tap company filters.
 */
export async function listWaitingCompanies(options: {
  tx?: DbOrTx;
  type?: PostTypeKey | null;
  limit: number;
}): Promise<Array<{ id: number; name: string; waiting: number }>> {
  const waiting = count();
  const rows = await orDb(options.tx)
    .select({ id: companies.id, name: companies.name, waiting })
    .from(postRevisions)
    .innerJoin(posts, eq(posts.id, postRevisions.postId))
    .innerJoin(companies, eq(companies.id, posts.companyId))
    .where(queueFilter({ type: options.type }))
    .groupBy(companies.id, companies.name)
    .orderBy(desc(waiting), sql`min(${postRevisions.submittedAt})`, asc(companies.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row, waiting: Number(row.waiting) }));
}

/** How many posts wait for review, all types and companies together. */
export async function countWaiting(options: { tx?: DbOrTx } = {}): Promise<number> {
  const [row] = await orDb(options.tx)
    .select({ n: count() })
    .from(postRevisions)
    .innerJoin(posts, eq(posts.id, postRevisions.postId))
    .where(queueFilter({}));
  return Number(row?.n ?? 0);
}

/** One line of a comparison: kept, added or removed. */
export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };

/** What changed between two versions, line by line. */
export function diffReadable(before: string[], after: string[]): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const part of diffLines(`${before.join('\n')}\n`, `${after.join('\n')}\n`)) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const texts = part.value.replace(/\n$/, '').split('\n');
    for (const text of texts) lines.push({ kind, text });
  }
  return lines;
}

export type Review = {
  post: {
    id: number;
    type: PostTypeKey;
    status: PostStatus;
    companyId: number | null;
    recruitServiceId: number | null;
    subject: string | null;
    author: { id: number | null; label: string; university: string | null };
    publishedRevision: number;
  };
  revision: {
    revision: number;
    status: RevisionStatus;
    submittedAt: Date | null;
    reviewedAt: Date | null;
    rejectionReason: RejectionReason | null;
    rejectionNote: string | null;
    lines: string[];
  };
  /** The version it is compared with: the last published or rejected one, or null for a first submission. */
  previous: { revision: number; status: 'published' | 'rejected'; lines: string[]; diff: DiffLine[] } | null;
  history: AuditLogEntry[];
};

function linesOf(type: PostTypeKey, content: Record<string, unknown>): string[] {
  try {
    return readableLines(type, content);
  } catch (error) {
    // Content that no longer fits its type module (an older shape): shown as stored, and logged,
    // since the same fallback would otherwise hide a type module that breaks on current content.
    logger().warn({ err: error, type }, 'post content shown to the moderator as stored JSON');
    return JSON.stringify(content, null, 2).split('\n');
  }
}

/**
 * The revision to review: the post's submitted revision, or a given one (a decided revision is
 * shown with its decision). Null when the post does not exist or has no such revision.
 */
export async function getReview(options: { tx?: DbOrTx; postId: number; revision?: number }): Promise<Review | null> {
  const handle = orDb(options.tx);
  const [post] = await withPostSubject(
    handle
      .select({
        id: posts.id,
        type: posts.type,
        status: posts.status,
        revision: posts.revision,
        companyId: posts.companyId,
        recruitServiceId: posts.recruitServiceId,
        company: companies.name,
        service: recruitServices.name,
        authorId: posts.authorId,
        authorName: users.name,
        authorEmail: users.email,
        university: users.university,
      })
      .from(posts)
      .$dynamic(),
  )
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, options.postId));
  if (!post) return null;
  const chosen = options.revision
    ? eq(postRevisions.revision, options.revision)
    : inArray(postRevisions.status, ['submitted', 'published', 'rejected']);
  const [revision] = await handle
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, post.id), chosen))
    .orderBy(sql`${postRevisions.status} = 'submitted' DESC`, desc(postRevisions.revision))
    .limit(1);
  if (!revision || revision.status === 'draft') return null;

  const [earlier] = await handle
    .select({ revision: postRevisions.revision, status: postRevisions.status, content: postRevisions.content })
    .from(postRevisions)
    .where(
      and(
        eq(postRevisions.postId, post.id),
        lt(postRevisions.revision, revision.revision),
        inArray(postRevisions.status, ['published', 'rejected']),
      ),
    )
    .orderBy(desc(postRevisions.revision))
    .limit(1);
  let previous: Review['previous'] = null;
  const lines = linesOf(post.type, revision.content);
  const compareWith = async (): Promise<{
    revision: number;
    status: 'published' | 'rejected';
    content: Record<string, unknown>;
  } | null> => {
    if (earlier) return { revision: earlier.revision, status: earlier.status as 'published' | 'rejected', content: earlier.content };
    // A post published without a revision row (demo data, an import) and revised since.
    if (post.status === 'published' && post.revision > 0 && post.revision < revision.revision) {
      const content = await getPostContent({ tx: handle, postId: post.id });
      return content ? { revision: post.revision, status: 'published', content } : null;
    }
    return null;
  };
  const base = await compareWith();
  if (base) {
    const before = linesOf(post.type, base.content);
    previous = { revision: base.revision, status: base.status, lines: before, diff: diffReadable(before, lines) };
  }
  const history = await listModeratorActions({ tx: handle, postId: post.id });
  return {
    post: {
      id: post.id,
      type: post.type,
      status: post.status,
      companyId: post.companyId,
      recruitServiceId: post.recruitServiceId,
      subject: post.company ?? post.service ?? null,
      author: { id: post.authorId, label: post.authorName || post.authorEmail || '（退会したユーザー）', university: post.university },
      publishedRevision: post.revision,
    },
    revision: {
      revision: revision.revision,
      status: revision.status,
      submittedAt: revision.submittedAt,
      reviewedAt: revision.reviewedAt,
      rejectionReason: revision.rejectionReason,
      rejectionNote: revision.rejectionNote,
      lines,
    },
    previous,
    history: history.entries,
  };
}
