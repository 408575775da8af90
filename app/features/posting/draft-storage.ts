// The browser's copy of a draft (docs/decisions/025-posting.md): written on every change, so
// that what was typed survives a crash, a reload or a lost connection before the server has it.
// A copy is "dirty" until the server acknowledged that exact text.

export type LocalDraft = {
  /** The server's post, once created. */
  postId: number | null;
  draftKey: string;
  /** The server's lock version this copy was based on. */
  lockVersion: number;
  content: Record<string, unknown>;
  subject: { companyId: number | null; recruitServiceId: number | null };
  /** True while the server has not acknowledged this text. */
  dirty: boolean;
  /** Epoch milliseconds of the last change. */
  changedAt: number;
  /** Where the cursor was: the field's name and the selection. */
  cursor?: { name: string; start: number; end: number } | null;
};

const PREFIX = 'shulog:draft:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage disabled (a private window in some browsers): the server copy still works.
    return null;
  }
}

export function readLocalDraft(key: string): LocalDraft | null {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as LocalDraft;
    return parsed && typeof parsed === 'object' && typeof parsed.draftKey === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: string, draft: LocalDraft): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // Quota exceeded: the server copy is what counts.
  }
}

export function removeLocalDraft(key: string): void {
  storage()?.removeItem(PREFIX + key);
}

/** Forgets the copies of drafts that have been sent (the post's id or its form's draft key). */
export function forgetSentDrafts(sent: { postIds: readonly number[]; draftKeys: readonly string[] }): void {
  const store = storage();
  if (!store) return;
  for (let index = store.length - 1; index >= 0; index -= 1) {
    const key = store.key(index);
    if (!key?.startsWith(PREFIX)) continue;
    const draft = readLocalDraft(key.slice(PREFIX.length));
    if (draft && ((draft.postId !== null && sent.postIds.includes(draft.postId)) || sent.draftKeys.includes(draft.draftKey))) {
      store.removeItem(key);
    }
  }
}
