// What each route answers to a method it does not take (issue 28, docs/decisions/052): the one
// place, for every route by construction. React Router's own answers are English and name route
// modules ("You made a POST request to … but did not provide an `action` for route
// "routes/company"", in a page's hydration data; `{"message":"Unexpected Server Error"}` from a
// resource route), so it is never left to answer: at start every route module without an action
// gets one that throws the catalog's 405 (app/lib/app-error.ts) with the route's Allow header,
// and a method React Router does not route at all (OPTIONS, PROPFIND, TRACE…) is answered here,
// before it. A page's 405 is then the site's error page, a call's the JSON error.
import type { NextFunction, Request, Response } from 'express';
import type { ServerBuild } from 'react-router';
import { AppError } from '../app/lib/app-error';
import { CALL_ONLY_METHODS } from '../app/lib/http';
import { wantsJson } from './csrf';
import { fullRoutePath, isModeratorPath } from './moderator-area';
import { pagePathOf } from './route-patterns';
import { createRouteMatcher } from './shared-pages';
import { plainPage } from './plain-page';

type BuildRoute = NonNullable<ServerBuild['routes'][string]>;
type Module = { loader?: unknown; action?: unknown; default?: unknown; ErrorBoundary?: unknown };

/** The methods React Router routes; any other is answered before it. */
export const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A route without a component (robots.txt, a share card, a call): React Router hands back what it returns. */
export function isResourceRoute(module: Module): boolean {
  return module.default == null && module.ErrorBoundary == null;
}

/**
 * The methods a route takes, as far as its module says: a page is read with GET and HEAD and
 * takes POST when it has an action; a call-only URL lists its methods (callOnlyLoader).
 */
export function methodsOf(module: Module): string[] {
  const declared = (module.loader as { [CALL_ONLY_METHODS]?: string[] } | undefined)?.[CALL_ONLY_METHODS];
  if (declared) return declared;
  const methods = module.loader != null || !isResourceRoute(module) ? ['GET', 'HEAD'] : [];
  if (module.action != null && !(ANSWERS_405 in (module.action as object))) methods.push('POST');
  return methods;
}

/** Marks the actions given here, which take no method. */
const ANSWERS_405 = Symbol('answers405');

function notAllowed(allow: string[]): AppError {
  return new AppError('method_not_allowed', { headers: { Allow: allow.join(', ') } });
}

/** The build with an action answering 405 (Allow: what the route takes) on every route that has none. */
export function withMethodAnswers(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || (route.module as Module).action != null) {
      routes[id] = route;
      continue;
    }
    const allow = methodsOf(route.module as Module);
    const action = Object.assign(
      () => {
        throw notAllowed(allow);
      },
      { [ANSWERS_405]: true },
    );
    routes[id] = { ...route, module: { ...route.module, action } as BuildRoute['module'] };
  }
  return { ...build, routes };
}

const NOT_FOUND_PAGE = plainPage({
  title: 'ページが見つかりません',
  paragraphs: ['お探しのページは見つかりませんでした。URLをご確認ください。'],
});

const NOT_ALLOWED_PAGE = plainPage({
  title: 'この操作は受け付けていません',
  paragraphs: ['このURLではその操作を受け付けていません。リンクからページを開き直してください。'],
});

/**
 * Answers a method React Router does not route (OPTIONS, PROPFIND, TRACE, …) with the 405 of
 * the route the URL belongs to, before React Router: a JSON error for a call, a page otherwise.
 */
export function answerUnroutedMethods(build: ServerBuild) {
  const match = createRouteMatcher(build);
  return (req: Request, res: Response, next: NextFunction) => {
    if (ROUTED_METHODS.has(req.method)) {
      next();
      return;
    }
    const leaf = match(pagePathOf(req.path));
    const route = leaf ? build.routes[leaf] : undefined;
    // The admin area is not advertised: anyone gets its 404 here (server/moderator-area.ts).
    const error =
      leaf && isModeratorPath(fullRoutePath(build.routes, leaf))
        ? new AppError('not_found')
        : notAllowed(route ? methodsOf(route.module as Module) : ['GET', 'HEAD']);
    res.status(error.status).set(error.headers).set('Cache-Control', 'no-store');
    if (wantsJson(req) || (route && isResourceRoute(route.module as Module))) res.json(error.toBody());
    else res.type('text/html; charset=utf-8').send(error.status === 404 ? NOT_FOUND_PAGE : NOT_ALLOWED_PAGE);
  };
}
