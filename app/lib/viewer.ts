import type { UserRole } from '../db/enums';

/**
 * Who is looking at a page: the logged-in user, or null for a visitor. The one type for this,
 * on the server (getViewer) and in components (useViewer).
 */
export type Viewer = { userId: number; role: UserRole; name: string | null } | null;
