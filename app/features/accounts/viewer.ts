import { useMatches, useRouteLoaderData } from 'react-router';
import type { Viewer } from '../../lib/viewer';

// What the page knows about the session, from the root loader (app/root.tsx).

type RootAccountData = { viewer?: Viewer; csrfToken?: string | null } | undefined;

export function useViewer(): Viewer {
  return (useRouteLoaderData('root') as RootAccountData)?.viewer ?? null;
}

/**
 * The session's CSRF token: from the root loader, or from the page's own loader on the first
 * visit to a form page, which starts the session in the same request.
 */
export function useCsrfToken(): string | null {
  const root = useRouteLoaderData('root') as RootAccountData;
  const matches = useMatches();
  if (root?.csrfToken) return root.csrfToken;
  for (const match of matches) {
    const token = (match.loaderData as { csrfToken?: unknown } | undefined)?.csrfToken;
    if (typeof token === 'string') return token;
  }
  return null;
}
