import { redirect, redirectDocument } from 'react-router';
import { AuthPage, FormAlert } from '../../features/accounts/components/auth-page';
import { ConfirmLinkForm } from '../../features/accounts/components/confirm-link-form';
import { confirmSignUp } from '../../features/accounts/confirm-sign-up.server';
import { loadConfirmationPage } from '../../features/accounts/confirmation-links.server';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { isProfilePath } from '../../features/accounts/schemas';
import { readSessionId, sessionCookieHeaders } from '../../features/accounts/session-request.server';
import { isPostPath } from '../../features/posts/post-types';
import { rotateSession } from '../../features/accounts/sessions.server';
import { APP_ERRORS, type FormErrors } from '../../lib/app-error';
import { formFailure, formMessage } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import { privatePageMeta } from '../../lib/meta';
import { Link } from '../../ui/link';
import type { Route } from './+types/signup-confirm';

// Sign-up, step two: the link from the confirmation email. Opening it changes nothing (mail
// scanners open links too); the button creates the account and logs the student in, then goes
// back to the page they signed up from, asking for the profile in a notice there (decision 048),
// or without one to /mypage, where the profile form is.

export const headers = accountPageHeaders;

export function loader({ request, params }: Route.LoaderArgs) {
  return loadConfirmationPage({ request, token: params.token, purpose: 'signup' });
}

/** A link used already, or an address registered meanwhile, replaces the button (decision 056). */
export const formErrors: FormErrors = { email_taken: {}, invalid_confirmation_token: {} };

export async function action({ request, params }: Route.ActionArgs) {
  await readFormData(request);
  const { userId, returnTo } = await confirmSignUp({ token: params.token });
  const session = await rotateSession({ previousId: readSessionId(request), userId });
  // /mypage asks for the profile itself: no notice there, and no change from before.
  if (!returnTo || isProfilePath(returnTo)) return redirect(returnTo ?? '/mypage', { headers: sessionCookieHeaders(session) });
  // A new document, not a client-side navigation: a shared page (the article) learns who is
  // looking, and records its first view, only from the call its document makes on load.
  return redirectDocument(returnTo, { headers: sessionCookieHeaders(session, { notice: 'signup_completed' }) });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '会員登録の完了', 'シューログの会員登録を完了します。');
}

export default function SignupConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = formFailure(actionData);
  if (failure || !loaderData.email) {
    const taken = failure?.code === 'email_taken';
    return (
      <AuthPage
        title={taken ? 'すでに登録されています' : 'このリンクは使えません'}
        footer={
          <p>
            <Link to="/login">ログイン</Link>
          </p>
        }
      >
        <FormAlert>{formMessage(failure) ?? APP_ERRORS.invalid_confirmation_token.message}</FormAlert>
        {taken ? <Link to="/password_reset">パスワードをお忘れの方はこちら</Link> : <Link to="/signup">会員登録をもう一度申し込む</Link>}
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title="会員登録の完了"
      lead={`${loaderData.email} で登録します。よろしければ、下のボタンを押してください。${
        loaderData.returnTo ? `登録が済むと、${isPostPath(loaderData.returnTo) ? '読んでいた記事' : '元のページ'}に戻ります。` : ''
      }`}
    >
      <ConfirmLinkForm label="登録を完了する" pendingLabel="登録しています…" />
    </AuthPage>
  );
}
