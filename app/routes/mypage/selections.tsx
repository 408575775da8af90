import { privatePageHeaders } from '../../features/accounts/page-headers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { requireStudent } from '../../features/accounts/session-request.server';
import { postingFormUrl } from '../../features/posting/writable-types';
import { CompanyPicker } from '../../features/search/components/company-picker';
import {
  BoardCompanyCard,
  type FormAnswer,
  type ScreeningPostingPath,
  UpcomingEvents,
} from '../../features/tracker/components/tracker-board';
import { addEntrySchema, addEventSchema, deleteEventSchema, setStateSchema } from '../../features/tracker/schemas';
import { loadBoard } from '../../features/tracker/board.server';
import { listFavoriteChoices } from '../../features/tracker/favorite-choices.server';
import { calendarFeedPath, renewCalendarFeed } from '../../features/tracker/feed-url.server';
import { addTrackerEntry, addTrackerEvent, deleteTrackerEvent, setTrackerState } from '../../features/tracker/writes.server';
import { AppError, type FormErrors } from '../../lib/app-error';
import { publicOrigin } from '../../lib/config.server';
import { formFailure, parseForm, textValue } from '../../lib/form';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { CopyButton, CopyByHandField } from '../../ui/copy-button';
import { RadioGroup } from '../../ui/radio';
import { useSnackBar } from '../../ui/snack-bar';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/selections';
import { readStudentForm } from './student-form.server';
import styles from './selections.module.css';
import { KEPT_FOR_SESSION } from '../../lib/shared-page';

// /mypage/selections: the selection tracker (選考管理, issue 17, docs/decisions/035-selection-tracker.md).

export const headers = privatePageHeaders;
// Kept rendered for the session a few seconds (docs/decisions/072-session-pages-kept.md).
export const handle = KEPT_FOR_SESSION;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  const [board, choices, feedPath] = await Promise.all([
    loadBoard({ userId: user.id }),
    listFavoriteChoices({ userId: user.id }),
    calendarFeedPath({ userId: user.id }),
  ]);
  return { board, choices, feedUrl: `${publicOrigin()}${feedPath}` };
}

/** An ended screening's links to its posting forms, with the company chosen. */
const screeningPostingPath: ScreeningPostingPath = (type, companyId) => postingFormUrl(type, { companyId });

type Answer = NonNullable<FormAnswer> & { ok?: boolean; message?: string; newBadges?: number };

/**
 * A company deleted meanwhile is said beside the picker, a step its selection does not have
 * beside the step (decision 056).
 */
export const formErrors: FormErrors = {
  company_not_found: { field: 'company_id', as: 'chosen_company_not_found' },
  validation_failed: {},
};

/** The field that tells the board's forms of one intent apart (one per entry, one per company). */
const KEY_FIELDS: Record<string, string> = { state: 'entry_id', event: 'company_id' };

/** The action's answer, a refused form included: its intent and key are the form's own fields. */
function answerOf(actionData: unknown): Answer | undefined {
  const failure = formFailure(actionData);
  if (!failure) return actionData as Answer | undefined;
  const intent = String(failure.values.intent ?? '');
  const keyField = KEY_FIELDS[intent];
  return { ...failure, intent, key: keyField ? String(failure.values[keyField] ?? '') : intent };
}

export async function action({ request }: Route.ActionArgs) {
  const { user, form, intent } = await readStudentForm(request);
  if (intent === 'add') {
    const result = parseForm(addEntrySchema, form);
    if (!result.ok) return data(result, { status: 400 });
    const categories = result.data.category === 'both' ? (['intern', 'recruit'] as const) : [result.data.category];
    let added = 0;
    let newBadges = 0;
    for (const category of categories) {
      const change = await addTrackerEntry({ userId: user.id, companyId: result.data.company_id, category });
      added += change.changed ? 1 : 0;
      newBadges += change.newBadgeKindIds.length;
    }
    return data<Answer>({
      intent: 'add',
      key: 'add',
      ok: true,
      newBadges,
      message: added > 0 ? '選考管理に追加しました' : 'すでに選考管理に登録されています',
    });
  }
  if (intent === 'state') {
    const key = String(form.get('entry_id') ?? '');
    const result = parseForm(setStateSchema, form);
    if (!result.ok) return data(result, { status: 400 });
    const change = await setTrackerState({
      userId: user.id,
      entryId: result.data.entry_id,
      status: result.data.status,
      outcome: result.data.outcome,
      on: result.data.on,
    });
    return data<Answer>({
      intent: 'state',
      key,
      ok: true,
      newBadges: change.newBadgeKindIds.length,
      message: change.changed ? '選考の状況を更新しました' : '変更はありませんでした',
    });
  }
  if (intent === 'event') {
    const key = String(form.get('company_id') ?? '');
    const result = parseForm(addEventSchema, form);
    if (!result.ok) return data(result, { status: 400 });
    const { company_id: companyId, ...event } = result.data;
    await addTrackerEvent({ userId: user.id, companyId, event });
    return data<Answer>({ intent: 'event', key, ok: true, message: '予定を追加しました' });
  }
  if (intent === 'delete_event') {
    const result = parseForm(deleteEventSchema, form);
    if (!result.ok) throw new AppError('tracker_event_not_found');
    await deleteTrackerEvent({ userId: user.id, eventId: result.data.event_id });
    return data<Answer>({ intent: 'delete_event', key: String(result.data.event_id), ok: true, message: '予定を削除しました' });
  }
  if (intent === 'renew_feed') {
    await renewCalendarFeed({ userId: user.id });
    return data<Answer>({
      intent: 'renew_feed',
      key: 'feed',
      ok: true,
      message: 'カレンダーのURLを新しくしました。前のURLはもう使えません。',
    });
  }
  throw new AppError('invalid_request');
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '選考管理', '選考中の企業の状況と締切・面接の予定を管理できます。');
}

export default function SelectionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { board, choices, feedUrl } = loaderData;
  const answer = useMemo(() => answerOf(actionData), [actionData]);
  const snackBar = useSnackBar();
  const navigation = useNavigation();
  const adding = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  // After a company is added, the form starts again empty (a new key) for the next one.
  const [addFormKey, setAddFormKey] = useState(0);
  const feedField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!answer?.ok) return;
    if (answer.message) snackBar.show(answer.message);
    if (answer.intent === 'add') setAddFormKey((key) => key + 1);
    // A step reached or a company added may have earned 301–309: the popup announces them.
    if (answer.newBadges) void import('../../features/badges/badge-popup-queue').then((queue) => queue.requestBadgePopup());
  }, [answer, snackBar]);

  const addAnswer = answer?.intent === 'add' && !answer.ok ? answer : undefined;
  return (
    <div className={styles.board}>
      <UpcomingEvents events={board.upcoming} today={board.today} />

      <Card as="section" title={`選考中の企業（${board.companies.length}社）`} titleAs="h2" className={styles.card}>
        {board.companies.length === 0 ? (
          <p className={styles.empty}>
            まだ企業が登録されていません。下の「企業を追加する」から、応募した企業や気になる企業を登録しましょう。企業ページの「選考管理に追加」からも登録できます。
          </p>
        ) : (
          <ul className={styles.companies}>
            {board.companies.map((company) => (
              <BoardCompanyCard
                key={company.companyId}
                company={company}
                today={board.today}
                answer={answer}
                postingPath={screeningPostingPath}
              />
            ))}
          </ul>
        )}
      </Card>

      <Card as="section" title="企業を追加する" titleAs="h2" className={styles.card}>
        <ValidatedForm key={addFormKey} method="post" schema={addEntrySchema} serverErrors={addAnswer?.errors} className={styles.addForm}>
          <CsrfField />
          <input type="hidden" name="intent" value="add" />
          <CompanyPicker name="company_id" initial={null} choices={choices} choicesTitle="お気に入りの企業から選ぶ" />
          <RadioGroup
            legend="選考の種類"
            name="category"
            orientation="horizontal"
            defaultValue={textValue(addAnswer?.values, 'category') ?? 'recruit'}
            options={[
              { value: 'recruit', label: '本選考' },
              { value: 'intern', label: 'インターン' },
              { value: 'both', label: '両方' },
            ]}
          />
          <Button type="submit" pending={adding} disabledLabel="追加しています…">
            選考管理に追加する
          </Button>
        </ValidatedForm>
      </Card>

      <Card as="section" title="カレンダーに予定を表示する" titleAs="h2" className={styles.card}>
        <p className={styles.feedText}>
          下のURLをGoogleカレンダー（「他のカレンダー」→「URLで追加」）やiPhoneのカレンダー（「照会するカレンダーを追加」）に登録すると、ここに登録した締切や面接が自動でカレンダーに表示されます。URLを知っている人は誰でも予定を見られるので、他の人に教えないでください。
        </p>
        <div className={styles.feedRow}>
          <CopyByHandField ref={feedField} className={styles.feedUrl} value={feedUrl} label="カレンダー用のURL" />
          <CopyButton
            text={feedUrl}
            label="URLをコピー"
            copiedLabel="URLをコピーしました"
            failedMessage="このブラウザではURLを自動でコピーできませんでした。選択したURLの欄からコピーしてください（スマートフォンでは長押しでコピーできます）。"
            onFailed={() => {
              feedField.current?.focus();
              feedField.current?.select();
            }}
          />
        </div>
        <Form method="post" className={styles.renewForm}>
          <CsrfField />
          <input type="hidden" name="intent" value="renew_feed" />
          <Button type="submit" variant="secondary" size="small">
            URLを新しくする（前のURLは使えなくなります）
          </Button>
        </Form>
      </Card>
    </div>
  );
}
