// The action the admin forms of a company and of a service share (not a route): read, check and
// save the form, then show the edit page with ?saved=, or refuse it with what was typed.
import { redirect } from 'react-router';
import type { CatalogSaveOutcome } from '../../features/moderation/catalog-outcome';
import { parseForm } from '../../lib/form';
import { readFormData } from '../../lib/form-data.server';
import type { z } from '../../lib/zod';
import { type CatalogRefusal, refuseCatalogForm, savedAfter } from './catalog-form';

/**
 * Saves the posted form: refused beside its fields (400), or with the similar names to confirm
 * (409, `similarMessage` beside the confirmation), or saved and shown on its edit page.
 */
export async function saveCatalogForm<S extends z.ZodType, Similar>(
  request: Request,
  options: {
    schema: S;
    save: (form: z.output<S>) => Promise<CatalogSaveOutcome<Similar>>;
    similarMessage: string;
    editPath: (id: number) => `/admin/${string}`;
  },
) {
  const form = await readFormData(request);
  const result = parseForm(options.schema, form);
  const refuse = (refusal: Omit<CatalogRefusal<Similar>, 'ok' | 'values'>, status: number) => refuseCatalogForm(form, refusal, status);
  if (!result.ok) return refuse({ errors: result.errors, similar: [], similarFor: null }, 400);
  const outcome = await options.save(result.data);
  if (outcome.status === 'similar') {
    return refuse({ errors: { confirmSimilar: options.similarMessage }, similar: outcome.similar, similarFor: outcome.similarFor }, 409);
  }
  return redirect(`${options.editPath(outcome.id)}?saved=${savedAfter(outcome)}`);
}
