// A company's industry and prefecture by name, as every list of companies shows them: one join,
// used by the queries that read companies with the names (Drizzle's dynamic query building).
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { companies, industries, prefectures } from '../../db/schema';

/** The columns to select with withCompanyPlace: the names of the company's industry and prefecture. */
export const companyPlaceNames = { industryName: industries.name, prefectureName: prefectures.name };

/** Joins a query that reads `companies` (built with `.$dynamic()`) to its industry and prefecture. */
export function withCompanyPlace<T extends PgSelect>(query: T) {
  return query
    .innerJoin(industries, eq(industries.id, companies.industryId))
    .innerJoin(prefectures, eq(prefectures.id, companies.prefectureId));
}
