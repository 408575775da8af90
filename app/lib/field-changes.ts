/** What an edit changed: each changed field with its value before and after. */
export type FieldChanges<T> = Partial<Record<keyof T, [unknown, unknown]>>;

/**
 * Compares a row's stored fields with the edited ones: the changes for the audit log and the
 * fields to write (empty when nothing changed, so an unchanged edit writes nothing).
 */
export function fieldChanges<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: readonly (keyof T)[],
): { changes: FieldChanges<T>; set: Partial<T> } {
  const changes: FieldChanges<T> = {};
  const set: Partial<T> = {};
  for (const field of fields) {
    if (before[field] === after[field]) continue;
    changes[field] = [before[field], after[field]];
    set[field] = after[field];
  }
  return { changes, set };
}

/** The fields of a new row as changes: each given field from nothing to its value. */
export function createdFields<T extends Record<string, unknown>>(fields: T): FieldChanges<T> {
  const changes: FieldChanges<T> = {};
  for (const [field, value] of Object.entries(fields) as Array<[keyof T, unknown]>) {
    if (value !== null && value !== '') changes[field] = [null, value];
  }
  return changes;
}
