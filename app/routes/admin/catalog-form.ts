// What the admin forms of a company and of a service share (not a route): the refused form that
// shows what was typed and the similar names to confirm, and the note after a save (?saved=).
import { data } from 'react-router';
import { echoValues, type FieldErrors, type FormValues, formValues } from '../../lib/form';

export type SavedState = 'created' | 'updated' | 'unchanged';

/** The note for each save, the first one naming what was registered. */
export function savedMessages(created: string): Record<SavedState, string> {
  return { created, updated: '変更を保存しました。', unchanged: '変更はありませんでした。' };
}

/** The save the edit page's URL reports (?saved=), or null. */
export function savedOf(request: Request): SavedState | null {
  const value = new URL(request.url).searchParams.get('saved');
  return value === 'created' || value === 'updated' || value === 'unchanged' ? value : null;
}

/** The ?saved= value after a save. */
export function savedAfter(outcome: { created: boolean; changed: boolean }): SavedState {
  return outcome.created ? 'created' : outcome.changed ? 'updated' : 'unchanged';
}

export type CatalogRefusal<Similar> = {
  ok: false;
  errors: FieldErrors;
  values: FormValues;
  similar: Similar[];
  similarFor: string | null;
};

/** The form refused with `status`, with what was typed (passwords never come back). */
export function refuseCatalogForm<Similar>(form: FormData, refusal: Omit<CatalogRefusal<Similar>, 'ok' | 'values'>, status: number) {
  return data({ ok: false as const, values: echoValues(formValues(form)), ...refusal } satisfies CatalogRefusal<Similar>, { status });
}
