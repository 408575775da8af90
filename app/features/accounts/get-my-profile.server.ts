import { eq, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { userPreferredIndustries, userPreferredPrefectures, users } from '../../db/schema';

export type MyProfile = {
  email: string;
  name: string | null;
  university: string | null;
  faculty: string | null;
  graduationYear: number | null;
  graduationKind: string;
  profileCompletedAt: Date | null;
  industryIds: number[];
  prefectureIds: number[];
};

/**
 * The signed-in student's own profile and match conditions; the id comes from the session only.
 * One statement: /mypage is opened often, and on the embedded database every statement waits its
 * turn behind the other requests' (docs/decisions/030-shared-pages.md).
 */
export async function getMyProfile(options: { userId: number }): Promise<MyProfile | null> {
  const [user] = await db()
    .select({
      email: users.email,
      name: users.name,
      university: users.university,
      faculty: users.faculty,
      graduationYear: users.graduationYear,
      graduationKind: users.graduationKind,
      profileCompletedAt: users.profileCompletedAt,
      industryIds: sql<
        number[]
      >`ARRAY(SELECT ${userPreferredIndustries.industryId} FROM ${userPreferredIndustries} WHERE ${userPreferredIndustries.userId} = ${users.id} ORDER BY 1)`,
      prefectureIds: sql<
        number[]
      >`ARRAY(SELECT ${userPreferredPrefectures.prefectureId} FROM ${userPreferredPrefectures} WHERE ${userPreferredPrefectures.userId} = ${users.id} ORDER BY 1)`,
    })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  if (!user) return null;
  return { ...user, industryIds: user.industryIds.map(Number), prefectureIds: user.prefectureIds.map(Number) };
}
