import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError } from 'react-router';
import { getSession } from './features/accounts/session-request.server';
import { useCsrfToken, useViewer } from './features/accounts/viewer';
import { CSRF_PARAM } from './lib/csrf';
import { ErrorPage } from './features/site-frame/components/error-page';
import { SiteFooter } from './features/site-frame/components/site-footer';
import { SiteHeader } from './features/site-frame/components/site-header';
import { publicOrigin } from './lib/config.server';
import { useNonce } from './lib/nonce';
import { SnackBarProvider } from './ui/snack-bar';
import { useIsClient } from './ui/use-is-client';
import type { Route } from './+types/root';
import './styles/tokens.css';
import './styles/global.css';

// Only logged-in students see the badge popup: visitors do not download its code.
const BadgePopup = lazy(() => import('./features/badges/components/badge-popup').then((m) => ({ default: m.BadgePopup })));

export async function loader({ request }: Route.LoaderArgs) {
  // Visitors without the session cookie cost no database query here.
  const session = await getSession(request);
  const user = session?.user ?? null;
  return {
    origin: publicOrigin(),
    viewer: user ? { userId: user.id, role: user.role, name: user.name } : null,
    csrfToken: session?.csrfToken ?? null,
  };
}

/**
 * Every form posted from this tab is remembered (without passwords), so that an expired page can
 * be retried without typing again (ErrorPage 422); the values go back once the page has
 * rendered again (app/lib/form-stash.ts).
 */
const formStash = () => import('./lib/form-stash');

function useSubmissionMemory() {
  const location = useLocation();
  // The module comes after hydration, off the way to the first paint: a form is sent later.
  useEffect(() => {
    let stop: (() => void) | undefined;
    void formStash().then((stash) => (stop = stash.rememberSubmissions(document)));
    return () => stop?.();
  }, []);
  useEffect(() => {
    const here = location.pathname + location.search;
    void formStash().then((stash) => stash.restorePendingSubmission(document, here));
  }, [location]);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const csrfToken = useCsrfToken();
  const viewer = useViewer();
  // The badge popup shows nothing until the browser asks for acquired badges: it mounts only
  // after hydration, so nothing suspends during the server render (app/entry.server.tsx).
  const hydrated = useIsClient();
  useSubmissionMemory();
  return (
    <html lang="ja">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b7a6b" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {csrfToken && (
          <>
            <meta name="csrf-param" content={CSRF_PARAM} />
            <meta name="csrf-token" content={csrfToken} />
          </>
        )}
        <Meta />
        <Links />
      </head>
      <body>
        <SnackBarProvider>
          <SiteHeader />
          {children}
          <SiteFooter />
          {viewer?.role === 'student' && hydrated && (
            <Suspense fallback={null}>
              <BadgePopup />
            </Suspense>
          )}
        </SnackBarProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The Japanese message of an AppError answer ({ error: { message } }), if the error carries one. */
function serverMessage(data: unknown): string | undefined {
  const message = (data as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? message : undefined;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage status={404} />;
  if (isRouteErrorResponse(error) && error.status < 500) return <ErrorPage status={error.status} message={serverMessage(error.data)} />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage status={500} />;
}
