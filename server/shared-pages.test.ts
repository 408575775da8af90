import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import routeConfig from '../app/routes';
import { fill, routeTemplates, type RouteEntry } from '../tests/support/route-paths';
import { pagePathOf } from './route-patterns';
import { createRouteMatcher, createSharedPageTest } from './shared-pages';

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] };

/** A server build's route table made from app/routes.ts (ids as React Router gives them), under a root. */
function buildOf(entries: ConfigEntry[], handles: Record<string, unknown> = {}): ServerBuild {
  const routes: Record<string, unknown> = { root: { id: 'root', path: '', module: {} } };
  const add = (list: ConfigEntry[], parentId: string) =>
    list.forEach((entry) => {
      const id = entry.id ?? entry.file.replace(/\.[^.]+$/, '');
      routes[id] = { id, parentId, path: entry.path, index: entry.index, module: { handle: handles[id] } };
      add(entry.children ?? [], id);
    });
  add(entries, 'root');
  return { routes } as unknown as ServerBuild;
}

/** The same table as React Router's nested route objects. */
function treeOf(build: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route!.parentId === parentId)
    .map((route) => {
      const children = treeOf(build, route!.id);
      return (
        route!.index
          ? { id: route!.id, index: true }
          : { id: route!.id, path: route!.path, children: children.length ? children : undefined }
      ) as RouteObject;
    });
}

const config = routeConfig as unknown as ConfigEntry[];
const build = buildOf(config);
const tree = treeOf(build);

describe('the compiled route matcher', () => {
  it("picks React Router's route for every route of the table, odd values, data URLs and unknown paths", () => {
    const templates = routeTemplates(config as unknown as RouteEntry[]);
    const paths = new Set<string>([
      '/',
      '/companies/',
      '/COMPANIES/12',
      '/companies/1/2/3',
      '/admin',
      '/admin/',
      '/nowhere/at/all',
      '/%E4%BC%81%E6%A5%AD',
    ]);
    for (const template of templates) {
      paths.add(template.path);
      paths.add(fill(template.pattern, () => 'abc'));
      paths.add(fill(template.pattern, () => '%E3%81%82'));
      paths.add(`${template.path}/`);
    }
    const match = createRouteMatcher(build);
    expect(paths.size).toBeGreaterThan(100);
    for (const path of paths) {
      const expected = matchRoutes(tree, path)?.at(-1)?.route.id;
      expect([path, match(path)]).toEqual([path, expected]);
    }
  });

  it('tells shared pages, pages by device class and personal pages apart, for pages and their data URLs', () => {
    const kinds = createSharedPageTest(
      buildOf(config, { 'routes/company': { sharedPage: true }, 'routes/compare': { sharedPage: true, byDeviceClass: true } }),
    );
    expect(kinds('/companies/5')).toBe('shared');
    expect(kinds('/companies/5.data')).toBe('shared');
    expect(kinds('/companies/5/intern/compare/6')).toBe('shared-by-device');
    expect(kinds('/companies/5/intern_experiences')).toBe('personal');
    expect(kinds('/mypage')).toBe('personal');
    expect(kinds('/_root.data')).toBe('personal');
  });

  it('reads data URLs as their pages', () => {
    expect(pagePathOf('/_root.data')).toBe('/');
    expect(pagePathOf('/companies/5.data')).toBe('/companies/5');
    expect(pagePathOf('/companies/5')).toBe('/companies/5');
  });
});
