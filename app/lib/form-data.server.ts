// Reading a request's body: the one place where a form or a JSON call enters the routes, and the
// one reader of bodies for the server's CSRF check and the draft lane too (readHeldBody). A route
// calls readFormData, readJsonObject or readBody, never request.formData() or request.json() (a
// test enforces it): a body that is not a form or JSON (plain text, none, a broken multipart) is the
// client's mistake and gets 415 or 400, never a 500, and every text in it goes through the one
// normalisation (app/lib/clean-text.ts, docs/decisions/051): a NUL, a control character or a bidi
// override never reaches a feature, the database or a page. What a body is comes from its
// Content-Type, read by app/lib/media-type.ts. The thrown Response is the JSON error for a
// resource route and becomes the Japanese error page on a page route (the root ErrorBoundary).
import type { z } from './zod';
import { cleanFormData, parseCleanJson } from './clean-text';
import { parseForm, type FormResult } from './form';
import { AppError, appErrorResponse } from './app-error';
import { bodyKindOf } from './media-type';

/**
 * A body read as what its Content-Type says, every text cleaned: a form (null when it cannot be
 * read), a JSON value (undefined when it does not parse), or neither.
 */
export type Body = { kind: 'form'; form: FormData | null } | { kind: 'json'; value: unknown } | { kind: 'other' };

/** Reads a request's body as what its Content-Type says (readFormData and readJsonObject answer the errors). */
export async function readBody(request: Request): Promise<Body> {
  const kind = bodyKindOf(request.headers.get('Content-Type'));
  if (kind === 'json') return { kind, value: parseCleanJson(await request.text()) };
  if (kind === 'other') return { kind };
  try {
    return { kind, form: cleanFormData(await request.formData()) };
  } catch {
    return { kind, form: null };
  }
}

/**
 * A body the server has already read into memory, under its route's cap (server/request-body.ts):
 * the CSRF check and the draft lane read it exactly as a route reads its own.
 */
export function readHeldBody(contentType: string | undefined, bytes: Uint8Array): Promise<Body> {
  const headers = contentType === undefined ? undefined : { 'Content-Type': contentType };
  // A body read from a socket is backed by an ArrayBuffer, never a SharedArrayBuffer.
  return readBody(new Request('http://held.invalid/', { method: 'POST', headers, body: bytes as Uint8Array<ArrayBuffer> }));
}

/** A text field at the top of a form or a JSON object (the CSRF token), or null. */
export function textField(body: Body, name: string): string | null {
  const value = body.kind === 'form' ? body.form?.get(name) : body.kind === 'json' ? jsonObject(body.value)?.[name] : undefined;
  return typeof value === 'string' ? value : null;
}

/** The form each request brought, once read: what was typed, for a refused form (server/route-errors.ts). */
const formsRead = new WeakMap<Request, FormData>();

/** The form `request` brought, if its action has read it. */
export function formReadFrom(request: Request): FormData | undefined {
  return formsRead.get(request);
}

export async function readFormData(request: Request): Promise<FormData> {
  const body = await readBody(request);
  if (body.kind !== 'form') {
    throw appErrorResponse(new AppError('unsupported_media_type'));
  }
  if (!body.form) {
    throw appErrorResponse(new AppError('malformed_form'));
  }
  formsRead.set(request, body.form);
  return body.form;
}

/** Reads a form submission and checks it against its schema (app/lib/form.ts). */
export async function readForm<S extends z.ZodType>(request: Request, schema: S): Promise<FormResult<z.output<S>>> {
  return parseForm(schema, await readFormData(request));
}

/** An object (not an array or null) of a JSON body, or null. */
export function jsonObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * Reads a JSON call's body as an object: 415 when it is not JSON, 400 when it does not parse or
 * is not an object. The server's one CSRF check has already read the token from it.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readBody(request);
  if (body.kind !== 'json') {
    throw appErrorResponse(new AppError('unsupported_media_type'));
  }
  const object = jsonObject(body.value);
  if (!object) {
    throw appErrorResponse(new AppError('invalid_request'));
  }
  return object;
}
