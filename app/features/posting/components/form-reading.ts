// What the posting form holds, read from the page itself: the fields are uncontrolled, so the
// autosave reads the form, and text typed before the page's script ran is found by comparing
// each field with what the server rendered.
import { formValues } from '../../../lib/form';
import type { DraftSubject } from '../draft-autosave';
import { contentOf } from '../post-form-schema';
import type { Content } from './initial-values';

function toId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The draft's text and subject as the form holds them now. */
export function readDraftForm(form: HTMLFormElement): { content: Content; subject: DraftSubject } {
  const values = formValues(new FormData(form));
  const companyField = form.elements.namedItem('companyId');
  return {
    content: contentOf(values),
    subject: {
      companyId: toId(values.companyId),
      recruitServiceId: toId(values.recruitServiceId),
      companyName: companyField instanceof HTMLInputElement ? (companyField.dataset.name ?? null) : null,
    },
  };
}

/**
 * Whether a field differs from what the server rendered: text typed (or a star chosen) before the
 * page's script ran fires no event the autosave could have heard.
 */
export function editedBeforeHydration(form: HTMLFormElement): boolean {
  for (const element of form.elements) {
    if (element instanceof HTMLInputElement) {
      if (element.type === 'hidden') continue;
      if (
        element.type === 'radio' || element.type === 'checkbox'
          ? element.checked !== element.defaultChecked
          : element.value !== element.defaultValue
      )
        return true;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      if ([...element.options].some((option) => option.selected !== option.defaultSelected)) return true;
    }
  }
  return false;
}

/** This page was reloaded (not opened from a link): the student expects to be where they were. */
export function isReload(): boolean {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload';
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
