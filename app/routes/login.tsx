import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { Link } from '../ui/link';
import { AuthPage, authStyles, FormAlert } from '../features/accounts/components/auth-page';
import { CsrfField } from '../features/accounts/components/csrf-field';
import { HoneypotField } from '../features/accounts/components/honeypot-field';
import { isAppError } from '../lib/app-error';
import { logIn } from '../features/accounts/log-in.server';
import { accountPageHeaders } from '../features/accounts/page-headers';
import { fieldErrors, HONEYPOT_FIELD, isHoneypotFilled, loginSchema, safeRedirectPath } from '../features/accounts/schemas';
import { ensureSession, getSession, readSessionId, sessionCookieHeaders } from '../features/accounts/session-request.server';
import { rotateSession } from '../features/accounts/sessions.server';
import { pageMeta } from '../lib/meta';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import type { Route } from './+types/login';
import { readFormData } from '../lib/form-data.server';

export const headers = accountPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = (await getSession(request))?.user;
  if (user) throw redirect(safeRedirectPath(url.searchParams.get('redirect_to'), user.role === 'student' ? '/mypage' : '/'));
  const { session, headers } = await ensureSession(request);
  return data({ csrfToken: session.csrfToken }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const redirectTo = String(form.get('redirect_to') ?? '');
  const values = { email: String(form.get('email') ?? '') };
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) {
    return data({ values, errors: {}, formError: 'メールアドレスまたはパスワードが正しくありません。' }, { status: 401 });
  }
  const parsed = loginSchema.safeParse({ email: values.email, password: String(form.get('password') ?? '') });
  if (!parsed.success) return data({ values, errors: fieldErrors(parsed.error), formError: null }, { status: 400 });
  try {
    const user = await logIn({ ...parsed.data, ip: context.clientIp ?? 'unknown' });
    const session = await rotateSession({ previousId: readSessionId(request), userId: user.id });
    const fallback = user.role === 'student' ? '/mypage' : '/';
    return redirect(safeRedirectPath(redirectTo, fallback), { headers: sessionCookieHeaders(session) });
  } catch (error) {
    if (isAppError(error)) {
      return data({ values, errors: {}, formError: error.userMessage }, { status: error.status });
    }
    throw error;
  }
}

export function meta() {
  return pageMeta({ title: 'ログイン', description: 'シューログにログインします。', noindex: true });
}

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const notice = searchParams.get('notice') === 'password_reset' ? 'パスワードを再設定しました。新しいパスワードでログインしてください。' : null;
  return (
    <AuthPage
      title="ログイン"
      footer={
        <>
          <p>
            <Link to="/password_reset">パスワードをお忘れの方</Link>
          </p>
          <p>
            アカウントをお持ちでない方は <Link to="/signup">会員登録（無料）</Link>
          </p>
        </>
      }
    >
      {notice && !actionData && <FormAlert tone="success">{notice}</FormAlert>}
      {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
      <Form method="post" className={authStyles.form} noValidate>
        <CsrfField />
        <HoneypotField />
        <input type="hidden" name="redirect_to" value={searchParams.get('redirect_to') ?? ''} />
        <Input
          label="メールアドレス"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <Input label="パスワード" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <Button type="submit" fullWidth size="large" disabledLabel="ログインしています…" pending={navigation.state === 'submitting'}>
          ログイン
        </Button>
      </Form>
    </AuthPage>
  );
}
