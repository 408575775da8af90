import { currentGraduationYear } from '../../../lib/academic-year';
import { tokyoYear } from '../../../lib/tokyo-time';
import { Input } from '../../../ui/input';
import { RadioGroup, type RadioOption } from '../../../ui/radio';
import { Textarea } from '../../../ui/textarea';
import { TITLE_MAX } from '../../posts/types/fields';
import { textOf, type Content } from './initial-values';

/** The title every content type has, with its live count. */
export function TitleField({ content, placeholder }: { content?: Content; placeholder: string }) {
  return (
    <Input
      name="title"
      label="タイトル"
      required
      maxLength={TITLE_MAX}
      showCount
      defaultValue={textOf(content, 'title')}
      placeholder={placeholder}
      hint="読む人が内容をひと目でわかるタイトルにしてください（5文字以上）。"
    />
  );
}

/** A four-digit year something happened in (開催年, 提出した年): this year, in Tokyo, as the example. */
export function YearField(props: { name: string; label: string; content?: Content; required?: boolean }) {
  return <FourDigitYear {...props} example={tokyoYear()} />;
}

/**
 * The author's 卒業年度. The example, in the placeholder and the hint alike, is the graduation
 * year of this academic year's final-year students on Tokyo's calendar (2027 from April 2026 to
 * March 2027), the year a student writing now is most likely to give.
 */
export function GraduationYearField(props: { label: string; content?: Content; required?: boolean }) {
  const example = currentGraduationYear();
  return (
    <FourDigitYear
      name="graduationYear"
      label={props.label}
      content={props.content}
      required={props.required}
      example={example}
      hint={props.required ? undefined : `任意です。例：${example}`}
    />
  );
}

function FourDigitYear(props: { name: string; label: string; content?: Content; required?: boolean; example: number; hint?: string }) {
  return (
    <Input
      name={props.name}
      label={props.label}
      required={props.required}
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      pattern="[0-9]{4}"
      placeholder={`例：${props.example}`}
      defaultValue={textOf(props.content, props.name)}
      hint={props.hint}
    />
  );
}

/** A required text area of the content, holding the draft's text, within its type's limit. */
export function TextAreaField(props: { content?: Content; name: string; label: string; max: number; rows: number; hint?: string }) {
  return (
    <Textarea
      name={props.name}
      label={props.label}
      required
      rows={props.rows}
      maxLength={props.max}
      defaultValue={textOf(props.content, props.name)}
      hint={props.hint}
    />
  );
}

/** A content type's text areas, in order: each by its content key, within that key's limit. */
export function TextAreaFields<K extends string>(props: {
  content?: Content;
  limits: Record<K, number>;
  fields: Partial<Record<K, { label: string; rows: number; hint?: string }>>;
}) {
  const fields = Object.entries(props.fields) as Array<[K, { label: string; rows: number; hint?: string }]>;
  return (
    <>
      {fields.map(([name, field]) => (
        <TextAreaField key={name} content={props.content} name={name} max={props.limits[name]} {...field} />
      ))}
    </>
  );
}

/** A choice of the content as a row of radio buttons, required unless said otherwise. */
export function ChoiceField(props: {
  content?: Content;
  name: string;
  legend: string;
  options: readonly RadioOption[];
  optional?: boolean;
}) {
  return (
    <RadioGroup
      name={props.name}
      legend={props.legend}
      required={!props.optional}
      orientation="horizontal"
      options={props.options}
      defaultValue={textOf(props.content, props.name)}
    />
  );
}

/** The 職種・コース a post names, with its live count. */
export function JobTypeField(props: { content?: Content; label: string; max: number; placeholder: string }) {
  return (
    <Input
      name="jobType"
      showCount
      label={props.label}
      maxLength={props.max}
      defaultValue={textOf(props.content, 'jobType')}
      placeholder={props.placeholder}
    />
  );
}
