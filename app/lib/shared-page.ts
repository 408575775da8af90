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

export type SharedPageKind = 'personal' | 'shared' | 'shared-by-device';

export function sharedPageKind(handle: unknown): SharedPageKind {
  const mark = handle as { sharedPage?: unknown; byDeviceClass?: unknown } | null | undefined;
  if (mark?.sharedPage !== true) return 'personal';
  return mark.byDeviceClass === true ? 'shared-by-device' : 'shared';
}

const PHONE_OR_TABLET = /iPhone|iPad|iPod|Android/;

/** The device class of a User-Agent: what a page cached by device class is keyed by. */
export function deviceClass(userAgent: string | null | undefined): 'mobile' | 'desktop' {
  return userAgent && PHONE_OR_TABLET.test(userAgent) ? 'mobile' : 'desktop';
}
