import { createContext, use, useId, type ChangeEvent, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx, joinIds } from './cx';
import { FieldGroup } from './field';
import { useField } from './use-field';
import choice from './choice.module.css';
import styles from './radio.module.css';

type RadioGroupContextValue = {
  name: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  invalid: boolean;
};

const RadioGroupContext = createContext<RadioGroupContextValue | null>(null);

export type RadioProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children' | 'value'> & {
  value: string;
  label: ReactNode;
  /** A second, quieter line under the label. */
  description?: ReactNode;
  /** Class of the outer wrapper. */
  className?: string;
};

/**
 * A native radio button, restyled; the whole row (at least 44px high) is its label. Inside a
 * RadioGroup it takes its name, checked state and change handler from the group.
 */
export function Radio({ value, label, description, className, id, onChange, 'aria-describedby': describedBy, ...rest }: RadioProps) {
  const group = use(RadioGroupContext);
  const autoId = useId();
  const inputId = id ?? autoId;
  const descriptionId = `${inputId}-description`;

  // Only what the group actually sets, so a Radio's own props (defaultChecked, say) still apply.
  const fromGroup = group
    ? {
        name: group.name,
        ...(group.required && { required: true }),
        ...(group.disabled && { disabled: true }),
        ...(group.value !== undefined && { checked: group.value === value }),
        ...(group.defaultValue !== undefined && { defaultChecked: group.defaultValue === value }),
        ...(group.invalid && { 'aria-invalid': true }),
      }
    : {};

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    onChange?.(event);
    if (event.target.checked) group?.onChange?.(value);
  }

  return (
    <div className={cx(styles.root, className)}>
      <label className={choice.row}>
        <input
          {...rest}
          {...fromGroup}
          id={inputId}
          type="radio"
          value={value}
          onChange={handleChange}
          className={styles.circle}
          aria-describedby={joinIds(description != null && descriptionId, describedBy)}
        />
        <span className={choice.label}>{label}</span>
      </label>
      {description != null && (
        <p id={descriptionId} className={choice.description}>
          {description}
        </p>
      )}
    </div>
  );
}

export type RadioOption = { value: string; label: ReactNode; description?: ReactNode; disabled?: boolean };

export type RadioGroupProps = Omit<ComponentPropsWithRef<'fieldset'>, 'children' | 'onChange' | 'defaultValue'> & {
  legend: ReactNode;
  hideLegend?: boolean;
  /** The name every radio posts under. */
  name: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** The choices; or pass Radio elements as children. */
  options?: readonly RadioOption[];
  children?: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  orientation?: 'vertical' | 'horizontal';
};

/** One question answered by one choice: a fieldset with a legend, a hint and one error for the group. */
export function RadioGroup({
  legend,
  hideLegend,
  name,
  value,
  defaultValue,
  onChange,
  options,
  children,
  hint,
  error,
  required,
  disabled,
  orientation = 'vertical',
  id,
  'aria-describedby': describedBy,
  ...rest
}: RadioGroupProps) {
  const field = useField({ id, name, error, hasHint: hint != null, describedBy: [describedBy] });
  const legendId = `${field.id}-legend`;
  return (
    <RadioGroupContext value={{ name, value, defaultValue, onChange, required, disabled, invalid: Boolean(field.error) }}>
      <FieldGroup
        {...rest}
        {...field.group}
        {...field.control}
        // radiogroup (not the fieldset's implicit group) is the role that may carry aria-invalid and aria-required.
        role="radiogroup"
        aria-labelledby={legendId}
        aria-required={required || undefined}
        legend={<span id={legendId}>{legend}</span>}
        hideLegend={hideLegend}
        required={required}
        hint={hint}
        disabled={disabled}
      >
        <div className={orientation === 'horizontal' ? choice.horizontal : choice.vertical}>
          {options?.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={option.label}
              description={option.description}
              disabled={option.disabled}
            />
          ))}
          {children}
        </div>
      </FieldGroup>
    </RadioGroupContext>
  );
}
