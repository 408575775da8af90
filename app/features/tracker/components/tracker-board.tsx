import type { FieldErrors, FormValues } from '../../../lib/form';
import { textValue } from '../../../lib/form';
import { POSTING_ROUTES } from '../../posts/posting-routes';
import { CsrfField } from '../../accounts/components/csrf-field';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { Link } from '../../../ui/link';
import { Select } from '../../../ui/select';
import { StepIcon } from '../../../ui/step-icon';
import { Textarea } from '../../../ui/textarea';
import { ValidatedForm } from '../../../ui/validated-form';
import { TRACKER_EVENT_KINDS } from '../../../db/enums';
import { TRACKER_EVENT_LABELS } from '../calendar-feed';
import { dueLabel, formatDay } from '../dates';
import { addEventSchema, deleteEventSchema, setStateSchema } from '../schemas';
import { CATEGORY_LABELS, CATEGORY_STEPS, OUTCOME_LABELS, STATUS_LABELS, stepIconOf } from '../steps';
import type { BoardCompany, BoardEntry, BoardEvent } from '../tracker.server';
import styles from './tracker-board.module.css';

/** What the last sent form answered: its messages and values go back to that form only. */
export type FormAnswer = { intent: string; key: string; errors?: FieldErrors; values?: FormValues } | undefined;

function answerFor(answer: FormAnswer, intent: string, key: string) {
  return answer && answer.intent === intent && answer.key === key ? answer : undefined;
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
function WriteAboutIt({ entry, companyId }: { entry: BoardEntry; companyId: number }) {
  if (entry.category !== 'recruit') return null;
  const reached = entry.status === 'job_offer' || entry.status === 'entered' || entry.outcome === 'rejected';
  if (!reached) return null;
  const withCompany = (type: 'screening_experience' | 'screening_entry_sheet') => {
    const route = POSTING_ROUTES[type];
    const params = new URLSearchParams(route.query);
    params.set('company_id', String(companyId));
    return `${route.form}?${params}`;
  };
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
      {/* Behind a disclosure, so that a board of many companies stays readable; open again with
          the messages when the server refused it. */}
      <details className={styles.update} open={mine?.errors !== undefined}>
        <summary>状況を更新する</summary>
        <ValidatedForm method="post" schema={setStateSchema} serverErrors={mine?.errors} className={styles.stateForm}>
          <CsrfField />
          <input type="hidden" name="intent" value="state" />
          <input type="hidden" name="entry_id" value={entry.entryId} />
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
        </ValidatedForm>
      </details>
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
                <ValidatedForm method="post" schema={deleteEventSchema}>
                  <CsrfField />
                  <input type="hidden" name="intent" value="delete_event" />
                  <input type="hidden" name="event_id" value={event.id} />
                  <button type="submit" className={styles.deleteEvent}>
                    削除
                    <span className="visually-hidden">
                      ：{TRACKER_EVENT_LABELS[event.kind]} {eventTime(event)}
                    </span>
                  </button>
                </ValidatedForm>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.muted}>まだ予定はありません。</p>
      )}
      {/* Open again with the messages when the server refused it; a new, closed and empty form once
          an event was added (the key follows the count). */}
      <details key={company.events.length} className={styles.addEvent} open={mine?.errors !== undefined}>
        <summary>予定を追加する</summary>
        <ValidatedForm method="post" schema={addEventSchema} serverErrors={mine?.errors} className={styles.eventForm}>
          <CsrfField />
          <input type="hidden" name="intent" value="event" />
          <input type="hidden" name="company_id" value={company.companyId} />
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
        </ValidatedForm>
      </details>
    </div>
  );
}

/** One company of the board: its categories with their steps and history, and its events. */
export function BoardCompanyCard({ company, today, answer }: { company: BoardCompany; today: string; answer: FormAnswer }) {
  return (
    <li id={`company-${company.companyId}`} className={company.ended ? styles.companyEnded : styles.company}>
      <h3 className={styles.companyName}>
        <Link to={`/companies/${company.companyId}`}>{company.name}</Link>
        {company.ended && <span className={styles.endedMark}>選考終了</span>}
      </h3>
      {company.entries.map((entry) => (
        <div key={entry.entryId}>
          <EntryState entry={entry} today={today} answer={answer} />
          <WriteAboutIt entry={entry} companyId={company.companyId} />
        </div>
      ))}
      <CompanyEvents company={company} today={today} answer={answer} />
    </li>
  );
}
