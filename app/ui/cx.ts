/** Joins class names, skipping the falsy ones, so conditional classes read as one expression. */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}

/** Joins element ids for aria-describedby; undefined when there are none, so no empty attribute is rendered. */
export function joinIds(...ids: Array<string | false | null | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}
