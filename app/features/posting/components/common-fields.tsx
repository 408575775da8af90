import { Input } from '../../../ui/input';
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

/** A four-digit year (開催年, 卒業年度 …). */
export function YearField(props: { name: string; label: string; content?: Content; required?: boolean; hint?: string }) {
  return (
    <Input
      name={props.name}
      label={props.label}
      required={props.required}
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      pattern="[0-9]{4}"
      placeholder="例：2026"
      defaultValue={textOf(props.content, props.name)}
      hint={props.hint}
    />
  );
}
