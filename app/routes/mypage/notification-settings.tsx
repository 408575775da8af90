import { data, useNavigation } from 'react-router';
import { privatePageHeaders } from '../../features/accounts/page-headers';
import { IntentForm } from '../../features/accounts/components/intent-form';
import { notificationSettingsSchema } from '../../features/notifications/schemas';
import { formFailure, parseForm } from '../../lib/form';
import { requireStudent } from '../../features/accounts/session-request.server';
import { MAIL_KINDS } from '../../features/notifications/mails';
import { getNotificationSettings, saveNotificationSettings } from '../../features/notifications/settings.server';
import { AppError } from '../../lib/app-error';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Checkbox, CheckboxGroup } from '../../ui/checkbox';
import { RadioGroup } from '../../ui/radio';
import { Link } from '../../ui/link';
import type { Route } from './+types/notification-settings';
import { readStudentForm } from './student-form.server';
import { noticeStyles as styles } from '../../features/notifications/components/notice-list';

export const headers = privatePageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  return { settings: await getNotificationSettings({ userId: user.id }) };
}

export async function action({ request }: Route.ActionArgs) {
  const { user, form, intent } = await readStudentForm(request);
  if (intent !== 'save') throw new AppError('invalid_request');
  const result = parseForm(notificationSettingsSchema, form);
  if (!result.ok) return data(result, { status: 400 });
  return data({ ok: true as const, settings: await saveNotificationSettings({ userId: user.id, settings: result.data }) });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '通知の設定', 'お知らせメールの頻度と、選考の締切リマインダーを設定できます。');
}

const DIGEST_OPTIONS = [
  { value: 'daily', label: '毎日', description: '新しい投稿があった日の翌朝8時ごろに、まとめて1通お送りします。' },
  { value: 'weekly', label: '毎週', description: '毎週月曜日の朝8時ごろに、1週間分をまとめてお送りします。' },
  { value: 'off', label: '受け取らない', description: 'お知らせはサイトの「お知らせ」でだけ確認できます。' },
] as const;

export default function NotificationSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData && 'settings' in actionData ? actionData : formFailure(actionData);
  const settings = actionData && 'settings' in actionData ? actionData.settings : loaderData.settings;
  const submitting = useNavigation().state === 'submitting';
  return (
    <Card as="section" title="通知の設定" titleAs="h2" className={styles.card}>
      <p className={styles.backLink}>
        <Link to="/mypage/notifications">お知らせに戻る</Link>
      </p>
      {/* The key makes a saved answer the form's new starting point. */}
      <IntentForm
        intent="save"
        schema={notificationSettingsSchema}
        answer={answer}
        className={styles.settings}
        key={JSON.stringify(settings)}
      >
        <RadioGroup
          name="digest"
          legend={MAIL_KINDS.digest}
          hint="お気に入りに登録した企業に新しい体験記やESが投稿されたときに、メールでお知らせします。"
          defaultValue={settings.digest}
          options={DIGEST_OPTIONS}
        />
        <CheckboxGroup legend="締切リマインダー" hint="選考管理に登録した予定の前日の朝8時ごろにお知らせします。">
          <Checkbox name="remindEsDeadline" label="ES締切" defaultChecked={settings.remindEsDeadline} />
          <Checkbox name="remindEsThreeDays" label="ES締切の3日前にもお知らせする" defaultChecked={settings.remindEsThreeDays} />
          <Checkbox name="remindWebTestDeadline" label="Webテスト締切" defaultChecked={settings.remindWebTestDeadline} />
          <Checkbox name="remindBriefing" label="説明会" defaultChecked={settings.remindBriefing} />
          <Checkbox name="remindInterview" label="面接" defaultChecked={settings.remindInterview} />
        </CheckboxGroup>
        <CheckboxGroup legend="メールで受け取るお知らせ" hint="オフにしても、サイトの「お知らせ」には表示されます。">
          <Checkbox name="reminderEmails" label={MAIL_KINDS.reminders} defaultChecked={settings.reminderEmails} />
          <Checkbox name="moderationEmails" label={MAIL_KINDS.moderation} defaultChecked={settings.moderationEmails} />
        </CheckboxGroup>
        {answer?.ok && (
          <p className={styles.done} role="status">
            通知の設定を保存しました。
          </p>
        )}
        <div className={styles.save}>
          <Button type="submit" pending={submitting} disabledLabel="保存しています…">
            設定を保存する
          </Button>
        </div>
      </IntentForm>
    </Card>
  );
}
