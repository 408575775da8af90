// 就活速報: a short report of what just happened in a selection (a result, a test, an interview,
// an offer), with its date, written while it is fresh.
import { choice, date, maxLengths, object, text, TITLE, GRADUATION_YEAR } from './fields';
import { choiceAttribute, definePostType, numberAttribute, presentAttributes, sectionBody, textAttribute } from './post-type-module';

export const QUICK_EVENTS = ['ES結果', 'Webテスト', '面接', '内定', 'その他'] as const;
export const QUICK_REPORT_HEADING = '速報';

const fields = object({
  event: choice('できごと', QUICK_EVENTS),
  eventDate: date('日付'),
  title: TITLE,
  graduationYear: GRADUATION_YEAR,
  report: text('速報', { min: 20, max: 2000 }),
});

export const QUICK_REPORT_LIMITS = maxLengths(fields.shape);

export const jobhuntPromptReport = definePostType({
  keys: ['jobhunt_prompt_report'],
  fields,
  toRecord: (content) => ({
    sections: [{ heading: QUICK_REPORT_HEADING, body: content.report }],
    attributes: presentAttributes({ event: content.event, eventDate: content.eventDate, graduationYear: content.graduationYear }),
  }),
  fromRecord: (record) => ({
    event: choiceAttribute(record, 'event', QUICK_EVENTS) ?? 'その他',
    eventDate: textAttribute(record, 'eventDate') ?? '',
    graduationYear: numberAttribute(record, 'graduationYear'),
    report: sectionBody(record, QUICK_REPORT_HEADING),
  }),
});
