import { data, useNavigation } from 'react-router';
import { AuthPage, authStyles, FormAlert } from '../../features/accounts/components/auth-page';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { EmailField } from '../../features/accounts/components/email-field';
import { HoneypotField } from '../../features/accounts/components/honeypot-field';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { RECIPIENT_LIMIT_NOTE } from '../../features/accounts/email-limits';
import { emailRequester, emailsLimited, readEmailRequest } from '../../features/accounts/email-limits.server';
import { requestPasswordReset } from '../../features/accounts/request-password-reset.server';
import { passwordResetRequestSchema } from '../../features/accounts/schemas';
import { ensureSession } from '../../features/accounts/session-request.server';
import { RESET_TOKEN_LIFETIME_MS } from '../../features/accounts/session-policy';
import { fieldMessages, formFailure, formMessage, textValue } from '../../lib/form';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Link } from '../../ui/link';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/password-reset';

export const headers = accountPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const { session, headers } = await ensureSession(request);
  return data({ csrfToken: session.csrfToken }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readEmailRequest(request, passwordResetRequestSchema);
  if (read.answer) return read.answer;
  const { sent, fields } = read;
  const asked = await requestPasswordReset({ email: fields.email, requester: emailRequester(request, context.clientIp) });
  // The same answer whether or not the address is registered, and whether or not it had had its
  // emails; 429 only for the one who asked too often (docs/decisions/053-email-limits.md).
  if (!asked.ok) return emailsLimited(asked.retryAfterSeconds, sent.values);
  return data(sent);
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'パスワードの再設定', 'シューログのパスワードを再設定します。');
}

export default function PasswordResetPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const failure = formFailure(actionData);
  return (
    <AuthPage
      title="パスワードの再設定"
      lead="ご登録のメールアドレスに、パスワード再設定用のリンクをお送りします。"
      footer={
        <p>
          <Link to="/login">ログインに戻る</Link>
        </p>
      }
    >
      {actionData?.ok ? (
        <FormAlert tone="success">
          {textValue(actionData.values, 'email')} 宛てに再設定用のリンクを送信しました（ご登録がある場合のみ届きます）。リンクの有効期限は
          {RESET_TOKEN_LIFETIME_MS / 60_000}分です。メールが届かない場合は、迷惑メールフォルダもご確認ください。{RECIPIENT_LIMIT_NOTE}
        </FormAlert>
      ) : (
        <>
          {formMessage(failure) && <FormAlert>{formMessage(failure)}</FormAlert>}
          <ValidatedForm
            method="post"
            className={authStyles.form}
            schema={passwordResetRequestSchema}
            serverErrors={fieldMessages(failure)}
          >
            <CsrfField />
            <HoneypotField />
            <EmailField purpose="reset" defaultValue={textValue(actionData?.values, 'email')} />
            <Button type="submit" fullWidth size="large" disabledLabel="送信しています…" pending={navigation.state === 'submitting'}>
              再設定用のリンクを送る
            </Button>
          </ValidatedForm>
        </>
      )}
    </AuthPage>
  );
}
