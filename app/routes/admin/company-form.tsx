import { PrefectureOptions } from '../../features/companies/components/prefecture-options';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { requireModerator } from '../../features/accounts/session-request.server';
import {
  COMPANY_DESCRIPTION_MAX,
  COMPANY_KANA_MAX,
  COMPANY_NAME_MAX,
  companyFormSchema,
  FOUNDED_YEAR_MIN,
} from '../../features/companies/company-form-schema';
import { getCompanyForEditing } from '../../features/companies/get-company-for-editing.server';
import { listFilterOptions } from '../../features/companies/list-filter-options.server';
import type { SimilarCompany } from '../../features/moderation/find-similar-companies.server';
import { SIMILAR_COMPANY_MESSAGE, saveCompany } from '../../features/moderation/save-company.server';
import { AppError, type FormErrors } from '../../lib/app-error';
import { textValue } from '../../lib/form';
import { parseId } from '../../lib/http';
import { tokyoYear } from '../../lib/tokyo-time';
import { privatePageMeta } from '../../lib/meta';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { Textarea } from '../../ui/textarea';
import { ValidatedForm } from '../../ui/validated-form';
import type { Route } from './+types/company-form';
import { savedMessages, savedOf } from './catalog-form';
import { CatalogFormActions, CatalogFormHead, ConfirmSimilar, SimilarEntries } from './catalog-form-parts';
import { saveCatalogForm } from './catalog-form-action.server';
import styles from './catalog.module.css';

// /admin/companies/new and /admin/companies/{id}/edit: one form for adding and editing a company
// (docs/decisions/029-admin-catalog.md). A new or renamed company whose name is like another's
// is saved only once the moderator has seen the similar companies and ticked the confirmation.

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.company ? `企業の編集: ${loaderData.company.name}` : '企業の追加';
  return privatePageMeta(matches, title, '企業の情報を登録・編集します。');
}

/** The company of an edit URL; null on the new-company URL. Unknown ids are the 404 page. */
async function companyOf(params: Route.LoaderArgs['params']) {
  if (!('companyId' in params) || params.companyId === undefined) return null;
  const companyId = parseId(params.companyId);
  const company = companyId === null ? null : await getCompanyForEditing({ companyId });
  if (!company) throw new AppError('company_not_found');
  return company;
}

const SAVED_MESSAGES = savedMessages('企業を登録しました。');

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireModerator(request);
  const [company, options] = await Promise.all([companyOf(params), listFilterOptions()]);
  return { company, options, saved: savedOf(request), thisYear: tokyoYear() };
}

/** A name or choice the catalog refuses is said beside its field (decision 056). */
export const formErrors: FormErrors = { validation_failed: {} };

export async function action({ request, params }: Route.ActionArgs) {
  const moderator = await requireModerator(request);
  const existing = await companyOf(params);
  return saveCatalogForm(request, {
    schema: companyFormSchema,
    save: (form) => saveCompany({ moderatorId: moderator.id, companyId: existing?.id, form }),
    similarMessage: SIMILAR_COMPANY_MESSAGE,
    editPath: (id) => `/admin/companies/${id}/edit`,
  });
}

const MATCH_LABELS: Record<SimilarCompany['match'], string> = {
  same: '同じ名前',
  contains: 'この名前を含む',
  contained: 'この名前に含まれる',
};

export default function CompanyForm({ loaderData, actionData }: Route.ComponentProps) {
  const { company, options, saved, thisYear } = loaderData;
  const values = actionData?.values;
  const similar = actionData?.similar ?? [];
  // What was typed comes back after a refusal; otherwise what is stored.
  const field = (name: string, stored: string | number | null | undefined) =>
    textValue(values, name) ?? (stored == null ? '' : String(stored));

  return (
    <section className={styles.section} aria-labelledby="company-form-title">
      <CatalogFormHead
        titleId="company-form-title"
        title={company ? `企業の編集: ${company.name}` : '企業の追加'}
        back={{ to: '/admin/companies', label: '企業一覧に戻る' }}
        saved={saved && { message: SAVED_MESSAGES[saved], publicPath: company ? `/companies/${company.id}` : null }}
        entry={company && { ...company, more: [['公開投稿', `${company.publishedPostCount.toLocaleString('ja-JP')}件`]] }}
      />
      <ValidatedForm
        method="post"
        className={`${styles.form} ${styles.formPanel}`}
        schema={companyFormSchema}
        serverErrors={actionData?.errors}
      >
        <CsrfField />
        {similar.length > 0 && (
          <SimilarEntries
            title="似た名前の企業が登録されています"
            lead="同じ企業を重複して登録しないよう、次の企業と別の企業であることを確かめてください（リンクは新しいタブで開きます）。"
            entries={similar.map((other) => ({ ...other, note: `${other.kana}・${other.prefectureName}・${MATCH_LABELS[other.match]}` }))}
            editPath={(id) => `/admin/companies/${id}/edit`}
          />
        )}
        <Input
          label="企業名"
          name="name"
          required
          maxLength={COMPANY_NAME_MAX}
          placeholder="例: 株式会社シューログ"
          defaultValue={field('name', company?.name)}
        />
        <Input
          label="フリガナ"
          name="kana"
          required
          maxLength={COMPANY_KANA_MAX}
          placeholder="例: シューログ"
          hint="全角カタカナ。ひらがな・半角カナで入力しても全角カタカナに直して保存します。「株式会社」の読みは入れません。"
          defaultValue={field('kana', company?.kana)}
        />
        <div className={styles.pair}>
          <Select
            label="業種"
            name="industryId"
            required
            placeholder="選択してください"
            options={options.industries.map((industry) => ({ value: String(industry.id), label: industry.name }))}
            defaultValue={textValue(values, 'industryId') ?? (company ? String(company.industryId) : undefined)}
          />
          <Select
            label="本社所在地（都道府県）"
            name="prefectureId"
            required
            placeholder="選択してください"
            defaultValue={textValue(values, 'prefectureId') ?? (company ? String(company.prefectureId) : undefined)}
          >
            <PrefectureOptions prefectures={options.prefectures} />
          </Select>
        </div>
        <Input
          label="URL"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://www.example.co.jp/"
          hint="任意。http:// または https:// で始まる企業の公式サイト。"
          defaultValue={field('url', company?.url)}
        />
        <div className={styles.pair}>
          <Input
            label="従業員数"
            name="employeeCount"
            inputMode="numeric"
            hint="任意。人数を数字で（例: 1,200）。"
            defaultValue={field('employeeCount', company?.employeeCount)}
          />
          <Input
            label="設立年"
            name="foundedYear"
            inputMode="numeric"
            maxLength={5}
            hint={`任意。西暦4桁（${FOUNDED_YEAR_MIN}〜${thisYear}）。`}
            defaultValue={field('foundedYear', company?.foundedYear)}
          />
        </div>
        <Textarea
          label="企業説明"
          name="description"
          rows={6}
          maxLength={COMPANY_DESCRIPTION_MAX}
          hint="任意。事業内容など、企業ページに載せる紹介文です。"
          defaultValue={field('description', company?.description)}
        />
        {similar.length > 0 && (
          <ConfirmSimilar
            similarFor={actionData?.similarFor}
            label="同じ企業の重複登録ではないことを確認しました"
            error={actionData?.errors.confirmSimilar}
          />
        )}
        <CatalogFormActions submitLabel={company ? '変更を保存する' : '企業を登録する'} listPath="/admin/companies" />
      </ValidatedForm>
    </section>
  );
}
