import { useId } from 'react';
import { useNavigation } from 'react-router';
import { REPORT_REASONS } from '../../../db/enums';
import { fieldMessages, type FormFailure, formFailure, formMessage } from '../../../lib/form';
import { withRedirectTo } from '../../../lib/return-path';
import { Button } from '../../../ui/button';
import { Link } from '../../../ui/link';
import { ValidatedForm } from '../../../ui/validated-form';
import { ReasonFields } from './reason-fields';
import { CsrfField } from '../../accounts/components/csrf-field';
import { useViewer } from '../../accounts/viewer';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, reportSchema } from '../schemas';
import styles from './report-post.module.css';

export type ReportResult = { intent: 'report'; ok: true; created: boolean } | FormFailure;

/**
 * 「問題を報告」 under a published post: a student picks a reason and may add a note; a visitor is
 * asked to log in. The form posts to the post page itself, so it works before hydration too.
 */
export function ReportPost({ returnTo, result }: { returnTo: string; result: ReportResult | undefined }) {
  const viewer = useViewer();
  const navigation = useNavigation();
  const titleId = useId();
  // Moderators act on reports; they do not file them.
  if (viewer?.role === 'moderator') return null;
  const sent = result?.ok === true;
  const failed = formFailure(result);
  const message = formMessage(failed);
  return (
    <details className={styles.report} open={Boolean(result)}>
      <summary className={styles.summary}>問題を報告</summary>
      <div className={styles.body}>
        {sent ? (
          <p className={styles.thanks} role="status">
            {result.created
              ? 'ご報告ありがとうございます。担当者が内容を確認します。'
              : 'この投稿はすでに報告いただいています。ご協力ありがとうございます。'}
          </p>
        ) : viewer?.role !== 'student' ? (
          <p className={styles.lead}>
            個人が特定できる内容や誹謗中傷などを見つけたら、ログインしてお知らせください。
            <Link to={withRedirectTo('/login', returnTo)}>ログインして報告する</Link>
          </p>
        ) : (
          <ValidatedForm
            method="post"
            schema={reportSchema}
            serverErrors={fieldMessages(failed)}
            className={styles.form}
            aria-labelledby={titleId}
          >
            <p id={titleId} className={styles.lead}>
              この投稿の問題を管理者に知らせます。報告した人が投稿者に知られることはありません。
            </p>
            {message && (
              <p className={styles.error} role="alert">
                {message}
              </p>
            )}
            <CsrfField />
            <input type="hidden" name="intent" value="report" />
            <ReasonFields
              legend="報告の理由"
              reasons={REPORT_REASONS}
              labels={REPORT_REASON_LABELS}
              note={{ label: '詳しい内容（任意）', max: REPORT_NOTE_MAX, rows: 3 }}
              values={failed?.values}
            />
            <Button
              type="submit"
              variant="secondary"
              size="small"
              pending={navigation.state === 'submitting'}
              disabledLabel="送信しています…"
            >
              報告する
            </Button>
          </ValidatedForm>
        )}
      </div>
    </details>
  );
}
