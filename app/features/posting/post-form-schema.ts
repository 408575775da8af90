// What a posting form must pass to be sent, in the browser and in the action alike: the content
// type's schema (features/posts/types/) and its subject (a company, or a job-hunting service).
import { z } from '../../lib/zod';
import { POST_TYPE_MODULES } from '../posts/types/registry';
import type { WritableType } from './writable-types';

/** The form's own fields, which are not the post's content. */
export const META_FIELDS = ['postId', 'draftKey', 'lockVersion', 'companyId', 'recruitServiceId', 'intent', 'authenticity_token'] as const;

function chosenId(message: string) {
  return z.preprocess(
    (value) => (value === '' || value == null ? undefined : Number(value)),
    z.number({ error: message }).int(message).positive(message),
  );
}

const SUBJECTS = {
  company: z.object({ companyId: chosenId('企業を選んでください。') }),
  service: z.object({ recruitServiceId: chosenId('口コミを書く就活サービスを選んでください。') }),
};

export function postFormSchema(type: WritableType) {
  const content: z.ZodType = POST_TYPE_MODULES[type].schema;
  return z.intersection(type === 'recruit_service_review' ? SUBJECTS.service : SUBJECTS.company, content);
}

/** The content part of a form's values (everything but its own fields). */
export function contentOf(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !(META_FIELDS as readonly string[]).includes(name)));
}
