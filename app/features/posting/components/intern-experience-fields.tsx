import { INTERN_FORMATS, SEASONS } from '../../../db/enums';
import { Input } from '../../../ui/input';
import { RadioGroup } from '../../../ui/radio';
import { StarRatingInput } from '../../../ui/star-rating-input';
import { Textarea } from '../../../ui/textarea';
import { RATING_ITEMS } from '../../companies/rating-items';
import { INTERN_FORMAT_LABELS, SEASON_LABELS } from '../../posts/labels';
import { INTERN_LIMITS } from '../../posts/types/intern-experience';
import { TitleField, YearField } from './common-fields';
import { numberOf, textOf, type Content } from './initial-values';
import { FormSection } from './form-section';

const SEASON_OPTIONS = SEASONS.map((value) => ({ value, label: SEASON_LABELS[value] }));
const FORMAT_OPTIONS = INTERN_FORMATS.map((value) => ({ value, label: INTERN_FORMAT_LABELS[value] }));

export function InternExperienceFields({ content }: { content?: Content }) {
  return (
    <>
      <FormSection title="プログラム">
        <TitleField content={content} placeholder="例：5日間の新規事業立案インターンに参加して" />
        <YearField name="year" label="開催年" required content={content} />
        <RadioGroup
          name="season"
          legend="開催時期"
          required
          orientation="horizontal"
          options={SEASON_OPTIONS}
          defaultValue={textOf(content, 'season')}
        />
        <Input
          name="theme"
          label="プログラムのテーマ"
          required
          maxLength={INTERN_LIMITS.theme}
          showCount
          defaultValue={textOf(content, 'theme')}
          placeholder="例：新規事業の立案"
        />
        <RadioGroup
          name="format"
          legend="開催形式"
          required
          orientation="horizontal"
          options={FORMAT_OPTIONS}
          defaultValue={textOf(content, 'format')}
        />
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
        <Input
          name="jobType"
          showCount
          label="職種・コース"
          maxLength={INTERN_LIMITS.jobType}
          defaultValue={textOf(content, 'jobType')}
          placeholder="例：ビジネスコース"
        />
        <YearField name="graduationYear" label="あなたの卒業年度" content={content} hint="任意です。例：2027" />
      </FormSection>
      <FormSection title="内容">
        <Textarea
          name="overview"
          label="内容"
          required
          rows={8}
          maxLength={INTERN_LIMITS.overview}
          defaultValue={textOf(content, 'overview')}
          hint="1日ごとの流れ、取り組んだ課題、社員の関わり方など（30文字以上）。"
        />
        <Textarea
          name="flow"
          label="選考フロー"
          required
          rows={4}
          maxLength={INTERN_LIMITS.flow}
          defaultValue={textOf(content, 'flow')}
          hint="例：ES → Webテスト → 面接1回"
        />
        <Textarea
          name="impressions"
          label="感想"
          required
          rows={6}
          maxLength={INTERN_LIMITS.impressions}
          defaultValue={textOf(content, 'impressions')}
          hint="参加してよかった点、気になった点、これから参加する人へのアドバイス（30文字以上）。"
        />
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
