// The one accessible form pattern (docs/decisions/021-write-side-conventions.md) that every form
// of the site copies. The form's zod schema checks it in the browser before sending (Japanese
// messages beside the fields at once, and again as the student corrects them); the server
// checks the same schema again. On an error, focus moves to the first invalid field and a
// summary with links to the fields is announced (role=alert). The fields are uncontrolled, so
// nothing typed is lost, and the form works before hydration as a plain HTML form.
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Form, type FormProps } from 'react-router';
import type { z } from '../lib/zod';
import { parseForm, type FieldErrors } from '../lib/form';
import { FieldErrorsContext, fieldPath } from './use-field';
import styles from './validated-form.module.css';

/**
 * The field a control stands for: its name, or, for a control that is not sent itself (the
 * search box of a company picker whose choice is a hidden input), its data-field.
 */
function fieldOf(element: Element): string | undefined {
  const control = element as HTMLInputElement;
  if (control.type === 'hidden') return undefined;
  return control.name || control.dataset?.field || undefined;
}

/** The first control of the form whose name is a field with a message, in the form's order. */
function firstInvalidControl(form: HTMLFormElement, errors: FieldErrors): HTMLElement | null {
  for (const element of form.elements) {
    const name = fieldOf(element);
    if (name && errors[fieldPath(name)] !== undefined) return element as HTMLElement;
  }
  return null;
}

/** The id of the control a message belongs to, for the summary's links. */
function controlId(form: HTMLFormElement | null, path: string): string | undefined {
  if (!form) return undefined;
  for (const element of form.elements) {
    const name = fieldOf(element);
    if (name && fieldPath(name) === path) return element.id || undefined;
  }
  return undefined;
}

const NO_ERRORS: FieldErrors = {};

export type ValidatedFormProps<S extends z.ZodType> = Omit<FormProps, 'onSubmit' | 'children'> & {
  /** The schema the server checks too. */
  schema: S;
  /** The server's messages by field path, from the action's FormResult. */
  serverErrors?: FieldErrors;
  /** The form element, for a parent that reads it (the posting form's autosave). */
  formRef?: RefObject<HTMLFormElement | null>;
  /** Runs when the form passed its check and is about to be sent; it may prevent the sending. */
  onValidSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

export function ValidatedForm<S extends z.ZodType>({
  schema,
  serverErrors,
  formRef: givenRef,
  onValidSubmit,
  children,
  className,
  ...formProps
}: ValidatedFormProps<S>) {
  const formRef = useRef<HTMLFormElement>(null);
  const setFormRef = (node: HTMLFormElement | null) => {
    formRef.current = node;
    if (givenRef) givenRef.current = node;
  };
  // Once the student has tried to send, every change is checked again at once.
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const errors = checked ?? serverErrors ?? NO_ERRORS;
  const messages = Object.entries(errors);
  const [targets, setTargets] = useState<Record<string, string | undefined>>({});

  // The server's answer: its messages replace the browser's, and focus goes to the first field.
  useEffect(() => {
    if (!serverErrors || Object.keys(serverErrors).length === 0) return;
    setChecked(null);
    const form = formRef.current;
    if (form) firstInvalidControl(form, serverErrors)?.focus();
  }, [serverErrors]);

  // The summary links to the fields by their ids, which exist once the fields have rendered.
  useEffect(() => {
    setTargets(Object.fromEntries(Object.keys(errors).map((path) => [path, controlId(formRef.current, path)])));
  }, [errors]);

  function check(form: HTMLFormElement): FieldErrors {
    const result = parseForm(schema, new FormData(form));
    return result.ok ? {} : result.errors;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = check(event.currentTarget);
    setChecked(found);
    if (Object.keys(found).length === 0) {
      onValidSubmit?.(event);
      return;
    }
    event.preventDefault();
    firstInvalidControl(event.currentTarget, found)?.focus();
  }

  // Text, selects and checkboxes all fire input events; one check per change.
  function onChange(event: FormEvent<HTMLFormElement>) {
    if (checked !== null) setChecked(check(event.currentTarget));
  }

  return (
    <Form ref={setFormRef} noValidate {...formProps} className={className} onSubmit={onSubmit} onInput={onChange}>
      {messages.length > 0 && (
        <div className={styles.summary} role="alert">
          <p className={styles.summaryTitle}>入力内容を確認してください（{messages.length}件）</p>
          <ul className={styles.summaryList}>
            {messages.map(([path, message]) => (
              <li key={path}>
                {targets[path] ? (
                  <a
                    href={`#${targets[path]}`}
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(targets[path]!)?.focus();
                    }}
                  >
                    {message}
                  </a>
                ) : (
                  message
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <FieldErrorsContext value={errors}>{children}</FieldErrorsContext>
    </Form>
  );
}
