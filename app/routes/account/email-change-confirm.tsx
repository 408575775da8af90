import { data, Form, useNavigation } from 'react-router';
import { AuthPage, authStyles, FormAlert } from '../../features/accounts/components/auth-page';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { confirmEmailChange, loadConfirmationPage } from '../../features/accounts/email-confirmation.server';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { APP_ERRORS, isAppError } from '../../lib/app-error';
import { readFormData } from '../../lib/form-data.server';
import { originFromMatches, pageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Link } from '../../ui/link';
import type { Route } from './+types/email-change-confirm';

// A logged-in member's new address, step two: the link sent to that address. Opening it changes
// nothing; the button does. It works in any browser: the link itself proves the address, and
// the change was asked for with the current password.

export const headers = accountPageHeaders;

const TAKEN_MEANWHILE =
  'このメールアドレスは、ほかのアカウントで使われるようになったため変更できませんでした。アカウント設定から別のアドレスをお申し込みください。';

export function loader({ request, params }: Route.LoaderArgs) {
  return loadConfirmationPage({ request, token: params.token, purpose: 'email_change' });
}

export async function action({ request, params }: Route.ActionArgs) {
  await readFormData(request);
  try {
    const { email } = await confirmEmailChange({ token: params.token });
    return data({ changed: email, formError: null });
  } catch (error) {
    // email_taken's own message asks to log in, which is for sign-up; here the address went to
    // another account after the link was sent.
    if (isAppError(error, 'email_taken')) return data({ changed: null, formError: TAKEN_MEANWHILE }, { status: error.status });
    if (isAppError(error, 'invalid_confirmation_token'))
      return data({ changed: null, formError: error.userMessage }, { status: error.status });
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    title: 'メールアドレスの変更',
    description: 'シューログに登録したメールアドレスを変更します。',
    noindex: true,
  });
}

export default function EmailChangeConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const back = (
    <p>
      <Link to="/mypage/account">アカウント設定へ</Link>
    </p>
  );
  if (actionData?.changed) {
    return (
      <AuthPage title="メールアドレスを変更しました" footer={back}>
        <FormAlert tone="success">
          ログイン用のメールアドレスを <strong>{actionData.changed}</strong> に変更しました。次回から新しいアドレスでログインしてください。
        </FormAlert>
      </AuthPage>
    );
  }
  if (actionData?.formError || !loaderData.email) {
    return (
      <AuthPage title="このリンクは使えません" footer={back}>
        <FormAlert>{actionData?.formError ?? APP_ERRORS.invalid_confirmation_token.message}</FormAlert>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title="メールアドレスの変更"
      lead={`ログイン用のメールアドレスを ${loaderData.email} に変更します。よろしければ、下のボタンを押してください。`}
    >
      <Form method="post" className={authStyles.form}>
        <CsrfField />
        <Button type="submit" fullWidth size="large" disabledLabel="変更しています…" pending={navigation.state === 'submitting'}>
          変更を完了する
        </Button>
      </Form>
    </AuthPage>
  );
}
