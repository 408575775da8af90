import { eq, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { users } from '../../db/schema';

/**
 * Saves the student's own profile. The first complete save records profile_completed_at
 * (badge 101 will hang off it); later edits keep that first time.
 */
export async function updateProfile(options: {
  userId: number;
  name: string;
  university: string;
  faculty: string;
  graduationYear: number;
}): Promise<{ firstCompletion: boolean }> {
  const [row] = await db()
    .update(users)
    .set({
      name: options.name,
      university: options.university,
      faculty: options.faculty,
      graduationYear: options.graduationYear,
      profileCompletedAt: sql`coalesce(${users.profileCompletedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, options.userId))
    .returning({ completedAt: users.profileCompletedAt, updatedAt: users.updatedAt });
  return { firstCompletion: Boolean(row && row.completedAt && row.completedAt.getTime() === row.updatedAt.getTime()) };
}
