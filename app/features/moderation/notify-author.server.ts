// What the author is told by email when a moderator decides on their post. The mail leaves
// through the durable queue in the transaction of the decision (docs/decisions/027-email-queue.md);
// the dedupe key makes a retried decision one email. /mypage shows the same decisions from the
// audit log (list-author-notices.server.ts).
import { eq } from 'drizzle-orm';
import type { PostTypeKey, RejectionReason } from '../../db/enums';
import { users } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction.server';
import { publicOrigin } from '../../lib/config.server';
import { enqueueEmail } from '../email/queue.server';
import { REJECTION_REASON_LABELS } from '../posts/labels';
import { POST_TYPES } from '../posts/post-types';
import { formatPoints } from '../rewards/point-amounts';

export type DecisionNotice =
  | { kind: 'published'; points: number }
  | { kind: 'rejected'; reason: RejectionReason; note: string | null }
  | { kind: 'unpublished'; reason: RejectionReason; note: string | null };

const SUBJECTS: Record<DecisionNotice['kind'], string> = {
  published: '【シューログ】投稿が公開されました',
  rejected: '【シューログ】投稿を公開できませんでした',
  unpublished: '【シューログ】投稿の公開を停止しました',
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
  const what = `「${post.title || '（タイトルなし）'}」（${POST_TYPES[post.type].label}${options.subjectName ? `・${options.subjectName}` : ''}）`;
  const lines = [`${author.name ? `${author.name}さん` : 'シューログをご利用の皆さま'}`, '', 'シューログへのご投稿ありがとうございます。'];
  if (notice.kind === 'published') {
    lines.push(`${what}の審査が終わり、公開されました。`);
    if (notice.points > 0) lines.push(`報酬ポイントとして${formatPoints(notice.points)}を付与しました。`);
    lines.push('', `投稿を見る：${origin}/${POST_TYPES[post.type].slug}/${post.id}`, `ポイントの履歴：${origin}/mypage/points`);
  } else {
    lines.push(
      notice.kind === 'rejected'
        ? `${what}は、次の理由により公開できませんでした。`
        : `${what}は、読者からの報告を受けて確認した結果、次の理由により公開を停止しました。`,
      '',
      `理由：${REJECTION_REASON_LABELS[notice.reason]}`,
    );
    if (notice.note) lines.push(`担当者より：${notice.note}`);
    lines.push('', '内容を直して、もう一度審査に出すことができます。', `投稿を編集する：${origin}/mypage/posts/${post.id}/edit`);
  }
  lines.push('', 'シューログ');
  await enqueueEmail({
    tx: options.tx,
    to: author.email,
    subject: SUBJECTS[notice.kind],
    text: lines.join('\n'),
    dedupeKey: decisionEmailKey(notice.kind, post),
  });
}
