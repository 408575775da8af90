// The URL table of app/routes.ts as concrete paths, for tests that must cover every route
// without listing them (the CSRF walk, the fuzz test, the log redaction test).

export type RouteEntry = { path?: string; file?: string; children?: RouteEntry[] };

/** Real values for the parameters of the demo data; anything unnamed gets 1. */
const SAMPLE_VALUES: Record<string, string> = {
  companyId: '1',
  baseCompanyId: '1',
  type: 'intern_experiences',
  serviceId: '1',
  postId: '1',
  name: 'companies-1.xml',
  token: 'x',
  badgeId: '101',
};

export type RouteTemplate = {
  /** The pattern as written in app/routes.ts, e.g. /companies/:companyId. */
  pattern: string;
  /** The names of its dynamic segments. */
  params: string[];
  /** The pattern with sample values filled in. */
  path: string;
  /** The route module (routes/company.tsx); a page has a component, a resource route (.ts) none. */
  file?: string;
};

/** Every route of the table with its parameters, depth first. */
export function routeTemplates(entries: RouteEntry[], prefix = ''): RouteTemplate[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const params = [...pattern.matchAll(/:(\w+)\??/g)].map((match) => match[1]!);
    const path = fill(pattern, (name) => SAMPLE_VALUES[name] ?? '1');
    return [{ pattern: pattern || '/', params, path, file: entry.file }, ...routeTemplates(entry.children ?? [], pattern)];
  });
}

/** The pattern with each parameter (and a splat) replaced by `value(name)`. */
export function fill(pattern: string, value: (name: string) => string): string {
  return (pattern || '/').replace(/:(\w+)\??/g, (_, name: string) => value(name)).replace('*', 'no-such-page');
}

/** Every path of the URL table, with real ids in its parameters. */
export function routePaths(entries: RouteEntry[]): string[] {
  return routeTemplates(entries).map((template) => template.path);
}
