// What was typed into the last form sent from each page of this tab, kept in the tab's
// sessionStorage so that a submission the server refused before reading it (an expired page:
// 422) can be tried again, after a reload and even a detour through the login page, without
// typing everything anew. Passwords, hidden fields and files are never kept; a kept form is
// forgotten once restored or after 30 minutes. See docs/decisions/020-bad-requests.md.

/** Kept by the path and query of the page the form was on. */
type Stash = {
  /** The form's place among the page's forms (pages like /mypage have several). */
  formIndex: number;
  /** Every named field of the form, also the empty ones, so an unchecked box is restored too. */
  names: string[];
  values: Array<[string, string]>;
  at: number;
  restorePending: boolean;
};

/** A stash older than this is of no use (the student has moved on). */
const MAX_AGE_MS = 30 * 60_000;
/** Pages whose last submission is kept: a retry may pass through the login form first. */
const MAX_PAGES = 5;
const SKIPPED_TYPES = new Set(['password', 'hidden', 'file', 'submit', 'button', 'reset', 'image']);

const STORAGE_KEY = 'shulog:form-stash';

/** The kept forms by page, oldest first; empty where storage is unavailable (private modes). */
function load(): Map<string, Stash> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Array<[string, Stash]>);
  } catch {
    return new Map();
  }
}

function save(stashes: Map<string, Stash>): void {
  try {
    if (stashes.size === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...stashes]));
  } catch {
    // Storage full or refused: nothing is kept, the form still submits.
  }
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldsOf(form: HTMLFormElement): Field[] {
  return [...form.elements].filter(
    (element): element is Field =>
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) &&
      element.name !== '' &&
      !SKIPPED_TYPES.has(element.type) &&
      element.autocomplete !== 'one-time-code',
  );
}

/** Keeps what `form` holds now (called for every submission, before it is sent). */
export function rememberSubmission(form: HTMLFormElement, location: string, now = Date.now()): void {
  const fields = fieldsOf(form);
  const values: Array<[string, string]> = [];
  for (const field of fields) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked) values.push([field.name, field.value]);
    } else if (field instanceof HTMLSelectElement && field.multiple) {
      for (const option of field.selectedOptions) values.push([field.name, option.value]);
    } else {
      values.push([field.name, field.value]);
    }
  }
  const formIndex = [...form.ownerDocument.forms].indexOf(form);
  const stashes = load();
  stashes.delete(location);
  stashes.set(location, { formIndex, names: [...new Set(fields.map((field) => field.name))], values, at: now, restorePending: false });
  while (stashes.size > MAX_PAGES) stashes.delete(stashes.keys().next().value!);
  save(stashes);
}

function stashFor(location: string, now: number): Stash | null {
  const stash = load().get(location);
  return stash && now - stash.at < MAX_AGE_MS ? stash : null;
}

/** Whether a submission from `location` was kept: the expired-page screen then offers to restore it. */
export function hasStashFor(location: string, now = Date.now()): boolean {
  return stashFor(location, now) !== null;
}

/**
 * Asks for the values kept for `location` to be put back the next time that page renders (right
 * after the reload, or after a detour through the login page).
 */
export function requestRestore(location: string): void {
  const stashes = load();
  const stash = stashes.get(location);
  if (!stash) return;
  stash.restorePending = true;
  save(stashes);
}

/**
 * Puts the kept values back into the form they came from, once, if a restore was asked for and
 * this is their page. Returns whether it did.
 */
export function restorePendingSubmission(document: Document, location: string, now = Date.now()): boolean {
  const stash = stashFor(location, now);
  if (!stash?.restorePending) return false;
  const form = document.forms[stash.formIndex];
  if (!form) return false;
  const remaining = new Map<string, string[]>();
  for (const [name, value] of stash.values) remaining.set(name, [...(remaining.get(name) ?? []), value]);
  const names = new Set(stash.names);
  for (const field of fieldsOf(form)) {
    if (!names.has(field.name)) continue;
    const values = remaining.get(field.name) ?? [];
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      field.checked = values.includes(field.value);
    } else if (field instanceof HTMLSelectElement && field.multiple) {
      for (const option of field.options) option.selected = values.includes(option.value);
    } else {
      field.value = values.shift() ?? '';
      remaining.set(field.name, values);
    }
  }
  const stashes = load();
  stashes.delete(location);
  save(stashes);
  return true;
}

/**
 * Remembers every form posted from `document` from now on (the capture phase sees the submit
 * before React Router sends it). Returns the function that stops it.
 */
export function rememberSubmissions(document: Document): () => void {
  const remember = (event: SubmitEvent) => {
    const form = event.target;
    const { pathname, search } = document.location;
    if (form instanceof HTMLFormElement && form.method === 'post') rememberSubmission(form, pathname + search);
  };
  document.addEventListener('submit', remember, true);
  return () => document.removeEventListener('submit', remember, true);
}

/** For tests. */
export function clearStashes(): void {
  save(new Map());
}
