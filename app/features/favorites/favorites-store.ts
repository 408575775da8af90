// Which companies the student has favorited, shared by every heart button on the page so that
// all buttons for one company change together (docs/product/pages.md#favorite-button).
import { tabChanges } from '../accounts/viewer';

// What the hearts changed in this tab.
const changed = tabChanges<boolean>();

export function setFavorited(userId: number, companyId: number, favorited: boolean): void {
  changed.update(userId, companyId, () => favorited);
}

/**
 * The company's state on this page: a change made here, else the personal call's list of
 * favorites (shared pages, docs/decisions/030-shared-pages.md), else what the page's loader said
 * (pages rendered for the session). On the server and during hydration: the loader's.
 */
export function useFavorited(companyId: number, fromServer: boolean): boolean {
  const { viewer, personal, change } = changed.useChange(companyId);
  if (viewer?.role !== 'student') return false;
  if (change !== undefined) return change;
  if (personal?.viewer?.userId === viewer.userId) return fromServer || personal.favoriteCompanyIds.includes(companyId);
  return fromServer;
}
