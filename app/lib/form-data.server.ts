// Reading a form submission. A route action calls readFormData instead of request.formData(): a
// body that is not a form (JSON, plain text, none, a broken multipart) is the client's mistake
// and gets 415 or 400, never a 500. The thrown Response is the JSON error for a resource route
// and becomes the Japanese error page on a page route (the root ErrorBoundary).
import type { z } from 'zod';
import { parseForm, type FormResult } from './form';
import { jsonError } from './http';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

export async function readFormData(request: Request): Promise<FormData> {
  const mediaType = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) {
    throw jsonError(
      415,
      'unsupported_media_type',
      'フォームの送信として読み取れませんでした。ページを再読み込みしてから、もう一度お試しください。',
    );
  }
  try {
    return await request.formData();
  } catch {
    throw jsonError(400, 'malformed_form', '送信内容を読み取れませんでした。ページを再読み込みしてから、もう一度お試しください。');
  }
}

/** Reads a form submission and checks it against its schema (app/lib/form.ts). */
export async function readForm<S extends z.ZodType>(request: Request, schema: S): Promise<FormResult<z.output<S>>> {
  return parseForm(schema, await readFormData(request));
}

/**
 * Reads a JSON call's body as an object: 415 when it is not JSON, 400 when it does not parse or
 * is not an object. The server's one CSRF check has already read the token from it.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const mediaType = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw jsonError(415, 'unsupported_media_type', 'JSONとして読み取れませんでした。ページを再読み込みしてから、もう一度お試しください。');
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw jsonError(400, 'invalid_request', 'リクエストの形式が正しくありません。ページを再読み込みしてから、もう一度お試しください。');
  }
  return body as Record<string, unknown>;
}
