import { useSearchParams } from 'react-router';
import { requireModerator } from '../../features/accounts/session-request.server';
import { AUDIT_LOG_PAGE_SIZE, listModeratorActions, type AuditLogEntry } from '../../features/moderation/audit-log.server';
import { MODERATION_ACTION_LABELS } from '../../features/moderation/labels';
import { REJECTION_REASON_LABELS } from '../../features/posts/labels';
import { formatDateTime } from '../../lib/format-date-time';
import { parseId } from '../../lib/http';
import { privatePageMeta } from '../../lib/meta';
import { KeepWords } from '../../ui/keep-words';
import { Link } from '../../ui/link';
import { NameText } from '../../ui/name-text';
import { Pagination } from '../../ui/pagination';
import type { Route } from './+types/audit';
import styles from './moderation.module.css';

// /admin/audit: every moderator action, newest first (the append-only audit log).

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '操作履歴', '管理者の操作履歴です。');
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireModerator(request);
  const page = parseId(new URL(request.url).searchParams.get('page')) ?? 1;
  const log = await listModeratorActions({ page });
  return { ...log, page, pageCount: Math.max(1, Math.ceil(log.total / AUDIT_LOG_PAGE_SIZE)) };
}

function Target({ entry }: { entry: AuditLogEntry }) {
  if (entry.postId !== null) {
    return (
      <Link to={`/admin/posts/${entry.postId}`}>
        <KeepWords>{entry.postTitle || `投稿 #${entry.postId}`}</KeepWords>
        {entry.revision !== null ? `（第${entry.revision}版）` : ''}
      </Link>
    );
  }
  if (entry.companyId !== null)
    return (
      <Link to={`/admin/companies/${entry.companyId}/edit`}>
        <NameText>{entry.companyName ?? `企業 #${entry.companyId}`}</NameText>
      </Link>
    );
  if (entry.recruitServiceId !== null) {
    return (
      <Link to={`/admin/services/${entry.recruitServiceId}/edit`}>
        <NameText>{entry.serviceName ?? `サービス #${entry.recruitServiceId}`}</NameText>
      </Link>
    );
  }
  return <span>—</span>;
}

function details(entry: AuditLogEntry): string {
  const parts: string[] = [];
  if (entry.reason) parts.push(`理由：${REJECTION_REASON_LABELS[entry.reason]}`);
  if (entry.note) parts.push(entry.note);
  const detail = entry.detail ?? {};
  if (typeof detail.reports === 'number') parts.push(`通報${detail.reports}件`);
  if (typeof detail.imported === 'number') parts.push(`取込${detail.imported}件`);
  if (typeof detail.skipped === 'number') parts.push(`スキップ${detail.skipped}件`);
  if (detail.interrupted === true) parts.push('中断');
  const changed = detail.changes && typeof detail.changes === 'object' ? Object.keys(detail.changes) : [];
  if (changed.length > 0) parts.push(`変更：${changed.join('、')}`);
  return parts.join(' / ');
}

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount } = loaderData;
  const [params] = useSearchParams();
  return (
    <section className={styles.section} aria-labelledby="audit-title">
      <h1 id="audit-title" className={styles.title}>
        操作履歴
      </h1>
      <p className={styles.lead}>管理者の操作はすべて記録され、変更・削除はできません。全{total}件。</p>
      {entries.length === 0 ? (
        <p className={styles.empty}>まだ操作の記録はありません。</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">日時</th>
                <th scope="col">管理者</th>
                <th scope="col">操作</th>
                <th scope="col">対象</th>
                <th scope="col">理由・内容</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className={styles.nowrap}>{formatDateTime(entry.at)}</td>
                  <td>{entry.moderator}</td>
                  <td className={styles.nowrap}>{MODERATION_ACTION_LABELS[entry.action]}</td>
                  <td>
                    <Target entry={entry} />
                  </td>
                  <td className={styles.note}>{details(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} search={params.toString()} />
    </section>
  );
}
