// The one form parser (docs/decisions/021-write-side-conventions.md), the same in the browser
// (checks before sending) and on the server (checks again): a form's fields become a nested
// object by their names, the form's zod schema checks it, and every message is keyed by the
// field's full path (questions.3.answer), which is also its name in the form.
import type { z } from './zod';
import type { AppErrorCode } from './app-error';

/** Messages beside the fields, by full path; 'form' for one that belongs to no field. */
export type FieldErrors = Record<string, string>;

/** What was typed, to put back into the form after an error (never a password). */
export type FormValues = Record<string, unknown>;

/**
 * The one shape of a refused form (docs/decisions/056-one-error-shape.md): the messages by field
 * path ('form' for one above the form) and what was typed. `code` names the catalog's error when
 * the refusal is an AppError the page's form shows (server/route-errors.ts); a schema's refusal
 * has none.
 */
export type FormFailure = { ok: false; errors: FieldErrors; values: FormValues; code?: AppErrorCode };

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors; values: FormValues };

/** Fields that are never echoed back or kept: passwords, and the token and honeypot. */
function isSecretField(name: string): boolean {
  return /password/i.test(name) || name === 'authenticity_token';
}

/** Segments that would reach an object's prototype: a field name is never one of them. */
const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
/** The largest list position a form field may name (no form of the site has a list this long). */
const MAX_LIST_INDEX = 100;

/** Whether a field name is a path this parser takes: no prototype segments, small list positions. */
function isSafePath(path: string[]): boolean {
  return path.every((segment) => !UNSAFE_SEGMENTS.has(segment) && !(/^\d+$/.test(segment) && Number(segment) > MAX_LIST_INDEX));
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown, append: boolean): void {
  let node: Record<string, unknown> | unknown[] = target;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    const key = /^\d+$/.test(segment) ? Number(segment) : segment;
    const container = node as Record<string | number, unknown>;
    if (last) {
      if (append) {
        const current = container[key];
        container[key] = Array.isArray(current) ? [...current, value] : [value];
      } else {
        container[key] = value;
      }
      return;
    }
    const nextIsIndex = /^\d+$/.test(path[index + 1]!);
    container[key] ??= nextIsIndex ? [] : {};
    node = container[key] as Record<string, unknown>;
  });
}

/**
 * A form's fields as a nested object. A name is a path of dot-separated segments, numbers
 * being list positions (questions.3.answer); a name ending in [] is a list even with one value
 * (industryIds[] from checkboxes). Files are left out: no form of the site takes one. A form
 * that lets the author remove list items numbers what remains densely (0, 1, 2), so that a
 * message's path is the name of the field it belongs to.
 */
export function formValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    const list = name.endsWith('[]');
    const path = (list ? name.slice(0, -2) : name).split('.');
    // A crafted name (__proto__.x, questions.99999999) is not a field of any form: it is ignored.
    if (!isSafePath(path)) continue;
    setPath(values, path, value, list);
  }
  return values;
}

/** The first message of each field, by its full path. */
export function errorsByPath(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The values without secrets, for putting back into the form. */
export function echoValues(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !isSecretField(name)));
}

/** Checks a form against its schema: the typed data, or the messages and what was typed. */
export function parseForm<S extends z.ZodType>(schema: S, form: FormData | FormValues): FormResult<z.output<S>> {
  const values = form instanceof FormData ? formValues(form) : form;
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: errorsByPath(parsed.error), values: echoValues(values) };
}

/** A typed value to put back into a text field after an error ('' stays ''; missing is undefined). */
export function textValue(values: FormValues | undefined, path: string): string | undefined {
  const value = path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), values);
  return typeof value === 'string' ? value : undefined;
}

/** The values of a list field (checkboxes) to put back, or undefined. */
export function listValue(values: FormValues | undefined, path: string): string[] | undefined {
  const value = values?.[path];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/**
 * The refusal in an action's answer, whichever way it came: returned by the action (a schema's
 * messages) or answered by the server for an AppError the route's `formErrors` names. The one
 * reader of a refused form on a page.
 */
export function formFailure(answer: unknown): FormFailure | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const { ok, errors, values } = answer as Partial<FormFailure>;
  if (ok !== false || !errors || typeof errors !== 'object') return undefined;
  return { ...(answer as FormFailure), values: values && typeof values === 'object' ? values : {} };
}

/** The message of a refusal that belongs to no field (errors.form), for above the form. */
export function formMessage(failure: FormFailure | undefined): string | undefined {
  return failure?.errors.form;
}

const fieldsOnly = new WeakMap<FieldErrors, FieldErrors>();

/**
 * The messages beside the fields, without the one above the form: what ValidatedForm shows on a
 * page that says errors.form elsewhere. The same object for the same answer, so that the form
 * moves focus once per answer.
 */
export function fieldMessages(failure: FormFailure | undefined): FieldErrors | undefined {
  if (!failure) return undefined;
  const { errors } = failure;
  if (!('form' in errors)) return errors;
  let fields = fieldsOnly.get(errors);
  if (!fields) {
    const { form: _form, ...rest } = errors;
    fields = rest;
    fieldsOnly.set(errors, fields);
  }
  return fields;
}
