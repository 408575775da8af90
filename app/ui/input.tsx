import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useCharCount } from './char-count';
import { Field } from './field';
import { useField } from './use-field';
import styles from './input.module.css';

export type InputProps = Omit<ComponentPropsWithRef<'input'>, 'children'> & {
  label: ReactNode;
  /** Keeps the label for screen readers only, for fields whose purpose the layout already shows. */
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Japanese message shown under the field; also marks the input aria-invalid. */
  error?: string;
  /** Class of the outer field wrapper (for layout); the input itself keeps the shared look. */
  className?: string;
  /** Shows 「12 / 80文字」 under the field while typing (needs maxLength). Default false. */
  showCount?: boolean;
};

/**
 * A labelled text input. Every native prop (name, defaultValue, autoComplete, inputMode, ...) is
 * passed on, so it works inside a plain HTML form before hydration.
 */
export function Input({
  label,
  hideLabel,
  hint,
  error,
  className,
  id,
  type = 'text',
  required,
  showCount = false,
  ref,
  onChange,
  'aria-describedby': describedBy,
  ...rest
}: InputProps) {
  const count = useCharCount({
    value: rest.value,
    defaultValue: rest.defaultValue,
    maxLength: rest.maxLength,
    show: showCount,
    ref,
    onChange,
  });
  const field = useField({ id, name: rest.name, error, hasHint: hint != null, describedBy: [describedBy, count.countId] });
  return (
    <Field {...field.frame} label={label} hideLabel={hideLabel} required={required} hint={hint} className={className} aside={count.aside}>
      <input
        {...rest}
        {...field.control}
        ref={count.ref}
        onChange={count.onChange}
        type={type}
        required={required}
        className={styles.input}
      />
    </Field>
  );
}
