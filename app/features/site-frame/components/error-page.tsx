import { useLocation } from 'react-router';
import { hasStashFor, requestRestore } from '../../../lib/form-stash';
import { Link } from '../../../ui/link';
import styles from './error-page.module.css';

const TEXTS: Record<number, { title: string; lead: string }> = {
  400: {
    title: '送信内容を読み取れませんでした',
    lead: 'リクエストの形式が正しくありません。ページを再読み込みしてから、もう一度お試しください。',
  },
  403: { title: 'このページを表示する権限がありません', lead: 'ログインしているアカウントをご確認ください。' },
  404: {
    title: 'ページが見つかりません',
    lead: 'お探しのページは移動または削除されたか、URLが間違っている可能性があります。',
  },
  405: { title: 'この操作はできません', lead: 'このページではその操作を受け付けていません。リンクからもう一度お試しください。' },
  413: { title: '送信内容が大きすぎます', lead: '一度に送信できる量を超えています。内容を短くしてから、もう一度お試しください。' },
  415: {
    title: '送信内容を読み取れませんでした',
    lead: 'フォームの送信として読み取れませんでした。ページを再読み込みしてから、もう一度お試しください。',
  },
  422: {
    title: 'ページの有効期限が切れました',
    lead: '安全のため、この送信は受け付けられませんでした。内容はまだ保存されていません。',
  },
  429: { title: 'しばらくお待ちください', lead: '短い時間に操作が集中しました。少し時間をおいてから、もう一度お試しください。' },
  500: {
    title: 'エラーが発生しました',
    lead: 'ページを表示できませんでした。ページを再読み込みするか、しばらく時間をおいてから再度お試しください。',
  },
};

const FALLBACK = { title: 'ページを表示できませんでした', lead: 'リクエストを処理できませんでした。入力内容をご確認ください。' };

/**
 * An expired page (the server refused a form sent with an old token): the page is loaded again
 * as a new document, with a fresh token, and what was typed goes back into the form
 * (app/lib/form-stash.ts).
 */
function RetryExpired() {
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
        <Link to="/" className={styles.secondary}>トップページへ戻る</Link>
      </div>
    </>
  );
}

export function ErrorPage({ status }: { status: number }) {
  const text = TEXTS[status] ?? FALLBACK;
  return (
    <main className={styles.main}>
      <title>{`${text.title} | シューログ`}</title>
      <meta name="robots" content="noindex" />
      <p className={styles.code} aria-hidden="true">{status}</p>
      <h1 className={styles.title}>{text.title}</h1>
      <p className={styles.lead}>{text.lead}</p>
      {status === 422 ? (
        <RetryExpired />
      ) : (
        <div className={styles.actions}>
          <Link to="/" className={styles.primary}>トップページへ戻る</Link>
          <Link to="/companies" className={styles.secondary}>企業を探す</Link>
        </div>
      )}
    </main>
  );
}
