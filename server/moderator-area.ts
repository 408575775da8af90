// The one place where the admin area (/admin and everything under it) is closed to everyone but
// moderators, for every route by construction, like CSRF (docs/decisions/026-moderation.md): at
// start the server build's loaders and actions of routes under /admin are wrapped with the
// moderator check, so a route that forgets to call requireModerator is still closed. A visitor or
// a student gets the Japanese 404 page, the same as an unknown URL, so the area is not advertised.
import type { ServerBuild } from 'react-router';
import { requireModerator } from '../app/features/accounts/session-request.server';
import { isInModeratorArea } from './route-rules';

type Handler = (args: { request: Request }) => unknown;
type BuildRoute = NonNullable<ServerBuild['routes'][string]>;

/** The URL pattern of a route of the build, its ancestors' paths joined ("admin/posts/:postId"). */
export function fullRoutePath(routes: ServerBuild['routes'], id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path.replace(/^\/|\/$/g, ''));
  }
  return parts.join('/');
}

/** Whether a route's URL pattern is in the admin area (MODERATOR_AREA, server/route-rules.ts). */
export function isModeratorPath(pattern: string): boolean {
  return isInModeratorArea(`/${pattern.replace(/^\//, '')}`);
}

function guarded(handler: Handler): Handler {
  const guard: Handler = async (args) => {
    await requireModerator(args.request);
    return handler(args);
  };
  // What a handler carries (the methods of a call-only loader) stays with it.
  return Object.assign(guard, handler);
}

/** The build with every admin route's loader and action checking for a moderator first. */
export function withModeratorArea(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || !isModeratorPath(fullRoutePath(build.routes, id))) {
      routes[id] = route;
      continue;
    }
    const module: Record<string, unknown> = { ...route.module };
    for (const name of ['loader', 'action'] as const) {
      const handler = module[name];
      if (typeof handler === 'function') module[name] = guarded(handler as Handler);
    }
    routes[id] = { ...route, module: module as unknown as BuildRoute['module'] };
  }
  return { ...build, routes };
}
