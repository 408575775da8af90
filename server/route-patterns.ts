// URL patterns as the route table (app/routes.ts) writes them ("companies/:companyId", "api/*"),
// matched the way React Router matches them: a parameter is one segment, a splat the rest, a
// trailing slash the same URL, letters in any case, the path percent-decoded, and among several
// patterns that match, the one React Router ranks first (flattenRoutes / computeScore in its
// router). React Router's own matchRoutes flattens and ranks the whole table on every call (about
// 0.4 ms here, as much as a cache hit costs), so patterns are compiled once into regular
// expressions. The one place in server/ where a URL becomes a regular expression: the server's
// rules by URL (server/route-rules.ts) and its route matcher (server/shared-pages.ts) come here.

/** A request's URL (req.url) as its path and its query string (without the "?"). */
export function splitUrl(url: string): { path: string; query: string } {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? { path: url, query: '' } : { path: url.slice(0, queryAt), query: url.slice(queryAt + 1) };
}

/** React Router's data URL of a page: /companies/5.data, and /_root.data for "/". */
export function pagePathOf(path: string): string {
  if (path === '/_root.data') return '/';
  return path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
}

const PARAM = /^:[\w-]+$/;

/** React Router's rank of a route path (computeScore): static segments weigh most, a splat least. */
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

/** The pattern as a regular expression that captures its parameters, in order, and their names. */
function compile(pattern: string): { regex: RegExp; params: string[] } {
  const segments = pattern.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.endsWith('?'))) throw new Error(`optional segments are not supported: ${pattern}`);
  const params: string[] = [];
  let source = '^';
  for (const segment of segments) {
    if (segment === '*') source += '(?:/.*)?';
    else if (PARAM.test(segment)) {
      params.push(segment.slice(1));
      source += '/([^/]+)';
    } else source += `/${escapeRegExp(segment)}`;
  }
  // A trailing slash is the same page, as in React Router; "/" itself is the empty pattern.
  source += segments.at(-1) === '*' ? '$' : '/*$';
  return { regex: new RegExp(source, 'i'), params };
}

/** The path percent-decoded, as React Router decodes it before matching; as it is when it cannot be. */
function decoded(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export type PatternEntry<T> = {
  /** The route's full path as the table writes it, without the leading slash. */
  pattern: string;
  value: T;
  /** An index route (ranked a little higher). */
  index?: boolean;
  /** Its position in the table, for siblings of equal rank; a flat list's position by default. */
  order?: number[];
};

export type PatternMatch<T> = { value: T; pattern: string; params: Record<string, string> };

/** The entry React Router would pick for a path, with its parameters; undefined when none matches. */
export function createPatternMatcher<T>(entries: Array<PatternEntry<T>>): (path: string) => PatternMatch<T> | undefined {
  const compiled = entries
    .map((entry, position) => ({
      ...entry,
      ...compile(entry.pattern),
      score: score(entry.pattern, Boolean(entry.index)),
      order: entry.order ?? [position],
    }))
    .sort((a, b) => (a.score !== b.score ? b.score - a.score : compareOrder(a.order, b.order)));
  return (path) => {
    const target = decoded(path);
    for (const entry of compiled) {
      const found = entry.regex.exec(target);
      if (!found) continue;
      const params: Record<string, string> = {};
      for (let at = 0; at < entry.params.length; at++) params[entry.params[at]!] = found[at + 1]!;
      return { value: entry.value, pattern: entry.pattern, params };
    }
    return undefined;
  };
}
