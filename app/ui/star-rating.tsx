import { useId, useState, type ChangeEvent, type CSSProperties, type ReactNode } from 'react';
import { cx, joinIds } from './cx';
import { FieldError, FieldHint, RequiredMark } from './field';
import styles from './star-rating.module.css';

const MAX = 5;
const POINTS = [1, 2, 3, 4, 5] as const;

export type StarRatingSize = 'small' | 'medium';

export type StarRatingProps = {
  /** 0 to 5, fractions allowed (3.6 fills three stars and 60% of the fourth); null when there are no ratings. */
  value: number | null;
  size?: StarRatingSize;
  /** Shows the number after the stars, as 「3.6点」. */
  showValue?: boolean;
  className?: string;
};

/** Read-only stars for an average score, announced as 「5点中3.6点」. */
export function StarRating({ value, size = 'medium', showValue = false, className }: StarRatingProps) {
  const score = value === null ? null : Math.min(MAX, Math.max(0, value));
  const label = score === null ? '評価なし' : `${MAX}点中${formatScore(score)}点`;
  // One element painted through a star-shaped mask: lists show dozens of ratings, and five
  // SVGs per rating made pages heavy to render and to send.
  const fill = score === null ? 0 : (score / MAX) * 100;
  return (
    <span className={cx(styles.display, styles[size], className)}>
      <span role="img" aria-label={label} className={styles.stars} style={{ '--fill': `${fill}%` } as CSSProperties} />
      {showValue && (
        // Already in the image's label; shown for sighted readers only.
        <span className={styles.value} aria-hidden="true">
          {score === null ? '--' : `${score.toFixed(1)}点`}
        </span>
      )}
    </span>
  );
}

/** 3.6 → "3.6", 4 → "4", 3.65 → "3.7": one decimal at most, as averages are shown. */
function formatScore(score: number): string {
  return String(Math.round(score * 10) / 10);
}

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
  const autoId = useId();
  const groupId = id ?? autoId;
  const legendId = `${groupId}-legend`;
  const hintId = `${groupId}-hint`;
  const errorId = `${groupId}-error`;
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
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
      aria-describedby={joinIds(error && errorId, hint != null && hintId)}
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
                type="radio"
                className={cx('visually-hidden', styles.radio)}
                name={name}
                value={point}
                aria-label={`${point}点`}
                required={required}
                {...(controlled
                  ? { checked: current === point }
                  : { defaultChecked: defaultValue === point })}
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
      {error && <FieldError id={errorId}>{error}</FieldError>}
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
