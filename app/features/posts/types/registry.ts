// Every content type's module, by key: the one lookup the write side, the post page and the
// demo generator use (docs/decisions/022-post-revisions.md).
import type { z } from '../../../lib/zod';
import type { PostTypeKey } from '../../../db/enums';
import { companyStudy } from './company-study';
import { employeeWordMouth } from './employee-word-mouth';
import { entrySheet } from './entry-sheet';
import { internExperience } from './intern-experience';
import { jobhuntPromptReport } from './jobhunt-prompt-report';
import type { PostRecord } from './post-type-module';
import { recruitServiceReview } from './recruit-service-review';
import { screeningExperience } from './screening-experience';
import { studentWordMouth } from './student-word-mouth';

export const POST_TYPE_MODULES = {
  intern_entry_sheet: entrySheet,
  screening_entry_sheet: entrySheet,
  intern_experience: internExperience,
  screening_experience: screeningExperience,
  student_word_mouth: studentWordMouth,
  employee_word_mouth: employeeWordMouth,
  company_study: companyStudy,
  recruit_service_review: recruitServiceReview,
  jobhunt_prompt_report: jobhuntPromptReport,
} as const satisfies Record<PostTypeKey, { keys: readonly PostTypeKey[] }>;

type Modules = typeof POST_TYPE_MODULES;

/** The complete content of a post of type K (what its form sends and its page shows). */
export type PostContentOf<K extends PostTypeKey> = z.output<Modules[K]['schema']>;

/** A post's content, tagged with its type, for code that handles every type. */
export type PostContent = { [K in PostTypeKey]: { type: K } & PostContentOf<K> }[PostTypeKey];

/** The stored form of complete content of type `type`. */
export function toPostRecord<K extends PostTypeKey>(type: K, content: PostContentOf<K>): PostRecord {
  return (POST_TYPE_MODULES[type] as unknown as { toRecord(content: PostContentOf<K>, key: K): PostRecord }).toRecord(content, type);
}

/** The content of a stored post of type `type`, tagged with its type. */
export function fromPostRecord(type: PostTypeKey, record: PostRecord): PostContent {
  const module = POST_TYPE_MODULES[type] as unknown as { fromRecord(record: PostRecord, key: PostTypeKey): object };
  return { type, ...module.fromRecord(record, type) } as PostContent;
}
