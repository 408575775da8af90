import { listOutboxEmails } from '../../features/email/transport.server';
import { formatDate } from '../../lib/format';
import type { Route } from './+types/outbox';
import styles from './outbox.module.css';
import { AppError } from '../../lib/app-error';

// The development outbox: emails written here when SMTP_URL is unset. Not in production.

export async function loader({ request }: Route.LoaderArgs) {
  if (process.env.NODE_ENV === 'production') throw new AppError('not_found');
  // ?to=… shows one address's emails (a developer following a link sent to one address).
  const to = new URL(request.url).searchParams.get('to')?.trim().toLowerCase() || undefined;
  return { emails: await listOutboxEmails({ limit: 50, to }) };
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export function meta() {
  return [{ title: '開発用メールボックス | シューログ' }, { name: 'robots', content: 'noindex' }];
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <a key={index} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <h1 className={styles.title}>開発用メールボックス</h1>
      <p className={styles.lead}>SMTP_URL が未設定のため、送信されるはずのメールをここに表示しています（本番環境にはありません）。</p>
      {loaderData.emails.length === 0 ? (
        <p className={styles.empty}>まだメールはありません。パスワードの再設定を申し込むと、ここに届きます。</p>
      ) : (
        <ol className={styles.list}>
          {loaderData.emails.map((email) => (
            <li key={email.id} className={styles.item}>
              <p className={styles.meta}>
                宛先: {email.to}・{formatDate(email.createdAt)}
              </p>
              <h2 className={styles.subject}>{email.subject}</h2>
              <pre className={styles.body}>{linkify(email.body)}</pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
