// 企業研究レポート: a student's study of a company, in three fixed sections.
import { headedTexts, maxLengths, object, TITLE } from './fields';
import { definePostType, fromSections, toSections } from './post-type-module';

export const COMPANY_STUDY_SECTIONS = { business: '事業内容', analysis: '強み・課題', motivation: '志望動機に使えること' } as const;

const fields = object({ title: TITLE, ...headedTexts(COMPANY_STUDY_SECTIONS, { min: 30, max: 4000 }) });

export const COMPANY_STUDY_LIMITS = maxLengths(fields.shape);

export const companyStudy = definePostType({
  keys: ['company_study'],
  fields,
  toRecord: (content) => ({ sections: toSections(COMPANY_STUDY_SECTIONS, content), attributes: {} }),
  fromRecord: (record) => ({ ...fromSections(COMPANY_STUDY_SECTIONS, record) }),
});
