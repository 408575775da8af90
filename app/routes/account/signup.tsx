import { data, redirect, useNavigation } from 'react-router';
import { AuthPage, authStyles } from '../../features/accounts/components/auth-page';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { EmailField } from '../../features/accounts/components/email-field';
import { HoneypotField } from '../../features/accounts/components/honeypot-field';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { HONEYPOT_FIELD, isHoneypotFilled, PASSWORD_MIN, signupSchema } from '../../features/accounts/schemas';
import { ensureSession, getSession, readSessionId, sessionCookieHeaders } from '../../features/accounts/session-request.server';
import { rotateSession } from '../../features/accounts/sessions.server';
import { signUp } from '../../features/accounts/sign-up.server';
import { isAppError } from '../../lib/app-error';
import { parseForm, textValue } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import { pageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
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

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  // A bot filled the hidden field: it sees the usual success, and nothing is created.
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) return redirect('/');
  const result = parseForm(signupSchema, form);
  if (!result.ok) return data(result, { status: 400 });
  try {
    const { userId } = await signUp(result.data);
    const session = await rotateSession({ previousId: readSessionId(request), userId });
    return redirect('/mypage', { headers: sessionCookieHeaders(session) });
  } catch (error) {
    if (isAppError(error, 'email_taken')) {
      return data(
        { ok: false as const, errors: { email: error.userMessage }, values: { email: result.data.email } },
        { status: error.status },
      );
    }
    throw error;
  }
}

export function meta() {
  return pageMeta({
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
      <ValidatedForm method="post" className={authStyles.form} schema={signupSchema} serverErrors={actionData?.errors}>
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
        <p className={authStyles.note}>登録後、プロフィール（お名前・大学・卒業年度）を入力します。</p>
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
    </AuthPage>
  );
}
