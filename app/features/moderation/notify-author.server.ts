// What the author is told when a moderator decides on their post: a notice on the site (/mypage,
// /mypage/notifications) and, unless they stopped it, an email that leaves through the durable
// queue in the transaction of the decision (docs/decisions/027-email-queue.md, 083). The dedupe
// keys make a retried decision one notice and one email.
import { eq } from 'drizzle-orm';
import type { PostTypeKey, RejectionReason } from '../../db/enums';
import { users } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction.server';
import { publicOrigin } from '../../lib/config.server';
import { enqueueEmail } from '../email/queue.server';
import { REJECTION_REASON_LABELS } from '../posts/labels';
import { POST_TYPES } from '../posts/post-types';
import { formatPoints } from '../rewards/point-amounts';
import { moderationMailFooter } from '../notifications/mails';
import { addNotice } from '../notifications/notices.server';
import { getNotificationSettings } from '../notifications/settings.server';
import { unsubscribeUrl } from '../notifications/unsubscribe-links.server';

export type DecisionNotice =
  | { kind: 'published'; points: number }
  | { kind: 'rejected'; reason: RejectionReason; note: string | null }
  | { kind: 'unpublished'; reason: RejectionReason; note: string | null };

const SUBJECTS: Record<DecisionNotice['kind'], string> = {
  published: '【シューログ】投稿が公開されました',
  rejected: '【シューログ】投稿を公開できませんでした',
  unpublished: '【シューログ】投稿の公開を停止しました',
};

/** The notice's first line on /mypage/notifications. */
const NOTICE_TITLES: Record<DecisionNotice['kind'], string> = {
  published: '投稿が公開されました',
  rejected: '投稿を公開できませんでした',
  unpublished: '投稿の公開を停止しました',
};

/** The email's dedupe key: one email per post, revision and decision, however often it is retried. */
export function decisionEmailKey(kind: DecisionNotice['kind'], post: { id: number; revision: number }): string {
  return `post-${kind}:${post.id}:${post.revision}`;
}

export async function notifyAuthor(options: {
  tx: DbOrTx;
  authorId: number;
  post: { id: number; type: PostTypeKey; title: string; revision: number };
  subjectName: string | null;
  notice: DecisionNotice;
}): Promise<void> {
  const [author] = await options.tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, options.authorId));
  if (!author) return;
  const { post, notice } = options;
  const origin = publicOrigin();
  const title = post.title || '（タイトルなし）';
  const what = `「${title}」（${POST_TYPES[post.type].label}${options.subjectName ? `・${options.subjectName}` : ''}）`;
  const postLink = `/${POST_TYPES[post.type].slug}/${post.id}`;
  const editLink = `/mypage/posts/${post.id}/edit`;
  // The notice on the site (/mypage/notifications), whatever the email settings say.
  const detail = [`${POST_TYPES[post.type].label}：${title}`];
  if (notice.kind !== 'published') detail.push(`理由：${REJECTION_REASON_LABELS[notice.reason]}`);
  if (notice.kind !== 'published' && notice.note) detail.push(`担当者より：${notice.note}`);
  await addNotice({
    tx: options.tx,
    userId: options.authorId,
    kind: 'moderation',
    title: `${NOTICE_TITLES[notice.kind]}${notice.kind === 'published' && notice.points > 0 ? `（+${formatPoints(notice.points)}）` : ''}`,
    detail: detail.join('\n'),
    link: notice.kind === 'published' ? postLink : editLink,
    postId: post.id,
    dedupeKey: decisionEmailKey(notice.kind, post),
  });
  if (!(await getNotificationSettings({ tx: options.tx, userId: options.authorId })).moderationEmails) return;
  const lines = [`${author.name ? `${author.name}さん` : 'シューログをご利用の皆さま'}`, '', 'シューログへのご投稿ありがとうございます。'];
  if (notice.kind === 'published') {
    lines.push(`${what}の審査が終わり、公開されました。`);
    if (notice.points > 0) lines.push(`報酬ポイントとして${formatPoints(notice.points)}を付与しました。`);
    lines.push('', `投稿を見る：${origin}${postLink}`, `ポイントの履歴：${origin}/mypage/points`);
  } else {
    lines.push(
      notice.kind === 'rejected'
        ? `${what}は、次の理由により公開できませんでした。`
        : `${what}は、読者からの報告を受けて確認した結果、次の理由により公開を停止しました。`,
      '',
      `理由：${REJECTION_REASON_LABELS[notice.reason]}`,
    );
    if (notice.note) lines.push(`担当者より：${notice.note}`);
    lines.push('', '内容を直して、もう一度審査に出すことができます。', `投稿を編集する：${origin}${editLink}`);
  }
  const unsubscribe = unsubscribeUrl(options.authorId, 'moderation');
  lines.push('', ...moderationMailFooter({ origin, unsubscribeUrl: unsubscribe, kind: 'moderation' }));
  await enqueueEmail({
    tx: options.tx,
    to: author.email,
    subject: SUBJECTS[notice.kind],
    text: lines.join('\n'),
    dedupeKey: decisionEmailKey(notice.kind, post),
    unsubscribeUrl: unsubscribe,
  });
}
