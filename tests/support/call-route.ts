// Calls a route module's loader or action the way the server does (server/route-errors.ts), for
// integration tests of the HTTP boundary without a server: a thrown AppError or Response is the
// answer. The CSRF check runs before routes in the server; these tests start behind it.
import { writeAnswered } from '../../app/features/accounts/personal-rows.server';
import type { FormErrors } from '../../app/lib/app-error';
import { sessionIdOf } from '../../app/lib/cookies';
import { writingSessionKey } from '../../server/personal-row-writes';
import { handlerOptions, runRouteHandler } from '../../server/route-errors';

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown; formErrors?: FormErrors };

export async function callRoute(
  module: RouteModule,
  request: Request,
  params: Record<string, string> = {},
  /** The server's load context: `clientIp` is the client's address (req.ip). */
  context: { clientIp?: string } = {},
): Promise<Response> {
  const name = request.method === 'GET' || request.method === 'HEAD' ? 'loader' : 'action';
  const handler = module[name];
  if (!handler) throw new Error(`the route has no ${name}`);
  // The refused form of a page's action for the errors its form shows, as the server answers it.
  const { formErrors } = handlerOptions(module, name);
  // As the server does when an unsafe request is answered (server/personal-row-writes.ts).
  const writing = writingSessionKey(request.method, sessionIdOf(request.headers.get('Cookie')));
  try {
    const result = await runRouteHandler(handler as (args: unknown) => unknown, { request, params, context }, { formErrors });
    if (result instanceof Response) return result;
    // data(value, { status }) from React Router: its status and headers with the value as JSON.
    if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
    return Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  } finally {
    if (writing !== null) writeAnswered(writing);
  }
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

/** A request to `path` with the session cookie of `sessionId` (null for a visitor). */
export function sessionRequest(
  path: string,
  options: { sessionId: string | null; method?: string; body?: BodyInit; type?: string },
): Request {
  const headers = new Headers();
  if (options.sessionId) headers.set('Cookie', `shulog_session=${options.sessionId}`);
  if (options.type) headers.set('Content-Type', options.type);
  return new Request(new URL(path, 'http://localhost'), { method: options.method ?? 'GET', headers, body: options.body });
}
