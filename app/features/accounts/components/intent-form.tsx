import type { z } from '../../../lib/zod';
import type { FieldErrors } from '../../../lib/form';
import { ValidatedForm, type ValidatedFormProps } from '../../../ui/validated-form';
import { CsrfField } from './csrf-field';

/**
 * One of the forms of a page that holds several (/mypage, /mypage/account): posted with its
 * `intent`, which the action reads to tell them apart, and shown with the messages of its own
 * refused answer only.
 */
export function IntentForm<S extends z.ZodType>({
  intent,
  answer,
  children,
  ...formProps
}: Omit<ValidatedFormProps<S>, 'method' | 'serverErrors'> & {
  intent: string;
  answer: { ok: boolean; errors?: FieldErrors } | null | undefined;
}) {
  return (
    <ValidatedForm method="post" serverErrors={answer?.ok === false ? answer.errors : undefined} {...formProps}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </ValidatedForm>
  );
}
