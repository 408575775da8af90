import { useEffect, useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { requireStudent } from '../../features/accounts/session-request.server';
import { CompanyPicker } from '../../features/search/components/company-picker';
import { BoardCompanyCard, UpcomingEvents, type FormAnswer } from '../../features/tracker/components/tracker-board';
import { addEntrySchema, addEventSchema, deleteEventSchema, setStateSchema } from '../../features/tracker/schemas';
import {
  addTrackerEntry,
  addTrackerEvent,
  calendarFeedPath,
  deleteTrackerEvent,
  listFavoriteChoices,
  loadBoard,
  renewCalendarFeed,
  setTrackerState,
} from '../../features/tracker/tracker.server';
import { AppError, isAppError } from '../../lib/app-error';
import { publicOrigin } from '../../lib/config.server';
import { formValues, parseForm, textValue } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import { originFromMatches, pageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { RadioGroup } from '../../ui/radio';
import { useSnackBar } from '../../ui/snack-bar';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/selections';
import styles from './selections.module.css';

// /mypage/selections: the selection tracker (選考管理, issue 17, docs/decisions/035-selection-tracker.md).

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  const [board, choices, feedPath] = await Promise.all([
    loadBoard({ userId: user.id }),
    listFavoriteChoices({ userId: user.id }),
    calendarFeedPath({ userId: user.id }),
  ]);
  return { board, choices, feedUrl: `${publicOrigin()}${feedPath}` };
}

type Answer = NonNullable<FormAnswer> & { ok?: true; message?: string; newBadges?: number };

const fail = (intent: string, key: string, errors: Record<string, string>, values: Record<string, unknown>) =>
  data<Answer>({ intent, key, errors, values }, { status: 400 });

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStudent(request);
  const form = await readFormData(request);
  const intent = form.get('intent');
  if (intent === 'add') {
    const result = parseForm(addEntrySchema, form);
    if (!result.ok) return fail('add', 'add', result.errors, result.values);
    const categories = result.data.category === 'both' ? (['intern', 'recruit'] as const) : [result.data.category];
    let added = 0;
    let newBadges = 0;
    try {
      for (const category of categories) {
        const change = await addTrackerEntry({ userId: user.id, companyId: result.data.company_id, category });
        added += change.changed ? 1 : 0;
        newBadges += change.newBadgeKindIds.length;
      }
    } catch (error) {
      if (isAppError(error, 'company_not_found'))
        return fail('add', 'add', { company_id: '選んだ企業が見つかりません。もう一度選んでください。' }, formValues(form));
      throw error;
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
    if (!result.ok) return fail('state', key, result.errors, result.values);
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
    if (!result.ok) return fail('event', key, result.errors, result.values);
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
  return pageMeta({
    origin: originFromMatches(matches),
    title: '選考管理',
    description: '選考中の企業の状況と締切・面接の予定を管理できます。',
    noindex: true,
  });
}

export default function SelectionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { board, choices, feedUrl } = loaderData;
  const answer = actionData as Answer | undefined;
  const snackBar = useSnackBar();
  const navigation = useNavigation();
  const adding = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  // After a company is added, the form starts again empty (a new key) for the next one.
  const [addFormKey, setAddFormKey] = useState(0);

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
              <BoardCompanyCard key={company.companyId} company={company} today={board.today} answer={answer} />
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
        <input
          className={styles.feedUrl}
          type="text"
          readOnly
          value={feedUrl}
          aria-label="カレンダー用のURL"
          onFocus={(event) => event.currentTarget.select()}
        />
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
