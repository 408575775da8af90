import { Link } from '../../../ui/link';
import styles from './error-page.module.css';

const TEXTS: Record<number, { title: string; lead: string }> = {
  404: {
    title: 'ページが見つかりません',
    lead: 'お探しのページは移動または削除されたか、URLが間違っている可能性があります。',
  },
  500: {
    title: 'エラーが発生しました',
    lead: 'ページを表示できませんでした。ページを再読み込みするか、しばらく時間をおいてから再度お試しください。',
  },
};

const FALLBACK = { title: 'ページを表示できませんでした', lead: 'リクエストを処理できませんでした。入力内容をご確認ください。' };

export function ErrorPage({ status }: { status: number }) {
  const text = TEXTS[status] ?? FALLBACK;
  return (
    <main className={styles.main}>
      <title>{`${text.title} | シューログ`}</title>
      <meta name="robots" content="noindex" />
      <p className={styles.code} aria-hidden="true">{status}</p>
      <h1 className={styles.title}>{text.title}</h1>
      <p className={styles.lead}>{text.lead}</p>
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>トップページへ戻る</Link>
        <Link to="/companies" className={styles.secondary}>企業を探す</Link>
      </div>
    </main>
  );
}
