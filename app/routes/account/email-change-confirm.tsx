import { data } from 'react-router';
import { AuthPage, FormAlert } from '../../features/accounts/components/auth-page';
import { ConfirmLinkForm } from '../../features/accounts/components/confirm-link-form';
import { confirmEmailChange } from '../../features/accounts/confirm-email-change.server';
import { loadConfirmationPage } from '../../features/accounts/confirmation-links.server';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { APP_ERRORS, type FormErrors } from '../../lib/app-error';
import { formFailure, formMessage } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import { privatePageMeta } from '../../lib/meta';
import { Link } from '../../ui/link';
import type { Route } from './+types/email-change-confirm';

// A logged-in member's new address, step two: the link sent to that address. Opening it changes
// nothing; the button does. It works in any browser: the link itself proves the address, and
// the change was asked for with the current password.

export const headers = accountPageHeaders;

export function loader({ request, params }: Route.LoaderArgs) {
  return loadConfirmationPage({ request, token: params.token, purpose: 'email_change' });
}

/**
 * A used link, or an address another account took after the link was sent, replaces the button
 * (decision 056). email_taken's own message asks to log in, which is for sign-up.
 */
export const formErrors: FormErrors = { email_taken: { as: 'email_change_taken' }, invalid_confirmation_token: {} };

export async function action({ request, params }: Route.ActionArgs) {
  await readFormData(request);
  const { email } = await confirmEmailChange({ token: params.token });
  return data({ changed: email });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'メールアドレスの変更', 'シューログに登録したメールアドレスを変更します。');
}

export default function EmailChangeConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const back = (
    <p>
      <Link to="/mypage/account">アカウント設定へ</Link>
    </p>
  );
  const failure = formFailure(actionData);
  if (actionData?.changed) {
    return (
      <AuthPage title="メールアドレスを変更しました" footer={back}>
        <FormAlert tone="success">
          ログイン用のメールアドレスを <strong>{actionData.changed}</strong> に変更しました。次回から新しいアドレスでログインしてください。
        </FormAlert>
      </AuthPage>
    );
  }
  if (failure || !loaderData.email) {
    return (
      <AuthPage title="このリンクは使えません" footer={back}>
        <FormAlert>{formMessage(failure) ?? APP_ERRORS.invalid_confirmation_token.message}</FormAlert>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      title="メールアドレスの変更"
      lead={`ログイン用のメールアドレスを ${loaderData.email} に変更します。よろしければ、下のボタンを押してください。`}
    >
      <ConfirmLinkForm label="変更を完了する" pendingLabel="変更しています…" />
    </AuthPage>
  );
}
