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
