import { eq } from 'drizzle-orm';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { badgeGrants } from '../../db/schema';
import { BADGE_KINDS, BADGE_SERIES, type BadgeKind, type BadgeSeriesKey } from './catalog';

export type BadgeStatusItem = BadgeKind & {
  /** ISO 8601, or null when not acquired (drawn in gray). */
  acquiredAt: string | null;
};

export type BadgeStatusSeries = {
  key: BadgeSeriesKey;
  label: string;
  acquiredCount: number;
  totalCount: number;
  badges: BadgeStatusItem[];
};

export type BadgeStatus = {
  /** Whose status this is: a student's own, or the visitor's all-gray book. */
  viewer: 'student' | 'visitor';
  acquiredCount: number;
  totalCount: number;
  series: BadgeStatusSeries[];
};

/** Every badge kind by series with the student's acquisition dates; all gray for a visitor (null). */
export async function listBadgeStatus(options: { tx?: DbOrTx; userId: number | null }): Promise<BadgeStatus> {
  const acquired = new Map<number, Date>();
  if (options.userId !== null) {
    const handle = orDb(options.tx);
    const rows = await handle
      .select({ badgeKindId: badgeGrants.badgeKindId, acquiredAt: badgeGrants.acquiredAt })
      .from(badgeGrants)
      .where(eq(badgeGrants.userId, options.userId));
    for (const row of rows) acquired.set(row.badgeKindId, row.acquiredAt);
  }
  const series = BADGE_SERIES.map((entry) => {
    const badges = BADGE_KINDS.filter((kind) => kind.series === entry.key).map((kind) => ({
      ...kind,
      acquiredAt: acquired.get(kind.id)?.toISOString() ?? null,
    }));
    return {
      key: entry.key,
      label: entry.label,
      acquiredCount: badges.filter((badge) => badge.acquiredAt !== null).length,
      totalCount: badges.length,
      badges,
    };
  });
  return {
    viewer: options.userId === null ? 'visitor' : 'student',
    acquiredCount: series.reduce((sum, entry) => sum + entry.acquiredCount, 0),
    totalCount: BADGE_KINDS.length,
    series,
  };
}
