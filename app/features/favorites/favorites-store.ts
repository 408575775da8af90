// Which companies the student has favorited, shared by every heart button on the page so that
// all buttons for one company change together (SPEC.md section 4).
import { useSyncExternalStore } from 'react';
import { useLoadedPersonalParts } from '../../lib/personal-parts';
import { useViewer } from '../accounts/viewer';

// What the hearts changed in this tab, per student (a change must not outlive a logout).
const changed = new Map<string, boolean>();
const listeners = new Set<() => void>();

export function setFavorited(userId: number, companyId: number, favorited: boolean): void {
  changed.set(`${userId}:${companyId}`, favorited);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The company's state on this page: a change made here, else the personal call's list of
 * favorites (shared pages, docs/decisions/030-shared-pages.md), else what the page's loader said
 * (pages rendered for the session). On the server and during hydration: the loader's.
 */
export function useFavorited(companyId: number, fromServer: boolean): boolean {
  const viewer = useViewer();
  const personal = useLoadedPersonalParts();
  const key = viewer ? `${viewer.userId}:${companyId}` : null;
  const change = useSyncExternalStore(
    subscribe,
    () => (key === null ? undefined : changed.get(key)),
    () => undefined,
  );
  if (viewer?.role !== 'student') return false;
  if (change !== undefined) return change;
  if (personal?.viewer?.userId === viewer.userId) return fromServer || personal.favoriteCompanyIds.includes(companyId);
  return fromServer;
}
