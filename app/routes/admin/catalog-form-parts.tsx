// What the admin forms of a company and of a service draw alike (not a route): the head (the way
// back, the title, the note after a save, the entry's facts), the entries with a similar name and
// the confirmation that the new one is another, and the buttons at the end.
import { Fragment } from 'react';
import { useNavigation } from 'react-router';
import { formatDateTime } from '../../lib/format-date-time';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Link } from '../../ui/link';
import styles from './catalog.module.css';

/** An entry's facts under the title: its ID, what the kind adds (`more`), when it was added and last changed. */
type EntryFacts = { id: number; createdAt: Date | string; updatedAt: Date | string; more?: Array<[label: string, value: string]> };

/** The form's head: the way back to the list, the title, the note after a save, the entry's facts. */
export function CatalogFormHead({
  titleId,
  title,
  back,
  saved,
  entry,
}: {
  titleId: string;
  title: string;
  back: { to: `/admin/${string}`; label: string };
  saved: { message: string; publicPath: `/${string}` | null } | null;
  entry: EntryFacts | null;
}) {
  return (
    <>
      <Link to={back.to} className={styles.back}>
        ← {back.label}
      </Link>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {saved && <SavedNote message={saved.message} publicPath={saved.publicPath} />}
      {entry && (
        <dl className={styles.facts}>
          {[
            ['ID', String(entry.id)],
            ...(entry.more ?? []),
            ['登録日時', formatDateTime(entry.createdAt)],
            ['更新日時', formatDateTime(entry.updatedAt)],
          ].map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </>
  );
}

/**
 * The entries whose names search would take for the one being saved, each opening its edit page
 * in a new tab (the form keeps what was typed), with what tells them apart (`note`).
 */
export function SimilarEntries({
  title,
  lead,
  entries,
  editPath,
}: {
  title: string;
  lead: string;
  entries: Array<{ id: number; name: string; note: string }>;
  editPath: (id: number) => `/admin/${string}`;
}) {
  return (
    <section className={styles.warning} aria-labelledby="similar-title">
      <h2 id="similar-title">{title}</h2>
      <p>{lead}</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={editPath(entry.id)} target="_blank" rel="noreferrer">
              {entry.name}
            </a>
            （{entry.note}・ID {entry.id}）
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The note after a save (?saved=), with a link to the public page once the entry exists. */
function SavedNote({ message, publicPath }: { message: string; publicPath: `/${string}` | null }) {
  return (
    <p className={styles.done} role="status">
      {message}
      {publicPath && (
        <>
          {' '}
          <Link to={publicPath}>公開ページを見る</Link>
        </>
      )}
    </p>
  );
}

/** Shown once a save was refused for a similar name: the moderator confirms it is another entry. */
export function ConfirmSimilar({ similarFor, label, error }: { similarFor: string | null | undefined; label: string; error?: string }) {
  return (
    <>
      <input type="hidden" name="similarFor" value={similarFor ?? ''} />
      <Checkbox name="confirmSimilar" label={label} error={error} />
    </>
  );
}

/** The submit button (busy while the form is sent) and the way back to the list. */
export function CatalogFormActions({ submitLabel, listPath }: { submitLabel: string; listPath: `/admin/${string}` }) {
  const navigation = useNavigation();
  return (
    <div className={styles.actions}>
      <Button type="submit" disabledLabel="保存しています…" pending={navigation.state === 'submitting'}>
        {submitLabel}
      </Button>
      <Link to={listPath} className={styles.back}>
        キャンセル
      </Link>
    </div>
  );
}
