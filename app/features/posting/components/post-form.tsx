// The posting form of every content type (docs/decisions/025-posting.md): the subject, the
// type's fields, the autosaved draft (server and browser copies) and the submit button. The
// fields are uncontrolled: what the student types stays in the page, the autosave reads the
// form, and the same form posts to the route's action without JavaScript. Each of the form's
// jobs is a hook of its own: the text shown (use-form-text), the autosave and what the form
// opens with (use-draft-autosave), the cursor (draft-cursor), a conflict with another tab
// (use-draft-conflict) and the submission (use-post-submit).
import { type RefObject, useRef } from 'react';
import type { FieldErrors } from '../../../lib/form';
import { Button } from '../../../ui/button';
import { StickyBottomBar } from '../../../ui/sticky-bottom-bar';
import { ValidatedForm } from '../../../ui/validated-form';
import { CsrfField } from '../../accounts/components/csrf-field';
import type { CompanyChoice } from '../../search/company-choice';
import { CompanyPicker, type PickedCompany } from '../../search/components/company-picker';
import { postFormSchema } from '../post-form-schema';
import type { WritableType } from '../writable-types';
import { restoreCursorAfterReload, useCursorTracking } from './draft-cursor';
import { DraftChangeContext } from './draft-changes';
import type { Content } from './initial-values';
import { SaveStatusText } from './save-status';
import { TypeFields } from './type-fields';
import { useDraftAutosave, useFieldChanges } from './use-draft-autosave';
import { useDraftConflict } from './use-draft-conflict';
import { useAfterShow, useFormText } from './use-form-text';
import { type SubmitAnswer, usePostSubmit } from './use-post-submit';
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
  /**
   * The action's answer to a submission that did not go through (a new object per answer):
   * another tab saved first, or the request never reached the server (see clientAction).
   */
  answer?: SubmitAnswer;
  submitting: boolean;
  submitLabel: string;
};

export function PostForm(props: PostFormProps) {
  const { type, userId, newSlot, draft } = props;
  const formRef = useRef<HTMLFormElement | null>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  const text = useFormText({ content: draft.content, company: props.company });
  const autosave = useDraftAutosave({ type, userId, newSlot, draft, formRef, show: text.show });
  const { engineRef, status, identity } = autosave;
  const conflict = status.kind === 'conflict';
  const submission = usePostSubmit({
    engineRef,
    formRef,
    answer: props.answer,
    submitting: props.submitting,
    conflict,
    conflictRef,
  });
  useAfterShow(text, formRef, (form) => restoreCursorAfterReload(form, engineRef.current?.storageKey ?? ''));
  useFieldChanges(formRef, engineRef);
  useCursorTracking(formRef, engineRef);
  const choice = useDraftConflict({
    engineRef,
    postId: draft.postId,
    show: text.show,
    setNote: text.setNote,
    setStatus: autosave.setStatus,
    setSavedAt: autosave.setSavedAt,
  });

  return (
    <ValidatedForm
      schema={postFormSchema(type)}
      serverErrors={props.serverErrors}
      method="post"
      formRef={formRef}
      onValidSubmit={submission.onValidSubmit}
      className={styles.form}
    >
      <CsrfField />
      <input type="hidden" name="draftKey" value={identity.draftKey} />
      <input type="hidden" name="postId" value={identity.postId ?? ''} />
      <input type="hidden" name="lockVersion" value={identity.lockVersion} />

      {conflict && <ConflictChoice boxRef={conflictRef} busy={choice.busy} onLoadNewer={choice.loadNewer} onKeepMine={choice.keepMine} />}
      {text.note && (
        <p className={styles.restored} role="status">
          {text.note}
        </p>
      )}

      <DraftChangeContext value={autosave.changedAfterRender}>
        <div key={text.formKey} className={styles.body}>
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
                <CompanyPicker initial={text.company} choices={props.companyChoices} onChange={autosave.changedAfterRender} />
              )}
            </section>
          )}
          <TypeFields type={type} content={text.content} />
        </div>
      </DraftChangeContext>

      <p className={styles.notice}>
        送信した投稿は、運営の審査のあと公開されます。個人が特定できる内容や、他の人を傷つける表現は書かないでください。
      </p>
      <StickyBottomBar align="end" className={styles.bar}>
        {submission.unsent && (
          <p className={styles.unsent} role="alert">
            {submission.unsent.message}
          </p>
        )}
        <SaveStatusText status={status} savedAt={autosave.savedAt} />
        <Button type="submit" pending={props.submitting || submission.sending} disabledLabel="送信中…" disabled={conflict}>
          {props.submitLabel}
        </Button>
      </StickyBottomBar>
    </ValidatedForm>
  );
}

/** Another tab saved a newer text: the student chooses which one stays. */
function ConflictChoice(props: {
  boxRef: RefObject<HTMLDivElement | null>;
  busy: boolean;
  onLoadNewer: () => void;
  onKeepMine: () => void;
}) {
  return (
    <div ref={props.boxRef} className={styles.conflict} role="alert" tabIndex={-1}>
      <p className={styles.conflictTitle}>別のタブで更新されています</p>
      <p>この下書きは、別のタブ（または別の端末）で新しく保存されています。この画面の内容と、どちらを残すか選んでください。</p>
      <div className={styles.conflictActions}>
        <Button type="button" onClick={props.onLoadNewer} disabled={props.busy}>
          最新の内容を読み込む
        </Button>
        <Button type="button" variant="secondary" onClick={props.onKeepMine} disabled={props.busy}>
          この画面の内容で上書きする
        </Button>
      </div>
    </div>
  );
}
