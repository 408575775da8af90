// The autosave of the posting form: one engine per draft (app/features/posting/draft-autosave.ts),
// opened with the browser's copy when it holds what the server does not, its status and the
// identity the server last answered, and every change of a field sent to it.
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { readCursor } from '../../../lib/draft-storage';
import { DraftAutosave, type DraftIdentity, type SaveStatus } from '../draft-autosave';
import type { WritableType } from '../writable-types';
import { restoreCursor } from './draft-cursor';
import { companyOf, openingOf, type ServerDraft } from './draft-opening';
import { flushOnLeave, useFlushOnUnmount } from './flush-on-leave';
import { editedBeforeHydration, isReload, readDraftForm } from './form-reading';
import type { FormText } from './use-form-text';

export const RESTORED_NOTE = 'この端末に残っていた、まだ保存されていない入力を復元しました。';

export type DraftAutosaveOptions = {
  type: WritableType;
  userId: number;
  newSlot: string;
  draft: ServerDraft & { savedAt: string | null };
  formRef: RefObject<HTMLFormElement | null>;
  show: FormText['show'];
};

export function useDraftAutosave({ type, userId, newSlot, draft, formRef, show }: DraftAutosaveOptions) {
  const engineRef = useRef<DraftAutosave | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [savedAt, setSavedAt] = useState<string | null>(draft.savedAt);
  /** The draft's identity as the server last answered it: the hidden fields show it. */
  const [identity, setIdentityState] = useState<DraftIdentity>({
    postId: draft.postId,
    draftKey: draft.draftKey,
    lockVersion: draft.lockVersion,
  });

  const read = useCallback(() => (formRef.current ? readDraftForm(formRef.current) : null), [formRef]);

  // The hidden fields are React's (a value written into the DOM by hand went back to the first
  // render's on the next render, and a sent-back post was sent with a stale version: issue 27).
  // A submission from script takes the engine's identity itself, not these fields.
  const setIdentity = useCallback((next: DraftIdentity) => setIdentityState({ ...next }), []);

  const { postId, draftKey, lockVersion, lastSaveId } = draft;
  // The autosave, and the browser's copy when it has what the server does not.
  useEffect(() => {
    const engine = new DraftAutosave({
      type,
      userId,
      newSlot,
      identity: { postId, draftKey, lockVersion },
      read,
      onStatus: (next) => {
        setStatus(next);
        if (next.kind === 'saved') setSavedAt(next.at);
      },
      onIdentity: setIdentity,
    });
    engineRef.current = engine;

    const opening = openingOf(userId, newSlot, { postId, draftKey, lockVersion, lastSaveId });
    if (opening?.decision === 'restore') {
      const { local, unsaved } = opening;
      show({ content: local.content, company: companyOf(local), note: unsaved ? RESTORED_NOTE : undefined }, () =>
        engine.resume(
          { postId, draftKey: local.draftKey, lockVersion: opening.lockVersion },
          { changed: unsaved, unanswered: local.pendingSaveId },
        ),
      );
    } else if (opening) {
      // Another tab or device saved something else since: this text stays on screen, nothing
      // is sent until the student chooses.
      show({ content: opening.local.content, company: companyOf(opening.local) }, () => engine.markConflict());
    } else if (formRef.current && editedBeforeHydration(formRef.current)) {
      engine.changed();
    } else if (isReload()) {
      const cursor = readCursor(engine.storageKey);
      requestAnimationFrame(() => {
        if (formRef.current) restoreCursor(formRef.current, cursor);
      });
    }

    const stopListening = flushOnLeave(engine);
    return () => {
      stopListening();
      // Leaving for another page of the site: what was not sent is sent now, and kept in the
      // browser's copy either way.
      engine.dispose();
    };
    // One engine per draft: the props it reads are the draft's identity.
  }, [type, userId, newSlot, postId, draftKey, lockVersion, lastSaveId, read, setIdentity, show, formRef]);

  useFlushOnUnmount(engineRef);

  // Changes without an input event (a list item moved, a company chosen) are read after React
  // has rendered them.
  const changedAfterRender = useCallback(() => {
    setTimeout(() => engineRef.current?.changed(), 0);
  }, []);

  return { engineRef, status, setStatus, savedAt, setSavedAt, identity, changedAfterRender };
}

/** Every change of a field (typing, a star, a radio) is a change of the draft. */
export function useFieldChanges(formRef: RefObject<HTMLFormElement | null>, engineRef: RefObject<Pick<DraftAutosave, 'changed'> | null>) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onInput = (event: Event) => {
      if ((event.target as HTMLInputElement | null)?.name) engineRef.current?.changed();
    };
    form.addEventListener('input', onInput);
    return () => form.removeEventListener('input', onInput);
  }, [formRef, engineRef]);
}
