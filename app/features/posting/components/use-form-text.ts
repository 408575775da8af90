// The text the form's uncontrolled fields start from. Showing another text (a restored copy,
// another tab's newer save) remounts the fields under a new key; what depends on the fields
// holding it (the engine resuming, the cursor) runs once they do.
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { PickedCompany } from '../../search/components/company-picker';
import type { Content } from './initial-values';

export type ShownText = {
  content: Content;
  /** The company chosen with it, when it names one (otherwise the picker keeps its own). */
  company?: PickedCompany;
  /** Said above the fields (otherwise what is said stays). */
  note?: string;
};

export type FormText = {
  content: Content;
  company: PickedCompany | null;
  /** The key of the fields: a new one remounts them with `content`. */
  formKey: number;
  note: string | null;
  setNote: (note: string | null) => void;
  /** Fills the fields with `next`, then calls `then` once they show it. */
  show: (next: ShownText, then: () => void) => void;
  /** What `show` asked to run after the render (taken once). */
  takeThen: () => (() => void) | null;
};

export function useFormText(initial: { content: Content; company: PickedCompany | null }): FormText {
  const [content, setContent] = useState<Content>(initial.content);
  const [company, setCompany] = useState<PickedCompany | null>(initial.company);
  const [formKey, setFormKey] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  const afterRender = useRef<(() => void) | null>(null);
  const show = useCallback((next: ShownText, then: () => void) => {
    setContent(next.content);
    if (next.company) setCompany(next.company);
    setFormKey((key) => key + 1);
    if (next.note !== undefined) setNote(next.note);
    afterRender.current = then;
  }, []);
  const takeThen = useCallback(() => {
    const then = afterRender.current;
    afterRender.current = null;
    return then;
  }, []);
  return { content, company, formKey, note, setNote, show, takeThen };
}

/** After the fields were remounted with a shown text: what `show` asked for, then `afterEach`. */
export function useAfterShow(text: FormText, formRef: RefObject<HTMLFormElement | null>, afterEach: (form: HTMLFormElement) => void) {
  const { formKey, takeThen } = text;
  const after = useRef(afterEach);
  after.current = afterEach;
  useEffect(() => {
    if (formKey === 0 || !formRef.current) return;
    takeThen()?.();
    after.current(formRef.current);
  }, [formKey, formRef, takeThen]);
}
