// The job-hunting service form of the admin area (/admin/services/new, …/edit), checked in the
// browser and again on the server (docs/decisions/029-admin-catalog.md).
import { z } from '../../lib/zod';
import { kanaReading, optionalWebUrl, similarNameConfirmation } from '../../lib/catalog-fields';
import { cleanText } from '../../lib/clean-text';

export const SERVICE_NAME_MAX = 60;
export const SERVICE_KANA_MAX = 100;
export const SERVICE_CATEGORY_MAX = 30;
export const SERVICE_DESCRIPTION_MAX = 2000;

/** The categories the site started with; a moderator may type another. */
export const SERVICE_CATEGORY_SUGGESTIONS = ['就活ナビ', '逆求人', '就活エージェント', '口コミサイト', 'イベント'] as const;

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label}を入力してください。` })
    .transform(cleanText)
    .pipe(z.string().trim().min(1, `${label}を入力してください。`).max(max, `${label}は${max}文字以内で入力してください。`));
}

export const serviceFormSchema = z.object({
  name: requiredText('サービス名', SERVICE_NAME_MAX),
  kana: kanaReading('フリガナ', SERVICE_KANA_MAX),
  category: requiredText('分類', SERVICE_CATEGORY_MAX),
  url: optionalWebUrl('URL'),
  description: z.preprocess(
    (value) => value ?? '',
    z
      .string()
      .transform(cleanText)
      .pipe(z.string().trim().max(SERVICE_DESCRIPTION_MAX, `説明は${SERVICE_DESCRIPTION_MAX}文字以内で入力してください。`)),
  ),
  ...similarNameConfirmation,
});

export type ServiceForm = z.output<typeof serviceFormSchema>;

/** What is stored of a service that a moderator edits. */
export type ServiceFields = Omit<ServiceForm, 'confirmSimilar' | 'similarFor'>;

export const SERVICE_FIELD_LABELS: Record<keyof ServiceFields, string> = {
  name: 'サービス名',
  kana: 'フリガナ',
  category: '分類',
  url: 'URL',
  description: '説明',
};
