import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** A path of this site, from its root: "/companies/1", "/companies?industry=3". */
export type SitePath = `/${string}`;

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: SitePath };

/**
 * A link to a page of the site, followed without reloading the document. It does what the site
 * needs of React Router's <Link> and no more: that one resolves relative paths, watches the
 * location and sets up prefetching on every render, and with the thirty-odd links of a page it
 * cost about a third of an uncached page's server time (docs/decisions/017-link.md).
 * `data-discover` lets React Router's client learn the target's route before the click, as it
 * does for its own links.
 */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const followInApp = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    // "//host/…" is another site, whatever its type says.
    if (to.startsWith('//')) return;
    // A new tab or window: the browser's own business.
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    // A link to the page we are on replaces the history entry instead of adding the same again.
    void navigate(to, { replace: to === here });
  };
  return <a href={to} data-discover="true" target={target} onClick={followInApp} {...rest} />;
}
