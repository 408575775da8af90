import { data, Form, useNavigation } from 'react-router';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { requireModerator } from '../../features/accounts/session-request.server';
import { dismissReports, listReportedPosts, unpublishPost, type ReportedPost } from '../../features/moderation/reports.server';
import { dismissalSchema, REPORT_REASON_LABELS, unpublishSchema } from '../../features/moderation/schemas';
import { POST_TYPES, postPath } from '../../features/posts/post-types';
import { AppError, type FormErrors } from '../../lib/app-error';
import { readFormData } from '../../lib/form-data.server';
import { formFailure, formMessage, parseForm } from '../../lib/form';
import { formatDateTime } from '../../lib/format-date-time';
import { parseId } from '../../lib/http';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { KeepWords } from '../../ui/keep-words';
import { Link } from '../../ui/link';
import { ValidatedForm } from '../../ui/validated-form';
import { RejectionReasonFields } from '../../features/moderation/components/rejection-reason-fields';
import type { Route } from './+types/reports';
import styles from './moderation.module.css';

// /admin/reports: published posts that readers reported (通報), the longest waiting first, each
// with its reports. A moderator takes the post down with a reason for its author, or dismisses
// the reports and keeps it up.

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '通報された投稿', '読者から報告された投稿の一覧です。');
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireModerator(request);
  return await listReportedPosts();
}

/** Another moderator decided first: the page says so above the list, reloaded (decision 056). */
export const formErrors: FormErrors = { already_reviewed: {} };

export async function action({ request }: Route.ActionArgs) {
  const moderator = await requireModerator(request);
  const form = await readFormData(request);
  const postId = parseId(form.get('postId')?.toString());
  if (postId === null) throw new AppError('invalid_request', { detail: 'No post id' });
  const intent = form.get('intent');
  if (intent === 'unpublish') {
    const result = parseForm(unpublishSchema, form);
    if (!result.ok) return data(result, { status: 400 });
    await unpublishPost({ moderatorId: moderator.id, postId, ...result.data });
    return data({ intent: 'unpublish' as const, postId, ok: true as const });
  }
  if (intent === 'dismiss') {
    const result = parseForm(dismissalSchema, form);
    if (!result.ok) return data(result, { status: 400 });
    await dismissReports({ moderatorId: moderator.id, postId, note: result.data.note });
    return data({ intent: 'dismiss' as const, postId, ok: true as const });
  }
  throw new AppError('invalid_request', { detail: `Unknown intent ${String(intent)}` });
}

/**
 * Another moderator decided first (409): load the page again, so that it shows the decision that
 * counts (React Router skips that after an error status by default).
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  if (formFailure(actionResult)?.code === 'already_reviewed') return true;
  return defaultShouldRevalidate;
}

function ReportedPostCard({ post, actionData }: { post: ReportedPost; actionData: Route.ComponentProps['actionData'] }) {
  const navigation = useNavigation();
  // A refused form of this card: the post and the form are what was sent.
  const failure = formFailure(actionData);
  const mine = failure && !failure.code && failure.values.postId === String(post.postId) ? failure : undefined;
  const unpublishResult = mine?.values.intent === 'unpublish' ? mine : undefined;
  const pendingIntent =
    navigation.state === 'submitting' && navigation.formData?.get('postId') === String(post.postId)
      ? navigation.formData.get('intent')
      : null;
  return (
    <li className={styles.queueItem}>
      <div className={styles.queueHead}>
        <span className={styles.statusRejected}>通報 {post.reports.length}件</span>
        <span className={styles.muted}>
          {POST_TYPES[post.type].label}・{post.subject ?? '—'}
        </span>
      </div>
      <Link to={postPath(post.type, post.postId)} className={styles.queueTitle}>
        <KeepWords>{post.title || '（タイトルなし）'}</KeepWords>
      </Link>
      <ul className={styles.reports}>
        {post.reports.map((report) => (
          <li key={report.id}>
            <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
            <span className={styles.muted}>（{formatDateTime(report.at)}）</span>
            {report.note && <div className={styles.note}>{report.note}</div>}
          </li>
        ))}
      </ul>
      {post.status !== 'published' && <p className={styles.muted}>この投稿はすでに公開されていません。通報を閉じてください。</p>}
      <div className={styles.actionsRow}>
        {post.status === 'published' && (
          <details className={styles.unpublish} open={Boolean(unpublishResult)}>
            <summary className={styles.unpublishSummary}>公開を停止する（理由を選ぶ）</summary>
            <ValidatedForm method="post" className={styles.decision} schema={unpublishSchema} serverErrors={unpublishResult?.errors}>
              <CsrfField />
              <input type="hidden" name="intent" value="unpublish" />
              <input type="hidden" name="postId" value={post.postId} />
              <RejectionReasonFields legend="投稿者に伝える理由" values={unpublishResult?.values} />
              <Button type="submit" variant="danger" size="small" pending={pendingIntent === 'unpublish'} disabledLabel="停止しています…">
                公開を停止する
              </Button>
            </ValidatedForm>
          </details>
        )}
        <Form method="post" className={styles.decision}>
          <CsrfField />
          <input type="hidden" name="intent" value="dismiss" />
          <input type="hidden" name="postId" value={post.postId} />
          <p className={styles.muted}>問題がなければ、通報を却下して公開を続けます。</p>
          <Button type="submit" variant="secondary" size="small" pending={pendingIntent === 'dismiss'} disabledLabel="処理しています…">
            通報を却下する
          </Button>
        </Form>
      </div>
    </li>
  );
}

export default function ReportsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, total } = loaderData;
  const failure = formFailure(actionData);
  const message =
    actionData?.ok === true
      ? actionData.intent === 'unpublish'
        ? '投稿の公開を停止し、投稿者に理由を知らせました。'
        : '通報を却下しました。投稿は公開されたままです。'
      : failure?.code === 'already_reviewed'
        ? `${formMessage(failure)}。一覧を最新の状態にしました。`
        : null;
  return (
    <section className={styles.section} aria-labelledby="reports-title">
      <h1 id="reports-title" className={styles.title}>
        通報された投稿
      </h1>
      <p className={styles.lead}>読者から「問題を報告」された公開中の投稿です。報告の古いものから並んでいます。</p>
      {message && (
        <p className={actionData?.ok === true ? styles.done : styles.alert} role="status">
          {message}
        </p>
      )}
      {posts.length === 0 ? (
        <p className={styles.empty}>対応が必要な通報はありません。</p>
      ) : (
        <>
          <p className={styles.total}>{total}件</p>
          <ol className={styles.queue}>
            {posts.map((post) => (
              <ReportedPostCard key={post.postId} post={post} actionData={actionData} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
