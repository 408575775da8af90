// The fields of one selection step, shared by the 本選考体験記 and the インターン体験記's selection
// (issue 34): its kind, an interview's round and whether it was the final one, and the optional
// date, questions asked (聞かれた質問) and 結果連絡 (after how many days, and how).
import { useEffect, useRef, useState } from 'react';
import { RESULT_CHANNELS, SCREENING_STEP_KINDS, type ScreeningStepKind } from '../../../db/enums';
import { tokyoDate } from '../../../lib/tokyo-time';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { STEP_KIND_LABELS } from '../../posts/labels';
import { RESULT_CHANNEL_LABELS, RESULT_DAYS_MAX, STEP_QUESTION_LENGTH, STEP_QUESTIONS_MAX } from '../../posts/selection-steps';
import { flagOf, textOf, type Content } from './initial-values';
import { useListItems } from './use-list-items';
import styles from './post-form.module.css';

const KIND_OPTIONS = SCREENING_STEP_KINDS.map((value) => ({ value, label: STEP_KIND_LABELS[value] }));
const CHANNEL_OPTIONS = RESULT_CHANNELS.map((value) => ({ value, label: RESULT_CHANNEL_LABELS[value] }));

/** The questions of a step as the form's initial items (none: no field until one is added). */
function questionItems(initial: Content): Content[] {
  const value = initial.questions;
  return Array.isArray(value) ? value.map((question) => ({ text: typeof question === 'string' ? question : '' })) : [];
}

/** One question's field and its remove button; focus follows a question just added or moved to. */
function QuestionInput(props: { name: string; number: number; initial: string; focused: boolean; onRemove: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const { focused } = props;
  useEffect(() => {
    if (focused) field.current?.focus();
  }, [focused]);
  return (
    <li className={styles.questionItem}>
      <Input
        ref={field}
        name={props.name}
        label={`質問${props.number}`}
        maxLength={STEP_QUESTION_LENGTH}
        defaultValue={props.initial}
        placeholder="例：学生時代に力を入れたことは何ですか"
      />
      <Button type="button" variant="secondary" size="small" aria-label={`質問${props.number}を削除`} onClick={props.onRemove}>
        削除
      </Button>
    </li>
  );
}

/** 聞かれた質問: a list of one-line questions the student adds to, each removable. */
function QuestionList({ name, initial }: { name: (field: string) => string; initial: Content }) {
  const list = useListItems(questionItems(initial), { min: 0, max: STEP_QUESTIONS_MAX });
  return (
    <fieldset className={styles.questionSet}>
      <legend className={styles.questionLegend}>聞かれた質問（任意・{STEP_QUESTIONS_MAX}個まで）</legend>
      {list.items.length > 0 && (
        <ol className={styles.questionList}>
          {list.items.map((item, index) => (
            <QuestionInput
              key={item.key}
              name={name(`questions.${index}`)}
              number={index + 1}
              initial={textOf(item.initial, 'text')}
              focused={list.focusKey === item.key}
              onRemove={() => list.remove(index)}
            />
          ))}
        </ol>
      )}
      <Button type="button" variant="secondary" size="small" disabled={!list.canAdd} onClick={() => list.add()}>
        ＋ 質問を追加
      </Button>
    </fieldset>
  );
}

/** 結果連絡: after how many days the result came, and how (both optional). */
export function ResultContactFields(props: {
  names: { days: string; via: string };
  initial: { days: string; via: string };
  after: string;
}) {
  return (
    <div className={styles.inline}>
      <Input
        name={props.names.days}
        label="結果連絡まで（日後・任意）"
        inputMode="numeric"
        maxLength={3}
        defaultValue={props.initial.days}
        placeholder="例：3"
        hint={`${props.after}の何日後に結果が来たか（0〜${RESULT_DAYS_MAX}）`}
      />
      <Select
        name={props.names.via}
        label="結果連絡の方法（任意）"
        placeholder="選択してください"
        options={CHANNEL_OPTIONS}
        defaultValue={props.initial.via}
      />
    </div>
  );
}

/** One step's fields under `steps.{index}.`; `children` come after the kind (the 本選考体験記's text). */
export function SelectionStepFields({ index, initial, children }: { index: number; initial: Content; children?: React.ReactNode }) {
  const [kind, setKind] = useState<string>(textOf(initial, 'kind'));
  const name = (field: string) => `steps.${index}.${field}`;
  return (
    <>
      <Select
        name={name('kind')}
        label="選考ステップ"
        required
        placeholder="選択してください"
        options={KIND_OPTIONS}
        defaultValue={kind}
        onChange={(event) => setKind(event.target.value)}
      />
      {(kind as ScreeningStepKind) === 'interview' && (
        <div className={styles.inline}>
          <Input
            name={name('round')}
            label="何回目の面接か"
            inputMode="numeric"
            maxLength={2}
            defaultValue={textOf(initial, 'round')}
            placeholder="例：1"
          />
          <Checkbox name={name('final')} label="最終面接" defaultChecked={flagOf(initial, 'final')} />
        </div>
      )}
      <Input name={name('date')} type="date" label="日付（任意）" max={tokyoDate()} defaultValue={textOf(initial, 'date')} />
      {children}
      <QuestionList name={name} initial={initial} />
      <ResultContactFields
        names={{ days: name('resultDays'), via: name('resultVia') }}
        initial={{ days: textOf(initial, 'resultDays'), via: textOf(initial, 'resultVia') }}
        after="このステップ"
      />
    </>
  );
}
