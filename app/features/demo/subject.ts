// What the text generators know about a company: its name and the few phrases of its industry
// profile that this company is "about". Picking them once per company keeps every post about
// one company consistent (the same strength, the same challenge).
import type { Industry } from './industries';
import type { TextContext } from './template';

export type CompanyProfile = {
  id: number;
  name: string;
  /** The name without 株式会社 or the association form, as students write it. */
  shortName: string;
  kana: string;
  industry: Industry;
  industryId: number;
  prefectureId: number;
  prefName: string;
  product: string;
  customers: string;
  strength: string;
  challenge: string;
  focus: string;
  work: string;
  aspiration: string;
  roles: string[];
  /** Base quality of its internships, about 2..4.6; ratings scatter around it. */
  quality: number;
  /** How hard its selection is, 1..5. */
  selectivity: number;
  employeeCount: number;
  foundedYear: number;
};

export function companyContext(company: CompanyProfile): TextContext {
  return {
    co: company.shortName,
    field: company.industry.field,
    kind: company.industry.kind,
    product: company.product,
    customers: company.customers,
    strength: company.strength,
    challenge: company.challenge,
    focus: company.focus,
    work: company.work,
    aspiration: company.aspiration,
    pref: company.prefName,
  };
}
