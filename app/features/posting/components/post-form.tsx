// The posting form of every content type (docs/decisions/025-posting.md): the subject, the
// type's fields, the autosaved draft (server and browser copies) and the submit button. The
// fields are uncontrolled: what the student types stays in the page, the autosave reads the
// form, and the same form posts to the route's action without JavaScript.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { StickyBottomBar } from '../../../ui/sticky-bottom-bar';
import { ValidatedForm } from '../../../ui/validated-form';
import { CsrfField } from '../../accounts/components/csrf-field';
import { formValues, type FieldErrors } from '../../../lib/form';
import { callSite } from '../../../lib/site-client';
import type { CompanyChoice } from '../company-choice';
import { DraftAutosave, type DraftIdentity, type SaveStatus } from '../draft-autosave';
import { readLocalDraft, removeLocalDraft, type LocalDraft } from '../draft-storage';
import { contentOf, postFormSchema } from '../post-form-schema';
import type { WritableType } from '../writable-types';
import { CompanyPicker, type PickedCompany } from './company-picker';
import { DraftChangeContext } from './draft-changes';
import { EntrySheetFields } from './entry-sheet-fields';
import type { Content } from './initial-values';
import { InternExperienceFields } from './intern-experience-fields';
import { CompanyStudyFields, QuickReportFields, ServiceReviewFields, StudentWordMouthFields } from './other-fields';
import { SaveStatusText } from './save-status';
import { ScreeningExperienceFields } from './screening-experience-fields';
import styles from './post-form.module.css';

export type PostFormDraft = {
  postId: number | null;
  draftKey: string;
  lockVersion: number;
  content: Content;
  savedAt: string | null;
};

export type PostFormProps = {
  type: WritableType;
  /** The key of the browser's copy: one per form (type and subject, or the post edited). */
  storageKey: string;
  draft: PostFormDraft;
  company: PickedCompany | null;
  service: { id: number; name: string } | null;
  /** Whether the subject can still change (not once the post was sent). */
  subjectFixed: boolean;
  companyChoices: readonly CompanyChoice[];
  serverErrors?: FieldErrors;
  /** The action's answer: another tab saved first. */
  conflict?: boolean;
  submitting: boolean;
  submitLabel: string;
};

function TypeFields({ type, content }: { type: WritableType; content: Content }) {
  switch (type) {
    case 'intern_experience':
      return <InternExperienceFields content={content} />;
    case 'screening_experience':
      return <ScreeningExperienceFields content={content} />;
    case 'intern_entry_sheet':
      return <EntrySheetFields content={content} selection="intern" />;
    case 'screening_entry_sheet':
      return <EntrySheetFields content={content} selection="recruit" />;
    case 'student_word_mouth':
      return <StudentWordMouthFields content={content} />;
    case 'company_study':
      return <CompanyStudyFields content={content} />;
    case 'recruit_service_review':
      return <ServiceReviewFields content={content} />;
    case 'jobhunt_prompt_report':
      return <QuickReportFields content={content} />;
  }
}

function toId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Puts the cursor back where it was (the field and the selection), after a reload or a restore
 * of unsaved text; never while the student already is in a field (typing before hydration).
 */
function restoreCursor(form: HTMLFormElement, cursor: LocalDraft['cursor']) {
  if (!cursor) return;
  const active = document.activeElement;
  if (active && active !== document.body && form.contains(active)) return;
  const field = form.elements.namedItem(cursor.name);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  field.focus({ preventScroll: false });
  try {
    field.setSelectionRange(cursor.start, cursor.end);
  } catch {
    // Not a text field (a date or a number): the focus is enough.
  }
}

/** The field the cursor is in and its selection, or null outside text fields. */
function cursorOf(target: EventTarget | null): LocalDraft['cursor'] {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) || !target.name) return null;
  try {
    return { name: target.name, start: target.selectionStart ?? 0, end: target.selectionEnd ?? 0 };
  } catch {
    // Inputs without a selection (number, date).
    return { name: target.name, start: 0, end: 0 };
  }
}

/** This page was reloaded (not opened from a link): the student expects to be where they were. */
function isReload(): boolean {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload';
}

export function PostForm(props: PostFormProps) {
  const { type, storageKey, draft } = props;
  const formRef = useRef<HTMLFormElement | null>(null);
  const postIdField = useRef<HTMLInputElement>(null);
  const lockVersionField = useRef<HTMLInputElement>(null);
  const autosave = useRef<DraftAutosave | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [content, setContent] = useState<Content>(draft.content);
  const [status, setStatus] = useState<SaveStatus>(props.conflict ? { kind: 'conflict' } : { kind: 'idle' });
  const [savedAt, setSavedAt] = useState<string | null>(draft.savedAt);
  const [restoredNote, setRestoredNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pendingCursor = useRef<LocalDraft['cursor']>(null);
  const resubmitting = useRef(false);

  const read = useCallback(() => {
    const form = formRef.current;
    const values = form ? formValues(new FormData(form)) : {};
    return {
      content: contentOf(values),
      subject: { companyId: toId(values.companyId), recruitServiceId: toId(values.recruitServiceId) },
    };
  }, []);

  const setIdentity = useCallback((identity: DraftIdentity) => {
    // Written into the DOM at once, so that a submit right after a save sends the new version.
    if (postIdField.current) postIdField.current.value = identity.postId === null ? '' : String(identity.postId);
    if (lockVersionField.current) lockVersionField.current.value = String(identity.lockVersion);
  }, []);

  // The autosave, and the browser's copy when it is newer than the server's.
  useEffect(() => {
    const engine = new DraftAutosave({
      type,
      storageKey,
      identity: { postId: draft.postId, draftKey: draft.draftKey, lockVersion: draft.lockVersion },
      read,
      onStatus: (next) => {
        setStatus(next);
        if (next.kind === 'saved') setSavedAt(next.at);
      },
      onIdentity: setIdentity,
    });
    autosave.current = engine;
    if (props.conflict) engine.dispose();

    const local = readLocalDraft(storageKey);
    // The browser's copy belongs to this draft when it is of the same post, or never reached
    // the server; a copy of a post that is no longer this form's draft (sent, deleted) is dropped.
    const relevant =
      local &&
      (draft.postId !== null
        ? local.postId === draft.postId || (local.postId === null && local.draftKey === draft.draftKey)
        : local.postId === null);
    if (local && !relevant) {
      removeLocalDraft(storageKey);
    } else if (local?.dirty) {
      if (draft.postId === null || local.lockVersion === draft.lockVersion) {
        // Typed here but not acknowledged (offline, a crash, a closed tab): restore and send.
        setContent(local.content);
        setFormKey((key) => key + 1);
        pendingCursor.current = local.cursor ?? null;
        setRestoredNote('この端末に残っていた、まだ保存されていない入力を復元しました。');
        engine.resume({ postId: draft.postId, draftKey: local.draftKey, lockVersion: draft.lockVersion }, { changed: true });
      } else {
        // The server has a newer version from elsewhere: the student chooses.
        engine.dispose();
        setStatus({ kind: 'conflict' });
      }
    } else if (local?.cursor && isReload()) {
      pendingCursor.current = local.cursor;
      requestAnimationFrame(() => {
        if (formRef.current) restoreCursor(formRef.current, pendingCursor.current);
        pendingCursor.current = null;
      });
    }

    const onHidden = () => {
      if (document.visibilityState === 'hidden') void engine.flush({ keepalive: true });
    };
    const onLeave = () => void engine.flush({ keepalive: true });
    const onOnline = () => void engine.flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('online', onOnline);
      // Leaving for another page of the site: what was not sent stays in the browser's copy.
      engine.dispose();
    };
    // One engine per draft; the props it reads are the draft's identity.
  }, [type, storageKey, draft.postId, draft.draftKey, draft.lockVersion, read, setIdentity, props.conflict]);

  // After a restore remounted the fields: the cursor goes back where it was.
  useEffect(() => {
    if (formKey === 0 || !formRef.current) return;
    restoreCursor(formRef.current, pendingCursor.current);
    pendingCursor.current = null;
  }, [formKey]);

  const changed = useCallback(() => autosave.current?.changed(), []);

  // Every change of a field (typing, a star, a radio) is a change of the draft; every move of the
  // cursor is kept with the browser's copy.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onInput = (event: Event) => {
      if ((event.target as HTMLInputElement | null)?.name) changed();
    };
    const trackCursor = (event: Event) => {
      const cursor = cursorOf(event.target);
      if (cursor) autosave.current?.moveCursor(cursor);
    };
    form.addEventListener('input', onInput);
    form.addEventListener('keyup', trackCursor);
    form.addEventListener('click', trackCursor);
    form.addEventListener('focusin', trackCursor);
    return () => {
      form.removeEventListener('input', onInput);
      form.removeEventListener('keyup', trackCursor);
      form.removeEventListener('click', trackCursor);
      form.removeEventListener('focusin', trackCursor);
    };
  }, [changed]);

  /** Loads what the server has now (another tab's text) into this form. */
  async function loadNewer() {
    const postId = autosave.current?.current.postId ?? draft.postId;
    if (postId === null) return;
    setBusy(true);
    const result = await callSite<{ lockVersion: number; content: Content; savedAt: string | null }>(`/api/v1/student/drafts/${postId}`);
    setBusy(false);
    if (!result.ok) {
      setStatus({ kind: 'refused', message: result.message });
      return;
    }
    setContent(result.data.content);
    setFormKey((key) => key + 1);
    setSavedAt(result.data.savedAt);
    setRestoredNote('別のタブで保存された最新の内容を読み込みました。');
    autosave.current?.resume({ postId, draftKey: draft.draftKey, lockVersion: result.data.lockVersion }, { changed: false });
  }

  /** Keeps this tab's text, saving it over the other tab's (the student chose to). */
  async function keepMine() {
    const postId = autosave.current?.current.postId ?? draft.postId;
    if (postId === null) return;
    setBusy(true);
    const result = await callSite<{ lockVersion: number }>(`/api/v1/student/drafts/${postId}`);
    setBusy(false);
    if (!result.ok) {
      setStatus({ kind: 'refused', message: result.message });
      return;
    }
    autosave.current?.resume({ postId, draftKey: draft.draftKey, lockVersion: result.data.lockVersion }, { changed: true });
  }

  function onValidSubmit(event: FormEvent<HTMLFormElement>) {
    const engine = autosave.current;
    if (!engine || resubmitting.current) {
      resubmitting.current = false;
      return;
    }
    // A save on its way would make this form's version stale: let it land, then send.
    const form = event.currentTarget;
    event.preventDefault();
    void engine.flush().then(() => {
      resubmitting.current = true;
      form.requestSubmit();
    });
  }

  const conflict = status.kind === 'conflict';

  return (
    <ValidatedForm
      schema={postFormSchema(type)}
      serverErrors={props.serverErrors}
      method="post"
      formRef={formRef}
      onValidSubmit={onValidSubmit}
      className={styles.form}
    >
      <CsrfField />
      <input type="hidden" name="draftKey" value={draft.draftKey} />
      <input ref={postIdField} type="hidden" name="postId" defaultValue={draft.postId ?? ''} />
      <input ref={lockVersionField} type="hidden" name="lockVersion" defaultValue={draft.lockVersion} />

      {conflict && (
        <div className={styles.conflict} role="alert">
          <p className={styles.conflictTitle}>別のタブで更新されています</p>
          <p>この下書きは、別のタブ（または別の端末）で新しく保存されています。どちらの内容を残すか選んでください。</p>
          <div className={styles.conflictActions}>
            <Button type="button" onClick={loadNewer} disabled={busy}>
              最新の内容を読み込む
            </Button>
            <Button type="button" variant="secondary" onClick={keepMine} disabled={busy}>
              この画面の内容で上書きする
            </Button>
          </div>
        </div>
      )}
      {restoredNote && (
        <p className={styles.restored} role="status">
          {restoredNote}
        </p>
      )}

      <DraftChangeContext value={changed}>
        <div key={formKey} className={styles.body}>
          {type === 'recruit_service_review' ? (
            <section className={styles.section}>
              <h2 className={styles.sectionTitle}>就活サービス</h2>
              <input type="hidden" name="recruitServiceId" value={props.service?.id ?? ''} />
              <p className={styles.subjectName}>{props.service?.name ?? '未選択'}</p>
            </section>
          ) : (
            <section className={styles.section}>
              <h2 className={styles.sectionTitle}>企業</h2>
              {props.subjectFixed && props.company ? (
                <>
                  <input type="hidden" name="companyId" value={props.company.id} />
                  <p className={styles.subjectName}>{props.company.name}</p>
                </>
              ) : (
                <CompanyPicker initial={props.company} choices={props.companyChoices} onChange={changed} />
              )}
            </section>
          )}
          <TypeFields type={type} content={content} />
        </div>
      </DraftChangeContext>

      <p className={styles.notice}>
        送信した投稿は、運営の審査のあと公開されます。個人が特定できる内容や、他の人を傷つける表現は書かないでください。
      </p>
      <StickyBottomBar align="end" className={styles.bar}>
        <SaveStatusText status={status} savedAt={savedAt} />
        <Button type="submit" pending={props.submitting} disabledLabel="送信中…" disabled={conflict}>
          {props.submitLabel}
        </Button>
      </StickyBottomBar>
    </ValidatedForm>
  );
}
