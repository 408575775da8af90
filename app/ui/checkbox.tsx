import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx, joinIds } from './cx';
import { useField } from './use-field';
import { FieldError, FieldGroup } from './field';
import choice from './choice.module.css';
import styles from './checkbox.module.css';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> & {
  label: ReactNode;
  /** A second, quieter line under the label. */
  description?: ReactNode;
  /** For a lone checkbox such as 「利用規約に同意する」; in a group, give the error to CheckboxGroup. */
  error?: string;
  /** Class of the outer wrapper. */
  className?: string;
};

/** A native checkbox, restyled; the whole row (at least 44px high) is its label. */
export function Checkbox({ label, description, error, className, id, 'aria-describedby': describedBy, ...rest }: CheckboxProps) {
  // A checkbox of a group gets no message of its own: CheckboxGroup shows the group's.
  const field = useField({ id, error });
  const inputId = field.id;
  const descriptionId = `${inputId}-description`;
  const errorId = field.errorId;
  return (
    <div className={cx(styles.root, className)}>
      <label className={choice.row}>
        <input
          {...rest}
          id={inputId}
          type="checkbox"
          className={styles.box}
          aria-invalid={error ? true : undefined}
          aria-describedby={joinIds(error && errorId, description != null && descriptionId, describedBy)}
        />
        <span className={choice.label}>{label}</span>
      </label>
      {/* Outside the label, so that it is read as a description and not as part of the name. */}
      {description != null && (
        <p id={descriptionId} className={choice.description}>
          {description}
        </p>
      )}
      {error && (
        <div className={styles.error}>
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )}
    </div>
  );
}

export type CheckboxGroupProps = Omit<ComponentPropsWithRef<'fieldset'>, 'children'> & {
  legend: ReactNode;
  hideLegend?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Shows 必須; say in the hint how many must be chosen, since browsers cannot check a group. */
  required?: boolean;
  orientation?: 'vertical' | 'horizontal';
  /** The checkboxes' name: inside a ValidatedForm, the group shows the form's message for it. */
  name?: string;
  /** Checkbox elements. */
  children: ReactNode;
};

/** Several checkboxes that answer one question (e.g. 志望業界), with one legend and one error. */
export function CheckboxGroup({
  legend,
  hideLegend,
  hint,
  error,
  required,
  orientation = 'vertical',
  children,
  id,
  name,
  'aria-describedby': describedBy,
  ...rest
}: CheckboxGroupProps) {
  const field = useField({ id, name, error, hasHint: hint != null, describedBy: [describedBy] });
  return (
    <FieldGroup
      {...rest}
      {...field.group}
      {...field.control}
      legend={legend}
      hideLegend={hideLegend}
      required={required}
      // A browser cannot require "one of these checkboxes", so the group says it in words.
      announceRequired
      hint={hint}
    >
      <div className={orientation === 'horizontal' ? choice.horizontal : choice.vertical}>{children}</div>
    </FieldGroup>
  );
}
