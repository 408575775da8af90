import { data, useNavigation } from 'react-router';
import { useEffect } from 'react';
import { changePassword } from '../../features/accounts/change-password.server';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { PASSWORD_MIN, passwordChangeSchema } from '../../features/accounts/schemas';
import { readSessionId, requireStudent } from '../../features/accounts/session-request.server';
import { AppError } from '../../lib/app-error';
import { readForm } from '../../lib/form-data.server';
import { pageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { useSnackBar } from '../../ui/snack-bar';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/account';
import styles from './mypage.module.css';

const CHANGED = 'パスワードを変更しました。ほかの端末ではログアウトしました。';

export async function loader({ request }: Route.LoaderArgs) {
  await requireStudent(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStudent(request);
  const sessionId = readSessionId(request);
  if (!sessionId) throw new AppError('unauthenticated');
  const result = await readForm(request, passwordChangeSchema);
  if (!result.ok) return data({ ok: false as const, errors: result.errors }, { status: 400 });
  const changed = await changePassword({
    userId: user.id,
    sessionId,
    currentPassword: result.data.currentPassword,
    password: result.data.password,
  });
  if (!changed.ok) {
    return data({ ok: false as const, errors: { currentPassword: '現在のパスワードが正しくありません。' } }, { status: 400 });
  }
  return data({ ok: true as const, errors: {} });
}

export function meta() {
  return pageMeta({ title: 'アカウント設定', description: 'パスワードを変更できます。', noindex: true });
}

export default function AccountPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const snackBar = useSnackBar();
  const changed = actionData?.ok === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (a second change too) is announced once.
  useEffect(() => {
    if (changed) snackBar.show(CHANGED);
  }, [actionData, changed, snackBar]);
  return (
    <Card as="section" title="パスワードの変更" titleAs="h2" className={styles.card}>
      <p className={styles.cardLead}>
        現在のパスワードを入力してから、新しいパスワードを設定してください。変更すると、この端末以外ではログアウトします。
      </p>
      {/* A new key after a change empties the fields: nothing of the old password stays on screen. */}
      <ValidatedForm
        key={changed ? 'changed' : 'form'}
        method="post"
        className={styles.form}
        schema={passwordChangeSchema}
        serverErrors={actionData?.ok === false ? actionData.errors : undefined}
      >
        <CsrfField />
        <Input label="現在のパスワード" name="currentPassword" type="password" autoComplete="current-password" required />
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
        <div className={styles.actions}>
          <Button type="submit" disabledLabel="変更しています…" pending={navigation.state === 'submitting'}>
            パスワードを変更する
          </Button>
        </div>
        {changed && (
          <p className={styles.saved} role="status">
            {CHANGED}
          </p>
        )}
      </ValidatedForm>
    </Card>
  );
}
