import { data, redirect, useNavigation } from 'react-router';
import { AuthPage, authStyles, FormAlert } from '../../features/accounts/components/auth-page';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { EmailField } from '../../features/accounts/components/email-field';
import { HoneypotField } from '../../features/accounts/components/honeypot-field';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { HONEYPOT_FIELD, isHoneypotFilled, PASSWORD_MIN, signupSchema } from '../../features/accounts/schemas';
import { requestSignUp } from '../../features/accounts/email-confirmation.server';
import { CONFIRMATION_LIFETIME_MS } from '../../features/accounts/session-policy';
import { ensureSession, getSession } from '../../features/accounts/session-request.server';
import { echoValues, formValues, parseForm, textValue } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import { originFromMatches, pageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { buttonClassName } from '../../ui/button-class-name';
import { Input } from '../../ui/input';
import { Link } from '../../ui/link';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/signup';

export const headers = accountPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  if ((await getSession(request))?.user) throw redirect('/mypage');
  const { session, headers } = await ensureSession(request);
  return data({ csrfToken: session.csrfToken }, { headers });
}

// The same answer whether or not the address is registered (docs/decisions/040-email-confirmation.md):
// a new address gets a link that creates the account, a registered one an email to its owner.
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  // echoValues leaves the password out: it is never written into a page.
  const sent = { ok: true as const, sent: true, values: echoValues(formValues(form)) };
  // A bot filled the hidden field: it sees the usual answer, and nothing is created or sent.
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) return data(sent);
  const result = parseForm(signupSchema, form);
  if (!result.ok) return data({ ...result, sent: false }, { status: 400 });
  await requestSignUp(result.data);
  return data({ ...sent, values: { email: result.data.email } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    title: '会員登録（無料）',
    description: 'シューログの会員登録ページです。先輩の体験記を全文読めるようになります。',
    noindex: true,
  });
}

export default function SignupPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AuthPage
      title="会員登録（無料）"
      lead="登録すると、先輩のインターン体験記・選考体験記・ESを全文読めるようになります。"
      footer={
        <p>
          すでにアカウントをお持ちの方は <Link to="/login">ログイン</Link>
        </p>
      }
    >
      {actionData?.sent ? (
        <>
          <FormAlert tone="success">
            <strong>{textValue(actionData.values, 'email')}</strong>{' '}
            宛てに確認メールを送信しました。メールのリンクを開いて、登録を完了してください（有効期限は
            {CONFIRMATION_LIFETIME_MS / 3_600_000}時間）。届かない場合は、迷惑メールフォルダとアドレスの綴りをご確認ください。
          </FormAlert>
          {/* A plain link: a fresh page with an empty form (the answer above stays until then). */}
          <a href="/signup" className={buttonClassName({ variant: 'secondary', fullWidth: true })}>
            別のメールアドレスで登録する
          </a>
        </>
      ) : (
        <ValidatedForm
          method="post"
          className={authStyles.form}
          schema={signupSchema}
          serverErrors={actionData?.ok === false ? actionData.errors : undefined}
        >
          <CsrfField />
          <HoneypotField />
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
          <p className={authStyles.note}>確認メールのリンクから登録を完了したあと、プロフィール（お名前・大学・卒業年度）を入力します。</p>
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
      )}
    </AuthPage>
  );
}
