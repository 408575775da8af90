import type { FieldErrors, FormValues } from '../../../lib/form';
import { textValue } from '../../../lib/form';
import { CsrfField } from '../../accounts/components/csrf-field';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { Link } from '../../../ui/link';
import { Select } from '../../../ui/select';
import { StepIcon } from '../../../ui/step-icon';
import { Textarea } from '../../../ui/textarea';
import { ValidatedForm } from '../../../ui/validated-form';
import type { ReactNode } from 'react';
import type { z } from '../../../lib/zod';
import { TRACKER_EVENT_KINDS } from '../../../db/enums';
import { TRACKER_EVENT_LABELS } from '../calendar-feed';
import { dueLabel, formatDay } from '../dates';
import { addEventSchema, deleteEventSchema, setStateSchema } from '../schemas';
import { CATEGORY_LABELS, CATEGORY_STEPS, OUTCOME_LABELS, STATUS_LABELS, stepIconOf } from '../steps';
import type { BoardCompany, BoardEntry, BoardEvent } from '../board';
import { NameText } from '../../../ui/name-text';
import styles from './tracker-board.module.css';

/**
 * Where the form of a screening's post starts, with the company chosen. The route gives it: the
 * tracker knows no posting route (docs/decisions/005-feature-dependencies.md).
 */
export type ScreeningPostingPath = (type: 'screening_experience' | 'screening_entry_sheet', companyId: number) => string;

/** What the last sent form answered: its messages and values go back to that form only. */
export type FormAnswer = { intent: string; key: string; errors?: FieldErrors; values?: FormValues } | undefined;

function answerFor(answer: FormAnswer, intent: string, key: string) {
  return answer && answer.intent === intent && answer.key === key ? answer : undefined;
}

type BoardFormProps<S extends z.ZodType> = {
  intent: string;
  row: { name: string; id: number };
  schema: S;
  errors?: FieldErrors;
  className?: string;
  children: ReactNode;
};

/** A form of the board, sent with its intent and the row it changes, as the route's action reads them. */
function BoardForm<S extends z.ZodType>({ intent, row, schema, errors, className, children }: BoardFormProps<S>) {
  return (
    <ValidatedForm method="post" schema={schema} serverErrors={errors} className={className}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={row.name} value={row.id} />
      {children}
    </ValidatedForm>
  );
}

/** A board form behind a disclosure, so that a board of many companies stays readable; open
 *  again with the messages when the server refused it. */
function DisclosedBoardForm<S extends z.ZodType>({
  summary,
  disclosureClassName,
  ...form
}: BoardFormProps<S> & { summary: string; disclosureClassName?: string }) {
  return (
    <details className={disclosureClassName} open={form.errors !== undefined}>
      <summary>{summary}</summary>
      <BoardForm {...form} />
    </details>
  );
}

function eventTime(event: BoardEvent): string {
  return `${formatDay(event.date)}${event.time ? ` ${event.time}` : ''}`;
}

/** The next 14 days' events of every company, soonest first, with 今日・明日・あとN日. */
export function UpcomingEvents({ events, today }: { events: BoardEvent[]; today: string }) {
  return (
    <section className={styles.upcoming} aria-labelledby="upcoming-title">
      <h2 id="upcoming-title" className={styles.sectionTitle}>
        これから2週間の予定
      </h2>
      {events.length === 0 ? (
        <p className={styles.muted}>今日から2週間のうちに予定はありません。企業ごとに締切や面接の日程を登録できます。</p>
      ) : (
        <ul className={styles.upcomingList}>
          {events.map((event) => {
            const label = dueLabel(today, event.date);
            return (
              <li key={event.id} className={styles.upcomingItem}>
                <span className={label === '今日' || label === '明日' ? styles.dueSoon : styles.due}>{label}</span>
                <span className={styles.upcomingBody}>
                  <span className={styles.upcomingWhat}>
                    {TRACKER_EVENT_LABELS[event.kind]}：<a href={`#company-${event.companyId}`}>{event.companyName}</a>
                  </span>
                  <span className={styles.muted}>
                    {eventTime(event)}
                    {event.place ? `・${event.place}` : ''}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** 「本選考体験記を書く」 once a screening has ended in 内定 or 不合格: what the student learned helps others. */
function WriteAboutIt({ entry, companyId, postingPath }: { entry: BoardEntry; companyId: number; postingPath: ScreeningPostingPath }) {
  if (entry.category !== 'recruit') return null;
  const reached = entry.status === 'job_offer' || entry.status === 'entered' || entry.outcome === 'rejected';
  if (!reached) return null;
  const withCompany = (type: 'screening_experience' | 'screening_entry_sheet') => postingPath(type, companyId);
  return (
    <div className={styles.writeAbout}>
      <p>
        {entry.outcome === 'rejected' ? 'おつかれさまでした。' : '内定おめでとうございます！'}
        この選考の経験は、後輩の就活の力になります。
      </p>
      <div className={styles.writeLinks}>
        <Button href={withCompany('screening_experience')} variant="secondary" size="small">
          本選考体験記を書く
        </Button>
        <Button href={withCompany('screening_entry_sheet')} variant="secondary" size="small">
          本選考ESを書く
        </Button>
      </div>
    </div>
  );
}

function EntryState({ entry, today, answer }: { entry: BoardEntry; today: string; answer: FormAnswer }) {
  const icon = stepIconOf(entry.category, entry.status);
  const mine = answerFor(answer, 'state', String(entry.entryId));
  const values = mine?.values;
  return (
    <div className={styles.entry}>
      <p className={styles.entryTitle}>
        <span className={styles.category}>{CATEGORY_LABELS[entry.category]}</span>
        <span>{STATUS_LABELS[entry.category][entry.status]}</span>
        {entry.outcome && <span className={styles.outcome}>{OUTCOME_LABELS[entry.outcome]}</span>}
      </p>
      <StepIcon steps={icon.steps} current={icon.current} size="small" label={`${CATEGORY_LABELS[entry.category]}の選考ステップ`} />
      <DisclosedBoardForm
        summary="状況を更新する"
        disclosureClassName={styles.update}
        intent="state"
        row={{ name: 'entry_id', id: entry.entryId }}
        schema={setStateSchema}
        errors={mine?.errors}
        className={styles.stateForm}
      >
        <Select
          label="段階"
          name="status"
          defaultValue={textValue(values, 'status') ?? entry.status}
          options={CATEGORY_STEPS[entry.category].map((status) => ({ value: status, label: STATUS_LABELS[entry.category][status]! }))}
        />
        <Select
          label="結果"
          name="outcome"
          defaultValue={textValue(values, 'outcome') ?? entry.outcome ?? ''}
          options={[
            { value: '', label: '選考中' },
            { value: 'rejected', label: '不合格' },
            { value: 'declined', label: '辞退' },
          ]}
        />
        <Input label="日付" name="on" type="date" defaultValue={textValue(values, 'on') ?? today} />
        <Button type="submit" size="small">
          更新する
        </Button>
      </DisclosedBoardForm>
      {entry.history.length > 0 && (
        <details className={styles.history}>
          <summary>これまでの経過（{entry.history.length}件）</summary>
          <ol>
            {entry.history.map((step, index) => (
              <li key={`${index}-${step.on}`}>
                <time dateTime={step.on}>{formatDay(step.on)}</time>：{STATUS_LABELS[entry.category][step.status]}
                {step.outcome ? `（${OUTCOME_LABELS[step.outcome]}）` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}

function CompanyEvents({ company, today, answer }: { company: BoardCompany; today: string; answer: FormAnswer }) {
  const mine = answerFor(answer, 'event', String(company.companyId));
  const values = mine?.values;
  return (
    <div className={styles.events}>
      <h4 className={styles.eventsTitle}>予定</h4>
      {company.events.length > 0 ? (
        <ul className={styles.eventList}>
          {company.events.map((event) => {
            const past = event.date < today;
            return (
              <li key={event.id} className={past ? styles.eventPast : styles.event}>
                <span>
                  <span className={styles.eventKind}>{TRACKER_EVENT_LABELS[event.kind]}</span> {eventTime(event)}
                  {past && <span className={styles.pastMark}>終了</span>}
                  {event.place && <span className={styles.muted}>・{event.place}</span>}
                  {event.url && (
                    <>
                      ・
                      <a href={event.url} target="_blank" rel="noopener noreferrer">
                        オンラインURL
                      </a>
                    </>
                  )}
                  {event.memo && <span className={styles.memo}>{event.memo}</span>}
                </span>
                <BoardForm intent="delete_event" row={{ name: 'event_id', id: event.id }} schema={deleteEventSchema}>
                  <button type="submit" className={styles.deleteEvent}>
                    削除
                    <span className="visually-hidden">
                      ：{TRACKER_EVENT_LABELS[event.kind]} {eventTime(event)}
                    </span>
                  </button>
                </BoardForm>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.muted}>まだ予定はありません。</p>
      )}
      {/* A new, closed and empty form once an event was added (the key follows the count). */}
      <DisclosedBoardForm
        key={company.events.length}
        summary="予定を追加する"
        disclosureClassName={styles.addEvent}
        intent="event"
        row={{ name: 'company_id', id: company.companyId }}
        schema={addEventSchema}
        errors={mine?.errors}
        className={styles.eventForm}
      >
        <Select
          label="種類"
          name="kind"
          defaultValue={textValue(values, 'kind') ?? 'es_deadline'}
          options={TRACKER_EVENT_KINDS.map((kind) => ({ value: kind, label: TRACKER_EVENT_LABELS[kind] }))}
        />
        <Input label="日付" name="date" type="date" defaultValue={textValue(values, 'date') ?? ''} hint="過ぎた日付も登録できます。" />
        <Input label="時刻（任意）" name="time" type="time" defaultValue={textValue(values, 'time') ?? ''} />
        <Input label="場所（任意）" name="place" defaultValue={textValue(values, 'place') ?? ''} maxLength={100} />
        <Input
          label="オンラインのURL（任意）"
          name="url"
          type="url"
          inputMode="url"
          defaultValue={textValue(values, 'url') ?? ''}
          placeholder="https://"
        />
        <Textarea label="メモ（任意）" name="memo" rows={2} defaultValue={textValue(values, 'memo') ?? ''} maxLength={500} />
        <Button type="submit" size="small">
          予定を追加する
        </Button>
      </DisclosedBoardForm>
    </div>
  );
}

/** One company of the board: its categories with their steps and history, and its events. */
export function BoardCompanyCard({
  company,
  today,
  answer,
  postingPath,
}: {
  company: BoardCompany;
  today: string;
  answer: FormAnswer;
  postingPath: ScreeningPostingPath;
}) {
  return (
    <li id={`company-${company.companyId}`} className={company.ended ? styles.companyEnded : styles.company}>
      <h3 className={styles.companyName}>
        <Link to={`/companies/${company.companyId}`}>
          <NameText>{company.name}</NameText>
        </Link>
        {company.ended && <span className={styles.endedMark}>選考終了</span>}
      </h3>
      {company.entries.map((entry) => (
        <div key={entry.entryId}>
          <EntryState entry={entry} today={today} answer={answer} />
          <WriteAboutIt entry={entry} companyId={company.companyId} postingPath={postingPath} />
        </div>
      ))}
      <CompanyEvents company={company} today={today} answer={answer} />
    </li>
  );
}
