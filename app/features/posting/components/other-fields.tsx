// The forms of the shorter content types: 学生クチコミ, 企業研究レポート, 就活サービス口コミ, 就活速報.
import { Input } from '../../../ui/input';
import { RadioGroup } from '../../../ui/radio';
import { StarRatingInput } from '../../../ui/star-rating-input';
import { Textarea } from '../../../ui/textarea';
import { COMPANY_STUDY_LIMITS, COMPANY_STUDY_SECTIONS } from '../../posts/types/company-study';
import { QUICK_EVENTS, QUICK_REPORT_LIMITS } from '../../posts/types/jobhunt-prompt-report';
import { SERVICE_REVIEW_LIMITS } from '../../posts/types/recruit-service-review';
import { STUDENT_WORD_MOUTH_LIMITS, WORD_MOUTH_CATEGORIES } from '../../posts/types/student-word-mouth';
import { TitleField, YearField } from './common-fields';
import { FormSection } from './form-section';
import { numberOf, textOf, type Content } from './initial-values';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function StudentWordMouthFields({ content }: { content?: Content }) {
  return (
    <FormSection title="クチコミ">
      <RadioGroup
        name="category"
        legend="カテゴリ"
        required
        orientation="horizontal"
        options={options(WORD_MOUTH_CATEGORIES)}
        defaultValue={textOf(content, 'category')}
      />
      <TitleField content={content} placeholder="例：社員の方が率直に答えてくれる説明会でした" />
      <StarRatingInput name="rating" label="総合評価" required defaultValue={numberOf(content, 'rating')} />
      <Textarea
        name="body"
        label="本文"
        required
        rows={10}
        maxLength={STUDENT_WORD_MOUTH_LIMITS.body}
        defaultValue={textOf(content, 'body')}
        hint="見聞きしたこと、感じたことを具体的に（50文字以上）。個人が特定できる内容は書かないでください。"
      />
      <YearField name="graduationYear" label="あなたの卒業年度" content={content} hint="任意です。例：2027" />
    </FormSection>
  );
}

const STUDY_HINTS: Record<keyof typeof COMPANY_STUDY_SECTIONS, string> = {
  business: '何で稼いでいるか、主な顧客と製品・サービス（30文字以上）。',
  analysis: '競合と比べた強み、これからの課題（30文字以上）。',
  motivation: '調べてわかったことのうち、志望動機に使えそうなこと（30文字以上）。',
};

export function CompanyStudyFields({ content }: { content?: Content }) {
  return (
    <FormSection title="企業研究">
      <TitleField content={content} placeholder="例：IR資料から読み解く事業の強みと課題" />
      {(Object.keys(COMPANY_STUDY_SECTIONS) as Array<keyof typeof COMPANY_STUDY_SECTIONS>).map((key) => (
        <Textarea
          key={key}
          name={key}
          label={COMPANY_STUDY_SECTIONS[key]}
          required
          rows={8}
          maxLength={COMPANY_STUDY_LIMITS[key]}
          defaultValue={textOf(content, key)}
          hint={STUDY_HINTS[key]}
        />
      ))}
    </FormSection>
  );
}

export function ServiceReviewFields({ content }: { content?: Content }) {
  return (
    <FormSection title="口コミ">
      <TitleField content={content} placeholder="例：スカウトが多く、業界を広げるきっかけになりました" />
      <StarRatingInput name="rating" label="総合評価" required defaultValue={numberOf(content, 'rating')} />
      <Textarea
        name="good"
        label="良かった点"
        required
        rows={6}
        maxLength={SERVICE_REVIEW_LIMITS.good}
        defaultValue={textOf(content, 'good')}
        hint="20文字以上"
      />
      <Textarea
        name="bad"
        label="気になった点"
        required
        rows={6}
        maxLength={SERVICE_REVIEW_LIMITS.bad}
        defaultValue={textOf(content, 'bad')}
        hint="20文字以上"
      />
    </FormSection>
  );
}

/** Today in Japan as YYYY-MM-DD (the latest date a quick report can be about). */
function todayInJapan(): string {
  return new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
}

export function QuickReportFields({ content }: { content?: Content }) {
  return (
    <FormSection title="速報">
      <RadioGroup
        name="event"
        legend="できごと"
        required
        orientation="horizontal"
        options={options(QUICK_EVENTS)}
        defaultValue={textOf(content, 'event')}
      />
      <Input
        name="eventDate"
        type="date"
        label="日付"
        required
        max={todayInJapan()}
        defaultValue={textOf(content, 'eventDate')}
        hint="結果の連絡や面接があった日"
      />
      <TitleField content={content} placeholder="例：一次面接の結果が3日後にメールで届きました" />
      <Textarea
        name="report"
        label="本文"
        required
        rows={6}
        maxLength={QUICK_REPORT_LIMITS.report}
        defaultValue={textOf(content, 'report')}
        hint="何があったか、連絡の方法や時期など（20文字以上）。"
      />
      <YearField name="graduationYear" label="あなたの卒業年度" content={content} hint="任意です。例：2027" />
    </FormSection>
  );
}
