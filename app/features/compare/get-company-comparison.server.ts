import { inArray } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { companies } from '../../db/schema';
import { companyPlaceNames, withCompanyPlace } from '../companies/company-place.server';
import { buildCompareData, type CompareData, type RelatedCompany } from './compare-data';
import { listInternEvaluations } from './list-intern-evaluations.server';
import { listRelatedCompanies } from './list-related-companies.server';

export type ComparedCompany = { id: number; name: string; industryName: string; prefectureName: string };

export type CompanyComparison = {
  baseCompany: ComparedCompany;
  /** Null when no target was chosen, or when the target is the base company itself. */
  targetCompany: ComparedCompany | null;
  /** The target asked for was the base company: the page says so and offers the search panel. */
  sameCompany: boolean;
  data: CompareData;
  relatedCompanies: RelatedCompany[];
};

export const RELATED_COMPANY_LIMIT = 10;

/**
 * Everything the comparison page shows, or null when the base company or the target asked for
 * does not exist. Three queries whatever the data: the two companies, the averages of both
 * (one query, docs/decisions/006-compare.md) and the related companies.
 */
export async function getCompanyComparison(options: {
  baseCompanyId: number;
  targetCompanyId: number | null;
}): Promise<CompanyComparison | null> {
  const { baseCompanyId } = options;
  const sameCompany = options.targetCompanyId === baseCompanyId;
  const targetCompanyId = sameCompany ? null : options.targetCompanyId;
  const ids = targetCompanyId === null ? [baseCompanyId] : [baseCompanyId, targetCompanyId];

  const [found, rows, relatedCompanies] = await Promise.all([
    withCompanyPlace(
      db()
        .select({ id: companies.id, name: companies.name, ...companyPlaceNames })
        .from(companies)
        .$dynamic(),
    ).where(inArray(companies.id, ids)),
    listInternEvaluations({ companyIds: ids }),
    listRelatedCompanies({ baseCompanyId, limit: RELATED_COMPANY_LIMIT }),
  ]);
  const baseCompany = found.find((company) => company.id === baseCompanyId);
  const targetCompany = targetCompanyId === null ? null : found.find((company) => company.id === targetCompanyId);
  if (!baseCompany || targetCompany === undefined) return null;

  return {
    baseCompany,
    targetCompany,
    sameCompany,
    data: buildCompareData({ rows, baseCompanyId, targetCompanyId }),
    relatedCompanies,
  };
}
