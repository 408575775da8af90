import { lazy, Suspense } from 'react';
import { useIsClient } from '../../../ui/use-is-client';
import { Link } from '../../../ui/link';
import styles from './error-page.module.css';

// The pages a person meets without a message from the server; every other error comes with the
// AppError's own Japanese message (app/lib/app-error.ts), shown as the lead.
const TEXTS: Record<number, { title: string; lead?: string }> = {
  404: {
    title: 'ページが見つかりません',
    lead: 'お探しのページは移動または削除されたか、URLが間違っている可能性があります。',
  },
  // The CSRF refusal's JSON says what to do (server/csrf.ts).
  422: { title: 'ページの有効期限が切れました' },
  500: {
    title: 'エラーが発生しました',
    lead: 'ページを表示できませんでした。ページを再読み込みするか、しばらく時間をおいてから再度お試しください。',
  },
};

// The retry of an expired page needs the browser (and the form stash): loaded only then.
const RetryExpired = lazy(() => import('./retry-expired'));

export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const hydrated = useIsClient();
  const title = TEXTS[status]?.title ?? 'リクエストを処理できませんでした';
  const lead = TEXTS[status]?.lead ?? message ?? 'ページを再読み込みして、もう一度お試しください。';
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <title>{`${title} | シューログ`}</title>
      <meta name="robots" content="noindex" />
      <p className={styles.code} aria-hidden="true">
        {status}
      </p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      {status === 422 && hydrated ? (
        <Suspense fallback={null}>
          <RetryExpired />
        </Suspense>
      ) : (
        <div className={styles.actions}>
          <Link to="/" className={styles.primary}>
            トップページへ戻る
          </Link>
          <Link to="/companies" className={styles.secondary}>
            企業を探す
          </Link>
        </div>
      )}
    </main>
  );
}
