// The forms of the shorter content types: 学生クチコミ, 企業研究レポート, 就活サービス口コミ, 就活速報.
import { tokyoDate } from '../../../lib/tokyo-time';
import { STEP_OUTCOMES } from '../../../db/enums';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { QUICK_STEP_KEYS, STEP_OUTCOME_LABELS, stepKeyLabel } from '../../posts/selection-steps';
import { StarRatingInput } from '../../../ui/star-rating-input';
import { COMPANY_STUDY_LIMITS, COMPANY_STUDY_SECTIONS } from '../../posts/types/company-study';
import { QUICK_EVENTS, QUICK_REPORT_LIMITS } from '../../posts/types/jobhunt-prompt-report';
import { SERVICE_REVIEW_LIMITS } from '../../posts/types/recruit-service-review';
import { STUDENT_WORD_MOUTH_LIMITS, WORD_MOUTH_CATEGORIES } from '../../posts/types/student-word-mouth';
import { ChoiceField, GraduationYearField, TextAreaFields, TitleField } from './common-fields';
import styles from './post-form.module.css';
import { ResultContactFields } from './selection-step-fields';
import { FormSection } from './form-section';
import { numberOf, textOf, type Content } from './initial-values';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const WORD_MOUTH_TEXT = {
  body: { label: '本文', rows: 10, hint: '見聞きしたこと、感じたことを具体的に（50文字以上）。個人が特定できる内容は書かないでください。' },
};

export function StudentWordMouthFields({ content }: { content?: Content }) {
  return (
    <FormSection title="クチコミ">
      <ChoiceField content={content} name="category" legend="カテゴリ" options={options(WORD_MOUTH_CATEGORIES)} />
      <TitleField content={content} placeholder="例：社員の方が率直に答えてくれる説明会でした" />
      <StarRatingInput name="rating" label="総合評価" required defaultValue={numberOf(content, 'rating')} />
      <TextAreaFields content={content} limits={STUDENT_WORD_MOUTH_LIMITS} fields={WORD_MOUTH_TEXT} />
      <GraduationYearField label="あなたの卒業年度" content={content} />
    </FormSection>
  );
}

const STUDY_TEXTS = {
  business: { label: COMPANY_STUDY_SECTIONS.business, rows: 8, hint: '何で稼いでいるか、主な顧客と製品・サービス（30文字以上）。' },
  analysis: { label: COMPANY_STUDY_SECTIONS.analysis, rows: 8, hint: '競合と比べた強み、これからの課題（30文字以上）。' },
  motivation: {
    label: COMPANY_STUDY_SECTIONS.motivation,
    rows: 8,
    hint: '調べてわかったことのうち、志望動機に使えそうなこと（30文字以上）。',
  },
};

export function CompanyStudyFields({ content }: { content?: Content }) {
  return (
    <FormSection title="企業研究">
      <TitleField content={content} placeholder="例：IR資料から読み解く事業の強みと課題" />
      <TextAreaFields content={content} limits={COMPANY_STUDY_LIMITS} fields={STUDY_TEXTS} />
    </FormSection>
  );
}

const SERVICE_REVIEW_TEXTS = {
  good: { label: '良かった点', rows: 6, hint: '20文字以上' },
  bad: { label: '気になった点', rows: 6, hint: '20文字以上' },
};

export function ServiceReviewFields({ content }: { content?: Content }) {
  return (
    <FormSection title="口コミ">
      <TitleField content={content} placeholder="例：スカウトが多く、業界を広げるきっかけになりました" />
      <StarRatingInput name="rating" label="総合評価" required defaultValue={numberOf(content, 'rating')} />
      <TextAreaFields content={content} limits={SERVICE_REVIEW_LIMITS} fields={SERVICE_REVIEW_TEXTS} />
    </FormSection>
  );
}

const QUICK_REPORT_TEXT = { report: { label: '本文', rows: 6, hint: '何があったか、連絡の方法や時期など（20文字以上）。' } };

export function QuickReportFields({ content }: { content?: Content }) {
  return (
    <FormSection title="速報">
      <ChoiceField content={content} name="event" legend="できごと" options={options(QUICK_EVENTS)} />
      <Input
        name="eventDate"
        type="date"
        label="日付"
        required
        max={tokyoDate()}
        defaultValue={textOf(content, 'eventDate')}
        hint="結果の連絡や面接があった日"
      />
      <div className={styles.inline}>
        <Select
          name="step"
          label="選考ステップ（任意）"
          placeholder="選択してください"
          options={QUICK_STEP_KEYS.map((value) => ({ value, label: stepKeyLabel(value) }))}
          defaultValue={textOf(content, 'step')}
        />
        <Select
          name="outcome"
          label="結果（任意）"
          placeholder="選択してください"
          options={STEP_OUTCOMES.map((value) => ({ value, label: STEP_OUTCOME_LABELS[value] }))}
          defaultValue={textOf(content, 'outcome')}
        />
      </div>
      <ResultContactFields
        names={{ days: 'resultDays', via: 'resultVia' }}
        initial={{ days: textOf(content, 'resultDays'), via: textOf(content, 'resultVia') }}
        after="選考"
      />
      <TitleField content={content} placeholder="例：一次面接の結果が3日後にメールで届きました" />
      <TextAreaFields content={content} limits={QUICK_REPORT_LIMITS} fields={QUICK_REPORT_TEXT} />
      <GraduationYearField label="あなたの卒業年度" content={content} />
    </FormSection>
  );
}
