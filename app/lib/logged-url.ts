// What a log line keeps of a URL: paths and parameters that carry a secret (a password-reset
// token, later the calendar feed's key) are replaced, so that a log, read by more people and
// kept longer than the database, never holds a live credential. A test walks the route table
// (app/lib/logged-url.test.ts): a new route with a :token, :secret or :key segment must be
// listed here.

/** Paths with a secret segment, matched against the decoded path (as React Router matches it). */
const SECRET_PATHS = [
  /^(\/+password_reset\/+)[^/?#]+/i,
  /^(\/+signup\/+confirm\/+)[^/?#]+/i,
  /^(\/+email_change\/+)[^/?#]+/i,
  // A notification email's one-click unsubscribe link (decision 083).
  /^(\/+notifications\/+unsubscribe\/+)[^/?#]+/i,
];
const SECRET_PARAMS = new Set(['token', 'authenticity_token', 'password', 'key', 'secret']);

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  let query = queryAt === -1 ? '' : url.slice(queryAt);
  const decoded = decodedPath(path);
  for (const pattern of SECRET_PATHS) {
    if (pattern.test(decoded)) path = decoded.replace(pattern, '$1[redacted]');
  }
  if (query) {
    const params = new URLSearchParams(query.slice(1));
    let changed = false;
    for (const name of new Set(params.keys())) {
      if (SECRET_PARAMS.has(name.toLowerCase())) {
        params.set(name, '[redacted]');
        changed = true;
      }
    }
    if (changed) query = `?${params.toString()}`;
  }
  return path + query;
}
