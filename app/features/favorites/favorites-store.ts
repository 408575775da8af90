// Which companies the student has favorited, shared by every heart button on the page so that
// all buttons for one company change together (SPEC.md section 4).
import { useSyncExternalStore } from 'react';

const state = new Map<number, boolean>();
const listeners = new Set<() => void>();

export function setFavorited(companyId: number, favorited: boolean): void {
  state.set(companyId, favorited);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The company's state on this page; the server's answer until a button changes it. */
export function useFavorited(companyId: number, fromServer: boolean): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.get(companyId) ?? fromServer,
    () => fromServer,
  );
}
