import { data, redirect, useLoaderData, useNavigation } from 'react-router';
import { useEffect } from 'react';
import { changePassword } from '../../features/accounts/change-password.server';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { CurrentPasswordField } from '../../features/accounts/components/current-password-field';
import { deleteAccount } from '../../features/accounts/delete-account.server';
import { requestEmailChange } from '../../features/accounts/email-confirmation.server';
import { getMyProfile } from '../../features/accounts/get-my-profile.server';
import { accountDeletionSchema, emailChangeSchema, PASSWORD_MIN, passwordChangeSchema } from '../../features/accounts/schemas';
import { CONFIRMATION_LIFETIME_MS } from '../../features/accounts/session-policy';
import { clearedCookieHeaders, readSessionId, requireStudent } from '../../features/accounts/session-request.server';
import { AppError } from '../../lib/app-error';
import { echoValues, formValues, parseForm, textValue } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import { originFromMatches, pageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { useSnackBar } from '../../ui/snack-bar';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/account';
import styles from './mypage.module.css';

const PASSWORD_CHANGED = 'パスワードを変更しました。ほかの端末ではログアウトしました。';
const WRONG_PASSWORD = '現在のパスワードが正しくありません。';

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  const profile = await getMyProfile({ userId: user.id });
  if (!profile) throw new AppError('not_found');
  return { email: profile.email };
}

// Three forms on one page (address, password, 退会), told apart by their intent.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStudent(request);
  const form = await readFormData(request);
  const intent = form.get('intent');
  if (intent === 'email') {
    const result = parseForm(emailChangeSchema, form);
    if (!result.ok) return data({ intent, ...result }, { status: 400 });
    const asked = await requestEmailChange({ userId: user.id, ...result.data });
    if (!asked.ok) {
      const message = asked.reason === 'same_email' ? '現在お使いのメールアドレスです。新しいアドレスを入力してください。' : WRONG_PASSWORD;
      return data(
        { intent, ok: false as const, errors: { [asked.field]: message }, values: echoValues(formValues(form)) },
        { status: 400 },
      );
    }
    return data({ intent, ok: true as const, sentTo: asked.email });
  }
  if (intent === 'password') {
    const sessionId = readSessionId(request);
    if (!sessionId) throw new AppError('unauthenticated');
    const result = parseForm(passwordChangeSchema, form);
    if (!result.ok) return data({ intent, ...result }, { status: 400 });
    const changed = await changePassword({
      userId: user.id,
      sessionId,
      currentPassword: result.data.currentPassword,
      password: result.data.password,
    });
    if (!changed.ok) return data({ intent, ok: false as const, errors: { currentPassword: WRONG_PASSWORD }, values: {} }, { status: 400 });
    return data({ intent, ok: true as const });
  }
  if (intent === 'delete') {
    const result = parseForm(accountDeletionSchema, form);
    if (!result.ok) return data({ intent, ...result }, { status: 400 });
    const deleted = await deleteAccount({ userId: user.id, currentPassword: result.data.currentPassword });
    if (!deleted.ok) return data({ intent, ok: false as const, errors: { currentPassword: WRONG_PASSWORD }, values: {} }, { status: 400 });
    // The account and its sessions are gone; the notice cookie says so on the top page.
    return redirect('/', { headers: clearedCookieHeaders({ notice: 'account_deleted' }) });
  }
  throw new AppError('invalid_request');
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    title: 'アカウント設定',
    description: 'メールアドレスとパスワードの変更、退会の手続きができます。',
    noindex: true,
  });
}

type ActionData = Route.ComponentProps['actionData'];

/** The answer to one of the three forms, or undefined when the last answer was another's. */
function answerOf<I extends 'email' | 'password' | 'delete'>(actionData: ActionData, intent: I) {
  return actionData?.intent === intent ? actionData : undefined;
}

export default function AccountPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <EmailCard answer={answerOf(actionData, 'email')} />
      <PasswordCard answer={answerOf(actionData, 'password')} />
      <DeletionCard answer={answerOf(actionData, 'delete')} />
    </>
  );
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

function EmailCard({ answer }: { answer: ReturnType<typeof answerOf<'email'>> }) {
  const { email } = useLoaderData<typeof loader>();
  const submitting = useSubmitting('email');
  const sentTo = answer?.ok === true && 'sentTo' in answer ? String(answer.sentTo) : null;
  return (
    <Card as="section" title="メールアドレスの変更" titleAs="h2" className={styles.card}>
      <p className={styles.email}>現在のメールアドレス: {email}</p>
      <p className={styles.cardLead}>
        新しいアドレスに確認メールをお送りします。メールのリンクを開くと変更が完了し、それまでは現在のアドレスでログインできます。
      </p>
      <ValidatedForm
        key={sentTo ? `sent-${sentTo}` : 'form'}
        method="post"
        className={styles.form}
        schema={emailChangeSchema}
        serverErrors={answer?.ok === false ? answer.errors : undefined}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="email" />
        <Input
          label="新しいメールアドレス"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={answer?.ok === false ? textValue(answer.values, 'email') : undefined}
        />
        <CurrentPasswordField />
        <div className={styles.actions}>
          <Button type="submit" disabledLabel="送信しています…" pending={submitting}>
            確認メールを送る
          </Button>
        </div>
        {sentTo && (
          <p className={styles.saved} role="status">
            {sentTo} 宛てに確認メールを送信しました。{CONFIRMATION_LIFETIME_MS / 3_600_000}
            時間以内にリンクを開いて、変更を完了してください。
          </p>
        )}
      </ValidatedForm>
    </Card>
  );
}

function PasswordCard({ answer }: { answer: ReturnType<typeof answerOf<'password'>> }) {
  const snackBar = useSnackBar();
  const submitting = useSubmitting('password');
  const changed = answer?.ok === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (a second change too) is announced once.
  useEffect(() => {
    if (changed) snackBar.show(PASSWORD_CHANGED);
  }, [answer, changed, snackBar]);
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
        serverErrors={answer?.ok === false ? answer.errors : undefined}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="password" />
        <CurrentPasswordField />
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
          <Button type="submit" disabledLabel="変更しています…" pending={submitting}>
            パスワードを変更する
          </Button>
        </div>
        {changed && (
          <p className={styles.saved} role="status">
            {PASSWORD_CHANGED}
          </p>
        )}
      </ValidatedForm>
    </Card>
  );
}

function DeletionCard({ answer }: { answer: ReturnType<typeof answerOf<'delete'>> }) {
  const submitting = useSubmitting('delete');
  return (
    <Card as="section" title="退会" titleAs="h2" className={styles.card}>
      <p className={styles.cardLead}>退会すると、アカウントはすぐに削除され、元に戻せません。</p>
      <ul className={styles.notes}>
        <li>プロフィール、希望条件、お気に入り、クリップ、選考管理、バッジ、ポイントはすべて削除されます。</li>
        <li>公開済みの投稿は、ほかの学生の就活に役立つよう「退会したユーザー」の投稿として残ります。お名前や大学名は表示されません。</li>
        <li>下書きと審査中の投稿は削除されます。</li>
        <li>同じメールアドレスで、あらためて会員登録できます。</li>
      </ul>
      <ValidatedForm
        method="post"
        className={styles.form}
        schema={accountDeletionSchema}
        serverErrors={answer?.ok === false ? answer.errors : undefined}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="delete" />
        <CurrentPasswordField />
        <div className={styles.actions}>
          <Button type="submit" variant="danger" disabledLabel="退会しています…" pending={submitting}>
            退会する
          </Button>
        </div>
      </ValidatedForm>
    </Card>
  );
}
