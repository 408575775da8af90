import { data, redirect, useNavigation } from 'react-router';
import { Link } from '../../ui/link';
import { AuthPage, authStyles, FormAlert } from '../../features/accounts/components/auth-page';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { NewPasswordFields } from '../../features/accounts/components/new-password-fields';
import { APP_ERRORS, type FormErrors } from '../../lib/app-error';
import { fieldMessages, formFailure, formMessage } from '../../lib/form';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { isResetTokenValid, resetPassword } from '../../features/accounts/reset-password.server';
import { passwordResetSchema } from '../../features/accounts/schemas';
import { clearedCookieHeaders, ensureSession } from '../../features/accounts/session-request.server';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import type { Route } from './+types/password-reset-edit';
import { readForm } from '../../lib/form-data.server';
import { ValidatedForm } from '../../ui/validated-form';

export const headers = accountPageHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const valid = await isResetTokenValid({ token: params.token });
  const { session, headers } = await ensureSession(request);
  return data({ csrfToken: session.csrfToken, valid }, { headers, status: valid ? 200 : 410 });
}

/** A link that stopped working while the form was open is said above the form (decision 056). */
export const formErrors: FormErrors = { invalid_reset_token: {} };

export async function action({ params, request }: Route.ActionArgs) {
  const result = await readForm(request, passwordResetSchema);
  if (!result.ok) return data(result, { status: 400 });
  await resetPassword({ token: params.token, password: result.data.password });
  // Every session of the account has ended, this one included.
  return redirect('/login?notice=password_reset', { headers: clearedCookieHeaders() });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '新しいパスワードの設定', 'シューログの新しいパスワードを設定します。');
}

export default function PasswordResetEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const failure = formFailure(actionData);
  if (!loaderData.valid) {
    return (
      <AuthPage
        title="リンクの有効期限が切れています"
        footer={
          <p>
            <Link to="/login">ログインに戻る</Link>
          </p>
        }
      >
        <FormAlert>{APP_ERRORS.invalid_reset_token.message}</FormAlert>
        <Link to="/password_reset">パスワードの再設定をもう一度申し込む</Link>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="新しいパスワードの設定" lead="新しいパスワードを入力してください。設定後、すべての端末でログアウトされます。">
      {formMessage(failure) && <FormAlert>{formMessage(failure)}</FormAlert>}
      <ValidatedForm method="post" className={authStyles.form} schema={passwordResetSchema} serverErrors={fieldMessages(failure)}>
        <CsrfField />
        <NewPasswordFields />
        <Button type="submit" fullWidth size="large" disabledLabel="設定しています…" pending={navigation.state === 'submitting'}>
          パスワードを設定する
        </Button>
      </ValidatedForm>
    </AuthPage>
  );
}
