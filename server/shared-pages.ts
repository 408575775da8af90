// Which page URLs are shared pages (docs/decisions/030-shared-pages.md): a route module that
// exports `handle = SHARED_PAGE` renders the same page for everyone. The fast lane then serves
// it to students too from the visitor cache, rendered without their cookie; the personal parts
// come from the personal call (server/personal-call.ts).
//
// The fast lane asks for every page request, cache hits included, so the route table is compiled
// once (server/route-patterns.ts), in React Router's order of preference. shared-pages.test.ts
// checks that it picks React Router's route for the site's URLs.
import type { ServerBuild } from 'react-router';
import { isKeptForSession, type SharedPageKind, sharedPageKind } from '../app/lib/shared-page';
import { createPatternMatcher, pagePathOf } from './route-patterns';

type Branch = { id: string; pattern: string; index: boolean; order: number[] };

/** The build's routes as the branches React Router matches: every route with a path, and index routes. */
function branches(build: ServerBuild): Branch[] {
  const children = new Map<string | undefined, Array<NonNullable<ServerBuild['routes'][string]>>>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const found: Branch[] = [];
  const walk = (parentId: string | undefined, parentPattern: string, parentOrder: number[]) => {
    (children.get(parentId) ?? []).forEach((route, position) => {
      const pattern = [parentPattern, route.path ?? ''].filter((part) => part !== '').join('/');
      const order = [...parentOrder, position];
      if (route.index || (route.path !== undefined && route.path !== ''))
        found.push({ id: route.id, pattern, index: Boolean(route.index), order });
      if (!route.index) walk(route.id, pattern, order);
    });
  };
  walk(undefined, '', []);
  return found;
}

/** The route (its id) that React Router renders for a path, without its per-call ranking. */
export function createRouteMatcher(build: ServerBuild): (path: string) => string | undefined {
  const match = createPatternMatcher(branches(build).map((branch) => ({ ...branch, value: branch.id })));
  return (path) => match(path)?.value;
}

/** Whether the page a path renders is a shared page (and whether it differs by device class). */
export function createSharedPageTest(build: ServerBuild): (path: string) => SharedPageKind {
  const match = createRouteMatcher(build);
  return (path) => {
    const id = match(pagePathOf(path));
    return id === undefined ? 'personal' : sharedPageKind(build.routes[id]?.module.handle);
  };
}

/** Whether the page a path renders is kept for the session a few seconds (server/session-pages.ts). */
export function createKeptPageTest(build: ServerBuild): (path: string) => boolean {
  const match = createRouteMatcher(build);
  return (path) => {
    const id = match(pagePathOf(path));
    return id !== undefined && isKeptForSession(build.routes[id]?.module.handle);
  };
}
