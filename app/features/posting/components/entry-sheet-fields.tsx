import { useEffect, useRef, useState } from 'react';
import { ENTRY_SHEET_RESULTS, SEASONS } from '../../../db/enums';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { RadioGroup } from '../../../ui/radio';
import { Textarea } from '../../../ui/textarea';
import { ENTRY_SHEET_RESULT_LABELS, SEASON_LABELS } from '../../posts/labels';
import { ENTRY_SHEET_LIMITS, ENTRY_SHEET_QUESTION_LIMITS, ENTRY_SHEET_QUESTIONS_MAX } from '../../posts/types/entry-sheet';
import { TitleField, YearField } from './common-fields';
import { FormSection } from './form-section';
import { itemsOf, numberOf, textOf, type Content } from './initial-values';
import { ListItemTools } from './list-item-tools';
import { useListItems } from './use-list-items';
import styles from './post-form.module.css';

const RESULT_OPTIONS = ENTRY_SHEET_RESULTS.map((value) => ({ value, label: ENTRY_SHEET_RESULT_LABELS[value] }));
const SEASON_OPTIONS = SEASONS.map((value) => ({ value, label: SEASON_LABELS[value] }));

function Question(props: { index: number; initial: Content; tools: React.ReactNode; focused: boolean }) {
  const { index, initial } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Again after each move of the same item: its position is part of what changed.
    if (props.focused && index >= 0) heading.current?.focus();
  }, [props.focused, index]);
  const [limit, setLimit] = useState<number | null>(numberOf(initial, 'limit'));
  const name = (field: string) => `questions.${index}.${field}`;
  return (
    <li className={styles.item}>
      <div className={styles.itemHeader}>
        <h3 ref={heading} tabIndex={-1} className={styles.itemTitle}>
          設問 {index + 1}
        </h3>
        {props.tools}
      </div>
      <Input
        name={name('question')}
        showCount
        label="設問"
        required
        maxLength={ENTRY_SHEET_QUESTION_LIMITS.question}
        defaultValue={textOf(initial, 'question')}
        placeholder="例：学生時代に最も力を入れたことを教えてください。"
      />
      <Input
        name={name('limit')}
        label="字数制限"
        inputMode="numeric"
        maxLength={4}
        defaultValue={textOf(initial, 'limit')}
        placeholder="例：400"
        hint="任意。指定があれば入力"
        onChange={(event) => {
          const value = Number(event.target.value.normalize('NFKC'));
          setLimit(Number.isInteger(value) && value > 0 ? value : null);
        }}
        className={styles.narrow}
      />
      <Textarea
        name={name('answer')}
        label={limit ? `回答（${limit}字以内）` : '回答'}
        required
        rows={8}
        maxLength={ENTRY_SHEET_QUESTION_LIMITS.answer}
        countLimit={limit ?? undefined}
        defaultValue={textOf(initial, 'answer')}
      />
    </li>
  );
}

export function EntrySheetFields({ content, selection }: { content?: Content; selection: 'intern' | 'recruit' }) {
  const questions = useListItems(itemsOf(content, 'questions', 1), { min: 1, max: ENTRY_SHEET_QUESTIONS_MAX });
  return (
    <>
      <FormSection title="基本情報">
        <TitleField
          content={content}
          placeholder={selection === 'intern' ? '例：サマーインターンのES（通過）' : '例：総合職の本選考ES（通過）'}
        />
        <YearField name="year" label="提出した年" required content={content} />
        {selection === 'intern' && (
          <RadioGroup
            name="season"
            legend="インターンの時期"
            orientation="horizontal"
            options={SEASON_OPTIONS}
            defaultValue={textOf(content, 'season')}
          />
        )}
        <Input
          name="jobType"
          showCount
          label="職種・コース"
          maxLength={ENTRY_SHEET_LIMITS.jobType}
          defaultValue={textOf(content, 'jobType')}
          placeholder="例：総合職"
        />
        <YearField name="graduationYear" label="あなたの卒業年度" content={content} hint="任意です。例：2027" />
      </FormSection>
      <FormSection title="設問と回答" description={`設問は${ENTRY_SHEET_QUESTIONS_MAX}問まで追加できます。`}>
        <ol className={styles.items}>
          {questions.items.map((item, index) => (
            <Question
              key={item.key}
              index={index}
              initial={item.initial}
              focused={questions.focusKey === item.key}
              tools={
                <ListItemTools
                  label={`設問${index + 1}`}
                  index={index}
                  count={questions.items.length}
                  canRemove={questions.canRemove}
                  onMove={(by) => questions.move(index, by)}
                  onRemove={() => questions.remove(index)}
                />
              }
            />
          ))}
        </ol>
        <Button type="button" variant="secondary" disabled={!questions.canAdd} onClick={() => questions.add()}>
          ＋ 設問を追加
        </Button>
      </FormSection>
      <FormSection title="結果">
        <RadioGroup
          name="result"
          legend="ESの結果"
          required
          orientation="horizontal"
          options={RESULT_OPTIONS}
          defaultValue={textOf(content, 'result')}
        />
      </FormSection>
    </>
  );
}
