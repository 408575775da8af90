// 社員クチコミ: imported from employees' reviews, never written through a form (docs/product/content.md#other-types).
import { choice, headedTexts, integer, object, rating, text, TITLE } from './fields';
import { choiceAttribute, definePostType, fromSections, numberAttribute, textAttribute, toSections } from './post-type-module';

export const EMPLOYEE_WORD_MOUTH_SECTIONS = { culture: '社風・働き方', growth: '成長環境', pay: '年収・待遇' } as const;
export const EMPLOYMENTS = ['現職', '退職済み'] as const;

const employee = { department: text('部署', { max: 40 }), employment: choice('在籍状況', EMPLOYMENTS) };
const tenure = { tenureYears: integer('在籍年数', { min: 0, max: 50, unit: '年' }), rating: rating('総合評価') };
const fields = object({ title: TITLE, ...employee, ...tenure, ...headedTexts(EMPLOYEE_WORD_MOUTH_SECTIONS, { min: 20, max: 2000 }) });

export const employeeWordMouth = definePostType({
  keys: ['employee_word_mouth'],
  fields,
  toRecord: (content) => ({
    sections: toSections(EMPLOYEE_WORD_MOUTH_SECTIONS, content),
    attributes: {
      department: content.department,
      tenureYears: content.tenureYears,
      employment: content.employment,
      rating: content.rating,
    },
  }),
  fromRecord: (record) => ({
    department: textAttribute(record, 'department') ?? '',
    employment: choiceAttribute(record, 'employment', EMPLOYMENTS) ?? '現職',
    tenureYears: numberAttribute(record, 'tenureYears') ?? 0,
    rating: numberAttribute(record, 'rating') ?? 3,
    ...fromSections(EMPLOYEE_WORD_MOUTH_SECTIONS, record),
  }),
});
