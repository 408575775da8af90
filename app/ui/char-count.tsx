import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { restoreTypedBeforeHydration } from '../lib/typed-before-hydration';
import styles from './char-count.module.css';

// The live 「12 / 400文字」 under a text field (Input, Textarea): the length limit is shown while
// the student types. `limit` (an ES question's 「400字以内」) is counted against instead of the
// hard maximum, and the count turns red past it.

type Options<E extends HTMLInputElement | HTMLTextAreaElement> = {
  value?: unknown;
  defaultValue?: unknown;
  maxLength?: number;
  limit?: number;
  show: boolean;
  ref?: Ref<E>;
  onChange?: (event: ChangeEvent<E>) => void;
};

export function useCharCount<E extends HTMLInputElement | HTMLTextAreaElement>(options: Options<E>) {
  const { value, defaultValue, maxLength, limit, show, ref, onChange } = options;
  const countId = useId();
  const shown = show && (maxLength !== undefined || limit !== undefined);
  const innerRef = useRef<E | null>(null);
  const [typedLength, setTypedLength] = useState(() => String(value ?? defaultValue ?? '').length);
  // A controlled value is the truth; otherwise follow what was typed.
  const length = value !== undefined ? String(value).length : typedLength;

  // Text typed before hydration, or restored by the browser on back navigation, fires no change event.
  useEffect(() => {
    if (innerRef.current) setTypedLength(innerRef.current.value.length);
  }, []);

  const setRefs = useCallback(
    (node: E | null) => {
      innerRef.current = node;
      // Attached during hydration's commit, before any effect reads the field.
      if (node instanceof HTMLTextAreaElement) restoreTypedBeforeHydration(node);
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );

  function handleChange(event: ChangeEvent<E>) {
    // String length counts UTF-16 units, the same unit the browser's maxLength enforces.
    setTypedLength(event.target.value.length);
    onChange?.(event);
  }

  const over = limit !== undefined && length > limit;
  const aside = shown ? (
    <span id={countId} className={over ? styles.over : styles.count}>
      {limit !== undefined ? `${length} / ${limit}字以内` : `${length} / ${maxLength}文字`}
    </span>
  ) : undefined;
  return { countId: shown ? countId : undefined, aside, ref: setRefs, onChange: handleChange };
}
