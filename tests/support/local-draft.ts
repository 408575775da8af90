// The browser's copy of a draft (app/lib/draft-storage.ts) as the autosave tests start from it.
import type { LocalDraft } from '../../app/lib/draft-storage';

/**
 * A copy of the draft of post 5 (company 7) based on the server's lock version 3, with text the
 * server has not acknowledged yet and no save on its way; `overrides` set the rest.
 */
export function unsentCopy(overrides: Partial<LocalDraft> & Pick<LocalDraft, 'draftKey' | 'content'>): LocalDraft {
  return {
    postId: 5,
    lockVersion: 3,
    subject: { companyId: 7, recruitServiceId: null },
    dirty: true,
    pendingSaveId: null,
    changedSinceSend: false,
    changedAt: 0,
    ...overrides,
  };
}
