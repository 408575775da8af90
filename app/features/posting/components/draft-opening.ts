// What the form opens with: the server's draft, or the browser's copy when it holds what the
// server does not (restored and sent), or another tab's newer text against this one (a conflict).
import { draftKeyOf, type LocalDraft, readLocalDraft } from '../../../lib/draft-storage';
import { reconcile } from '../draft-autosave';

export type ServerDraft = { postId: number | null; draftKey: string; lockVersion: number; lastSaveId: string | null };

export type Opening =
  /** The copy is shown and the autosave goes on from `lockVersion`; `unsaved` copies are sent. */
  { decision: 'restore'; local: LocalDraft; lockVersion: number; unsaved: boolean } | { decision: 'conflict'; local: LocalDraft } | null;

/** The browser's copy of this draft and what to do with it, or null when the server's text stands. */
export function openingOf(userId: number, newSlot: string, draft: ServerDraft): Opening {
  // The copy of this post, or of a new form whose first save never got its answer.
  const byPost = draft.postId === null ? null : readLocalDraft(draftKeyOf(userId, `post:${draft.postId}`));
  const byForm = readLocalDraft(draftKeyOf(userId, newSlot));
  const local = byPost ?? (byForm && (draft.postId === null || byForm.draftKey === draft.draftKey) ? byForm : null);
  const decision = reconcile(local, { postId: draft.postId, lockVersion: draft.lockVersion, lastSaveId: draft.lastSaveId });
  if (!local || decision === 'none') return null;
  if (decision === 'conflict') return { decision, local };
  // A newer copy is the server's text at the copy's version (and what was typed after it).
  const lockVersion = decision === 'newer' ? local.lockVersion : draft.lockVersion;
  return { decision: 'restore', local, lockVersion, unsaved: local.dirty };
}

/** The company a restored copy had chosen, when it names one. */
export function companyOf(local: LocalDraft): { id: number; name: string } | undefined {
  const { companyId, companyName } = local.subject;
  return companyId && companyName ? { id: companyId, name: companyName } : undefined;
}
