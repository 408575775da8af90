// Which page URLs are shared pages (docs/decisions/030-shared-pages.md): a route module that
// exports `handle = SHARED_PAGE` renders the same page for everyone. The fast lane then serves
// it to students too from the visitor cache, rendered without their cookie; the personal parts
// come from the personal call (server/personal-call.ts).
//
// The fast lane asks for every page request, cache hits included, so the route table is compiled
// once into regular expressions in React Router's order of preference: its own matchRoutes
// flattens and ranks the whole table on every call (about 0.4 ms here, as much as a cache hit
// costs). shared-pages.test.ts checks that both pick the same route for the site's URLs.
import type { ServerBuild } from 'react-router';
import { type SharedPageKind, sharedPageKind } from '../app/lib/shared-page';

/** React Router's data URL of a page: /companies/5.data, and /_root.data for "/". */
export function pagePathOf(path: string): string {
  if (path === '/_root.data') return '/';
  return path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
}

type Branch = { id: string; pattern: string; index: boolean; order: number[] };
type Compiled = { id: string; regex: RegExp; score: number; order: number[] };

// React Router's ranking of route paths (flattenRoutes / computeScore in its router).
const PARAM = /^:[\w-]+$/;
function score(pattern: string, index: boolean): number {
  const segments = pattern.split('/');
  let total = segments.length;
  if (segments.includes('*')) total -= 2;
  if (index) total += 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    total += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

/** Routes that are siblings keep their table order; others are equal (React Router's compareIndexes). */
function compareOrder(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(pattern: string): RegExp {
  const segments = pattern.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.endsWith('?'))) throw new Error(`optional segments are not supported: ${pattern}`);
  let source = '^';
  for (const segment of segments) {
    if (segment === '*') source += '(?:/.*)?';
    else source += `/${PARAM.test(segment) ? '[^/]+' : escapeRegExp(segment)}`;
  }
  // A trailing slash is the same page, as in React Router; "/" itself is the empty pattern.
  source += segments.at(-1) === '*' ? '$' : '/*$';
  return new RegExp(source, 'i');
}

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
  const compiled: Compiled[] = branches(build)
    .map((branch) => ({ id: branch.id, regex: compile(branch.pattern), score: score(branch.pattern, branch.index), order: branch.order }))
    .sort((a, b) => (a.score !== b.score ? b.score - a.score : compareOrder(a.order, b.order)));
  return (path) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      decoded = path;
    }
    return compiled.find((entry) => entry.regex.test(decoded))?.id;
  };
}

/** Whether the page a path renders is a shared page (and whether it differs by device class). */
export function createSharedPageTest(build: ServerBuild): (path: string) => SharedPageKind {
  const match = createRouteMatcher(build);
  return (path) => {
    const id = match(pagePathOf(path));
    return id === undefined ? 'personal' : sharedPageKind(build.routes[id]?.module.handle);
  };
}
