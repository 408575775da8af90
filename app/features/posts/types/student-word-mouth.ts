// 学生クチコミ: a student's impressions of a company's briefings and selection, with a rating.
import { headedTexts, object, optionalYear, rating, TITLE } from './fields';
import { definePostType, fromSections, numberAttribute, presentAttributes, toSections } from './post-type-module';

export const STUDENT_WORD_MOUTH_SECTIONS = {
  briefing: '説明会・社員の印象',
  selection: '選考の雰囲気',
  verdict: '魅力と気になる点',
} as const;

const texts = headedTexts(STUDENT_WORD_MOUTH_SECTIONS, { min: 20, max: 2000 });
const fields = object({ title: TITLE, graduationYear: optionalYear('卒業年度'), rating: rating('総合評価'), ...texts });

export const studentWordMouth = definePostType({
  keys: ['student_word_mouth'],
  schema: fields.strict,
  draftSchema: fields.draft,
  toRecord: (content) => ({
    title: content.title,
    sections: toSections(STUDENT_WORD_MOUTH_SECTIONS, content),
    attributes: presentAttributes({ rating: content.rating, graduationYear: content.graduationYear }),
  }),
  fromRecord: (record) => ({
    title: record.title,
    graduationYear: numberAttribute(record, 'graduationYear'),
    rating: numberAttribute(record, 'rating') ?? 3,
    ...fromSections(STUDENT_WORD_MOUTH_SECTIONS, record),
  }),
});
