// The one normalisation of text that enters the site (docs/decisions/051-text-at-the-boundary.md).
// Every field of a form and every string of a JSON call goes through cleanText where the request
// body is read (app/lib/form-data.server.ts, server/draft-lane.ts), before any route sees it, so
// no field can be forgotten; the post types' schemas apply it too (in the browser as well), and
// the calendar feed to what it sends. Passwords alone are kept exactly as typed.

/** Characters no text keeps: controls other than the line break, and bidi marks and overrides. */
function isStripped(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** Half of a surrogate pair without the other half (an emoji cut by a broken client). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/** Anything cleanText changes after NFC: most texts have none, and are returned at once. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const NEEDS_CLEANING = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * NFC, line breaks as \n, a tab as a space, no NUL or other control characters, no bidi marks or
 * overrides (which could disguise what a text says), and a lone surrogate as U+FFFD (it cannot be
 * stored). Emoji, full-width digits and mixed scripts stay as typed.
 */
export function cleanText(value: string): string {
  const wellFormed = LONE_SURROGATE.test(value) ? value.replace(LONE_SURROGATES, '\uFFFD') : value;
  const normalized = wellFormed.normalize('NFC');
  if (!NEEDS_CLEANING.test(normalized)) return normalized;
  let out = '';
  for (const char of normalized.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    if (!isStripped(char.codePointAt(0)!)) out += char;
  }
  return out;
}

/**
 * A password (password, currentPassword, passwordConfirmation) is kept exactly as typed: it is
 * only ever hashed, never stored or shown, and normalising it would lock out a student whose
 * password was set before this rule with the characters it would change (decision 051).
 */
export function isPasswordField(name: string): boolean {
  return /password/i.test(name);
}

/** A form's fields cleaned: every text but a password's, and every name; files as they are. */
export function cleanFormData(form: FormData): FormData {
  const cleaned = new FormData();
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') cleaned.append(cleanText(name), value);
    else cleaned.append(cleanText(name), isPasswordField(name) ? value : cleanText(value));
  }
  return cleaned;
}

/** Deeper than any body the site's calls send (a draft's content is three levels down). */
const MAX_JSON_DEPTH = 32;

/** A parsed JSON body cleaned: every string and key but a password's value; throws when nested absurdly deep. */
export function cleanJson(value: unknown, key = '', depth = 0): unknown {
  if (typeof value === 'string') return isPasswordField(key) ? value : cleanText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH) throw new RangeError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, key, depth + 1));
  const cleaned: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    // Like JSON.parse, a "__proto__" key is an own property here, never the prototype.
    Object.defineProperty(cleaned, cleanText(name), {
      value: cleanJson(item, name, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return cleaned;
}

/** A JSON text parsed and cleaned, or undefined when it is not JSON (or nested absurdly deep). */
export function parseCleanJson(text: string): unknown {
  try {
    return cleanJson(JSON.parse(text));
  } catch {
    return undefined;
  }
}
