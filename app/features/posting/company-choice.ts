/** A one-tap company choice of a posting form (a favorite, or a company on the tracker). */
export type CompanyChoice = { companyId: number; name: string; prefectureName: string; source: 'favorite' | 'tracker' | 'both' };
