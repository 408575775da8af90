// Reading a draft's content (or what was typed before a server error) as the fields' initial
// values: the fields are uncontrolled, so these are only their defaultValue.

export type Content = Record<string, unknown>;

function at(content: Content | undefined, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), content);
}

/** A text field's initial value ('' when none). */
export function textOf(content: Content | undefined, path: string): string {
  const value = at(content, path);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** A number field's initial value, or null. */
export function numberOf(content: Content | undefined, path: string): number | null {
  const value = Number(at(content, path));
  return at(content, path) === undefined || at(content, path) === '' || Number.isNaN(value) ? null : value;
}

export function flagOf(content: Content | undefined, path: string): boolean {
  const value = at(content, path);
  return value === true || value === 'on' || value === 'true';
}

/** A list's items (ES questions, selection steps), or `fallback` empty items. */
export function itemsOf(content: Content | undefined, path: string, fallback: number): Content[] {
  const value = at(content, path);
  if (Array.isArray(value) && value.length > 0) return value.map((item) => (item && typeof item === 'object' ? (item as Content) : {}));
  return Array.from({ length: fallback }, () => ({}));
}
