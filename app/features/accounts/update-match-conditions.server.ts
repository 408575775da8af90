import { eq, inArray } from 'drizzle-orm';
import { inTransaction } from '../../db/transaction.server';
import { recordActivity } from '../badges/record-activity.server';
import { industries, prefectures, userPreferredIndustries, userPreferredPrefectures } from '../../db/schema';

/**
 * Replaces the student's own match conditions (希望業界・希望勤務地) in one transaction.
 * Ids that do not exist are ignored rather than failing the whole save. Answers the badges the
 * save earned (102), for the page to announce at once (issue 27).
 */
export async function updateMatchConditions(options: {
  userId: number;
  industryIds: number[];
  prefectureIds: number[];
}): Promise<{ newBadgeKindIds: number[] }> {
  return inTransaction(undefined, async (tx) => {
    const validIndustries = options.industryIds.length
      ? (await tx.select({ id: industries.id }).from(industries).where(inArray(industries.id, options.industryIds))).map((r) => r.id)
      : [];
    const validPrefectures = options.prefectureIds.length
      ? (await tx.select({ id: prefectures.id }).from(prefectures).where(inArray(prefectures.id, options.prefectureIds))).map((r) => r.id)
      : [];
    await tx.delete(userPreferredIndustries).where(eq(userPreferredIndustries.userId, options.userId));
    await tx.delete(userPreferredPrefectures).where(eq(userPreferredPrefectures.userId, options.userId));
    if (validIndustries.length) {
      await tx.insert(userPreferredIndustries).values(validIndustries.map((industryId) => ({ userId: options.userId, industryId })));
    }
    if (validPrefectures.length) {
      await tx.insert(userPreferredPrefectures).values(validPrefectures.map((prefectureId) => ({ userId: options.userId, prefectureId })));
    }
    // Filled match conditions earn 102; the rules decide what counts as filled.
    const newBadgeKindIds = await recordActivity({
      tx,
      userId: options.userId,
      activity: { type: 'match_conditions_saved', industryCount: validIndustries.length, prefectureCount: validPrefectures.length },
    });
    return { newBadgeKindIds };
  });
}
