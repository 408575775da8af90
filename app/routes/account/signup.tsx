import { data, redirect, useNavigation } from 'react-router';
import { withRedirectTo } from '../../lib/return-path';
import { AuthPage, authStyles, FormAlert } from '../../features/accounts/components/auth-page';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { EmailField } from '../../features/accounts/components/email-field';
import { HoneypotField } from '../../features/accounts/components/honeypot-field';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { PASSWORD_MIN, safeReturnPath, signupSchema } from '../../features/accounts/schemas';
import { requestSignUp } from '../../features/accounts/request-sign-up.server';
import { RECIPIENT_LIMIT_NOTE } from '../../features/accounts/email-limits';
import { emailRequester, emailsLimited, readEmailRequest } from '../../features/accounts/email-limits.server';
import { CONFIRMATION_LIFETIME_MS } from '../../features/accounts/session-policy';
import { ensureSession, getSession } from '../../features/accounts/session-request.server';
import { isPostPath } from '../../features/posts/post-types';
import { fieldMessages, formFailure, formMessage, textValue } from '../../lib/form';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { buttonClassName } from '../../ui/button-class-name';
import { Input } from '../../ui/input';
import { Link } from '../../ui/link';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/signup';

export const headers = accountPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  // The page the student signed up from (the gate of an article): kept through the email link.
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get('redirect_to'));
  if ((await getSession(request))?.user) throw redirect(returnTo ?? '/mypage');
  const { session, headers } = await ensureSession(request);
  return data({ csrfToken: session.csrfToken, returnTo }, { headers });
}

// The same answer whether or not the address is registered (docs/decisions/040-email-confirmation.md):
// a new address gets a link that creates the account, a registered one an email to its owner.
// Under the email limits (docs/decisions/053-email-limits.md): the one who asks too often gets 429
// and a message above the form, with the address kept; an address that had its emails gets the
// usual answer.
export async function action({ request, context }: Route.ActionArgs) {
  const read = await readEmailRequest(request, signupSchema);
  if (read.answer) return read.answer;
  const { sent, fields } = read;
  const asked = await requestSignUp({
    email: fields.email,
    password: fields.password,
    returnTo: fields.redirect_to,
    requester: emailRequester(request, context.clientIp),
  });
  if (!asked.ok) return emailsLimited(asked.retryAfterSeconds, sent.values);
  return data({ ...sent, values: { email: fields.email } });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '会員登録（無料）', 'シューログの会員登録ページです。先輩の体験記を全文読めるようになります。');
}

export default function SignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { returnTo } = loaderData;
  const failure = formFailure(actionData);
  return (
    <AuthPage
      title="会員登録（無料）"
      lead="登録すると、先輩のインターン体験記・選考体験記・ESを全文読めるようになります。"
      footer={
        <p>
          すでにアカウントをお持ちの方は <Link to={withRedirectTo('/login', returnTo)}>ログイン</Link>
        </p>
      }
    >
      {actionData?.ok ? (
        <>
          <FormAlert tone="success">
            <strong>{textValue(actionData.values, 'email')}</strong>{' '}
            宛てに確認メールを送信しました。メールのリンクを開いて、登録を完了してください（有効期限は
            {CONFIRMATION_LIFETIME_MS / 3_600_000}時間）。届かない場合は、迷惑メールフォルダとアドレスの綴りをご確認ください。
            {RECIPIENT_LIMIT_NOTE}
          </FormAlert>
          {/* A plain link: a fresh page with an empty form (the answer above stays until then). */}
          <a href={withRedirectTo('/signup', returnTo)} className={buttonClassName({ variant: 'secondary', fullWidth: true })}>
            別のメールアドレスで登録する
          </a>
        </>
      ) : (
        <>
          {formMessage(failure) && <FormAlert>{formMessage(failure)}</FormAlert>}
          <ValidatedForm method="post" className={authStyles.form} schema={signupSchema} serverErrors={fieldMessages(failure)}>
            <CsrfField />
            <HoneypotField />
            {returnTo && <input type="hidden" name="redirect_to" value={returnTo} />}
            <EmailField purpose="signup" defaultValue={textValue(actionData?.values, 'email')} />
            <Input
              label="パスワード"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              hint={`${PASSWORD_MIN}文字以上。長いパスフレーズもお使いいただけます。`}
            />
            <p className={authStyles.note}>
              {returnTo
                ? `確認メールのリンクから登録を完了すると、${isPostPath(returnTo) ? '読んでいた記事に戻って続きを読めます' : '元のページに戻ります'}。プロフィール（お名前・大学・卒業年度）はそのあと入力できます。`
                : '確認メールのリンクから登録を完了したあと、プロフィール（お名前・大学・卒業年度）を入力します。'}
            </p>
            {/* New tabs: following a link must not lose what was typed here. */}
            <p className={authStyles.note}>
              <a href="/terms" target="_blank" rel="noopener">
                利用規約<span className="visually-hidden">（新しいタブで開きます）</span>
              </a>
              と
              <a href="/privacy" target="_blank" rel="noopener">
                プライバシーポリシー<span className="visually-hidden">（新しいタブで開きます）</span>
              </a>
              をお読みのうえ、同意して登録してください。
            </p>
            <Button type="submit" fullWidth size="large" disabledLabel="登録しています…" pending={navigation.state === 'submitting'}>
              同意して登録する
            </Button>
          </ValidatedForm>
        </>
      )}
    </AuthPage>
  );
}
