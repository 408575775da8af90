import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field } from './field';
import { useField } from './use-field';
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
  const field = useField({ id, name: rest.name, error, hasHint: hint != null, describedBy: [describedBy] });
  return (
    <Field {...field.frame} label={label} hideLabel={hideLabel} required={required} hint={hint} className={className}>
      <div className={styles.wrap}>
        <select {...rest} {...field.control} required={required} value={value} defaultValue={startValue} className={styles.select}>
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
          <path
            d="M3.5 6l4.5 4.5L12.5 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
    </Field>
  );
}
