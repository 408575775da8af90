import { Form, useNavigation } from 'react-router';
import { AuthPage, FormAlert } from '../features/accounts/components/auth-page';
import { accountPageHeaders } from '../features/accounts/page-headers';
import { MAIL_KINDS } from '../features/notifications/mails';
import { findUnsubscribeLink, stopMailKindByLink } from '../features/notifications/unsubscribe.server';
import { privatePageMeta } from '../lib/meta';
import { Button } from '../ui/button';
import { Link } from '../ui/link';
import type { Route } from './+types/notifications-unsubscribe';

// /notifications/unsubscribe/{token}: the link of every notification email (issue 33; RFC 8058).
// Opening it changes nothing (mail scanners open links too): the page asks, and its button posts.
// A mail client's one-click POST (List-Unsubscribe=One-Click) needs neither a login nor a CSRF
// token: the signed token is the key, and it stops that one kind of email of that one student.

export const headers = accountPageHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const link = await findUnsubscribeLink(params.token);
  return { kind: link?.kind ?? null };
}

export async function action({ params }: Route.ActionArgs) {
  const kind = await stopMailKindByLink(params.token);
  return { stopped: kind };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'メール配信の停止', 'シューログからのお知らせメールの配信を停止します。');
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === 'submitting';
  const settings = (
    <p>
      ほかのお知らせの設定は、ログインして<Link to="/mypage/notifications/settings">通知の設定</Link>から変更できます。
    </p>
  );
  if (actionData?.stopped) {
    return (
      <AuthPage title="配信を停止しました" footer={settings}>
        <FormAlert tone="success">
          {MAIL_KINDS[actionData.stopped]}の配信を停止しました。ほかのお知らせメールは、これまでどおりお送りします。
        </FormAlert>
      </AuthPage>
    );
  }
  if (!loaderData.kind || actionData) {
    return (
      <AuthPage title="このリンクは使えません" footer={settings}>
        <FormAlert>リンクが正しくないか、アカウントが退会済みです。メールに記載されたリンクをもう一度お確かめください。</FormAlert>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title="メール配信の停止"
      lead={`${MAIL_KINDS[loaderData.kind]}の配信を停止します。ほかのお知らせメールは停止されません。`}
      footer={settings}
    >
      <Form method="post">
        <Button type="submit" fullWidth pending={submitting} disabledLabel="停止しています…">
          配信を停止する
        </Button>
      </Form>
    </AuthPage>
  );
}
