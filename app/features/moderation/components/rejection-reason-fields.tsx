import { REJECTION_REASONS } from '../../../db/enums';
import type { FormValues } from '../../../lib/form';
import { REJECTION_REASON_LABELS } from '../../posts/labels';
import { DECISION_NOTE_MAX } from '../schemas';
import { ReasonFields } from './reason-fields';

const NOTE = {
  label: '投稿者へのメッセージ（任意）',
  max: DECISION_NOTE_MAX,
  rows: 4,
  hint: 'マイページとメールで投稿者に表示されます。どこを直せばよいか具体的に書いてください。',
};

/**
 * The reason an author is given when a moderator sends a post back or takes it down: one of the
 * preset reasons and an optional note, with what was typed kept after an error.
 */
export function RejectionReasonFields({ legend, values }: { legend: string; values: FormValues | undefined }) {
  return <ReasonFields legend={legend} reasons={REJECTION_REASONS} labels={REJECTION_REASON_LABELS} note={NOTE} values={values} />;
}
