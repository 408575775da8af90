// 就活速報: a short report of one selection step and its result, written soon after.
import { choice, object, optionalYear, text, TITLE } from './fields';
import { definePostType, numberAttribute, presentAttributes, sectionBody, textAttribute } from './post-type-module';

export const QUICK_PHASES = ['ES', 'Webテスト', 'GD', '一次面接', '二次面接', '最終面接'] as const;
export const QUICK_RESULTS = ['通過', '不通過', '結果待ち', '内定'] as const;
export const QUICK_REPORT_HEADING = '速報';

const step = { phase: choice('選考フェーズ', QUICK_PHASES), result: choice('結果', QUICK_RESULTS) };
const fields = object({ title: TITLE, graduationYear: optionalYear('卒業年度'), ...step, report: text('速報', { min: 20, max: 2000 }) });

export const jobhuntPromptReport = definePostType({
  keys: ['jobhunt_prompt_report'],
  schema: fields.strict,
  draftSchema: fields.draft,
  toRecord: (content) => ({
    title: content.title,
    sections: [{ heading: QUICK_REPORT_HEADING, body: content.report }],
    attributes: presentAttributes({ phase: content.phase, result: content.result, graduationYear: content.graduationYear }),
  }),
  fromRecord: (record) => {
    const phase = textAttribute(record, 'phase');
    const result = textAttribute(record, 'result');
    return {
      title: record.title,
      graduationYear: numberAttribute(record, 'graduationYear'),
      phase: QUICK_PHASES.find((value) => value === phase) ?? 'ES',
      result: QUICK_RESULTS.find((value) => value === result) ?? '結果待ち',
      report: sectionBody(record, QUICK_REPORT_HEADING),
    };
  },
});
