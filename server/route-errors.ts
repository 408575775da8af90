// The one place where a thrown AppError (app/lib/app-error.ts) becomes an answer, for every route
// by construction: the server build's loaders and actions are wrapped once at start, so no route
// can forget. A page gets the Japanese error page with the error's status and message (React
// Router turns the thrown Response into its route error); a call gets the JSON error as is.
import type { ServerBuild } from 'react-router';
import { appErrorResponse, isAppError } from '../app/lib/app-error';

type Handler = (args: unknown) => unknown;
type RouteModule = ServerBuild['routes'][string] extends infer R ? (R extends { module: infer M } ? M : never) : never;

/** Runs a loader or action as the server does: a thrown AppError becomes its answer, thrown. */
export async function runRouteHandler(handler: Handler, args: unknown): Promise<unknown> {
  try {
    return await handler(args);
  } catch (error) {
    if (isAppError(error)) throw appErrorResponse(error);
    throw error;
  }
}

function mapErrors(handler: Handler): Handler {
  return (args: unknown) => runRouteHandler(handler, args);
}

function wrapModule(module: RouteModule): RouteModule {
  const wrapped: Record<string, unknown> = { ...module };
  for (const name of ['loader', 'action'] as const) {
    const handler = (module as unknown as Record<string, unknown>)[name];
    if (typeof handler === 'function') wrapped[name] = mapErrors(handler as Handler);
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
