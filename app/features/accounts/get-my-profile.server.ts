import { asc, eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { industries, prefectures, userPreferredIndustries, userPreferredPrefectures, users } from '../../db/schema';

export type MyProfile = {
  email: string;
  name: string | null;
  university: string | null;
  faculty: string | null;
  graduationYear: number | null;
  profileCompletedAt: Date | null;
  industryIds: number[];
  prefectureIds: number[];
};

/** The signed-in student's own profile and match conditions; the id comes from the session only. */
export async function getMyProfile(options: { userId: number }): Promise<MyProfile | null> {
  const [user] = await db()
    .select({
      email: users.email,
      name: users.name,
      university: users.university,
      faculty: users.faculty,
      graduationYear: users.graduationYear,
      profileCompletedAt: users.profileCompletedAt,
    })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  if (!user) return null;
  const [industryRows, prefectureRows] = await Promise.all([
    db()
      .select({ id: userPreferredIndustries.industryId })
      .from(userPreferredIndustries)
      .where(eq(userPreferredIndustries.userId, options.userId)),
    db()
      .select({ id: userPreferredPrefectures.prefectureId })
      .from(userPreferredPrefectures)
      .where(eq(userPreferredPrefectures.userId, options.userId)),
  ]);
  return {
    ...user,
    industryIds: industryRows.map((row) => row.id).sort((a, b) => a - b),
    prefectureIds: prefectureRows.map((row) => row.id).sort((a, b) => a - b),
  };
}

export type MatchConditionChoices = {
  industries: Array<{ id: number; name: string }>;
  prefectures: Array<{ id: number; name: string; region: string }>;
};

/** The industries and prefectures a student can choose from. */
export async function listMatchConditionChoices(): Promise<MatchConditionChoices> {
  const [industryRows, prefectureRows] = await Promise.all([
    db().select({ id: industries.id, name: industries.name }).from(industries).orderBy(asc(industries.sortOrder), asc(industries.id)),
    db().select({ id: prefectures.id, name: prefectures.name, region: prefectures.region }).from(prefectures).orderBy(asc(prefectures.id)),
  ]);
  return { industries: industryRows, prefectures: prefectureRows };
}
