/** A one-tap company choice of a company picker (a favorite, or a company on the tracker). */
export type CompanyChoice = { companyId: number; name: string; prefectureName: string; source: 'favorite' | 'tracker' | 'both' };
