import { useCallback, useEffect, useRef, type ChangeEvent, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useCharCount } from './char-count';
import { cx } from './cx';
import { Field } from './field';
import { useField } from './use-field';
import styles from './textarea.module.css';

export type TextareaProps = Omit<ComponentPropsWithRef<'textarea'>, 'children'> & {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Japanese message shown under the field; also marks the textarea aria-invalid. */
  error?: string;
  /** Shows 「12 / 400文字」 under the field when maxLength (or countLimit) is set. Default true. */
  showCount?: boolean;
  /** A softer limit to count against, shown as 「12 / 400字以内」 (an ES question's limit). */
  countLimit?: number;
  /** Class of the outer field wrapper (for layout). */
  className?: string;
  /**
   * Grows with what is typed, from one line (`rows`) up, instead of scrolling inside a fixed
   * box: for a short text that may run long, such as an ES question.
   */
  grow?: boolean;
};

export function Textarea({
  label,
  hideLabel,
  hint,
  error,
  showCount = true,
  countLimit,
  className,
  id,
  rows = 5,
  required,
  maxLength,
  value,
  defaultValue,
  onChange,
  ref,
  grow = false,
  'aria-describedby': describedBy,
  ...rest
}: TextareaProps) {
  const growing = useGrowingHeight(grow, onChange);
  const count = useCharCount({ value, defaultValue, maxLength, limit: countLimit, show: showCount, ref, onChange: growing.onChange });
  const field = useField({ id, name: rest.name, error, hasHint: hint != null, describedBy: [count.countId, describedBy] });
  const { element } = growing;
  const countRef = count.ref;
  const setRef = useCallback(
    (node: HTMLTextAreaElement | null) => {
      element.current = node;
      return countRef(node);
    },
    [element, countRef],
  );
  return (
    <Field {...field.frame} label={label} hideLabel={hideLabel} required={required} hint={hint} className={className} aside={count.aside}>
      <textarea
        {...rest}
        {...field.control}
        ref={setRef}
        rows={rows}
        required={required}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={count.onChange}
        className={cx(styles.textarea, grow && styles.grow)}
      />
    </Field>
  );
}

/**
 * The height of a growing textarea. CSS does it where the browser has `field-sizing: content`
 * (textarea.module.css); elsewhere the box is fitted to its text on each input, and once when it
 * is drawn (text given by the server, or restored by the browser).
 */
function useGrowingHeight(grow: boolean, onChange: TextareaProps['onChange']) {
  const element = useRef<HTMLTextAreaElement | null>(null);
  const fitHeight = useCallback(() => {
    const node = element.current;
    if (!grow || !node || CSS.supports('field-sizing', 'content')) return;
    const style = getComputedStyle(node);
    node.style.height = 'auto';
    node.style.height = `${node.scrollHeight + Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth)}px`;
  }, [grow]);
  useEffect(fitHeight, [fitHeight]);
  return {
    element,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
      fitHeight();
      onChange?.(event);
    },
  };
}
