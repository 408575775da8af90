import { cx } from './cx';
import styles from './step-icon.module.css';

export type StepState = 'done' | 'current' | 'todo';

export type StepIconProps = {
  /** Step names in order, e.g. ['ES提出', '1次面接通過', '2次面接以降通過', '内定', '入社']. */
  steps: readonly string[];
  /** Index of the current step: the ones before it are done, the ones after still to come. -1 for none yet. */
  current: number;
  /** Names the list for screen readers. */
  label?: string;
  size?: 'small' | 'medium';
  className?: string;
};

/** A selection's progress as numbered circles joined by a line, with the step names under them. */
export function StepIcon({ steps, current, label = '選考ステップ', size = 'medium', className }: StepIconProps) {
  return (
    <ol aria-label={label} className={cx(styles.steps, styles[size], className)}>
      {steps.map((step, index) => {
        const state: StepState = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={`${index}-${step}`} className={cx(styles.step, styles[state])} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.circle} aria-hidden="true">
              {state === 'done' ? <CheckIcon /> : index + 1}
            </span>
            <span className={styles.label}>
              {step}
              {state === 'done' && <span className="visually-hidden">（完了）</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" focusable="false">
      <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
