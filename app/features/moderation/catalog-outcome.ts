/**
 * What saving a company or a service from the admin forms gives: the entry's id and whether it
 * was created or changed, or the entries whose names search would take for it, which the
 * moderator confirms first (`similarFor`: the name's search key the confirmation is for).
 */
export type CatalogSaveOutcome<Similar> =
  | { status: 'saved'; id: number; created: boolean; changed: boolean }
  | { status: 'similar'; similar: Similar[]; similarFor: string };
