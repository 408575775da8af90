import { data, redirect, useLoaderData, useNavigation } from 'react-router';
import { useEffect } from 'react';
import { changePassword } from '../../features/accounts/change-password.server';
import { IntentForm } from '../../features/accounts/components/intent-form';
import { NewPasswordFields } from '../../features/accounts/components/new-password-fields';
import { CurrentPasswordField } from '../../features/accounts/components/current-password-field';
import type { CurrentPasswordRefusal } from '../../features/accounts/current-password.server';
import { accountDeletionSummary, type AccountDeletionSummary, deleteAccount } from '../../features/accounts/delete-account.server';
import { requestEmailChange } from '../../features/accounts/request-email-change.server';
import { RECIPIENT_LIMIT_NOTE } from '../../features/accounts/email-limits';
import { emailRequester, emailsLimited } from '../../features/accounts/email-limits.server';
import { getMyProfile } from '../../features/accounts/get-my-profile.server';
import { accountPageHeaders } from '../../features/accounts/page-headers';
import { accountDeletionSchema, emailChangeSchema, passwordChangeSchema } from '../../features/accounts/schemas';
import { CONFIRMATION_LIFETIME_MS } from '../../features/accounts/session-policy';
import { formatPoints } from '../../features/rewards/point-amounts';
import { clearedCookieHeaders, readSessionId, requireStudent } from '../../features/accounts/session-request.server';
import { deleteSession } from '../../features/accounts/sessions.server';
import { AppError, type FormErrors } from '../../lib/app-error';
import { echoValues, formFailure, type FormValues, formValues, parseForm, textValue } from '../../lib/form';
import { formatCount } from '../../lib/format';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { useSnackBar } from '../../ui/snack-bar';
import type { Route } from './+types/account';
import { readStudentForm } from './student-form.server';
import styles from './mypage.module.css';

const PASSWORD_CHANGED = 'パスワードを変更しました。ほかの端末ではログアウトしました。';
const WRONG_PASSWORD = '現在のパスワードが正しくありません。';
const TOO_MANY_GUESSES =
  '現在のパスワードの誤りが続いたため、一時的に受け付けを停止しています。しばらく時間をおいてから、もう一度お試しください。';

export const headers = accountPageHeaders;

/** The second step of 退会 (issue 27): /mypage/account?step=delete names what goes and what stays. */
const DELETION_STEP = 'delete';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  const confirming = new URL(request.url).searchParams.get('step') === DELETION_STEP;
  const [profile, deletion] = await Promise.all([
    getMyProfile({ userId: user.id }),
    confirming ? accountDeletionSummary({ userId: user.id }) : null,
  ]);
  if (!profile) throw new AppError('not_found');
  return { email: profile.email, deletion };
}

/**
 * A refused current password (docs/decisions/019-login-limits.md): the message beside the field,
 * with what was typed except passwords; 429 while this address may not try; and a session that
 * kept guessing ends, on the login page, with a notice that says why.
 */
async function passwordRefused<I extends 'email' | 'password' | 'delete'>(
  request: Request,
  intent: I,
  refusal: CurrentPasswordRefusal,
  values: FormValues,
) {
  if (refusal.endSession) {
    const sessionId = readSessionId(request);
    if (sessionId) await deleteSession({ id: sessionId });
    throw redirect('/login', { headers: clearedCookieHeaders({ notice: 'password_guesses' }) });
  }
  const limited = refusal.reason === 'too_many_attempts';
  return data(
    { intent, ok: false as const, errors: { currentPassword: limited ? TOO_MANY_GUESSES : WRONG_PASSWORD }, values },
    { status: limited ? 429 : 400 },
  );
}

/** The member's own address as the new one is said beside the address (decision 056). */
export const formErrors: FormErrors = { same_email: { field: 'email' } };

// Three forms on one page (address, password, 退会), told apart by their intent.
export async function action({ request, context }: Route.ActionArgs) {
  const { user, form, intent } = await readStudentForm(request);
  const ip = context.clientIp ?? 'unknown';
  if (intent === 'email') {
    const result = parseForm(emailChangeSchema, form);
    if (!result.ok) return data({ intent, ...result }, { status: 400 });
    const asked = await requestEmailChange({ userId: user.id, ...result.data, requester: emailRequester(request, context.clientIp) });
    // What was typed, without the password.
    const values = echoValues(formValues(form));
    if (asked.ok) return data({ intent, ok: true as const, sentTo: asked.email });
    if (asked.reason === 'too_many_emails') return emailsLimited(asked.retryAfterSeconds, values, 'email');
    return passwordRefused(request, intent, asked, values);
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
      ip,
    });
    if (!changed.ok) return passwordRefused(request, intent, changed, {});
    return data({ intent, ok: true as const });
  }
  if (intent === 'delete') {
    const result = parseForm(accountDeletionSchema, form);
    if (!result.ok) return data({ intent, ...result }, { status: 400 });
    const deleted = await deleteAccount({ userId: user.id, currentPassword: result.data.currentPassword, ip });
    if (!deleted.ok) return passwordRefused(request, intent, deleted, {});
    // The account and its sessions are gone; the notice cookie says so on the top page.
    return redirect('/', { headers: clearedCookieHeaders({ notice: 'account_deleted' }) });
  }
  throw new AppError('invalid_request');
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'アカウント設定', 'メールアドレスとパスワードの変更、退会の手続きができます。');
}

type ActionData = Route.ComponentProps['actionData'];

/**
 * The answer to one of the three forms, or undefined when the last answer was another's. A
 * refused form without an intent of its own (the server's, or the email limits') names its form
 * by what was sent.
 */
function answerOf<I extends 'email' | 'password' | 'delete'>(actionData: ActionData, intent: I) {
  const sentBy = actionData && 'intent' in actionData ? actionData.intent : formFailure(actionData)?.values.intent;
  return sentBy === intent ? actionData : undefined;
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  // The confirmation step is the page alone: nothing else to press by mistake.
  if (loaderData.deletion) return <DeletionConfirmation summary={loaderData.deletion} answer={answerOf(actionData, 'delete')} />;
  return (
    <>
      <EmailCard answer={answerOf(actionData, 'email')} />
      <PasswordCard answer={answerOf(actionData, 'password')} />
      <DeletionCard />
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
      <IntentForm
        key={sentTo ? `sent-${sentTo}` : 'form'}
        intent="email"
        className={styles.form}
        schema={emailChangeSchema}
        answer={answer}
      >
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
            時間以内にリンクを開いて、変更を完了してください。{RECIPIENT_LIMIT_NOTE}
          </p>
        )}
      </IntentForm>
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
      <IntentForm
        key={changed ? 'changed' : 'form'}
        intent="password"
        className={styles.form}
        schema={passwordChangeSchema}
        answer={answer}
      >
        <CurrentPasswordField />
        <NewPasswordFields />
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
      </IntentForm>
    </Card>
  );
}

/** 退会, first step: what it means, and the way to the confirmation. */
function DeletionCard() {
  return (
    <Card as="section" title="退会" titleAs="h2" className={styles.card}>
      <p className={styles.cardLead}>
        退会すると、アカウントとその記録はすぐに削除され、元に戻せません。公開済みの投稿は「退会したユーザー」の投稿として残ります。
      </p>
      <div className={styles.actions}>
        <Button href={`/mypage/account?step=${DELETION_STEP}`} variant="secondary">
          退会の手続きへ進む
        </Button>
      </div>
    </Card>
  );
}

/**
 * 退会, second step: exactly what goes (with this student's counts) and what stays, then the
 * password and 「退会する」 or 「やめる」. Plain links and a form: it works without JavaScript.
 */
function DeletionConfirmation({ summary, answer }: { summary: AccountDeletionSummary; answer: ReturnType<typeof answerOf<'delete'>> }) {
  const submitting = useSubmitting('delete');
  return (
    <Card as="section" title="退会の確認" titleAs="h2" className={styles.card}>
      <p className={styles.cardLead}>退会すると、次のものがすぐに削除され、元に戻せません。</p>
      <h3 className={styles.deletionHeading}>削除されるもの</h3>
      <ul className={styles.notes}>
        <li>メールアドレスとパスワード（このアカウントではログインできなくなります）</li>
        <li>プロフィール（お名前・大学・学部・卒業年度）と希望条件</li>
        <li>お気に入り企業（{formatCount(summary.favorites, '社')}）</li>
        <li>クリップ（{formatCount(summary.clips, '件')}）</li>
        <li>選考管理（{formatCount(summary.trackedCompanies, '社')}）の予定と、カレンダー用のURL</li>
        <li>
          バッジ（{formatCount(summary.badges, '個')}）とポイント（{formatPoints(summary.points)}）
        </li>
        <li>下書き・審査中・差し戻し中の投稿（{formatCount(summary.unpublishedPosts, '件')}）</li>
      </ul>
      <h3 className={styles.deletionHeading}>残るもの</h3>
      <ul className={styles.notes}>
        <li>
          {summary.publishedPosts > 0
            ? `公開済みの投稿（${formatCount(summary.publishedPosts, '件')}）は、ほかの学生の就活に役立つよう「退会したユーザー」の投稿として残ります。お名前や大学名は表示されません。`
            : '公開済みの投稿はありません（公開済みの投稿は「退会したユーザー」の投稿として残ります）。'}
        </li>
        <li>同じメールアドレスで、あらためて会員登録できます。</li>
      </ul>
      <IntentForm
        action={`/mypage/account?step=${DELETION_STEP}`}
        intent="delete"
        className={styles.form}
        schema={accountDeletionSchema}
        answer={answer}
      >
        <CurrentPasswordField />
        <div className={styles.confirmActions}>
          <Button href="/mypage/account" variant="secondary">
            やめる
          </Button>
          <Button type="submit" variant="danger" disabledLabel="退会しています…" pending={submitting}>
            退会する
          </Button>
        </div>
      </IntentForm>
    </Card>
  );
}
