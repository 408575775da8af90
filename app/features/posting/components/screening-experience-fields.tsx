import { useEffect, useRef, useState } from 'react';
import { SCREENING_RESULTS, SCREENING_STEP_KINDS, type ScreeningStepKind } from '../../../db/enums';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Input } from '../../../ui/input';
import { RadioGroup } from '../../../ui/radio';
import { Select } from '../../../ui/select';
import { Textarea } from '../../../ui/textarea';
import { SCREENING_RESULT_LABELS, STEP_KIND_LABELS } from '../../posts/labels';
import { SCREENING_LIMITS, SCREENING_STEP_LIMITS } from '../../posts/types/screening-experience';
import { TitleField, YearField } from './common-fields';
import { FormSection } from './form-section';
import { flagOf, itemsOf, textOf, type Content } from './initial-values';
import { ListItemTools } from './list-item-tools';
import { useListItems } from './use-list-items';
import styles from './post-form.module.css';

const RESULT_OPTIONS = SCREENING_RESULTS.map((value) => ({ value, label: SCREENING_RESULT_LABELS[value] }));
const KIND_OPTIONS = SCREENING_STEP_KINDS.map((value) => ({ value, label: STEP_KIND_LABELS[value] }));
export const STEPS_MAX = 12;

function Step(props: { index: number; initial: Content; tools: React.ReactNode; focused: boolean }) {
  const { index, initial } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Again after each move of the same item: its position is part of what changed.
    if (props.focused && index >= 0) heading.current?.focus();
  }, [props.focused, index]);
  const [kind, setKind] = useState<string>(textOf(initial, 'kind'));
  const name = (field: string) => `steps.${index}.${field}`;
  return (
    <li className={styles.item}>
      <div className={styles.itemHeader}>
        <h3 ref={heading} tabIndex={-1} className={styles.itemTitle}>
          ステップ {index + 1}
        </h3>
        {props.tools}
      </div>
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
      <Textarea
        name={name('body')}
        label="このステップの内容"
        required
        rows={5}
        maxLength={SCREENING_STEP_LIMITS.body}
        defaultValue={textOf(initial, 'body')}
        hint="形式、時間、聞かれたこと、雰囲気など（10文字以上）。"
      />
    </li>
  );
}

export function ScreeningExperienceFields({ content }: { content?: Content }) {
  const steps = useListItems(itemsOf(content, 'steps', 1), { min: 1, max: STEPS_MAX });
  return (
    <>
      <FormSection title="基本情報">
        <TitleField content={content} placeholder="例：面接3回で内定、逆質問の準備が効きました" />
        <YearField name="graduationYear" label="卒業年度" required content={content} />
        <Input
          name="jobType"
          showCount
          label="職種"
          maxLength={SCREENING_LIMITS.jobType}
          defaultValue={textOf(content, 'jobType')}
          placeholder="例：総合職、エンジニア職"
        />
      </FormSection>
      <FormSection title="選考ステップ" description="受けた順に並べてください。追加・削除・並べ替えができます。">
        <ol className={styles.items}>
          {steps.items.map((item, index) => (
            <Step
              key={item.key}
              index={index}
              initial={item.initial}
              focused={steps.focusKey === item.key}
              tools={
                <ListItemTools
                  label={`ステップ${index + 1}`}
                  index={index}
                  count={steps.items.length}
                  canRemove={steps.canRemove}
                  onMove={(by) => steps.move(index, by)}
                  onRemove={() => steps.remove(index)}
                />
              }
            />
          ))}
        </ol>
        <Button type="button" variant="secondary" disabled={!steps.canAdd} onClick={() => steps.add()}>
          ＋ ステップを追加
        </Button>
      </FormSection>
      <FormSection title="結果と振り返り">
        <RadioGroup
          name="result"
          legend="選考結果"
          required
          orientation="horizontal"
          options={RESULT_OPTIONS}
          defaultValue={textOf(content, 'result')}
        />
        <Textarea
          name="reflection"
          label="振り返り"
          required
          rows={6}
          maxLength={SCREENING_LIMITS.reflection}
          defaultValue={textOf(content, 'reflection')}
          hint="うまくいったこと、準備しておけばよかったこと、後輩へのアドバイス（30文字以上）。"
        />
      </FormSection>
    </>
  );
}
