import { useState } from 'react';
import { ENTRY_SHEET_RESULTS, SEASONS } from '../../../db/enums';
import { Input } from '../../../ui/input';
import { Textarea } from '../../../ui/textarea';
import { ENTRY_SHEET_RESULT_LABELS, SEASON_LABELS } from '../../posts/labels';
import { ENTRY_SHEET_LIMITS, ENTRY_SHEET_QUESTION_LIMITS, ENTRY_SHEET_QUESTIONS_MAX } from '../../posts/types/entry-sheet';
import { ChoiceField, GraduationYearField, JobTypeField, TitleField, YearField } from './common-fields';
import { FormSection } from './form-section';
import { itemsOf, numberOf, textOf, type Content } from './initial-values';
import { EditableList } from './list-item-tools';
import styles from './post-form.module.css';

const RESULT_OPTIONS = ENTRY_SHEET_RESULTS.map((value) => ({ value, label: ENTRY_SHEET_RESULT_LABELS[value] }));
const SEASON_OPTIONS = SEASONS.map((value) => ({ value, label: SEASON_LABELS[value] }));

/** One question's fields: the question, the company's character limit, and the answer counted against it. */
function QuestionFields({ index, initial }: { index: number; initial: Content }) {
  const [limit, setLimit] = useState<number | null>(numberOf(initial, 'limit'));
  const name = (field: string) => `questions.${index}.${field}`;
  return (
    <>
      {/* A question runs to two or three lines as companies write them: the box grows with it. */}
      <Textarea
        name={name('question')}
        label="設問"
        required
        grow
        rows={1}
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
    </>
  );
}

export function EntrySheetFields({ content, selection }: { content?: Content; selection: 'intern' | 'recruit' }) {
  return (
    <>
      <FormSection title="基本情報">
        <TitleField
          content={content}
          placeholder={selection === 'intern' ? '例：サマーインターンのES（通過）' : '例：総合職の本選考ES（通過）'}
        />
        <YearField name="year" label="提出した年" required content={content} />
        {selection === 'intern' && (
          <ChoiceField content={content} name="season" legend="インターンの時期" options={SEASON_OPTIONS} optional />
        )}
        <JobTypeField content={content} label="職種・コース" max={ENTRY_SHEET_LIMITS.jobType} placeholder="例：総合職" />
        <GraduationYearField label="あなたの卒業年度" content={content} />
      </FormSection>
      <FormSection title="設問と回答" description={`設問は${ENTRY_SHEET_QUESTIONS_MAX}問まで追加できます。`}>
        <EditableList initial={itemsOf(content, 'questions', 1)} limits={{ min: 1, max: ENTRY_SHEET_QUESTIONS_MAX }} itemName="設問">
          {(index, initial) => <QuestionFields index={index} initial={initial} />}
        </EditableList>
      </FormSection>
      <FormSection title="結果">
        <ChoiceField content={content} name="result" legend="ESの結果" options={RESULT_OPTIONS} />
      </FormSection>
    </>
  );
}
