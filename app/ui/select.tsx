import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { joinIds } from './cx';
import { Field } from './field';
import styles from './select.module.css';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'children'> & {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Japanese message shown under the field; also marks the select aria-invalid. */
  error?: string;
  /** The choices; or pass <option> / <optgroup> elements as children. */
  options?: readonly SelectOption[];
  /** Text of a first, empty option such as 「選択してください」. */
  placeholder?: string;
  children?: ReactNode;
  /** Class of the outer field wrapper (for layout). */
  className?: string;
};

export function Select({
  label,
  hideLabel,
  hint,
  error,
  options,
  placeholder,
  children,
  className,
  id,
  required,
  value,
  defaultValue,
  'aria-describedby': describedBy,
  ...rest
}: SelectProps) {
  // A disabled option is never picked by default, so the placeholder is selected explicitly.
  const startValue = placeholder !== undefined && value === undefined && defaultValue === undefined ? '' : defaultValue;
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  return (
    <Field
      controlId={selectId}
      label={label}
      hideLabel={hideLabel}
      required={required}
      hint={hint}
      hintId={hintId}
      error={error}
      errorId={errorId}
      className={className}
    >
      <div className={styles.wrap}>
        <select
          {...rest}
          id={selectId}
          required={required}
          value={value}
          defaultValue={startValue}
          className={styles.select}
          aria-invalid={error ? true : undefined}
          aria-describedby={joinIds(error && errorId, hint != null && hintId, describedBy)}
        >
          {placeholder !== undefined && (
            // For a required field the empty choice cannot be picked back, so the browser's
            // required check keeps working; an optional field can be cleared with it.
            <option value="" disabled={required}>
              {placeholder}
            </option>
          )}
          {options?.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
        <svg className={styles.chevron} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3.5 6l4.5 4.5L12.5 6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </Field>
  );
}
