import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';

export type RecruitServiceSummary = {
  id: number;
  name: string;
  kana: string;
  category: string;
  url: string | null;
  description: string;
  reviewCount: number;
  averageRating: number | null;
};

const summaryQuery = (where: ReturnType<typeof sql>) => sql`
  SELECT s.id, s.name, s.kana, s.category, s.url, s.description,
         count(p.id)::int AS review_count,
         round(avg((p.attributes->>'rating')::numeric), 1)::float8 AS average_rating
  FROM recruit_services s
  LEFT JOIN posts p ON p.recruit_service_id = s.id AND p.status = 'published'
  ${where}
  GROUP BY s.id
  ORDER BY count(p.id) DESC, s.kana`;

type Row = {
  id: number;
  name: string;
  kana: string;
  category: string;
  url: string | null;
  description: string;
  review_count: number;
  average_rating: number | null;
};

const toSummary = (row: Row): RecruitServiceSummary => ({
  id: row.id,
  name: row.name,
  kana: row.kana,
  category: row.category,
  url: row.url,
  description: row.description,
  reviewCount: Number(row.review_count),
  averageRating: row.average_rating === null ? null : Number(row.average_rating),
});

/** Every job-hunting service with its review count and average rating, most reviewed first. */
export async function listRecruitServices(): Promise<RecruitServiceSummary[]> {
  return (await selectRows<Row>(summaryQuery(sql``))).map(toSummary);
}

export async function getRecruitService(options: { serviceId: number }): Promise<RecruitServiceSummary | null> {
  const [row] = await selectRows<Row>(summaryQuery(sql`WHERE s.id = ${options.serviceId}`));
  return row ? toSummary(row) : null;
}
