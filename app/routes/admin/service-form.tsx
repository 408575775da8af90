import { CsrfField } from '../../features/accounts/components/csrf-field';
import { requireModerator } from '../../features/accounts/session-request.server';
import { SIMILAR_SERVICE_MESSAGE, saveService } from '../../features/moderation/save-service.server';
import { getServiceForEditing } from '../../features/recruit-services/get-service-for-editing.server';
import {
  SERVICE_CATEGORY_MAX,
  SERVICE_CATEGORY_SUGGESTIONS,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_KANA_MAX,
  SERVICE_NAME_MAX,
  serviceFormSchema,
} from '../../features/recruit-services/service-form-schema';
import { AppError, type FormErrors } from '../../lib/app-error';
import { textValue } from '../../lib/form';
import { parseId } from '../../lib/http';
import { privatePageMeta } from '../../lib/meta';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/textarea';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/service-form';
import { savedMessages, savedOf } from './catalog-form';
import { CatalogFormActions, CatalogFormHead, ConfirmSimilar, SimilarEntries } from './catalog-form-parts';
import { saveCatalogForm } from './catalog-form-action.server';
import styles from './catalog.module.css';

// /admin/services/new and /admin/services/{id}/edit: adding and editing a job-hunting service
// (docs/decisions/029-admin-catalog.md). Names are unique; a name that search would take for
// another service's is saved only after the moderator confirms it.

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.service ? `就活サービスの編集: ${loaderData.service.name}` : '就活サービスの追加';
  return privatePageMeta(matches, title, '就活サービスの情報を登録・編集します。');
}

async function serviceOf(params: Route.LoaderArgs['params']) {
  if (!('serviceId' in params) || params.serviceId === undefined) return null;
  const recruitServiceId = parseId(params.serviceId);
  const service = recruitServiceId === null ? null : await getServiceForEditing({ recruitServiceId });
  if (!service) throw new AppError('recruit_service_not_found');
  return service;
}

const SAVED_MESSAGES = savedMessages('就活サービスを登録しました。');

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireModerator(request);
  const service = await serviceOf(params);
  return { service, saved: savedOf(request) };
}

/** A name or choice the catalog refuses is said beside its field (decision 056). */
export const formErrors: FormErrors = { validation_failed: {} };

export async function action({ request, params }: Route.ActionArgs) {
  const moderator = await requireModerator(request);
  const existing = await serviceOf(params);
  return saveCatalogForm(request, {
    schema: serviceFormSchema,
    save: (form) => saveService({ moderatorId: moderator.id, recruitServiceId: existing?.id, form }),
    similarMessage: SIMILAR_SERVICE_MESSAGE,
    editPath: (id) => `/admin/services/${id}/edit`,
  });
}

export default function ServiceForm({ loaderData, actionData }: Route.ComponentProps) {
  const { service, saved } = loaderData;
  const values = actionData?.values;
  const similar = actionData?.similar ?? [];
  const field = (name: string, stored: string | null | undefined) => textValue(values, name) ?? stored ?? '';

  return (
    <section className={styles.section} aria-labelledby="service-form-title">
      <CatalogFormHead
        titleId="service-form-title"
        title={service ? `就活サービスの編集: ${service.name}` : '就活サービスの追加'}
        back={{ to: '/admin/services', label: '就活サービス一覧に戻る' }}
        saved={saved && { message: SAVED_MESSAGES[saved], publicPath: service ? `/recruit_services/${service.id}` : null }}
        entry={service}
      />
      <ValidatedForm
        method="post"
        className={`${styles.form} ${styles.formPanel}`}
        schema={serviceFormSchema}
        serverErrors={actionData?.errors}
      >
        <CsrfField />
        {similar.length > 0 && (
          <SimilarEntries
            title="同じ名前と見なされる就活サービスがあります"
            lead="全角・半角やひらがな・カタカナの違いを除くと、次のサービスと同じ名前です。重複していないか確かめてください。"
            entries={similar.map((other) => ({ ...other, note: `${other.kana}・${other.category}` }))}
            editPath={(id) => `/admin/services/${id}/edit`}
          />
        )}
        <Input label="サービス名" name="name" required maxLength={SERVICE_NAME_MAX} defaultValue={field('name', service?.name)} />
        <Input
          label="フリガナ"
          name="kana"
          required
          maxLength={SERVICE_KANA_MAX}
          hint="全角カタカナ。ひらがな・半角カナで入力しても全角カタカナに直して保存します。"
          defaultValue={field('kana', service?.kana)}
        />
        <Input
          label="分類"
          name="category"
          required
          maxLength={SERVICE_CATEGORY_MAX}
          list="service-categories"
          hint={`例: ${SERVICE_CATEGORY_SUGGESTIONS.join('、')}`}
          defaultValue={field('category', service?.category)}
        />
        <datalist id="service-categories">
          {SERVICE_CATEGORY_SUGGESTIONS.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <Input
          label="URL"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://www.example.jp/"
          hint="任意。http:// または https:// で始まる公式サイト。"
          defaultValue={field('url', service?.url)}
        />
        <Textarea
          label="説明"
          name="description"
          rows={5}
          maxLength={SERVICE_DESCRIPTION_MAX}
          hint="任意。サービスのページに載せる紹介文です。"
          defaultValue={field('description', service?.description)}
        />
        {similar.length > 0 && (
          <ConfirmSimilar
            similarFor={actionData?.similarFor}
            label="同じサービスの重複登録ではないことを確認しました"
            error={actionData?.errors.confirmSimilar}
          />
        )}
        <CatalogFormActions submitLabel={service ? '変更を保存する' : 'サービスを登録する'} listPath="/admin/services" />
      </ValidatedForm>
    </section>
  );
}
