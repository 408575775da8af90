import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { requireModerator } from '../../features/accounts/session-request.server';
import { approveRevision, rejectRevision } from '../../features/moderation/decide.server';
import { getReview, type Review } from '../../features/moderation/review-queue.server';
import { approvalSchema, rejectionSchema } from '../../features/moderation/schemas';
import { MODERATION_ACTION_LABELS } from '../../features/moderation/labels';
import { queueSearch, readQueueFilters } from '../../features/moderation/queue-filters';
import { REJECTION_REASON_LABELS } from '../../features/posts/labels';
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
import type { Route } from './+types/review';
import styles from './moderation.module.css';

// /admin/posts/{id}: one post under review, with everything its author wrote and, for a
// resubmission or a revision of a published post, what changed since the last published or
// rejected version. The moderator publishes it or sends it back with a reason; they never edit it.
// The queue's filters ride along in the URL (?type=…&company_id=…): the way back and the queue after
// a decision, which confirms it and offers the next post, keep them (docs/decisions/046).

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '投稿の審査', '投稿の内容を確認して、公開または差し戻しを決めます。');
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireModerator(request);
  const postId = parseId(params.postId);
  const review = postId === null ? null : await getReview({ postId });
  if (!review) throw new AppError('not_found', { detail: `No review for post ${params.postId}` });
  return { review };
}

/** Another moderator decided first: this page says so and shows the decision that counts (decision 056). */
export const formErrors: FormErrors = { already_reviewed: {} };

export async function action({ request, params }: Route.ActionArgs) {
  const moderator = await requireModerator(request);
  const postId = parseId(params.postId);
  if (postId === null) throw new AppError('not_found');
  const form = await readFormData(request);
  const intent = form.get('intent');
  // Back to the queue as the moderator filtered it, from its top, with the decision to confirm.
  const queue = `/admin${queueSearch(readQueueFilters(new URL(request.url).searchParams), { page: 1, decided: postId })}`;
  if (intent === 'approve') {
    const result = parseForm(approvalSchema, form);
    if (!result.ok) throw new AppError('invalid_request', { detail: 'approve without a revision' });
    await approveRevision({ moderatorId: moderator.id, postId, revision: result.data.revision });
    return redirect(queue);
  }
  if (intent === 'reject') {
    const result = parseForm(rejectionSchema, form);
    if (!result.ok) return data(result, { status: 400 });
    await rejectRevision({ moderatorId: moderator.id, postId, ...result.data });
    return redirect(queue);
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

const STATUS: Record<string, { label: string; className: string }> = {
  submitted: { label: '審査待ち', className: styles.statusSubmitted! },
  published: { label: '公開済み', className: styles.statusPublished! },
  rejected: { label: '差し戻し済み', className: styles.statusRejected! },
  superseded: { label: '取り下げ', className: styles.kindRevision! },
};

function Comparison({ previous }: { previous: NonNullable<Review['previous']> }) {
  const changed = previous.diff.some((line) => line.kind !== 'same');
  return (
    <section className={styles.panel} aria-labelledby="diff-title">
      <h2 id="diff-title" className={styles.subtitle}>
        前回{previous.status === 'published' ? '公開した' : '差し戻した'}内容（第{previous.revision}版）からの変更
      </h2>
      {changed ? (
        <>
          <p className={styles.legend}>
            <span className={styles.added}>＋ 追加された行</span>
            <span className={styles.removed}>− 削除された行</span>
          </p>
          <ul className={styles.diff}>
            {previous.diff.map((line, index) => (
              <li
                // The lines of a fixed comparison never move: their position is their identity.
                key={index}
                className={styles[line.kind]}
              >
                {line.kind === 'added' && <span className="visually-hidden">追加：</span>}
                {line.kind === 'removed' && <span className="visually-hidden">削除：</span>}
                {line.text || ' '}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.muted}>前回の内容から変更はありません。</p>
      )}
    </section>
  );
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { review } = loaderData;
  const [params] = useSearchParams();
  const { post, revision, previous, history } = review;
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const failure = formFailure(actionData);
  const rejectResult = failure?.values.intent === 'reject' && !failure.code ? failure : undefined;
  const alreadyReviewed = failure?.code === 'already_reviewed' ? formMessage(failure) : null;
  const status = STATUS[revision.status] ?? STATUS.submitted!;
  const open = revision.status === 'submitted';
  return (
    <section className={styles.section} aria-labelledby="review-title">
      <Link to={`/admin${queueSearch(readQueueFilters(params))}`} className={styles.back}>
        ← 審査待ちの一覧へ
      </Link>
      <div className={styles.queueHead}>
        <span className={status.className}>{status.label}</span>
        <span className={styles.muted}>
          {POST_TYPES[post.type].label}・第{revision.revision}版
        </span>
      </div>
      <h1 id="review-title" className={styles.title}>
        <KeepWords>{revision.lines[0]?.replace(/^タイトル：/, '') || '（タイトルなし）'}</KeepWords>
      </h1>
      {alreadyReviewed && (
        <p className={styles.alert} role="alert">
          {alreadyReviewed}。現在の状態を表示しています。
        </p>
      )}
      <div className={styles.reviewGrid}>
        <div className={styles.reviewMain}>
          <dl className={styles.facts}>
            <dt>{post.type === 'recruit_service_review' ? 'サービス' : '企業'}</dt>
            <dd>{post.subject ?? '—'}</dd>
            <dt>投稿者</dt>
            <dd>
              {post.author.label}
              {post.author.university ? `（${post.author.university}）` : ''}
            </dd>
            <dt>送信日時</dt>
            <dd>{revision.submittedAt ? formatDateTime(revision.submittedAt) : '—'}</dd>
            {post.status === 'published' && (
              <>
                <dt>公開中の内容</dt>
                <dd>
                  <Link to={postPath(post.type, post.id)}>第{post.publishedRevision}版を見る</Link>
                </dd>
              </>
            )}
          </dl>
          {previous && <Comparison previous={previous} />}
          <section className={styles.panel} aria-labelledby="content-title">
            <h2 id="content-title" className={styles.subtitle}>
              投稿の全文
            </h2>
            <pre className={styles.content}>{revision.lines.join('\n')}</pre>
          </section>
        </div>
        <aside className={styles.reviewAside} aria-label="審査">
          {open ? (
            <div className={styles.decisions}>
              <Form method="post" className={styles.decision}>
                <h2>公開する</h2>
                <p className={styles.muted}>承認すると、数秒以内に企業ページと一覧に表示され、投稿者にポイントが付与されます。</p>
                <CsrfField />
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="revision" value={revision.revision} />
                <Button type="submit" pending={pending === 'approve'} disabledLabel="公開しています…">
                  承認して公開する
                </Button>
              </Form>
              <ValidatedForm method="post" className={styles.decision} schema={rejectionSchema} serverErrors={rejectResult?.errors}>
                <h2>差し戻す</h2>
                <CsrfField />
                <input type="hidden" name="intent" value="reject" />
                <input type="hidden" name="revision" value={revision.revision} />
                <RejectionReasonFields legend="理由" values={rejectResult?.values} />
                <Button type="submit" variant="danger" pending={pending === 'reject'} disabledLabel="差し戻しています…">
                  差し戻す
                </Button>
              </ValidatedForm>
            </div>
          ) : (
            <div className={styles.decision}>
              <h2>審査結果</h2>
              <p className={revision.status === 'published' ? styles.done : styles.alert}>
                {revision.status === 'published' ? 'この版は公開されています。' : 'この版は差し戻されています。'}
                {revision.reviewedAt ? `（${formatDateTime(revision.reviewedAt)}）` : ''}
              </p>
              {revision.rejectionReason && (
                <p>
                  理由：{REJECTION_REASON_LABELS[revision.rejectionReason]}
                  {revision.rejectionNote && (
                    <>
                      <br />
                      <span className={styles.note}>{revision.rejectionNote}</span>
                    </>
                  )}
                </p>
              )}
            </div>
          )}
          <section className={styles.decision} aria-labelledby="history-title">
            <h2 id="history-title">この投稿の操作履歴</h2>
            {history.length === 0 ? (
              <p className={styles.muted}>まだ操作はありません。</p>
            ) : (
              <ul className={styles.history}>
                {history.map((entry) => (
                  <li key={entry.id}>
                    <span>
                      {formatDateTime(entry.at)}・{entry.moderator}
                    </span>
                    <strong>
                      {MODERATION_ACTION_LABELS[entry.action]}
                      {entry.revision !== null ? `（第${entry.revision}版）` : ''}
                    </strong>
                    {entry.reason && <span>理由：{REJECTION_REASON_LABELS[entry.reason]}</span>}
                    {entry.note && <span className={styles.note}>{entry.note}</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>
    </section>
  );
}
