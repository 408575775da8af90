import { SCREENING_RESULTS } from '../../../db/enums';
import { Textarea } from '../../../ui/textarea';
import { SCREENING_RESULT_LABELS } from '../../posts/labels';
import { SCREENING_LIMITS, SCREENING_STEP_LIMITS } from '../../posts/types/screening-experience';
import { ChoiceField, GraduationYearField, JobTypeField, TextAreaFields, TitleField } from './common-fields';
import { FormSection } from './form-section';
import { itemsOf, textOf, type Content } from './initial-values';
import { EditableList } from './list-item-tools';
import { SelectionStepFields } from './selection-step-fields';

const RESULT_OPTIONS = SCREENING_RESULTS.map((value) => ({ value, label: SCREENING_RESULT_LABELS[value] }));
export const STEPS_MAX = 12;

/** One step's fields and what happened in it. */
function StepFields({ index, initial }: { index: number; initial: Content }) {
  return (
    <SelectionStepFields index={index} initial={initial}>
      <Textarea
        name={`steps.${index}.body`}
        label="このステップの内容"
        required
        rows={5}
        maxLength={SCREENING_STEP_LIMITS.body}
        defaultValue={textOf(initial, 'body')}
        hint="形式、時間、聞かれたこと、雰囲気など（10文字以上）。"
      />
    </SelectionStepFields>
  );
}

const REFLECTION_TEXT = {
  reflection: { label: '振り返り', rows: 6, hint: 'うまくいったこと、準備しておけばよかったこと、後輩へのアドバイス（30文字以上）。' },
};

export function ScreeningExperienceFields({ content }: { content?: Content }) {
  return (
    <>
      <FormSection title="基本情報">
        <TitleField content={content} placeholder="例：面接3回で内定、逆質問の準備が効きました" />
        <GraduationYearField label="卒業年度" required content={content} />
        <JobTypeField content={content} label="職種" max={SCREENING_LIMITS.jobType} placeholder="例：総合職、エンジニア職" />
      </FormSection>
      <FormSection
        title="選考ステップ"
        description="受けた順に並べてください。追加・削除・並べ替えができます。日付・聞かれた質問・結果連絡は任意ですが、企業ごとの選考対策ページの集計に使われます。"
      >
        <EditableList initial={itemsOf(content, 'steps', 1)} limits={{ min: 1, max: STEPS_MAX }} itemName="ステップ">
          {(index, initial) => <StepFields index={index} initial={initial} />}
        </EditableList>
      </FormSection>
      <FormSection title="結果と振り返り">
        <ChoiceField content={content} name="result" legend="選考結果" options={RESULT_OPTIONS} />
        <TextAreaFields content={content} limits={SCREENING_LIMITS} fields={REFLECTION_TEXT} />
      </FormSection>
    </>
  );
}
