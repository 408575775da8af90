import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { joinIds } from './cx';
import { Field } from './field';
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
  'aria-describedby': describedBy,
  ...rest
}: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <Field
      controlId={inputId}
      label={label}
      hideLabel={hideLabel}
      required={required}
      hint={hint}
      hintId={hintId}
      error={error}
      errorId={errorId}
      className={className}
    >
      <input
        {...rest}
        id={inputId}
        type={type}
        required={required}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        // The error first: it is what the student has to act on.
        aria-describedby={joinIds(error && errorId, hint != null && hintId, describedBy)}
      />
    </Field>
  );
}
