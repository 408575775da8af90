// The browser's copy of a posting form's draft (docs/decisions/025-posting.md): kept on every
// change, so that what was typed survives a crash, a reload or a lost connection before the
// server has it. A copy belongs to one student (their id is in the key, and logging out clears
// them all) and to one draft: the post's id once the server has it, the form's slot before.

export type LocalDraft = {
  /** The server's post, once created. */
  postId: number | null;
  draftKey: string;
  /** The server's lock version this copy is based on. */
  lockVersion: number;
  content: Record<string, unknown>;
  subject: { companyId: number | null; recruitServiceId: number | null; companyName?: string | null };
  /** True while the server has not acknowledged this text. */
  dirty: boolean;
  /** The id of a save sent with this text whose answer has not arrived (a closed page, no network). */
  pendingSaveId: string | null;
  /** Typed after that save was sent. */
  changedSinceSend: boolean;
  /** Epoch milliseconds of the last change. */
  changedAt: number;
};

export type DraftCursor = { name: string; start: number; end: number };

const PREFIX = 'shulog:draft:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage disabled (a private window in some browsers): the server copy still works.
    return null;
  }
}

/** The key of a copy: `slot` is `post:{id}` or a new form's `new:{type}:{subject}`. */
export function draftKeyOf(userId: number, slot: string): string {
  return `${PREFIX}${userId}:${slot}`;
}

export function readLocalDraft(key: string): LocalDraft | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as LocalDraft;
    return parsed && typeof parsed === 'object' && typeof parsed.draftKey === 'string' && parsed.content ? parsed : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: string, draft: LocalDraft): void {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // Quota exceeded: the server copy is what counts.
  }
}

export function removeLocalDraft(key: string): void {
  storage()?.removeItem(key);
  storage()?.removeItem(`${key}:cursor`);
}

export function readCursor(key: string): DraftCursor | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(`${key}:cursor`) ?? 'null') as DraftCursor | null;
    return parsed && typeof parsed.name === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** Where the cursor is: a small record apart from the text, written on every move. */
export function writeCursor(key: string, cursor: DraftCursor): void {
  try {
    storage()?.setItem(`${key}:cursor`, JSON.stringify(cursor));
  } catch {
    // Quota exceeded: only the cursor is lost.
  }
}

/** Forgets the student's copies of posts that have been sent or deleted. */
export function forgetSentDrafts(userId: number, postIds: readonly number[]): void {
  for (const postId of postIds) removeLocalDraft(draftKeyOf(userId, `post:${postId}`));
}

/** Logging out: no copy stays on a shared computer for the next person. */
export function clearLocalDrafts(): void {
  const store = storage();
  if (!store) return;
  for (let index = store.length - 1; index >= 0; index -= 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX)) store.removeItem(key);
  }
}
