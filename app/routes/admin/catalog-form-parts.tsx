// What the admin forms of a company and of a service draw alike (not a route): the note after a
// save, the confirmation that a similar name is not a second entry, and the buttons at the end.
import { useNavigation } from 'react-router';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Link } from '../../ui/link';
import styles from './catalog.module.css';

/** The note after a save (?saved=), with a link to the public page once the entry exists. */
export function SavedNote({ message, publicPath }: { message: string; publicPath: `/${string}` | null }) {
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
