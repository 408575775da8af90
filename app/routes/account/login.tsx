import { data, redirect, redirectDocument, useNavigation, useSearchParams } from 'react-router';
import { withRedirectTo } from '../../lib/return-path';
import { AuthPage, authStyles, FormAlert } from '../../features/accounts/components/auth-page';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { EmailField } from '../../features/accounts/components/email-field';
import { HoneypotField } from '../../features/accounts/components/honeypot-field';
import { logIn } from '../../features/accounts/log-in.server';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { HONEYPOT_FIELD, isHoneypotFilled, loginSchema, safeRedirectPath, safeReturnPath } from '../../features/accounts/schemas';
import { ensureSession, getSession, readSessionId, sessionCookieHeaders } from '../../features/accounts/session-request.server';
import { rotateSession } from '../../features/accounts/sessions.server';
import { AppError, type FormErrors } from '../../lib/app-error';
import { fieldMessages, formFailure, formMessage, parseForm, textValue } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Link } from '../../ui/link';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/login';

export const headers = accountPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = (await getSession(request))?.user;
  if (user) throw redirect(safeRedirectPath(url.searchParams.get('redirect_to'), user.role === 'student' ? '/mypage' : '/'));
  const { session, headers } = await ensureSession(request);
  // The sign-up link keeps the way back too: no account yet, same article afterwards.
  return data({ csrfToken: session.csrfToken, returnTo: safeReturnPath(url.searchParams.get('redirect_to')) }, { headers });
}

/**
 * A refused login is said above the form, with what was typed (never the password) put back
 * (docs/decisions/056-one-error-shape.md).
 */
export const formErrors: FormErrors = { invalid_credentials: {}, rate_limited: {} };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  // A bot filled the hidden field: it gets the usual wrong-password answer.
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) throw new AppError('invalid_credentials', { detail: 'honeypot' });
  const result = parseForm(loginSchema, form);
  if (!result.ok) return data(result, { status: 400 });
  const user = await logIn({ ...result.data, ip: context.clientIp ?? 'unknown' });
  const session = await rotateSession({ previousId: readSessionId(request), userId: user.id });
  const fallback = user.role === 'student' ? '/mypage' : '/';
  const target = safeRedirectPath(result.data.redirect_to, fallback);
  // Back to the page the student came from as a new document, not a client-side navigation:
  // a shared page (an article behind the gate) learns who is looking only from the call its
  // document makes on load (decision 048). The usual landing page is rendered for the session.
  const go = target === fallback ? redirect : redirectDocument;
  return go(target, { headers: sessionCookieHeaders(session) });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'ログイン', 'シューログにログインします。');
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const failure = formFailure(actionData);
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
            アカウントをお持ちでない方は <Link to={withRedirectTo('/signup', loaderData.returnTo)}>会員登録（無料）</Link>
          </p>
        </>
      }
    >
      {notice && !actionData && <FormAlert tone="success">{notice}</FormAlert>}
      {formMessage(failure) && <FormAlert>{formMessage(failure)}</FormAlert>}
      <ValidatedForm method="post" className={authStyles.form} schema={loginSchema} serverErrors={fieldMessages(failure)}>
        <CsrfField />
        <HoneypotField />
        <input type="hidden" name="redirect_to" value={searchParams.get('redirect_to') ?? ''} />
        <EmailField purpose="login" defaultValue={textValue(failure?.values, 'email')} />
        <Input label="パスワード" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" fullWidth size="large" disabledLabel="ログインしています…" pending={navigation.state === 'submitting'}>
          ログイン
        </Button>
      </ValidatedForm>
    </AuthPage>
  );
}
