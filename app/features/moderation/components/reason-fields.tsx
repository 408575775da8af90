import { textValue, type FormValues } from '../../../lib/form';
import { RadioGroup } from '../../../ui/radio';
import { Textarea } from '../../../ui/textarea';

/**
 * A reason chosen from a preset list (`reason`) and an optional note (`note`), with what was typed
 * kept after an error: a moderator's reason to send a post back or take it down, a reader's report.
 */
export function ReasonFields<Reason extends string>(props: {
  legend: string;
  reasons: readonly Reason[];
  labels: Record<Reason, string>;
  note: { label: string; max: number; rows: number; hint?: string };
  values: FormValues | undefined;
}) {
  const { note, values } = props;
  return (
    <>
      <RadioGroup
        legend={props.legend}
        name="reason"
        required
        defaultValue={textValue(values, 'reason')}
        options={props.reasons.map((reason) => ({ value: reason, label: props.labels[reason] }))}
      />
      <Textarea
        label={note.label}
        name="note"
        rows={note.rows}
        maxLength={note.max}
        hint={note.hint}
        defaultValue={textValue(values, 'note') ?? ''}
      />
    </>
  );
}
