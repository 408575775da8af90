import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useCharCount } from './char-count';
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
  'aria-describedby': describedBy,
  ...rest
}: TextareaProps) {
  const count = useCharCount({ value, defaultValue, maxLength, limit: countLimit, show: showCount, ref, onChange });
  const field = useField({ id, name: rest.name, error, hasHint: hint != null, describedBy: [count.countId, describedBy] });
  return (
    <Field {...field.frame} label={label} hideLabel={hideLabel} required={required} hint={hint} className={className} aside={count.aside}>
      <textarea
        {...rest}
        {...field.control}
        ref={count.ref}
        rows={rows}
        required={required}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={count.onChange}
        className={styles.textarea}
      />
    </Field>
  );
}
