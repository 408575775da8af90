// Which posts the student has clipped and voted 参考になった, shared by every button on the page,
// so that a post shown twice (its page and a list) changes everywhere at once. The same shape as
// the favorite hearts' store (favorites/favorites-store.ts).
import { useSyncExternalStore } from 'react';
import { useLoadedPersonalParts } from '../../lib/personal-parts';
import { useViewer } from '../accounts/viewer';

type Change = {
  clipped?: boolean;
  voted?: boolean;
  usefulCount?: number;
  /** The count the page showed when the vote was changed: a page rendered later knows better. */
  renderedCount?: number;
};

// What the buttons changed in this tab, per student (a change must not outlive a logout).
const changes = new Map<string, Change>();
const listeners = new Set<() => void>();

export function recordReaction(userId: number, postId: number, change: Change): void {
  const key = `${userId}:${postId}`;
  changes.set(key, { ...changes.get(key), ...change });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
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
  const viewer = useViewer();
  const personal = useLoadedPersonalParts();
  const key = viewer ? `${viewer.userId}:${postId}` : null;
  const change = useSyncExternalStore(
    subscribe,
    () => (key === null ? undefined : changes.get(key)),
    () => undefined,
  );
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
