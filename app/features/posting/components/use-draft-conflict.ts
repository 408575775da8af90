// Another tab (or device) saved a newer text of this draft: the student chooses between loading
// it into this form and keeping this tab's text over it. Either way the server's draft is read
// first, for its version.
import { type RefObject, useState } from 'react';
import { callSite } from '../../../lib/site-client';
import type { DraftAutosave, SaveStatus } from '../draft-autosave';
import type { Content } from './initial-values';
import type { FormText } from './use-form-text';

export const LOADED_NOTE = '別のタブで保存された最新の内容を読み込みました。';

type ServerText = { lockVersion: number; content: Content; savedAt: string | null };

export type DraftConflictOptions = {
  engineRef: RefObject<DraftAutosave | null>;
  /** The post the page opened with (the engine's, once it has one). */
  postId: number | null;
  show: FormText['show'];
  setNote: FormText['setNote'];
  setStatus: (status: SaveStatus) => void;
  setSavedAt: (savedAt: string | null) => void;
};

export function useDraftConflict({ engineRef, postId: openedPostId, show, setNote, setStatus, setSavedAt }: DraftConflictOptions) {
  const [busy, setBusy] = useState(false);

  /** The server's draft now, or null (nothing to read yet, or refused: the status says why). */
  async function latest(): Promise<{ engine: DraftAutosave; postId: number; server: ServerText } | null> {
    const engine = engineRef.current;
    const postId = engine?.current.postId ?? openedPostId;
    if (!engine || postId === null) return null;
    setBusy(true);
    const result = await callSite<ServerText>(`/api/v1/student/drafts/${postId}`);
    setBusy(false);
    if (!result.ok) {
      setStatus({ kind: 'refused', message: result.message });
      return null;
    }
    return { engine, postId, server: result.data };
  }

  /** Loads what the server has now (another tab's text) into this form. */
  async function loadNewer() {
    const found = await latest();
    if (!found) return;
    const { engine, postId, server } = found;
    setSavedAt(server.savedAt);
    const identity = { ...engine.current, postId, lockVersion: server.lockVersion };
    show({ content: server.content, note: LOADED_NOTE }, () => engine.resume(identity, { changed: false }));
  }

  /** Keeps this tab's text, saving it over the other tab's (the student chose to). */
  async function keepMine() {
    const found = await latest();
    if (!found) return;
    const { engine, postId, server } = found;
    setNote(null);
    engine.resume({ ...engine.current, postId, lockVersion: server.lockVersion }, { changed: true });
  }

  return { busy, loadNewer, keepMine };
}
