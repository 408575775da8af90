import { formatTime } from '../../../lib/format-date-time';
import type { SaveStatus } from '../draft-autosave';
import styles from './post-form.module.css';

/** What the autosave is doing, in words. */
export function SaveStatusText({ status, savedAt }: { status: SaveStatus; savedAt: string | null }) {
  const text = (() => {
    switch (status.kind) {
      case 'idle':
        return savedAt ? `下書きを保存しました ${formatTime(savedAt)}` : '入力すると自動で下書き保存されます';
      case 'pending':
        return savedAt ? `下書きを保存しました ${formatTime(savedAt)}` : '入力中…';
      case 'saving':
        return '保存中…';
      case 'saved':
        return `下書きを保存しました ${formatTime(status.at)}`;
      case 'retrying':
        return status.message;
      case 'offline':
        return 'オフラインです。この端末に保存し、接続が戻ったら送信します';
      case 'conflict':
        return '別のタブで更新されています';
      case 'refused':
        return status.message;
    }
  })();
  const warn = status.kind === 'retrying' || status.kind === 'offline' || status.kind === 'conflict' || status.kind === 'refused';
  // Read to a screen reader only when something needs the student: 「保存中…」 every 2 s would
  // interrupt their typing.
  return (
    <>
      <p className={warn ? styles.statusWarn : styles.status} data-save-status={status.kind}>
        {text}
      </p>
      <span className="visually-hidden" role="status">
        {warn ? text : ''}
      </span>
    </>
  );
}
