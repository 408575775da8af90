import { INTERN_FORMATS, SEASONS } from '../../../db/enums';
import { Input } from '../../../ui/input';
import { StarRatingInput } from '../../../ui/star-rating-input';
import { RATING_ITEMS } from '../../companies/rating-items';
import { INTERN_FORMAT_LABELS, SEASON_LABELS } from '../../posts/labels';
import { INTERN_LIMITS, INTERN_STEPS_MAX } from '../../posts/types/intern-experience';
import { ChoiceField, GraduationYearField, JobTypeField, TextAreaFields, TitleField, YearField } from './common-fields';
import { itemsOf, numberOf, textOf, type Content } from './initial-values';
import { EditableList } from './list-item-tools';
import { SelectionStepFields } from './selection-step-fields';
import { FormSection } from './form-section';

const SEASON_OPTIONS = SEASONS.map((value) => ({ value, label: SEASON_LABELS[value] }));
const FORMAT_OPTIONS = INTERN_FORMATS.map((value) => ({ value, label: INTERN_FORMAT_LABELS[value] }));

const INTERN_TEXTS = {
  overview: { label: '内容', rows: 8, hint: '1日ごとの流れ、取り組んだ課題、社員の関わり方など（30文字以上）。' },
  flow: { label: '選考フロー', rows: 4, hint: '例：ES → Webテスト → 面接1回' },
  impressions: { label: '感想', rows: 6, hint: '参加してよかった点、気になった点、これから参加する人へのアドバイス（30文字以上）。' },
};

export function InternExperienceFields({ content }: { content?: Content }) {
  return (
    <>
      <FormSection title="プログラム">
        <TitleField content={content} placeholder="例：5日間の新規事業立案インターンに参加して" />
        <YearField name="year" label="開催年" required content={content} />
        <ChoiceField content={content} name="season" legend="開催時期" options={SEASON_OPTIONS} />
        <Input
          name="theme"
          label="プログラムのテーマ"
          required
          maxLength={INTERN_LIMITS.theme}
          showCount
          defaultValue={textOf(content, 'theme')}
          placeholder="例：新規事業の立案"
        />
        <ChoiceField content={content} name="format" legend="開催形式" options={FORMAT_OPTIONS} />
        <Input
          name="days"
          label="期間（日数）"
          required
          inputMode="numeric"
          maxLength={3}
          defaultValue={textOf(content, 'days')}
          placeholder="例：5"
          hint="半日のプログラムは1日としてください。"
        />
        <JobTypeField content={content} label="職種・コース" max={INTERN_LIMITS.jobType} placeholder="例：ビジネスコース" />
        <GraduationYearField label="あなたの卒業年度" content={content} />
      </FormSection>
      <FormSection title="内容">
        <TextAreaFields content={content} limits={INTERN_LIMITS} fields={INTERN_TEXTS} />
      </FormSection>
      <FormSection
        title="選考ステップ（任意）"
        description="インターンの選考を受けた順に追加できます。日付・聞かれた質問・結果連絡は、企業ごとの選考対策ページの集計に使われます。"
      >
        <EditableList initial={itemsOf(content, 'steps', 0)} limits={{ min: 0, max: INTERN_STEPS_MAX }} itemName="ステップ">
          {(index, initial) => <SelectionStepFields index={index} initial={initial} />}
        </EditableList>
      </FormSection>
      <FormSection title="評価" description="9つの項目すべてを、1〜5の星で選んでください。">
        {RATING_ITEMS.map((item) => (
          <StarRatingInput
            key={item.key}
            name={`ratings.${item.key}`}
            label={item.label}
            required
            defaultValue={numberOf(content, `ratings.${item.key}`)}
          />
        ))}
      </FormSection>
    </>
  );
}
