// 就活速報: a short report of what just happened in a selection (a result, a test, an interview,
// an offer), with its date, written while it is fresh. It may say which step it is about, the
// outcome (通過 / 不合格 / 結果待ち) and, when a result came, after how many days and how (issue 34).
import { RESULT_CHANNELS, STEP_OUTCOMES, type SelectionStepKey } from '../../../db/enums';
import { QUICK_STEP_KEYS, RESULT_DAYS_MAX } from '../selection-steps';
import { choice, date, maxLengths, object, optionalChoice, optionalInteger, text, TITLE, GRADUATION_YEAR } from './fields';
import { choiceAttribute, definePostType, numberAttribute, presentAttributes, sectionBody, textAttribute } from './post-type-module';

export const QUICK_EVENTS = ['ES結果', 'Webテスト', '面接', '内定', 'その他'] as const;
export const QUICK_REPORT_HEADING = '速報';

const fields = object({
  event: choice('できごと', QUICK_EVENTS),
  eventDate: date('日付'),
  title: TITLE,
  graduationYear: GRADUATION_YEAR,
  step: optionalChoice('選考ステップ', QUICK_STEP_KEYS as unknown as readonly [SelectionStepKey, ...SelectionStepKey[]]),
  outcome: optionalChoice('結果', STEP_OUTCOMES),
  resultDays: optionalInteger('結果連絡までの日数', { min: 0, max: RESULT_DAYS_MAX, unit: '日' }),
  resultVia: optionalChoice('結果連絡の方法', RESULT_CHANNELS),
  report: text('速報', { min: 20, max: 2000 }),
});

export const QUICK_REPORT_LIMITS = maxLengths(fields.shape);

export const jobhuntPromptReport = definePostType({
  keys: ['jobhunt_prompt_report'],
  fields,
  toRecord: (content) => {
    // How the result came is kept only with a result: 結果待ち has none yet; no contact has no days.
    const arrived = content.outcome === 'passed' || content.outcome === 'failed';
    return {
      sections: [{ heading: QUICK_REPORT_HEADING, body: content.report }],
      attributes: presentAttributes({
        event: content.event,
        eventDate: content.eventDate,
        graduationYear: content.graduationYear,
        step: content.step,
        outcome: content.outcome,
        resultDays: arrived && content.resultVia !== 'silent' ? content.resultDays : undefined,
        resultVia: arrived ? content.resultVia : undefined,
      }),
    };
  },
  fromRecord: (record) => ({
    event: choiceAttribute(record, 'event', QUICK_EVENTS) ?? 'その他',
    eventDate: textAttribute(record, 'eventDate') ?? '',
    graduationYear: numberAttribute(record, 'graduationYear'),
    step: choiceAttribute(record, 'step', QUICK_STEP_KEYS),
    outcome: choiceAttribute(record, 'outcome', STEP_OUTCOMES),
    resultDays: numberAttribute(record, 'resultDays'),
    resultVia: choiceAttribute(record, 'resultVia', RESULT_CHANNELS),
    report: sectionBody(record, QUICK_REPORT_HEADING),
  }),
});
