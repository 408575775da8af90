// The page to come back to, carried as ?redirect_to= (docs/decisions/052-return-path-length.md).
// Every link and redirect that carries one is built here, so none can grow without bound: a
// visitor who opened /mypage with a 12 KB query was sent to /login with a 24 KB Location header,
// which Node's HTTP client and a default nginx refuse (the percent signs are encoded again).

/**
 * The longest redirect_to value, as it stands in the URL (percent-encoded). The site's longest
 * real paths (a list with every filter and a search) are a few hundred characters; 2,000 keeps
 * the whole Location header far inside nginx's default 4 KB buffer for a response's headers.
 */
export const RETURN_PATH_MAX = 2000;

/** Whether `path` can be carried as a redirect_to value. */
export function isCarriableReturnPath(path: string): boolean {
  return path.length <= RETURN_PATH_MAX && encodeURIComponent(path).length <= RETURN_PATH_MAX;
}

/** `target` with ?redirect_to=`returnTo`, or `target` alone when there is none or it is too long to be a page of the site. */
export function withRedirectTo<T extends string>(target: T, returnTo: string | null | undefined): T | `${T}?redirect_to=${string}` {
  return returnTo && isCarriableReturnPath(returnTo) ? `${target}?redirect_to=${encodeURIComponent(returnTo)}` : target;
}
