// Which posts the student has clipped and voted 参考になった, shared by every button on the page,
// so that a post shown twice (its page and a list) changes everywhere at once. The same shape as
// the favorite hearts' store (favorites/favorites-store.ts).
import { tabChanges } from '../accounts/viewer';

type Change = {
  clipped?: boolean;
  voted?: boolean;
  usefulCount?: number;
  /** The count the page showed when the vote was changed: a page rendered later knows better. */
  renderedCount?: number;
};

// What the buttons changed in this tab.
const changes = tabChanges<Change>();

export function recordReaction(userId: number, postId: number, change: Change): void {
  changes.update(userId, postId, (previous) => ({ ...previous, ...change }));
}

export type PostReactions = { clipped: boolean; voted: boolean; usefulCount: number };

/**
 * The post's state on this page: a change made in this tab, else what the page's loader said (pages
 * rendered for the session: as fresh as the page), else the personal call's lists (made once per
 * document, so older than a page reached by client-side navigation). On
 * the server, during hydration and for anyone but a student: not clipped, not voted, and the count
 * the page was rendered with.
 */
export function usePostReactions(
  postId: number,
  renderedCount: number,
  /** The student's state as the loader of a page rendered for the session knows it. */
  fromServer?: { clipped: boolean; voted: boolean },
): PostReactions {
  const { viewer, personal, change } = changes.useChange(postId);
  // The answer of this tab's vote, until a page rendered since brings its own count.
  const usefulCount = change?.usefulCount !== undefined && change.renderedCount === renderedCount ? change.usefulCount : renderedCount;
  if (viewer?.role !== 'student') return { clipped: false, voted: false, usefulCount };
  const known = personal?.viewer?.userId === viewer.userId ? personal : null;
  return {
    clipped: change?.clipped ?? fromServer?.clipped ?? known?.clippedPostIds.includes(postId) ?? false,
    voted: change?.voted ?? fromServer?.voted ?? known?.votedPostIds.includes(postId) ?? false,
    usefulCount,
  };
}
