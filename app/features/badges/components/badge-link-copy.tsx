// The badge popup's 「リンクをコピー」 (issue 18): the clipboard with the product's (docs/product/badges.md#badge-kinds) bubble, or, where the
// browser gives no clipboard, the link in a field to copy by hand, focused and selected. The share
// links hold the state (useCopyText): the button sits among them, the field below them.
import { useEffect, useRef } from 'react';
import { CopyByHandField, type CopyState } from '../../../ui/copy-button';
import styles from './badge-popup.module.css';

export function CopyLinkButton({ state, onCopy }: { state: CopyState; onCopy: () => void }) {
  return (
    <span className={styles.copyWrap}>
      <button type="button" className={styles.shareLink} onClick={onCopy}>
        リンクをコピー
      </button>
      {state === 'copied' && (
        <span className={styles.bubble} role="status">
          リンクをコピーしました
        </span>
      )}
    </span>
  );
}

/** Shown once the clipboard failed: the link, focused and selected for the student to copy. */
export function CopyLinkByHand({ url }: { url: string }) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  return (
    <div className={styles.manualCopy} role="alert">
      <p className={styles.manualCopyText}>
        このブラウザではリンクを自動でコピーできませんでした。下のリンクを選択（スマートフォンでは長押し）してコピーしてください。
      </p>
      <CopyByHandField ref={field} className={styles.manualCopyInput} value={url} label="バッジの獲得状況ページのリンク" />
    </div>
  );
}
