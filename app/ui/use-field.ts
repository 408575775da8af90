// One hook for the ids and the message of a form field (docs/decisions/021-write-side-conventions.md):
// every input widget (Input, Select, Textarea, Checkbox, CheckboxGroup, RadioGroup,
// StarRatingInput) gets its control id, hint id and error id here, and its message either from
// its `error` prop or, inside a ValidatedForm, from the form's messages for its name.
import { createContext, useContext, useId } from 'react';
import { joinIds } from './cx';

/** The messages of the enclosing ValidatedForm, by field path (app/lib/form.ts). */
export const FieldErrorsContext = createContext<Readonly<Record<string, string>>>({});

/** A field name as a message path: "industryIds[]" is the list "industryIds". */
export function fieldPath(name: string): string {
  return name.endsWith('[]') ? name.slice(0, -2) : name;
}

export function useField(options: {
  id?: string;
  /** The field's name (or, for a group, its controls' name): the key of its message. */
  name?: string;
  error?: string;
  hasHint?: boolean;
  /** More ids for aria-describedby, after the error and the hint. */
  describedBy?: Array<string | false | null | undefined>;
}) {
  const autoId = useId();
  const errors = useContext(FieldErrorsContext);
  const id = options.id ?? autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = options.error ?? (options.name ? errors[fieldPath(options.name)] : undefined);
  // The error first: it is what the student has to act on.
  const describedBy = joinIds(error && errorId, options.hasHint && hintId, ...(options.describedBy ?? []));
  return {
    id,
    hintId,
    errorId,
    error,
    describedBy,
    /** The props of the Field frame around a control. */
    frame: { controlId: id, hintId, errorId, error },
    /** The props of a FieldGroup (a fieldset of radios or checkboxes) besides `control`. */
    group: { hintId, errorId, error },
    /** The control's own props: its id and how it is described. */
    control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}
