// The posting form of every content type (docs/decisions/025-posting.md): the subject, the
// type's fields, the autosaved draft (server and browser copies) and the submit button. The
// fields are uncontrolled: what the student types stays in the page, the autosave reads the
// form, and the same form posts to the route's action without JavaScript.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { StickyBottomBar } from '../../../ui/sticky-bottom-bar';
import { ValidatedForm } from '../../../ui/validated-form';
import { CsrfField } from '../../accounts/components/csrf-field';
import { formValues, type FieldErrors } from '../../../lib/form';
import { callSite } from '../../../lib/site-client';
import type { CompanyChoice } from '../../search/company-choice';
import { DraftAutosave, reconcile, type DraftIdentity, type SaveStatus } from '../draft-autosave';
import { draftKeyOf, readCursor, readLocalDraft, type DraftCursor } from '../../../lib/draft-storage';
import { contentOf, postFormSchema } from '../post-form-schema';
import type { WritableType } from '../writable-types';
import { CompanyPicker, type PickedCompany } from '../../search/components/company-picker';
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
  /** The form's id of the save that stored the server's text. */
  lastSaveId: string | null;
};

export type PostFormProps = {
  type: WritableType;
  /** The student: the browser's copies are theirs alone. */
  userId: number;
  /** The slot of a new form's copy before its post exists (`new:{type}:{subject}`). */
  newSlot: string;
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
function restoreCursor(form: HTMLFormElement, cursor: DraftCursor | null) {
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
function cursorOf(target: EventTarget | null): DraftCursor | null {
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

/**
 * Whether a field differs from what the server rendered: text typed (or a star chosen) before the
 * page's script ran fires no event the autosave could have heard.
 */
function editedBeforeHydration(form: HTMLFormElement): boolean {
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement) {
      if (element.type === 'hidden') continue;
      if (
        element.type === 'radio' || element.type === 'checkbox'
          ? element.checked !== element.defaultChecked
          : element.value !== element.defaultValue
      )
        return true;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      if ([...element.options].some((option) => option.selected !== option.defaultSelected)) return true;
    }
  }
  return false;
}

/** Waits for `promise`, but not longer than `ms`. */
function atMost(promise: Promise<void>, ms: number): Promise<void> {
  return Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

export function PostForm(props: PostFormProps) {
  const { type, userId, newSlot, draft } = props;
  const formRef = useRef<HTMLFormElement | null>(null);
  const postIdField = useRef<HTMLInputElement>(null);
  const lockVersionField = useRef<HTMLInputElement>(null);
  const draftKeyField = useRef<HTMLInputElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  const autosave = useRef<DraftAutosave | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [content, setContent] = useState<Content>(draft.content);
  const [company, setCompany] = useState<PickedCompany | null>(props.company);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [savedAt, setSavedAt] = useState<string | null>(draft.savedAt);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  /** What to do once the fields show a restored or loaded text (the engine reads the form). */
  const afterRender = useRef<(() => void) | null>(null);
  const resubmitting = useRef(false);

  const read = useCallback(() => {
    const form = formRef.current;
    if (!form) return null;
    const values = formValues(new FormData(form));
    const companyField = form.elements.namedItem('companyId');
    return {
      content: contentOf(values),
      subject: {
        companyId: toId(values.companyId),
        recruitServiceId: toId(values.recruitServiceId),
        companyName: companyField instanceof HTMLInputElement ? (companyField.dataset.name ?? null) : null,
      },
    };
  }, []);

  const setIdentity = useCallback((identity: DraftIdentity) => {
    // Written into the DOM at once, so that a submit right after a save sends the new version.
    if (postIdField.current) postIdField.current.value = identity.postId === null ? '' : String(identity.postId);
    if (lockVersionField.current) lockVersionField.current.value = String(identity.lockVersion);
    if (draftKeyField.current) draftKeyField.current.value = identity.draftKey;
  }, []);

  // The autosave, and the browser's copy when it has what the server does not.
  useEffect(() => {
    const engine = new DraftAutosave({
      type,
      userId,
      newSlot,
      identity: { postId: draft.postId, draftKey: draft.draftKey, lockVersion: draft.lockVersion },
      read,
      onStatus: (next) => {
        setStatus(next);
        if (next.kind === 'saved') setSavedAt(next.at);
      },
      onIdentity: setIdentity,
    });
    autosave.current = engine;

    // The copy of this post, or of a new form whose first save never got its answer.
    const byPost = draft.postId === null ? null : readLocalDraft(draftKeyOf(userId, `post:${draft.postId}`));
    const byForm = readLocalDraft(draftKeyOf(userId, newSlot));
    const local = byPost ?? (byForm && (draft.postId === null || byForm.draftKey === draft.draftKey) ? byForm : null);
    const decision = reconcile(local, { postId: draft.postId, lockVersion: draft.lockVersion, lastSaveId: draft.lastSaveId });
    if (local && decision !== 'none') {
      setContent(local.content);
      if (local.subject.companyId && local.subject.companyName)
        setCompany({ id: local.subject.companyId, name: local.subject.companyName });
      setFormKey((key) => key + 1);
      if (decision === 'restore') {
        setNote('この端末に残っていた、まだ保存されていない入力を復元しました。');
        afterRender.current = () =>
          engine.resume(
            { postId: draft.postId, draftKey: local.draftKey, lockVersion: draft.lockVersion },
            { changed: true, unanswered: local.pendingSaveId },
          );
      } else {
        // Another tab or device saved something else since: this text stays on screen, nothing
        // is sent until the student chooses.
        afterRender.current = () => engine.markConflict();
      }
    } else if (formRef.current && editedBeforeHydration(formRef.current)) {
      engine.changed();
    } else if (isReload()) {
      const cursor = readCursor(engine.storageKey);
      requestAnimationFrame(() => {
        if (formRef.current) restoreCursor(formRef.current, cursor);
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
      // Leaving for another page of the site: what was not sent is sent now, and kept in the
      // browser's copy either way.
      engine.dispose();
    };
    // One engine per draft: the props it reads are the draft's identity.
  }, [type, userId, newSlot, draft.postId, draft.draftKey, draft.lockVersion, draft.lastSaveId, read, setIdentity]);

  // Leaving for another page of the site: the fields are read while they still exist (a passive
  // effect's cleanup runs after React has let go of the form), and what is new goes out now.
  useLayoutEffect(
    () => () => {
      void autosave.current?.flush({ keepalive: true });
    },
    [],
  );

  // The action said another tab saved first.
  useEffect(() => {
    if (props.conflict) autosave.current?.markConflict();
  }, [props.conflict]);

  // After the fields were remounted with a restored or loaded text.
  useEffect(() => {
    if (formKey === 0 || !formRef.current) return;
    afterRender.current?.();
    afterRender.current = null;
    if (isReload()) restoreCursor(formRef.current, readCursor(autosave.current?.storageKey ?? ''));
  }, [formKey]);

  // Changes without an input event (a list item moved, a company chosen) are read after React
  // has rendered them.
  const changed = useCallback(() => autosave.current?.changed(), []);
  const changedAfterRender = useCallback(() => {
    setTimeout(() => autosave.current?.changed(), 0);
  }, []);

  // Every change of a field (typing, a star, a radio) is a change of the draft; every move of the
  // cursor is kept apart from the text.
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
    const engine = autosave.current;
    const postId = engine?.current.postId ?? draft.postId;
    if (!engine || postId === null) return;
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
    setNote('別のタブで保存された最新の内容を読み込みました。');
    const identity = { ...engine.current, postId, lockVersion: result.data.lockVersion };
    afterRender.current = () => engine.resume(identity, { changed: false });
  }

  /** Keeps this tab's text, saving it over the other tab's (the student chose to). */
  async function keepMine() {
    const engine = autosave.current;
    const postId = engine?.current.postId ?? draft.postId;
    if (!engine || postId === null) return;
    setBusy(true);
    const result = await callSite<{ lockVersion: number }>(`/api/v1/student/drafts/${postId}`);
    setBusy(false);
    if (!result.ok) {
      setStatus({ kind: 'refused', message: result.message });
      return;
    }
    setNote(null);
    engine.resume({ ...engine.current, postId, lockVersion: result.data.lockVersion }, { changed: true });
  }

  function onValidSubmit(event: FormEvent<HTMLFormElement>) {
    const engine = autosave.current;
    if (!engine || resubmitting.current) {
      resubmitting.current = false;
      return;
    }
    event.preventDefault();
    if (status.kind === 'conflict') {
      conflictRef.current?.focus();
      return;
    }
    // A save on its way would make this form's version stale: let it land (a few seconds at
    // most: the server checks the version anyway), then send.
    const form = event.currentTarget;
    setSending(true);
    void atMost(engine.flush(), 5000).then(() => {
      setSending(false);
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
      <input ref={draftKeyField} type="hidden" name="draftKey" defaultValue={draft.draftKey} />
      <input ref={postIdField} type="hidden" name="postId" defaultValue={draft.postId ?? ''} />
      <input ref={lockVersionField} type="hidden" name="lockVersion" defaultValue={draft.lockVersion} />

      {conflict && (
        <div ref={conflictRef} className={styles.conflict} role="alert" tabIndex={-1}>
          <p className={styles.conflictTitle}>別のタブで更新されています</p>
          <p>この下書きは、別のタブ（または別の端末）で新しく保存されています。この画面の内容と、どちらを残すか選んでください。</p>
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
      {note && (
        <p className={styles.restored} role="status">
          {note}
        </p>
      )}

      <DraftChangeContext value={changedAfterRender}>
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
                  <input type="hidden" name="companyId" value={props.company.id} data-name={props.company.name} />
                  <p className={styles.subjectName}>{props.company.name}</p>
                </>
              ) : (
                <CompanyPicker initial={company} choices={props.companyChoices} onChange={changedAfterRender} />
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
        <Button type="submit" pending={props.submitting || sending} disabledLabel="送信中…" disabled={conflict}>
          {props.submitLabel}
        </Button>
      </StickyBottomBar>
    </ValidatedForm>
  );
}
