// The one place where a thrown AppError (app/lib/app-error.ts) becomes an answer, for every route
// by construction: the server build's loaders and actions are wrapped once at start, so no route
// can forget, and no route catches an AppError to answer it itself (a test refuses it). A page
// gets the Japanese error page with the error's status and message (React Router turns the
// thrown Response into its route error); a call gets the JSON error as is; a resource route opened
// in a browser (a wrong sitemap or calendar URL) gets a small Japanese page. A page's action whose
// error its form shows (the route's `formErrors`, docs/decisions/056-one-error-shape.md) gets the
// refused form instead, with what was typed, as its action data.
// An unexpected error of a resource route is logged here and answered with the catalog's
// internal_error: React Router would answer it with its English "Unexpected Server Error".
import { data, type ServerBuild } from 'react-router';
import { APP_ERRORS, AppError, appErrorResponse, type FormErrors, isAppError } from '../app/lib/app-error';
import { echoValues, type FormFailure, formValues } from '../app/lib/form';
import { formReadFrom } from '../app/lib/form-data.server';
import { loggedUrl } from '../app/lib/logged-url';
import { logger } from '../app/lib/logger.server';
import { plainPage } from './plain-page';
import { isResourceRoute } from './route-methods';

type Handler = (args: unknown) => unknown;
type RouteModule = ServerBuild['routes'][string] extends infer R ? (R extends { module: infer M } ? M : never) : never;

/** A browser opening the URL (a link, the address bar), not a script or a crawler asking for data. */
function isNavigation(request: Request): boolean {
  const accept = request.headers.get('Accept') ?? '';
  return (request.method === 'GET' || request.method === 'HEAD') && accept.includes('text/html') && !accept.includes('application/json');
}

const PAGE_TITLES: Record<number, string> = {
  404: 'ページが見つかりません',
  405: 'この操作は受け付けていません',
};

/** The error as a small Japanese page, for a resource route opened in a browser. */
function appErrorPage(error: AppError): Response {
  const body = plainPage({ title: PAGE_TITLES[error.status] ?? 'エラーが発生しました', paragraphs: [error.userMessage] });
  return new Response(body, {
    status: error.status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...error.headers },
  });
}

function requestOf(args: unknown): Request | undefined {
  const request = (args as { request?: unknown } | null)?.request;
  return request instanceof Request ? request : undefined;
}

/**
 * The refused form for an AppError the page's form shows: the messages beside `field`, or the
 * error's own by field (validation_failed), or one above the form; what was typed (never a
 * password); the code, status and message of the catalog's entry the form shows.
 */
export function formFailureAnswer(error: AppError, shown: NonNullable<FormErrors[keyof FormErrors]>, form: FormData | undefined) {
  const code = shown.as ?? error.code;
  const { status, message } = APP_ERRORS[code];
  const failure: FormFailure = {
    ok: false,
    code,
    errors: error.fields ?? { [shown.field ?? 'form']: message },
    values: form ? echoValues(formValues(form)) : {},
  };
  return data(failure, { status, headers: error.headers });
}

type HandlerOptions = {
  /** A resource route: its other errors are answered here too. */
  resource?: boolean;
  /** A page's action: the AppErrors its form shows (the route module's `formErrors`). */
  formErrors?: FormErrors;
};

/**
 * Runs a loader or action as the server does: a thrown AppError becomes its answer, thrown, or
 * the refused form, returned, when the page's form shows it; for a resource route, so does any
 * other error that is not already an answer.
 */
export async function runRouteHandler(handler: Handler, args: unknown, options: HandlerOptions = {}): Promise<unknown> {
  try {
    return await handler(args);
  } catch (error) {
    const request = requestOf(args);
    const shown = isAppError(error) ? options.formErrors?.[error.code] : undefined;
    if (shown && request) return formFailureAnswer(error as AppError, shown, formReadFrom(request));
    if (isAppError(error)) throw options.resource && request && isNavigation(request) ? appErrorPage(error) : appErrorResponse(error);
    if (!options.resource || error instanceof Response || request?.signal.aborted) throw error;
    const url = request ? new URL(request.url) : null;
    logger().error({ err: error, method: request?.method, url: url && loggedUrl(url.pathname + url.search) }, 'request failed');
    throw appErrorResponse(new AppError('internal_error', { cause: error }));
  }
}

/** How the server runs a route module's loader or action (the tests' callRoute too). */
export function handlerOptions(module: object, name: 'loader' | 'action'): HandlerOptions {
  const resource = isResourceRoute(module as Parameters<typeof isResourceRoute>[0]);
  const formErrors = name === 'action' && !resource ? (module as { formErrors?: FormErrors }).formErrors : undefined;
  return formErrors ? { resource, formErrors } : { resource };
}

function wrapModule(module: RouteModule): RouteModule {
  const wrapped: Record<string, unknown> = { ...module };
  for (const name of ['loader', 'action'] as const) {
    const handler = (module as unknown as Record<string, unknown>)[name];
    const options = handlerOptions(module, name);
    // What a handler carries (the methods of a call-only loader) stays with it.
    if (typeof handler === 'function')
      wrapped[name] = Object.assign((args: unknown) => runRouteHandler(handler as Handler, args, options), handler);
  }
  return wrapped as unknown as RouteModule;
}

/** The build with every route's loader and action mapping AppError to its answer. */
export function withAppErrorAnswers(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    routes[id] = route ? { ...route, module: wrapModule(route.module) } : route;
  }
  return { ...build, routes };
}
