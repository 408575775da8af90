import express from 'express';
import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from '../app/lib/app-error';
import { callOnlyLoader } from '../app/lib/http';
import { withModeratorArea } from './moderator-area';
import { withAppErrorAnswers } from './route-errors';
import { answerUnroutedMethods, methodsOf, withMethodAnswers } from './route-methods';

const page = () => null;
/** A build with a page, a page with a form, a resource route, a call and an admin page. */
function buildOf(): ServerBuild {
  const routes = {
    root: { id: 'root', path: '', module: { default: page, ErrorBoundary: page } },
    company: { id: 'company', parentId: 'root', path: 'companies/:companyId', module: { default: page, loader: () => ({}) } },
    login: { id: 'login', parentId: 'root', path: 'login', module: { default: page, loader: () => ({}), action: () => ({}) } },
    robots: { id: 'robots', parentId: 'root', path: 'robots.txt', module: { loader: () => new Response('User-agent: *') } },
    clip: {
      id: 'clip',
      parentId: 'root',
      path: 'api/v1/student/posts/:postId/clip',
      module: { loader: callOnlyLoader('PUT', 'DELETE'), action: () => new Response('{}') },
    },
    admin: { id: 'admin', parentId: 'root', path: 'admin', module: { default: page } },
    audit: { id: 'audit', parentId: 'admin', path: 'audit', module: { default: page, loader: () => ({}) } },
  };
  return { routes } as unknown as ServerBuild;
}

/** The build as server/app.ts composes it. */
const served = () => withAppErrorAnswers(withModeratorArea(withMethodAnswers(buildOf())));

async function runAction(build: ServerBuild, id: string, request: Request): Promise<Response> {
  const action = build.routes[id]!.module.action as (args: unknown) => Promise<unknown>;
  try {
    await action({ request, params: {}, context: {} });
    throw new Error('the action answered');
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe('the methods a route takes', () => {
  it('reads them from the module: a page, a page with a form, a resource route, a call-only URL', () => {
    const build = buildOf();
    expect(methodsOf(build.routes.company!.module)).toEqual(['GET', 'HEAD']);
    expect(methodsOf(build.routes.login!.module)).toEqual(['GET', 'HEAD', 'POST']);
    expect(methodsOf(build.routes.robots!.module)).toEqual(['GET', 'HEAD']);
    expect(methodsOf(build.routes.clip!.module)).toEqual(['PUT', 'DELETE']);
    // And still after the server has wrapped the handlers.
    expect(methodsOf(served().routes.clip!.module)).toEqual(['PUT', 'DELETE']);
    expect(methodsOf(served().routes.company!.module)).toEqual(['GET', 'HEAD']);
  });

  it('gives every route without an action the catalog’s 405 in Japanese, with Allow', async () => {
    const build = served();
    for (const [id, path] of [
      ['company', '/companies/1'],
      ['robots', '/robots.txt'],
    ] as const) {
      const response = await runAction(build, id, new Request(`http://localhost${path}`, { method: 'POST' }));
      expect(response.status).toBe(405);
      expect(response.headers.get('Allow')).toBe('GET, HEAD');
      expect(await response.json()).toEqual({
        error: { code: 'method_not_allowed', message: 'このURLではその操作を受け付けていません。' },
      });
    }
  });

  it('keeps the admin area closed: its 405 is the 404 of an unknown URL for anyone but a moderator', async () => {
    const action = served().routes.audit!.module.action as (args: unknown) => Promise<unknown>;
    const thrown = await action({
      request: new Request('http://localhost/admin/audit', { method: 'POST' }),
      params: {},
      context: {},
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});

describe('a method React Router does not route', () => {
  async function send(method: string, path: string, headers: Record<string, string> = {}) {
    const app = express();
    app.use(answerUnroutedMethods(served()));
    app.use((_req, res) => void res.status(299).send('passed on'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers });
      return {
        status: response.status,
        allow: response.headers.get('allow'),
        type: response.headers.get('content-type'),
        body: await response.text(),
      };
    } finally {
      server.close();
    }
  }

  it('is answered 405 in Japanese with what the route takes, a page for a page and JSON for a call', async () => {
    const page = await send('PROPFIND', '/companies/3');
    expect([page.status, page.allow]).toEqual([405, 'GET, HEAD']);
    expect(page.type).toContain('text/html');
    expect(page.body).toContain('この操作は受け付けていません');
    const call = await send('OPTIONS', '/api/v1/student/posts/3/clip');
    expect([call.status, call.allow]).toEqual([405, 'PUT, DELETE']);
    expect(JSON.parse(call.body)).toEqual({ error: { code: 'method_not_allowed', message: 'このURLではその操作を受け付けていません。' } });
    const robots = await send('OPTIONS', '/robots.txt');
    expect([robots.status, robots.type?.split(';')[0]]).toEqual([405, 'application/json']);
  });

  it('gives the admin area’s 404, and leaves the methods React Router routes to it', async () => {
    const admin = await send('OPTIONS', '/admin/audit');
    expect(admin.status).toBe(404);
    expect(admin.body).toContain('ページが見つかりません');
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect((await send(method, '/companies/3')).status).toBe(299);
  });
});

describe('an AppError of a resource route', () => {
  it('is a Japanese page for a browser opening it, the JSON error for anything else', async () => {
    const notFound = withAppErrorAnswers({
      routes: {
        sitemap: {
          id: 'sitemap',
          path: 'sitemaps/:name',
          module: {
            loader: () => {
              throw new AppError('not_found');
            },
          },
        },
      },
    } as unknown as ServerBuild);
    const loader = notFound.routes.sitemap!.module.loader as (args: unknown) => Promise<unknown>;
    const answer = (accept: string) =>
      loader({
        request: new Request('http://localhost/sitemaps/nope.xml', { headers: { Accept: accept } }),
        params: {},
        context: {},
      }).catch((thrown: unknown) => thrown as Response) as Promise<Response>;
    const browser = await answer('text/html,application/xhtml+xml,*/*;q=0.8');
    expect([browser.status, browser.headers.get('Content-Type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(await browser.text()).toContain('お探しのページは見つかりませんでした。');
    const crawler = await answer('*/*');
    expect(await crawler.json()).toEqual({ error: { code: 'not_found', message: 'お探しのページは見つかりませんでした。' } });
  });

  it('an unexpected error is the catalog’s internal_error, never React Router’s English', async () => {
    const build = withAppErrorAnswers({
      routes: { robots: { id: 'robots', path: 'robots.txt', module: { loader: () => Promise.reject(new Error('disk on fire')) } } },
    } as unknown as ServerBuild);
    const loader = build.routes.robots!.module.loader as (args: unknown) => Promise<unknown>;
    const thrown = (await loader({ request: new Request('http://localhost/robots.txt'), params: {}, context: {} }).catch(
      (error: unknown) => error,
    )) as Response;
    expect(thrown.status).toBe(500);
    const body = await thrown.text();
    expect(body).toContain('エラーが発生しました');
    expect(body).not.toContain('disk on fire');
    expect(isAppError(thrown)).toBe(false);
  });
});
