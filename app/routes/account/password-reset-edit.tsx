import { data, redirect, useNavigation } from 'react-router';
import { Link } from '../../ui/link';
import { AuthPage, authStyles, FormAlert } from '../../features/accounts/components/auth-page';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { APP_ERRORS, isAppError } from '../../lib/app-error';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { isResetTokenValid, resetPassword } from '../../features/accounts/reset-password.server';
import { PASSWORD_MIN, passwordResetSchema } from '../../features/accounts/schemas';
import { clearedCookieHeaders, ensureSession } from '../../features/accounts/session-request.server';
import { originFromMatches, pageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import type { Route } from './+types/password-reset-edit';
import { readForm } from '../../lib/form-data.server';
import { ValidatedForm } from '../../ui/validated-form';

export const headers = accountPageHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const valid = await isResetTokenValid({ token: params.token });
  const { session, headers } = await ensureSession(request);
  return data({ csrfToken: session.csrfToken, valid }, { headers, status: valid ? 200 : 410 });
}

export async function action({ params, request }: Route.ActionArgs) {
  const result = await readForm(request, passwordResetSchema);
  if (!result.ok) return data({ errors: result.errors, formError: null }, { status: 400 });
  try {
    await resetPassword({ token: params.token, password: result.data.password });
  } catch (error) {
    if (isAppError(error)) return data({ errors: {}, formError: error.userMessage }, { status: error.status });
    throw error;
  }
  // Every session of the account has ended, this one included.
  return redirect('/login?notice=password_reset', { headers: clearedCookieHeaders() });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    title: '新しいパスワードの設定',
    description: 'シューログの新しいパスワードを設定します。',
    noindex: true,
  });
}

export default function PasswordResetEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
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
      {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
      <ValidatedForm method="post" className={authStyles.form} schema={passwordResetSchema} serverErrors={actionData?.errors}>
        <CsrfField />
        <Input
          label="新しいパスワード"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`${PASSWORD_MIN}文字以上`}
        />
        <Input label="新しいパスワード（確認）" name="passwordConfirmation" type="password" autoComplete="new-password" required />
        <Button type="submit" fullWidth size="large" disabledLabel="設定しています…" pending={navigation.state === 'submitting'}>
          パスワードを設定する
        </Button>
      </ValidatedForm>
    </AuthPage>
  );
}
