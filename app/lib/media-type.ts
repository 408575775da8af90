// The one reader of Content-Type headers (docs/decisions/057-reading-requests.md): what a request
// body is (the routes' body readers, the server's CSRF check, the draft lane) and what a stored
// page is (the page cache) are told by the media type that `content-type` (jshttp, Express's own
// parser) reads, here and nowhere else (app/lib/request-reading.test.ts).
import { parse } from 'content-type';

/** The media type of a Content-Type header, without its parameters, in lower case; '' for none. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return contentType ? parse(contentType, { parameters: false }).type : '';
}

/** What a request body is, as the site reads bodies: a form (urlencoded or multipart), JSON, or neither. */
export type BodyKind = 'form' | 'json' | 'other';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

export function bodyKindOf(contentType: string | null | undefined): BodyKind {
  const type = mediaTypeOf(contentType);
  if (FORM_TYPES.has(type)) return 'form';
  return type === 'application/json' ? 'json' : 'other';
}
