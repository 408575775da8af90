import { data, redirect, useNavigation, useSearchParams } from 'react-router';
import { AuthPage, authStyles, FormAlert } from '../../features/accounts/components/auth-page';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { EmailField } from '../../features/accounts/components/email-field';
import { HoneypotField } from '../../features/accounts/components/honeypot-field';
import { logIn } from '../../features/accounts/log-in.server';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { HONEYPOT_FIELD, isHoneypotFilled, loginSchema, safeRedirectPath } from '../../features/accounts/schemas';
import { ensureSession, getSession, readSessionId, sessionCookieHeaders } from '../../features/accounts/session-request.server';
import { rotateSession } from '../../features/accounts/sessions.server';
import { isAppError } from '../../lib/app-error';
import { echoValues, formValues, parseForm, textValue, type FormValues } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import { originFromMatches, pageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Link } from '../../ui/link';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/login';

export const headers = accountPageHeaders;

const WRONG = 'メールアドレスまたはパスワードが正しくありません。';

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = (await getSession(request))?.user;
  if (user) throw redirect(safeRedirectPath(url.searchParams.get('redirect_to'), user.role === 'student' ? '/mypage' : '/'));
  const { session, headers } = await ensureSession(request);
  return data({ csrfToken: session.csrfToken }, { headers });
}

/** A refused login: the form's messages, what was typed (no password) and one message above it. */
function refused(status: number, values: FormValues, formError: string | null, errors: Record<string, string> = {}) {
  return data({ ok: false as const, errors, values, formError }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const result = parseForm(loginSchema, form);
  // What was typed, as it was typed (never the password), to put back after a refusal.
  const typed = echoValues(formValues(form));
  // A bot filled the hidden field: it gets the usual wrong-password answer.
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) return refused(401, typed, WRONG);
  if (!result.ok) return refused(400, result.values, null, result.errors);
  try {
    const user = await logIn({ ...result.data, ip: context.clientIp ?? 'unknown' });
    const session = await rotateSession({ previousId: readSessionId(request), userId: user.id });
    const fallback = user.role === 'student' ? '/mypage' : '/';
    return redirect(safeRedirectPath(result.data.redirect_to, fallback), { headers: sessionCookieHeaders(session) });
  } catch (error) {
    if (isAppError(error)) return refused(error.status, typed, error.userMessage);
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    title: 'ログイン',
    description: 'シューログにログインします。',
    noindex: true,
  });
}

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const notice =
    searchParams.get('notice') === 'password_reset' ? 'パスワードを再設定しました。新しいパスワードでログインしてください。' : null;
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
      <ValidatedForm method="post" className={authStyles.form} schema={loginSchema} serverErrors={actionData?.errors}>
        <CsrfField />
        <HoneypotField />
        <input type="hidden" name="redirect_to" value={searchParams.get('redirect_to') ?? ''} />
        <EmailField purpose="login" defaultValue={textValue(actionData?.values, 'email')} />
        <Input label="パスワード" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" fullWidth size="large" disabledLabel="ログインしています…" pending={navigation.state === 'submitting'}>
          ログイン
        </Button>
      </ValidatedForm>
    </AuthPage>
  );
}
