import { useSyncExternalStore } from 'react';
import { useMatches, useRouteLoaderData } from 'react-router';
import { useLoadedPersonalParts } from '../../lib/personal-parts';
import type { Viewer } from '../../lib/viewer';

// What the page knows about the session. A page rendered for the session has it from the root
// loader (app/root.tsx); a shared page (docs/decisions/030-shared-pages.md) was rendered for
// nobody, and learns it from the personal call once that has answered.

export type RootAccountData = { viewer?: Viewer; csrfToken?: string | null; sharedPage?: boolean } | undefined;

export function useViewer(): Viewer {
  const root = useRouteLoaderData('root') as RootAccountData;
  const personal = useLoadedPersonalParts();
  if (root?.sharedPage) return personal?.viewer ?? null;
  return root?.viewer ?? null;
}

/**
 * The session's CSRF token: from the root loader, or from the page's own loader on the first
 * visit to a form page, which starts the session in the same request; on a shared page, from the
 * personal call.
 */
export function useCsrfToken(): string | null {
  const root = useRouteLoaderData('root') as RootAccountData;
  const personal = useLoadedPersonalParts();
  const matches = useMatches();
  const sessionToken = root?.sharedPage ? personal?.csrfToken : root?.csrfToken;
  if (sessionToken) return sessionToken;
  for (const match of matches) {
    const token = (match.loaderData as { csrfToken?: unknown } | undefined)?.csrfToken;
    if (typeof token === 'string') return token;
  }
  return null;
}

// What a student changed in this tab, shared by every button on the page that shows the same
// thing (the favorite hearts, the reaction buttons, the tracker button), so that all of them
// change together. Kept per student: a change must not outlive a logout.
export function tabChanges<T>() {
  const changes = new Map<string, T>();
  const listeners = new Set<() => void>();
  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }
  return {
    /** Replaces the change of one thing for one student; nothing happens when next gives back the previous one. */
    update(userId: number, id: number, next: (previous: T | undefined) => T): void {
      const key = `${userId}:${id}`;
      const previous = changes.get(key);
      const value = next(previous);
      if (value === previous) return;
      changes.set(key, value);
      for (const listener of listeners) listener();
    },
    /** The viewer, the personal call's answer and this tab's change of the thing (none on the server and during hydration). */
    useChange(id: number) {
      const viewer = useViewer();
      const personal = useLoadedPersonalParts();
      const key = viewer ? `${viewer.userId}:${id}` : null;
      const change = useSyncExternalStore(
        subscribe,
        () => (key === null ? undefined : changes.get(key)),
        () => undefined,
      );
      return { viewer, personal, change };
    },
  };
}
