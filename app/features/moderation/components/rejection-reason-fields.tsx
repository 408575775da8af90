import { REJECTION_REASONS } from '../../../db/enums';
import { textValue, type FormValues } from '../../../lib/form';
import { RadioGroup } from '../../../ui/radio';
import { Textarea } from '../../../ui/textarea';
import { REJECTION_REASON_LABELS } from '../../posts/labels';
import { DECISION_NOTE_MAX } from '../schemas';

/**
 * The reason an author is given when a moderator sends a post back or takes it down: one of the
 * preset reasons and an optional note, with what was typed kept after an error.
 */
export function RejectionReasonFields({ legend, values }: { legend: string; values: FormValues | undefined }) {
  return (
    <>
      <RadioGroup
        legend={legend}
        name="reason"
        required
        defaultValue={textValue(values, 'reason')}
        options={REJECTION_REASONS.map((reason) => ({ value: reason, label: REJECTION_REASON_LABELS[reason] }))}
      />
      <Textarea
        label="投稿者へのメッセージ（任意）"
        name="note"
        rows={4}
        maxLength={DECISION_NOTE_MAX}
        hint="マイページとメールで投稿者に表示されます。どこを直せばよいか具体的に書いてください。"
        defaultValue={textValue(values, 'note') ?? ''}
      />
    </>
  );
}
