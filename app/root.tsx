import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { getSession } from './features/accounts/session-request.server';
import { type RootAccountData, useCsrfToken, useViewer } from './features/accounts/viewer';
import {
  hasSessionHint,
  isBadgeViewPath,
  loadPersonalParts,
  PERSONAL_HEAD_SCRIPT,
  reloadPersonalParts,
  sessionChangedSinceAsked,
  reportPageView,
  revealPersonalParts,
  useLoadedPersonalParts,
} from './lib/personal-parts';
import { CSRF_PARAM } from './lib/csrf';
import { restorePendingSubmission } from './lib/form-stash';
import { ErrorPage } from './features/site-frame/components/error-page';
import { SiteFooter } from './features/site-frame/components/site-footer';
import { SiteHeader } from './features/site-frame/components/site-header';
import { demoDataAllowed, publicOrigin } from './lib/config.server';
import { stopWatchingTyping } from './lib/typed-before-hydration';
import { useNonce } from './lib/nonce';
import { SnackBarProvider } from './ui/snack-bar';
import { useIsClient } from './ui/use-is-client';
import type { Route } from './+types/root';
import './styles/tokens.css';
import './styles/global.css';

// Only logged-in students see the badge popup: visitors do not download its code.
const BadgePopup = lazy(() => import('./features/badges/components/badge-popup').then((m) => ({ default: m.BadgePopup })));

export async function loader({ request, context }: Route.LoaderArgs) {
  // A shared page is rendered for nobody (server/shared-pages.ts strips the cookie): its
  // personal parts come from the personal call (docs/decisions/030-shared-pages.md).
  // The footer says the content is invented only where it is: outside production, or a demo site.
  const demoSite = demoDataAllowed();
  if (context.sharedPage) return { origin: publicOrigin(), viewer: null, csrfToken: null, sharedPage: true, demoSite };
  // Visitors without the session cookie cost no database query here.
  const session = await getSession(request);
  const user = session?.user ?? null;
  return {
    origin: publicOrigin(),
    viewer: user ? { userId: user.id, role: user.role, name: user.name } : null,
    csrfToken: session?.csrfToken ?? null,
    sharedPage: false,
    demoSite,
  };
}

/**
 * The error page answers with the headers its error calls for: Allow with a 405, Retry-After
 * with a 429 (an AppError's headers, app/lib/app-error.ts). React Router hands a route's error
 * headers only to the boundary's `headers`, and this root is the site's one boundary.
 */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  const answer = new Headers();
  for (const name of ['Allow', 'Retry-After']) {
    const value = errorHeaders?.get(name);
    if (value) answer.set(name, value);
  }
  return answer;
}

/**
 * Every form posted from this tab is remembered (without passwords) from before hydration
 * (app/entry.client.tsx), so that an expired page can be retried without typing again
 * (ErrorPage 422); the values go back once the page has rendered again (app/lib/form-stash.ts).
 */
function useSubmissionMemory() {
  const location = useLocation();
  useEffect(() => {
    restorePendingSubmission(document, location.pathname + location.search);
  }, [location]);
}

/**
 * With a session, the personal call's answer is taken (or, on a page rendered for the session,
 * the call made) after hydration; the hidden personal parts are shown once React has drawn them.
 */
function usePersonalParts() {
  const loaded = useLoadedPersonalParts();
  const root = useRouteLoaderData('root') as RootAccountData;
  // Who the root loader says is looking, on a page rendered for the session (undefined on a shared page).
  const renderedFor = root?.sharedPage ? undefined : (root?.viewer?.userId ?? null);
  useEffect(() => {
    if (hasSessionHint()) void loadPersonalParts();
    else revealPersonalParts();
  }, []);
  useEffect(() => {
    if (loaded) revealPersonalParts();
  }, [loaded]);
  // A login or logout in this tab changes the root loader's viewer, or (on a shared page, rendered
  // for nobody) the session's cookie: the personal parts follow.
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked once per page reached (location.key).
  useEffect(() => {
    if (!loaded) return;
    const viewerChanged = renderedFor !== undefined && (loaded.viewer?.userId ?? null) !== renderedFor;
    if (viewerChanged || sessionChangedSinceAsked()) void reloadPersonalParts();
  }, [renderedFor, loaded, key]);
}

/**
 * A student who goes on to a company or post page within the site reports its view, as a loaded
 * page's head script does, so that a first view's badge is announced on that page (issue 27).
 */
function useViewReports(student: boolean) {
  const location = useLocation();
  const previous = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page reached (location.pathname).
  useEffect(() => {
    const last = previous.current;
    previous.current = location.pathname;
    // The first page's view was reported by its own call.
    if (last === null || !student || !isBadgeViewPath(location.pathname)) return;
    void reportPageView(location.pathname).then((earned) => {
      if (earned) void import('./features/badges/badge-popup-queue').then((queue) => queue.requestBadgePopup());
    });
  }, [location.pathname]);
}

/**
 * After a page change in the browser (not the first load, which the browser handles), focus moves
 * to the new page's heading and its title is announced, as a full page load would do for a screen
 * reader (issue 18), or to what the page marks `data-page-focus` (the queue's confirmation after a
 * moderator's decision). A control that changed the URL of the same page (a filter, a tab) keeps
 * focus; a link that was followed does not.
 */
function useFocusAfterNavigation(): string {
  const location = useLocation();
  const previousPath = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key).
  useEffect(() => {
    const last = previousPath.current;
    previousPath.current = location.pathname;
    if (last === null || location.hash) return;
    const active = document.activeElement;
    const keep =
      last === location.pathname &&
      active instanceof HTMLElement &&
      active !== document.body &&
      active.isConnected &&
      active.tagName !== 'A';
    if (!keep) {
      // A page that opens with something to say first (a confirmation) marks it data-page-focus.
      const target =
        document.querySelector<HTMLElement>('main [data-page-focus]') ??
        document.querySelector<HTMLElement>('main h1') ??
        document.querySelector<HTMLElement>('main');
      if (target) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
    }
    // The title element is the new one by now; the region is emptied first so a repeat is heard.
    setAnnouncement('');
    const timer = setTimeout(() => setAnnouncement(document.title), 150);
    return () => clearTimeout(timer);
  }, [location.key]);
  return announcement;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const csrfToken = useCsrfToken();
  const viewer = useViewer();
  const rootData = useRouteLoaderData('root') as (RootAccountData & { demoSite?: boolean }) | undefined;
  const sharedPage = rootData?.sharedPage === true;
  // The badge popup shows nothing until the browser asks for acquired badges: it mounts only
  // after hydration, so nothing suspends during the server render (app/entry.server.tsx).
  const hydrated = useIsClient();
  // Every text area has taken back what was typed before hydration by now (its ref ran first).
  useEffect(() => stopWatchingTyping(), []);
  useSubmissionMemory();
  usePersonalParts();
  useViewReports(viewer?.role === 'student');
  const announcement = useFocusAfterNavigation();
  return (
    <html lang="ja">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b7a6b" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {sharedPage && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own (app/lib/personal-parts.ts), the same on every page.
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PERSONAL_HEAD_SCRIPT }} />
        )}
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
        <a href="#main" className="skip-link">
          本文へスキップ
        </a>
        <SnackBarProvider>
          <SiteHeader />
          {children}
          <SiteFooter demoSite={rootData?.demoSite === true} />
          {viewer?.role === 'student' && hydrated && (
            <Suspense fallback={null}>
              <BadgePopup />
            </Suspense>
          )}
        </SnackBarProvider>
        <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
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
