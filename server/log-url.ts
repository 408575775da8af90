// What the request log keeps of a URL: password-reset tokens are secrets for 30 minutes, so a
// log line (read by more people and kept longer than the database) never holds one.

const SECRET_PATH = /^(\/password_reset\/)[^/?#]+/;
const SECRET_PARAMS = new Set(['token', 'authenticity_token', 'password']);

export function loggedUrl(url: string): string {
  let safe = url.replace(SECRET_PATH, '$1[redacted]');
  const queryAt = safe.indexOf('?');
  if (queryAt === -1) return safe;
  const params = new URLSearchParams(safe.slice(queryAt + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  if (changed) safe = `${safe.slice(0, queryAt)}?${params.toString()}`;
  return safe;
}
