// The mark of a shared page (docs/decisions/030-shared-pages.md): `export const handle =
// SHARED_PAGE` in a route module says that its loader reads no session and that its page is the
// same for everyone. The server then renders it without the request's cookie and serves it to
// students from the same cache as visitors (server/shared-pages.ts); the personal parts of the
// page (account menu, hearts, CSRF token, badge popup) come from the personal call.
export const SHARED_PAGE = { sharedPage: true } as const;

/**
 * A shared page that differs by device class (phone or tablet, or not), the one thing of the
 * User-Agent a page may depend on: cached once per class, with `Vary: User-Agent`.
 */
export const SHARED_PAGE_BY_DEVICE = { sharedPage: true, byDeviceClass: true } as const;

/**
 * A shared page that differs by audience: members (a live session with a user) and visitors.
 * The post page, whose full text is for members (app/features/posts/full-text-access.ts), is
 * cached once for each; the loader reads the audience from the load context, never a session.
 */
export const SHARED_PAGE_BY_AUDIENCE = { sharedPage: true, byAudience: true } as const;

/**
 * A page rendered for the session that may be kept for it a few seconds (server/session-pages.ts,
 * docs/decisions/072-session-pages-kept.md): its loaders read nothing of the student's own that
 * the database does not announce on the channel personal_changes (migrations 0023, 0024), and
 * nothing else of the request than the session and the URL.
 */
export const KEPT_FOR_SESSION = { keptForSession: true } as const;

/** Whether a route module's handle marks a page kept for the session. */
export function isKeptForSession(handle: unknown): boolean {
  return (handle as { keptForSession?: unknown } | null | undefined)?.keptForSession === true;
}

export type SharedPageKind = 'personal' | 'shared' | 'shared-by-device' | 'shared-by-audience';

/** Who a page shared by audience is rendered for. */
export type Audience = 'member' | 'visitor';

export function sharedPageKind(handle: unknown): SharedPageKind {
  const mark = handle as { sharedPage?: unknown; byDeviceClass?: unknown; byAudience?: unknown } | null | undefined;
  if (mark?.sharedPage !== true) return 'personal';
  if (mark.byAudience === true) return 'shared-by-audience';
  return mark.byDeviceClass === true ? 'shared-by-device' : 'shared';
}

const PHONE_OR_TABLET = /iPhone|iPad|iPod|Android/;

/** The device class of a User-Agent: what a page cached by device class is keyed by. */
export function deviceClass(userAgent: string | null | undefined): 'mobile' | 'desktop' {
  return userAgent && PHONE_OR_TABLET.test(userAgent) ? 'mobile' : 'desktop';
}
