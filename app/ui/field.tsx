import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import styles from './field.module.css';

// The label, hint and error frame shared by Input, Textarea, Select, Checkbox, RadioGroup and
// StarRatingInput, so that every form field in the site reads and is announced the same way.

/**
 * The visible 必須 tag. It is hidden from assistive technology where the control carries the
 * native `required` attribute (or aria-required), which screen readers already announce; reading
 * both would repeat it. `announce` reads 「（必須）」 instead, for a group no attribute can mark.
 */
export function RequiredMark({ announce = false }: { announce?: boolean }) {
  return (
    <>
      <span className={styles.required} aria-hidden="true">
        必須
      </span>
      {announce && <span className="visually-hidden">（必須）</span>}
    </>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.hint}>
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      <svg className={styles.errorIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.2v4.6" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
        <circle cx="8" cy="11.4" r="1" fill="#fff" />
      </svg>
      <span>{children}</span>
    </p>
  );
}

type FieldProps = {
  controlId: string;
  label: ReactNode;
  hideLabel?: boolean;
  required?: boolean;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  /** Shown at the end of the line under the control, e.g. a character count. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** Label above, hint under the label (still visible while a phone keyboard is open), error under the control. */
export function Field({ controlId, label, hideLabel, required, hint, hintId, error, errorId, aside, className, children }: FieldProps) {
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={controlId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
        {required && <RequiredMark />}
      </label>
      {hint != null && <FieldHint id={hintId}>{hint}</FieldHint>}
      {children}
      {(error || aside != null) && (
        <div className={styles.below}>
          {error && <FieldError id={errorId}>{error}</FieldError>}
          {aside}
        </div>
      )}
    </div>
  );
}

export type FieldGroupProps = Omit<ComponentPropsWithRef<'fieldset'>, 'children'> & {
  legend: ReactNode;
  hideLegend?: boolean;
  required?: boolean;
  /** Reads 「（必須）」 with the legend, for groups whose controls cannot carry `required` themselves. */
  announceRequired?: boolean;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  children: ReactNode;
};

/** A fieldset with a legend, for groups of radios or checkboxes that answer one question. */
export function FieldGroup({
  legend,
  hideLegend,
  required,
  announceRequired = false,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
  ...rest
}: FieldGroupProps) {
  return (
    <fieldset {...rest} className={cx(styles.group, className)}>
      <legend className={hideLegend ? 'visually-hidden' : styles.legend}>
        {legend}
        {required && <RequiredMark announce={announceRequired} />}
      </legend>
      {hint != null && <FieldHint id={hintId}>{hint}</FieldHint>}
      {children}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
