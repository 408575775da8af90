import { type Ref, useEffect, useState } from 'react';
import { Button } from './button';
import styles from './copy-button.module.css';

/** How long 「…をコピーしました」 shows above the button (the copy bubble of docs/product/texts-timings-sizes.md#timings: 2 s). */
export const COPIED_BUBBLE_MS = 2000;

/** The clipboard, where the browser gives it: missing without HTTPS, refused when access is denied. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A copy's outcome: the bubble of docs/product/README.md, or the text to copy by hand. */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copying `text` with the site's feedback: `copy` tries the clipboard; the state is 'copied' for
 * the 2 s of the bubble, or 'failed' (then `onFailed` runs) until the next try.
 */
export function useCopyText(text: string, onFailed?: () => void): { state: CopyState; copy: () => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_BUBBLE_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    const copied = await copyText(text);
    setState(copied ? 'copied' : 'failed');
    if (!copied) onFailed?.();
  };
  return { state, copy };
}

/** A read-only field that shows `value` to copy by hand: focusing it selects it all. */
export function CopyByHandField({
  ref,
  className,
  value,
  label,
}: {
  ref?: Ref<HTMLInputElement>;
  className?: string;
  value: string;
  label: string;
}) {
  return (
    <input
      ref={ref}
      className={className}
      type="text"
      readOnly
      value={value}
      aria-label={label}
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}

/**
 * A button that copies `text`, with the site's feedback (the badge popup's): a bubble
 * 「{copiedLabel}」 for 2 s, or, where the clipboard is unavailable, a message asking to copy by
 * hand, after which `onFailed` puts the text in front of the student (focus and select a field
 * that shows it).
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  failedMessage,
  onFailed,
}: {
  text: string;
  label: string;
  copiedLabel: string;
  failedMessage: string;
  onFailed: () => void;
}) {
  const { state, copy } = useCopyText(text, onFailed);
  return (
    <>
      <span className={styles.wrap}>
        <Button
          type="button"
          variant="secondary"
          icon={
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
              <rect x="7" y="7" width="10" height="10" rx="1.5" />
              <path d="M13 4.5V4a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h.5" />
            </svg>
          }
          onClick={copy}
        >
          {label}
        </Button>
        {/* Always there, empty until a copy, so that screen readers announce the words. */}
        <span className={state === 'copied' ? styles.bubble : undefined} role="status">
          {state === 'copied' ? copiedLabel : ''}
        </span>
      </span>
      {state === 'failed' && (
        <p className={styles.failed} role="alert">
          {failedMessage}
        </p>
      )}
    </>
  );
}
