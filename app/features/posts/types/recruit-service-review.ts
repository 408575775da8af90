// 就活サービス口コミ: a review of a job-hunting service, with a rating.
import { headedTexts, object, rating, TITLE, maxLengths } from './fields';
import { definePostType, fromSections, numberAttribute, toSections } from './post-type-module';

export const SERVICE_REVIEW_SECTIONS = { good: '良かった点', bad: '気になった点' } as const;

const fields = object({ title: TITLE, rating: rating('総合評価'), ...headedTexts(SERVICE_REVIEW_SECTIONS, { min: 20, max: 2000 }) });

export const SERVICE_REVIEW_LIMITS = maxLengths(fields.shape);

export const recruitServiceReview = definePostType({
  keys: ['recruit_service_review'],
  fields,
  toRecord: (content) => ({
    sections: toSections(SERVICE_REVIEW_SECTIONS, content),
    attributes: { rating: content.rating },
  }),
  fromRecord: (record) => ({
    rating: numberAttribute(record, 'rating') ?? 3,
    ...fromSections(SERVICE_REVIEW_SECTIONS, record),
  }),
});
