import { data, Form, redirect, useNavigation } from 'react-router';
import { Link } from '../ui/link';
import { AuthPage, authStyles, FormAlert } from '../features/accounts/components/auth-page';
import { CsrfField } from '../features/accounts/components/csrf-field';
import { HoneypotField } from '../features/accounts/components/honeypot-field';
import { isAppError } from '../lib/app-error';
import { accountPageHeaders } from '../features/accounts/page-headers';
import { fieldErrors, HONEYPOT_FIELD, isHoneypotFilled, PASSWORD_MIN, signupSchema } from '../features/accounts/schemas';
import { ensureSession, getSession, readSessionId, sessionCookieHeaders } from '../features/accounts/session-request.server';
import { rotateSession } from '../features/accounts/sessions.server';
import { signUp } from '../features/accounts/sign-up.server';
import { pageMeta } from '../lib/meta';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import type { Route } from './+types/signup';
import { readFormData } from '../lib/form-data.server';

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
  const values = { email: String(form.get('email') ?? '') };
  const parsed = signupSchema.safeParse({ email: values.email, password: String(form.get('password') ?? '') });
  if (!parsed.success) return data({ values, errors: fieldErrors(parsed.error) }, { status: 400 });
  try {
    const { userId } = await signUp(parsed.data);
    const session = await rotateSession({ previousId: readSessionId(request), userId });
    return redirect('/mypage', { headers: sessionCookieHeaders(session) });
  } catch (error) {
    if (isAppError(error, 'email_taken')) {
      return data({ values, errors: { email: error.userMessage } }, { status: error.status });
    }
    throw error;
  }
}

export function meta() {
  return pageMeta({ title: '会員登録（無料）', description: 'シューログの会員登録ページです。先輩の体験記を全文読めるようになります。', noindex: true });
}

export default function SignupPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
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
      <Form method="post" className={authStyles.form} noValidate>
        <CsrfField />
        <HoneypotField />
        <Input
          label="メールアドレス"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <Input
          label="パスワード"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`${PASSWORD_MIN}文字以上。長いパスフレーズもお使いいただけます。`}
          error={errors.password}
        />
        <p className={authStyles.note}>登録後、プロフィール（お名前・大学・卒業年度）を入力します。</p>
        <Button type="submit" fullWidth size="large" disabledLabel="登録しています…" pending={navigation.state === 'submitting'}>
          同意して登録する
        </Button>
      </Form>
    </AuthPage>
  );
}
