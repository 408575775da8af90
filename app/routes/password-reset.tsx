import { data, Form, useNavigation } from 'react-router';
import { Link } from '../ui/link';
import { AuthPage, authStyles, FormAlert } from '../features/accounts/components/auth-page';
import { CsrfField } from '../features/accounts/components/csrf-field';
import { HoneypotField } from '../features/accounts/components/honeypot-field';
import { accountPageHeaders } from '../features/accounts/page-headers';
import { requestPasswordReset } from '../features/accounts/request-password-reset.server';
import { fieldErrors, HONEYPOT_FIELD, isHoneypotFilled, passwordResetRequestSchema } from '../features/accounts/schemas';
import { ensureSession } from '../features/accounts/session-request.server';
import { RESET_TOKEN_LIFETIME_MS } from '../features/accounts/session-policy';
import { pageMeta } from '../lib/meta';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import type { Route } from './+types/password-reset';
import { readFormData } from '../lib/form-data.server';

export const headers = accountPageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const { session, headers } = await ensureSession(request);
  return data({ csrfToken: session.csrfToken }, { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const values = { email: String(form.get('email') ?? '') };
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) return data({ values, errors: {}, sent: true });
  const parsed = passwordResetRequestSchema.safeParse(values);
  if (!parsed.success) return data({ values, errors: fieldErrors(parsed.error), sent: false }, { status: 400 });
  await requestPasswordReset({ email: parsed.data.email });
  // The same answer whether or not the address is registered.
  return data({ values, errors: {}, sent: true });
}

export function meta() {
  return pageMeta({ title: 'パスワードの再設定', description: 'シューログのパスワードを再設定します。', noindex: true });
}

export default function PasswordResetPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
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
      {actionData?.sent ? (
        <FormAlert tone="success">
          {actionData.values.email} 宛てに再設定用のリンクを送信しました（ご登録がある場合のみ届きます）。リンクの有効期限は
          {RESET_TOKEN_LIFETIME_MS / 60_000}分です。メールが届かない場合は、迷惑メールフォルダもご確認ください。
        </FormAlert>
      ) : (
        <Form method="post" className={authStyles.form} noValidate>
          <CsrfField />
          <HoneypotField />
          <Input
            label="メールアドレス"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={actionData?.values.email}
            error={errors.email}
          />
          <Button type="submit" fullWidth size="large" disabledLabel="送信しています…" pending={navigation.state === 'submitting'}>
            再設定用のリンクを送る
          </Button>
        </Form>
      )}
    </AuthPage>
  );
}
