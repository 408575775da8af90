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
