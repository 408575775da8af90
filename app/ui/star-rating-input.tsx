import { useState, type ChangeEvent, type ReactNode } from 'react';
import { cx } from './cx';
import { FieldError, FieldHint, RequiredMark } from './field';
import type { StarRatingSize } from './star-rating';
import { useField } from './use-field';
import styles from './star-rating-input.module.css';

// The input lives apart from the read-only stars so that pages that only show ratings do
// not ship the form code.
const POINTS = [1, 2, 3, 4, 5] as const;

export type StarRatingInputProps = {
  /** The field name the chosen 1 to 5 posts under in a plain HTML form. */
  name: string;
  /** The question, e.g. 「総合評価」; it is the group's legend. */
  label: ReactNode;
  value?: number | null;
  defaultValue?: number | null;
  onChange?: (value: number) => void;
  required?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
  error?: string;
  size?: StarRatingSize;
  id?: string;
  className?: string;
};

/**
 * A 1 to 5 rating made of native radio buttons: arrow keys move the choice, it posts with the form
 * before hydration, and the stars fill up to the choice (and to the hovered star) in CSS alone.
 */
export function StarRatingInput({
  name,
  label,
  value,
  defaultValue = null,
  onChange,
  required,
  disabled,
  hint,
  error,
  size = 'medium',
  id,
  className,
}: StarRatingInputProps) {
  const field = useField({ id, name, error, hasHint: hint != null });
  const groupId = field.id;
  const legendId = `${groupId}-legend`;
  const { hintId, errorId } = field;
  const [chosen, setChosen] = useState<number | null>(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : chosen;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = Number(event.target.value);
    if (!controlled) setChosen(next);
    onChange?.(next);
  }

  return (
    <fieldset
      id={groupId}
      role="radiogroup"
      aria-labelledby={legendId}
      aria-invalid={field.error ? true : undefined}
      aria-required={required || undefined}
      aria-describedby={field.describedBy}
      disabled={disabled}
      className={cx(styles.input, styles[size], className)}
    >
      <legend className={styles.legend}>
        <span id={legendId}>{label}</span>
        {required && <RequiredMark />}
      </legend>
      {hint != null && <FieldHint id={hintId}>{hint}</FieldHint>}
      <div className={styles.row}>
        <div className={styles.choices}>
          {POINTS.map((point) => (
            <label key={point} className={styles.choice}>
              <input
                // The first star carries an id, so that an error summary can link to the group.
                id={point === 1 ? `${groupId}-1` : undefined}
                type="radio"
                className={cx('visually-hidden', styles.radio)}
                name={name}
                value={point}
                aria-label={`${point}点`}
                required={required}
                {...(controlled ? { checked: current === point } : { defaultChecked: defaultValue === point })}
                onChange={handleChange}
              />
              <StarIcon />
            </label>
          ))}
        </div>
        <span className={styles.chosen} aria-hidden="true">
          {current ? `${current}点` : '未選択'}
        </span>
      </div>
      {field.error && <FieldError id={errorId}>{field.error}</FieldError>}
    </fieldset>
  );
}

function StarIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.6l2.9 5.9 6.5.95-4.7 4.6 1.1 6.45L12 17.45 6.2 20.5l1.1-6.45-4.7-4.6 6.5-.95z" />
    </svg>
  );
}
