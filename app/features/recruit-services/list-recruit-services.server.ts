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

// Named as the summary's fields: the rows are the summaries (int and float8 arrive as numbers).
const summaryQuery = (where: ReturnType<typeof sql>) => sql`
  SELECT s.id, s.name, s.kana, s.category, s.url, s.description,
         count(p.id)::int AS "reviewCount",
         round(avg((p.attributes->>'rating')::numeric), 1)::float8 AS "averageRating"
  FROM recruit_services s
  LEFT JOIN posts p ON p.recruit_service_id = s.id AND p.status = 'published'
  ${where}
  GROUP BY s.id
  ORDER BY count(p.id) DESC, s.kana`;

/** Every job-hunting service with its review count and average rating, most reviewed first. */
export async function listRecruitServices(): Promise<RecruitServiceSummary[]> {
  return selectRows<RecruitServiceSummary>(summaryQuery(sql``));
}

export async function getRecruitService(options: { serviceId: number }): Promise<RecruitServiceSummary | null> {
  const [row] = await selectRows<RecruitServiceSummary>(summaryQuery(sql`WHERE s.id = ${options.serviceId}`));
  return row ?? null;
}
