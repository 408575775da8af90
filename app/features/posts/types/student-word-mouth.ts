// 学生クチコミ: what a student saw of a company at one occasion (a briefing, an OB/OG visit, the
// selection, its culture), with an overall impression. The category is the section's heading.
import { choice, maxLengths, object, rating, text, TITLE, GRADUATION_YEAR } from './fields';
import { choiceAttribute, definePostType, numberAttribute, presentAttributes } from './post-type-module';

export const WORD_MOUTH_CATEGORIES = ['説明会', 'OB・OG訪問', '選考', '社風・働き方', 'その他'] as const;

const fields = object({
  category: choice('カテゴリ', WORD_MOUTH_CATEGORIES),
  title: TITLE,
  graduationYear: GRADUATION_YEAR,
  rating: rating('総合評価'),
  body: text('クチコミ', { min: 50, max: 4000 }),
});

export const STUDENT_WORD_MOUTH_LIMITS = maxLengths(fields.shape);

export const studentWordMouth = definePostType({
  keys: ['student_word_mouth'],
  fields,
  toRecord: (content) => ({
    sections: [{ heading: content.category, body: content.body }],
    attributes: presentAttributes({ category: content.category, rating: content.rating, graduationYear: content.graduationYear }),
  }),
  fromRecord: (record) => ({
    category: choiceAttribute(record, 'category', WORD_MOUTH_CATEGORIES) ?? 'その他',
    graduationYear: numberAttribute(record, 'graduationYear'),
    rating: numberAttribute(record, 'rating') ?? 3,
    body: record.sections.map((section) => section.body).join('\n\n'),
  }),
});
