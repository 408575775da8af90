import { data, Form, redirect, useNavigation } from 'react-router';
import { AuthPage, authStyles, FormAlert } from '../../features/accounts/components/auth-page';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { confirmSignUp, loadConfirmationPage } from '../../features/accounts/email-confirmation.server';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { readSessionId, sessionCookieHeaders } from '../../features/accounts/session-request.server';
import { rotateSession } from '../../features/accounts/sessions.server';
import { APP_ERRORS, isAppError } from '../../lib/app-error';
import { readFormData } from '../../lib/form-data.server';
import { originFromMatches, pageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Link } from '../../ui/link';
import type { Route } from './+types/signup-confirm';

// Sign-up, step two: the link from the confirmation email. Opening it changes nothing (mail
// scanners open links too); the button creates the account and logs the student in.

export const headers = accountPageHeaders;

export function loader({ request, params }: Route.LoaderArgs) {
  return loadConfirmationPage({ request, token: params.token, purpose: 'signup' });
}

export async function action({ request, params }: Route.ActionArgs) {
  await readFormData(request);
  try {
    const { userId } = await confirmSignUp({ token: params.token });
    const session = await rotateSession({ previousId: readSessionId(request), userId });
    return redirect('/mypage', { headers: sessionCookieHeaders(session) });
  } catch (error) {
    if (isAppError(error, 'email_taken') || isAppError(error, 'invalid_confirmation_token')) {
      return data({ formError: error.userMessage, taken: error.code === 'email_taken' }, { status: error.status });
    }
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    title: '会員登録の完了',
    description: 'シューログの会員登録を完了します。',
    noindex: true,
  });
}

export default function SignupConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.formError || !loaderData.email) {
    return (
      <AuthPage
        title={actionData?.taken ? 'すでに登録されています' : 'このリンクは使えません'}
        footer={
          <p>
            <Link to="/login">ログイン</Link>
          </p>
        }
      >
        <FormAlert>{actionData?.formError ?? APP_ERRORS.invalid_confirmation_token.message}</FormAlert>
        {actionData?.taken ? (
          <Link to="/password_reset">パスワードをお忘れの方はこちら</Link>
        ) : (
          <Link to="/signup">会員登録をもう一度申し込む</Link>
        )}
      </AuthPage>
    );
  }
  return (
    <AuthPage title="会員登録の完了" lead={`${loaderData.email} で登録します。よろしければ、下のボタンを押してください。`}>
      <Form method="post" className={authStyles.form}>
        <CsrfField />
        <Button type="submit" fullWidth size="large" disabledLabel="登録しています…" pending={navigation.state === 'submitting'}>
          登録を完了する
        </Button>
      </Form>
    </AuthPage>
  );
}
