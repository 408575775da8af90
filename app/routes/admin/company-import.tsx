import { type FormEvent, useState } from 'react';
import { redirect, useNavigate, useNavigation } from 'react-router';
import { requireModerator } from '../../features/accounts/session-request.server';
import {
  COMPANY_IMPORT_STREAM_BYTES,
  COMPANY_IMPORT_UPLOAD_BYTES,
  CORPORATION_KINDS,
  DEFAULT_KINDS,
  parseKinds,
} from '../../features/moderation/corporation-kinds';
import { type CompanyImportView, recentCompanyImports, companyImportJobs } from '../../features/moderation/import-companies.server';
import type { FormErrors } from '../../lib/app-error';
import { formFailure } from '../../lib/form';
import { formatCount } from '../../lib/format';
import { readFormData } from '../../lib/form-data.server';
import { privatePageMeta } from '../../lib/meta';
import { callSite } from '../../lib/site-client';
import { Checkbox, CheckboxGroup } from '../../ui/checkbox';
import { Link } from '../../ui/link';
import type { Route } from './+types/company-import';
import styles from './catalog.module.css';
import { type CatalogColumn, CatalogTable } from './catalog-table';
import * as ImportPage from './import-parts';
import { useRefreshWhile } from './use-refresh-while';

// /admin/companies/import: the company catalogue from the 法人番号公表サイト's data (docs/decisions/
// 077-company-catalogue-import.md). An upload starts an import that runs in the background, one at
// a time on the site; the page (?import=ID) shows how far it is, refreshing itself every second while
// it runs, then what it did. The page's script sends the file as the body of one PUT call, written
// to disk as it arrives (up to 512 MB: a whole prefecture's 全件 file); without the script the form
// sends it as multipart, up to 10 MB.

const MAX_MB = COMPANY_IMPORT_STREAM_BYTES / 1024 / 1024;
const FORM_MAX_MB = COMPANY_IMPORT_UPLOAD_BYTES / 1024 / 1024;
const TOO_LARGE = `ファイルが大きすぎます（${MAX_MB}MBまで）。サーバーで npm run import:companies -- ファイル.csv を実行して取り込んでください。`;
const FORM_TOO_LARGE = `JavaScriptがオフのときに送れるファイルは${FORM_MAX_MB}MBまでです。JavaScriptをオンにするか、サーバーで npm run import:companies -- ファイル.csv を実行して取り込んでください。`;
const PAGE = '/admin/companies/import';

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '法人番号データの取り込み', '国税庁 法人番号公表サイトのデータから企業を取り込みます。');
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireModerator(request);
  return ImportPage.load(request, companyImportJobs, () => recentCompanyImports());
}

/** The errors this form shows above its file field (docs/decisions/056-one-error-shape.md). */
export const formErrors: FormErrors = { company_import_running: { field: 'file' } };

export async function action({ request }: Route.ActionArgs) {
  const moderator = await requireModerator(request);
  const form = await readFormData(request);
  const upload = ImportPage.uploadedCsv(form, COMPANY_IMPORT_UPLOAD_BYTES, FORM_TOO_LARGE);
  if (upload.refusal) return upload.refusal;
  const kinds = parseKinds(
    form
      .getAll('kinds')
      .filter((value) => typeof value === 'string')
      .join(','),
  );
  if (!kinds) return ImportPage.refuseForm('kinds', '取り込む法人の種類を1つ以上選んでください。');
  const id = await companyImportJobs.start({
    ...upload,
    dryRun: form.get('dryRun') === 'on',
    kinds,
    moderatorId: moderator.id,
  });
  return redirect(`/admin/companies/import?import=${id}`);
}

const count = (n: number) => formatCount(n, '件');
const kindNames = (kinds: readonly string[]) => kinds.map((code) => CORPORATION_KINDS[code] ?? code).join('・');

function Counts({ view }: { view: CompanyImportView }) {
  const { counts } = view;
  const items: Array<[string, number]> = [
    ['読んだ行', counts.lines],
    [view.dryRun ? '追加される企業' : '追加した企業', counts.added],
    [view.dryRun ? '更新される企業' : '更新した企業', counts.updated],
    [view.dryRun ? '非表示になる企業（閉鎖）' : '非表示にした企業（閉鎖）', counts.closed],
    ['変更なし', counts.unchanged],
    ['フリガナなしで追加', counts.withoutReading],
    ['対象外の種類', counts.otherKinds],
    ['過去の履歴', counts.notLatest],
    ['検索対象除外', counts.excluded],
    ['未登録の閉鎖法人', counts.closedUnknown],
    ['使えない行', counts.refused],
  ];
  return (
    <ul className={styles.counts}>
      {items.map(([label, value]) => (
        <li key={label}>
          {label}
          <strong>{formatCount(value, '')}</strong>
        </li>
      ))}
    </ul>
  );
}

function Summary({ view }: { view: CompanyImportView }) {
  const { counts } = view;
  if (view.status === 'unreadable') {
    return (
      <p className={styles.danger} role="alert">
        {view.fileError}
      </p>
    );
  }
  if (view.status === 'interrupted') {
    return (
      <p className={styles.danger} role="alert">
        取り込みが途中で中断されました（サーバーの再起動など）。中断までの分は保存されています。同じファイルをもう一度送ると、変わっていない企業は飛ばして残りを取り込みます。
      </p>
    );
  }
  const todo =
    counts.added > 0
      ? ` 追加した企業の業種は「未分類」です。企業一覧の「業種が未分類」${counts.withoutReading > 0 ? '・「フリガナなし」' : ''}から設定してください。`
      : '';
  return (
    <p className={styles.done} role="status">
      {view.status === 'dry_run'
        ? `確認しました（まだ何も保存していません）。取り込むと${count(counts.added)}を追加、${count(counts.updated)}を更新、${count(counts.closed)}を非表示にします。`
        : `${count(counts.added)}の企業を追加、${count(counts.updated)}を更新、${count(counts.closed)}を非表示にしました。${todo}`}
    </p>
  );
}

const REFUSED_COLUMNS: ReadonlyArray<CatalogColumn<CompanyImportView['refusedLines'][number]>> = [
  { label: '行', num: true, cell: (line) => line.line },
  { label: '法人番号', cell: (line) => line.corporateNumber || '—' },
  { label: '商号又は名称', cell: (line) => line.name || '—' },
  { label: '理由', cell: (line) => line.reason },
];

function Report({ view }: { view: CompanyImportView }) {
  return (
    <>
      {view.running ? (
        <ImportPage.Progress
          view={view}
          page={PAGE}
          doing={view.dryRun ? 'ファイルを読み、取り込んだときの変更を数えています…' : 'ファイルを読みながら企業を取り込んでいます…'}
        />
      ) : (
        <Summary view={view} />
      )}
      {view.status !== 'unreadable' && <Counts view={view} />}
      {view.refusedLines.length > 0 && (
        <>
          <h3 className={styles.subtitle}>
            使えない行
            {view.counts.refused > view.refusedLines.length && (
              <span className={styles.muted}>（先頭の{count(view.refusedLines.length)}）</span>
            )}
          </h3>
          <CatalogTable columns={REFUSED_COLUMNS} rows={view.refusedLines} rowKey={(line) => line.line} />
        </>
      )}
    </>
  );
}

export default function CompanyImport({ loaderData, actionData }: Route.ComponentProps) {
  const { shown, running, recent } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [dryRun, setDryRun] = useState(true);
  const [fileError, setFileError] = useState<string | null>(null);
  const [kindsError, setKindsError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useRefreshWhile(Boolean(shown?.running || running), ImportPage.REFRESH_MS);
  const failure = formFailure(actionData);

  // With the script, the file goes as the body of one PUT, written to disk as it arrives (up to
  // 512 MB); the form itself (10 MB) is what works without it.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('csv') as HTMLInputElement | null;
    const file = input?.files?.[0];
    const kinds = new FormData(form).getAll('kinds').map(String);
    const problem = !file ? 'CSVファイルを選んでください。' : file.size > COMPANY_IMPORT_STREAM_BYTES ? TOO_LARGE : null;
    setFileError(problem);
    setKindsError(kinds.length === 0 ? '取り込む法人の種類を1つ以上選んでください。' : null);
    if (problem || !file || kinds.length === 0) {
      input?.focus();
      return;
    }
    setSending(true);
    const query = new URLSearchParams({ kinds: kinds.join(','), name: file.name, ...(dryRun ? { dryRun: '1' } : {}) });
    const answer = await callSite<{ location: string }>(`/api/v1/admin/company_imports?${query}`, { method: 'PUT', file });
    if (answer.ok) {
      await navigate(answer.data.location);
    } else {
      setFileError(answer.message);
      input?.focus();
    }
    setSending(false);
  }

  return (
    <section className={styles.section} aria-labelledby="import-title">
      <Link to="/admin/companies" className={styles.back}>
        ← 企業の一覧へ
      </Link>
      <h1 id="import-title" className={styles.title}>
        法人番号データの取り込み
      </h1>
      <p className={styles.lead}>
        国税庁
        法人番号公表サイトの全件データ・差分データ（Unicode版のCSV）から企業を取り込みます。法人番号ごとに1社で、同じファイルを2回取り込んでも何も変わりません。
        後のファイルで商号・フリガナ・所在地が変わった企業は更新し、登記記録が閉鎖された企業は検索と一覧から外します（投稿は消えません）。
      </p>
      <ImportPage.RunningNote running={running} shownId={shown?.id} page={PAGE} />
      <ImportPage.UploadForm
        page={PAGE}
        onSubmit={onSubmit}
        fileHint={`法人番号公表サイトの「CSV形式・Unicode」のファイル（zipを展開したもの）、${MAX_MB}MBまで。都道府県ごとの全件データも送れます。`}
        fileError={fileError ?? failure?.errors.file ?? undefined}
        onFileChange={() => setFileError(null)}
        dryRun={dryRun}
        onDryRun={setDryRun}
        dryRunDescription="追加・更新・非表示になる企業の数を数えます。何も保存しません。"
        pending={sending || navigation.state === 'submitting'}
      >
        <CheckboxGroup
          legend="取り込む法人の種類（法人種別）"
          orientation="horizontal"
          required
          error={kindsError ?? failure?.errors.kinds}
        >
          {Object.entries(CORPORATION_KINDS).map(([code, label]) => (
            <Checkbox key={code} name="kinds" value={code} label={`${label}（${code}）`} defaultChecked={DEFAULT_KINDS.includes(code)} />
          ))}
        </CheckboxGroup>
      </ImportPage.UploadForm>

      {shown && (
        <ImportPage.Section view={shown} about={`${shown.fileName}・${kindNames(shown.kinds)}`}>
          <Report view={shown} />
        </ImportPage.Section>
      )}

      <p className={styles.muted}>
        サーバーで直接取り込むときは <code className={styles.code}>npm run import:companies -- ファイル.csv --dry-run</code> も使えます（
        <code className={styles.code}>--kinds=301,305</code> で種類を選べます）。
      </p>
      <ImportPage.Recent recent={recent} page={PAGE} figures={{ 追加: (e) => e.counts.added, 更新: (e) => e.counts.updated }} />
    </section>
  );
}
