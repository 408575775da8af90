import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type ComponentPropsWithRef, type ReactNode } from 'react';
import { Field } from './field';
import { useField } from './use-field';
import styles from './textarea.module.css';

export type TextareaProps = Omit<ComponentPropsWithRef<'textarea'>, 'children'> & {
  label: ReactNode;
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Japanese message shown under the field; also marks the textarea aria-invalid. */
  error?: string;
  /** Shows 「12 / 400文字」 under the field when maxLength is set. Default true. */
  showCount?: boolean;
  /** Class of the outer field wrapper (for layout). */
  className?: string;
};

export function Textarea({
  label,
  hideLabel,
  hint,
  error,
  showCount = true,
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
  const withCount = showCount && maxLength !== undefined;
  const countId = useId();
  const field = useField({ id, name: rest.name, error, hasHint: hint != null, describedBy: [withCount && countId, describedBy] });

  const innerRef = useRef<HTMLTextAreaElement | null>(null);
  const [typedLength, setTypedLength] = useState(() => String(value ?? defaultValue ?? '').length);
  // A controlled value is the truth; otherwise follow what was typed.
  const length = value !== undefined ? String(value).length : typedLength;

  // Text typed before hydration, or restored by the browser on back navigation, fires no change event.
  useEffect(() => {
    if (innerRef.current) setTypedLength(innerRef.current.value.length);
  }, []);

  const setRefs = useCallback(
    (node: HTMLTextAreaElement | null) => {
      innerRef.current = node;
      if (typeof ref === 'function') return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );

  function handleChange(event: ChangeEvent<HTMLTextAreaElement>) {
    // String length counts UTF-16 units, the same unit the browser's maxLength enforces.
    setTypedLength(event.target.value.length);
    onChange?.(event);
  }

  return (
    <Field
      {...field.frame}
      label={label}
      hideLabel={hideLabel}
      required={required}
      hint={hint}
      className={className}
      aside={
        withCount ? (
          <span id={countId} className={styles.count}>
            {length} / {maxLength}文字
          </span>
        ) : undefined
      }
    >
      <textarea
        {...rest}
        {...field.control}
        ref={setRefs}
        rows={rows}
        required={required}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        className={styles.textarea}
      />
    </Field>
  );
}
