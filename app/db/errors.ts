// What a failed statement says, as either driver (PGlite, node-postgres) reports it.

/** Whether a failure is a unique constraint's (PostgreSQL 23505), wrapped by Drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
