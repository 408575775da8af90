// What an error may say in the log (issue 28): a failed query is logged with its SQL, never with
// the values it carried (addresses, names, what a student typed). Drizzle puts the parameters in
// its error's message, stack and `params` (PGlite's own error has `params` too); PostgreSQL and
// PGlite put values in an error's
// `detail` (Key (email)=(…) already exists), in `where` (portal parameter $1 = '…') and at the end
// of some messages (invalid input syntax for type integer: "…"). The logger's error serializer
// (app/lib/logger.server.ts) passes every error through redactError first.

export const REDACTED = '[redacted]';

/** A database server's error: a five-character SQLSTATE and a severity. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';
}

function redactMessage(error: Record<string, unknown>, message: string): string {
  // Drizzle's DrizzleQueryError: the SQL, then "params: …" to the end of its message.
  let redacted = 'params' in error ? message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`) : message;
  // The value PostgreSQL quotes at the end of a message about an input it could not take.
  if (isDatabaseError(error)) redacted = redacted.replace(/: "[\s\S]*"$/, `: ${REDACTED}`);
  return redacted;
}

/**
 * A copy of `error` (same class, same fields) without parameter values, its causes too; anything
 * that is not an error is returned as it is.
 */
export function redactError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const source = error as unknown as Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(error)) as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    if (key === 'params' || key === 'cause') continue;
    copy[key] = value;
  }
  // Drizzle's error and PGlite's both carry the values as `params`.
  if ('params' in source) copy.params = REDACTED;
  if (isDatabaseError(source)) {
    if (source.detail !== undefined) copy.detail = REDACTED;
    if (typeof source.where === 'string' && /parameter/i.test(source.where)) copy.where = REDACTED;
  }
  const message = redactMessage(source, error.message);
  const stack = typeof error.stack === 'string' ? error.stack.replace(error.message, message) : error.stack;
  Object.defineProperty(copy, 'message', { value: message, writable: true, configurable: true });
  Object.defineProperty(copy, 'stack', { value: stack, writable: true, configurable: true });
  if (error.cause !== undefined) {
    Object.defineProperty(copy, 'cause', { value: redactError(error.cause, depth + 1), writable: true, configurable: true });
  }
  return copy;
}
