import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '../../db/transaction.server';
import { users } from '../../db/schema';
import { recordActivity } from '../badges/record-activity.server';

/**
 * Saves the student's own profile. The first complete save records profile_completed_at
 * (and earns badge 101); later edits keep that first time. `newBadgeKindIds` are the badges this
 * save earned, for the page to announce at once (issue 27).
 */
export async function updateProfile(options: {
  userId: number;
  name: string;
  university: string;
  faculty: string;
  graduationYear: number | null;
  /** 学部 when not given. */
  graduationKind?: 'undergraduate' | 'graduate' | 'alumni';
}): Promise<{ firstCompletion: boolean; newBadgeKindIds: number[] }> {
  return inTransaction(undefined, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        name: options.name,
        university: options.university,
        faculty: options.faculty,
        graduationYear: options.graduationYear,
        graduationKind: options.graduationKind ?? 'undergraduate',
        profileCompletedAt: sql`coalesce(${users.profileCompletedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, options.userId))
      .returning({
        completedAt: users.profileCompletedAt,
        updatedAt: users.updatedAt,
      });
    // A complete profile earns 101 (registration complete); the grant is idempotent.
    const newBadgeKindIds = await recordActivity({
      tx,
      userId: options.userId,
      activity: { type: 'registration_completed' },
    });
    return {
      firstCompletion: Boolean(row?.completedAt && row.completedAt.getTime() === row.updatedAt.getTime()),
      newBadgeKindIds,
    };
  });
}
