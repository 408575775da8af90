import { and, eq, sql } from 'drizzle-orm';
import { db, selectRows } from '../../db/client.server';
import { companies, industries, internExperiences, posts, prefectures } from '../../db/schema';
import { excerpt } from '../../lib/format';
import { POST_TYPE_KEYS, type PostTypeKey } from '../posts/post-types';
import { RATING_ITEMS, type RatingItemKey } from './rating-items';

export type CompanyProfile = {
  id: number;
  name: string;
  kana: string;
  industryId: number;
  industryName: string;
  prefectureName: string;
  url: string | null;
  employeeCount: number | null;
  foundedYear: number | null;
  description: string;
  updatedAt: string;
  ratings: { reportCount: number; averages: Record<RatingItemKey, number | null> };
  postCounts: Record<PostTypeKey, number>;
  latestPosts: Record<PostTypeKey, Array<{ id: number; title: string; excerpt: string; publishedAt: string }>>;
};

const LATEST_PER_TYPE = 3;

/** Everything the company page shows, or null for an unknown company. */
export async function getCompanyProfile(options: { companyId: number }): Promise<CompanyProfile | null> {
  const { companyId } = options;
  const [company] = await db()
    .select({
      id: companies.id,
      name: companies.name,
      kana: companies.kana,
      industryId: companies.industryId,
      industryName: industries.name,
      prefectureName: prefectures.name,
      url: companies.url,
      employeeCount: companies.employeeCount,
      foundedYear: companies.foundedYear,
      description: companies.description,
      updatedAt: companies.updatedAt,
    })
    .from(companies)
    .innerJoin(industries, eq(industries.id, companies.industryId))
    .innerJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .where(eq(companies.id, companyId));
  if (!company) return null;

  const ratingColumns = Object.fromEntries(
    RATING_ITEMS.map((item) => [item.key, sql<number | null>`round(avg(${internExperiences[item.column]})::numeric, 1)::float8`]),
  ) as Record<RatingItemKey, ReturnType<typeof sql<number | null>>>;

  const [ratingRow, latest, counts] = await Promise.all([
    db()
      .select({ reportCount: sql<number>`count(*)::int`, ...ratingColumns })
      .from(internExperiences)
      .innerJoin(posts, and(eq(posts.id, internExperiences.postId), eq(posts.status, 'published')))
      .where(eq(internExperiences.companyId, companyId))
      .then((rows) => rows[0]),
    selectRows<{ id: number; type: PostTypeKey; title: string; first_body: string | null; published_at: string | Date }>(sql`
      SELECT id, type, title, sections->0->>'body' AS first_body, published_at FROM (
        SELECT id, type, title, sections, published_at,
               row_number() OVER (PARTITION BY type ORDER BY published_at DESC, id DESC) AS rn
        FROM posts WHERE company_id = ${companyId} AND status = 'published'
      ) ranked WHERE rn <= ${LATEST_PER_TYPE} ORDER BY type, rn`),
    db()
      .select({ type: posts.type, n: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(eq(posts.companyId, companyId), eq(posts.status, 'published')))
      .groupBy(posts.type),
  ]);

  const postCounts = Object.fromEntries(POST_TYPE_KEYS.map((key) => [key, 0])) as Record<PostTypeKey, number>;
  for (const row of counts) postCounts[row.type] = Number(row.n);
  const latestPosts = Object.fromEntries(POST_TYPE_KEYS.map((key) => [key, []])) as unknown as CompanyProfile['latestPosts'];
  for (const row of latest) {
    latestPosts[row.type].push({
      id: row.id,
      title: row.title,
      excerpt: excerpt(row.first_body ?? '', 70),
      publishedAt: new Date(row.published_at).toISOString(),
    });
  }
  const averages = Object.fromEntries(
    RATING_ITEMS.map((item) => {
      const value = ratingRow?.[item.key];
      return [item.key, value === null || value === undefined ? null : Number(value)];
    }),
  ) as Record<RatingItemKey, number | null>;
  return {
    ...company,
    updatedAt: company.updatedAt.toISOString(),
    ratings: { reportCount: Number(ratingRow?.reportCount ?? 0), averages },
    postCounts,
    latestPosts,
  };
}
