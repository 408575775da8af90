import { useLocation } from 'react-router';
import { hasStashFor, requestRestore } from '../../../lib/form-stash';
import { Link } from '../../../ui/link';
import styles from './error-page.module.css';

/**
 * An expired page (the server refused a form sent with an old token): the page is loaded again
 * as a new document, with a fresh token, and what was typed goes back into the form
 * (app/lib/form-stash.ts).
 */
export default function RetryExpired() {
  const location = useLocation();
  const here = location.pathname + location.search;
  const kept = hasStashFor(here);
  return (
    <>
      <p className={styles.lead}>
        {kept
          ? '入力した内容は残っています。下のボタンでページを読み込み直すと、入力欄に戻ります（パスワードはもう一度入力してください）。'
          : 'ページを読み込み直してから、もう一度送信してください。'}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primary}
          onClick={() => {
            requestRestore(here);
            window.location.replace(here);
          }}
        >
          {kept ? '入力内容を残して読み込み直す' : 'ページを読み込み直す'}
        </button>
        <Link to="/" className={styles.secondary}>
          トップページへ戻る
        </Link>
      </div>
    </>
  );
}
