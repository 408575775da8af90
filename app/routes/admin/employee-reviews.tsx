import { type ChangeEvent, type FormEvent, useState } from 'react';
import { redirect, useNavigation } from 'react-router';
import { requireModerator } from '../../features/accounts/session-request.server';
import { EMPLOYEE_REVIEW_COLUMNS, EMPLOYEE_REVIEW_CSV_MAX_BYTES, MAX_IMPORT_ROWS } from '../../features/moderation/employee-review-columns';
import {
  type ImportView,
  recentEmployeeReviewImports,
  employeeReviewImportJobs,
} from '../../features/moderation/import-employee-reviews.server';
import type { FormErrors } from '../../lib/app-error';
import { formFailure } from '../../lib/form';
import { formatCount } from '../../lib/format';
import { readFormData } from '../../lib/form-data.server';
import { privatePageMeta } from '../../lib/meta';
import { KeepWords } from '../../ui/keep-words';
import { Checkbox } from '../../ui/checkbox';
import { Link } from '../../ui/link';
import type { Route } from './+types/employee-reviews';
import styles from './catalog.module.css';
import { type CatalogColumn, CatalogTable } from './catalog-table';
import * as ImportPage from './import-parts';
import { useRefreshWhile } from './use-refresh-while';

// /admin/employee_reviews: importing 社員クチコミ from a CSV file (docs/decisions/029-admin-catalog.md,
// 054-streamed-imports.md). An upload starts an import that runs in the background, one at a time
// on the site; the page (?import=ID) shows how far it is, refreshing itself every second while it
// runs, then its report: the counts and the first 100 refused rows with their reasons. A dry run
// (the default) writes nothing; a real run writes nothing while a row is invalid, unless told to
// skip those rows.

const MAX_MB = EMPLOYEE_REVIEW_CSV_MAX_BYTES / 1024 / 1024;
const MAX_ROWS_TEXT = `${MAX_IMPORT_ROWS / 10_000}万`;
const TOO_LARGE = `ファイルが大きすぎます。${MAX_MB}MBまでのファイルに分けてから、もう一度お試しください。`;
const PAGE = '/admin/employee_reviews';

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '社員クチコミの取り込み', 'CSVファイルから社員クチコミを取り込みます。');
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireModerator(request);
  const page = await ImportPage.load(request, employeeReviewImportJobs, () => recentEmployeeReviewImports());
  return { maxBytes: EMPLOYEE_REVIEW_CSV_MAX_BYTES, ...page };
}

/** The errors this form shows above its file field (docs/decisions/056-one-error-shape.md). */
export const formErrors: FormErrors = { import_running: { field: 'file' } };

export async function action({ request }: Route.ActionArgs) {
  const moderator = await requireModerator(request);
  const form = await readFormData(request);
  const upload = ImportPage.uploadedCsv(form, EMPLOYEE_REVIEW_CSV_MAX_BYTES, TOO_LARGE);
  if (upload.refusal) return upload.refusal;
  // import_running (409) is answered as this form's refusal (formErrors, server/route-errors.ts).
  const id = await employeeReviewImportJobs.start({
    ...upload,
    dryRun: form.get('dryRun') === 'on',
    skipInvalid: form.get('skipInvalid') === 'on',
    moderatorId: moderator.id,
  });
  return redirect(`/admin/employee_reviews?import=${id}`);
}

/** 12,345件 */
const count = (n: number) => formatCount(n, '件');

const REFUSED_COLUMNS: ReadonlyArray<CatalogColumn<ImportView['refusedRows'][number]>> = [
  { label: '行', num: true, cell: (row) => row.line },
  { label: 'source_id', cell: (row) => row.sourceId || '—' },
  {
    label: '企業',
    cell: (row) =>
      row.companyName && row.companyId !== null ? (
        <Link to={`/companies/${row.companyId}`}>{row.companyName}</Link>
      ) : row.companyId !== null ? (
        `ID ${row.companyId}`
      ) : (
        '—'
      ),
  },
  { label: 'タイトル', cell: (row) => <KeepWords>{row.title || '—'}</KeepWords> },
  {
    label: '理由',
    cell: (row) => (
      <ul className={styles.reasons}>
        {row.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    ),
  },
];

/**
 * What a running import is doing. It changes with the phase only (a screen reader hears each
 * change); how far the phase is, is the progress bar's value.
 */
function progressText(view: ImportView): string {
  switch (view.status) {
    case 'queued':
      return 'ファイルを受け取り、取り込みの準備をしています…';
    case 'checking':
      return view.dryRun ? 'ファイルの全行を確認しています…' : 'ファイルの全行を確認しています。確認が終わると取り込みを始めます…';
    default:
      return '確認が終わり、社員クチコミを取り込んでいます…';
  }
}

function Progress({ view }: { view: ImportView }) {
  return (
    <ImportPage.Progress view={view} page={PAGE} doing={progressText(view)}>
      <ul className={styles.counts}>
        <li>
          確認した行<strong>{formatCount(view.counts.rows, '')}</strong>
        </li>
        {view.status === 'importing' ? (
          <li>
            取り込んだ<strong>{formatCount(view.counts.imported, '')}</strong>
            <span className={styles.muted}> / {count(view.counts.ready)}</span>
          </li>
        ) : (
          <li>
            不備あり<strong>{formatCount(view.counts.invalid, '')}</strong>
          </li>
        )}
      </ul>
    </ImportPage.Progress>
  );
}

function Summary({ view }: { view: ImportView }) {
  const { counts } = view;
  switch (view.status) {
    case 'unreadable':
      return (
        <p className={styles.danger} role="alert">
          {view.fileError}
        </p>
      );
    case 'refused':
      return (
        <p className={styles.danger} role="alert">
          不備のある行が{count(counts.invalid)}
          あるため、何も取り込みませんでした。下の表の理由を直してからもう一度送るか、「不備のある行を飛ばして取り込む」を選んでください。
        </p>
      );
    case 'interrupted':
      return (
        <p className={styles.danger} role="alert">
          取り込みが途中で中断されました（サーバーの再起動など）。
          {counts.imported > 0 && `中断までに${count(counts.imported)}を取り込みました。`}
          同じファイルをもう一度送ると、取り込み済みの行は飛ばして残りを取り込みます。
        </p>
      );
    case 'imported':
      return (
        <p className={styles.done} role="status">
          {count(counts.imported)}の社員クチコミを取り込み、公開しました。
          {counts.skipped > 0 && `取込済みの${count(counts.skipped)}は飛ばしました。`}
          {counts.invalid > 0 && `不備のある${count(counts.invalid)}は取り込んでいません。`}
        </p>
      );
    default:
      return (
        <p className={counts.invalid > 0 && !view.skipInvalid ? styles.danger : styles.done} role="status">
          確認しました（まだ何も取り込んでいません）。
          {counts.invalid > 0 && !view.skipInvalid
            ? `不備のある行が${count(counts.invalid)}あります。このまま取り込むとファイル全体が取り込まれません。`
            : `取り込むと${count(counts.ready)}の社員クチコミが公開されます。`}
          {counts.invalid > 0 && view.skipInvalid && `不備のある${count(counts.invalid)}は飛ばします。`}
        </p>
      );
  }
}

function Report({ view }: { view: ImportView }) {
  const { counts } = view;
  const more = counts.invalid - view.refusedRows.length;
  return (
    <>
      <Summary view={view} />
      {view.status !== 'unreadable' && (
        <ul className={styles.counts}>
          <li>
            行数<strong>{formatCount(counts.rows, '')}</strong>
          </li>
          <li>
            {view.status === 'imported' || view.status === 'interrupted' ? '取り込んだ' : '取り込み可'}
            <strong>{formatCount(view.status === 'imported' || view.status === 'interrupted' ? counts.imported : counts.ready, '')}</strong>
          </li>
          <li>
            取込済み<strong>{formatCount(counts.skipped, '')}</strong>
          </li>
          <li>
            不備あり<strong>{formatCount(counts.invalid, '')}</strong>
          </li>
        </ul>
      )}
      {view.refusedRows.length > 0 && (
        <>
          <h3 className={styles.subtitle}>
            不備のある行
            {more > 0 && <span className={styles.muted}>（先頭の{count(view.refusedRows.length)}）</span>}
          </h3>
          <CatalogTable columns={REFUSED_COLUMNS} rows={view.refusedRows} rowKey={(row) => row.line} caption="不備のある行" />
          {more > 0 && (
            <p className={styles.muted}>
              ほか {formatCount(more, '')} 行に不備があります（表示は先頭の{count(view.refusedRows.length)}です）。
              {!view.dryRun && ' 直したファイルをもう一度送ると、取り込み済みの行は飛ばして残りを取り込みます。'}
            </p>
          )}
        </>
      )}
    </>
  );
}

const EXAMPLE = [
  EMPLOYEE_REVIEW_COLUMNS.map((column) => column.name).join(','),
  'ext-0001,12,若手に任せる社風です,営業部,現職,3,4,"上司との距離が近く、若手の提案でも採用されます。","入社2年目から顧客を任され、成長できる環境です。","同業他社と比べて平均的ですが、賞与があります。",2024-05-01',
].join('\n');

export default function EmployeeReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { shown, running, recent } = loaderData;
  const navigation = useNavigation();
  const [dryRun, setDryRun] = useState(true);
  const [fileError, setFileError] = useState<string | null>(null);
  const submitting = navigation.state === 'submitting';
  useRefreshWhile(Boolean(shown?.running || running), ImportPage.REFRESH_MS);

  // Refused here already, so that a large file is not sent for nothing.
  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setFileError(file && file.size > loaderData.maxBytes ? TOO_LARGE : null);
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem('csv') as HTMLInputElement | null;
    const file = input?.files?.[0];
    const problem = !file ? 'CSVファイルを選んでください。' : file.size > loaderData.maxBytes ? TOO_LARGE : null;
    setFileError(problem);
    if (problem) {
      event.preventDefault();
      input?.focus();
    }
  }

  return (
    <section className={styles.section} aria-labelledby="import-title">
      <h1 id="import-title" className={styles.title}>
        社員クチコミの取り込み
      </h1>
      <p className={styles.lead}>
        社員クチコミは投稿フォームがなく、提携先から受け取ったCSVファイルで取り込みます。まず「確認のみ」で不備がないか確かめてから取り込んでください。
        同じ source_id の行は何度送っても1件しか取り込まれません。
      </p>
      <ImportPage.RunningNote running={running} shownId={shown?.id} page={PAGE} />
      <ImportPage.UploadForm
        page={PAGE}
        onSubmit={onSubmit}
        fileHint={`UTF-8（BOMあり・なしどちらでも）のCSV、${MAX_MB}MB・${MAX_ROWS_TEXT}行まで。1行目は見出しです。`}
        fileError={fileError ?? formFailure(actionData)?.errors.file ?? undefined}
        onFileChange={onFileChange}
        dryRun={dryRun}
        onDryRun={setDryRun}
        dryRunDescription="不備のある行と理由を一覧にします。何も保存しません。"
        pending={submitting}
        afterDryRun={
          <Checkbox
            name="skipInvalid"
            label="不備のある行を飛ばして取り込む"
            description="選ばないときは、不備のある行が1行でもあればファイル全体を取り込みません。"
          />
        }
      />

      {shown && (
        <ImportPage.Section view={shown} about={shown.fileName}>
          {shown.running ? <Progress view={shown} /> : <Report view={shown} />}
        </ImportPage.Section>
      )}

      <details className={styles.details}>
        <summary>CSVファイルの形式</summary>
        <div className={styles.section}>
          <p className={styles.muted}>
            1行目に次の列名を入れてください（順番は自由）。項目の中にコンマ・改行・「"」があるときは、項目全体を「"」で囲み、中の「"」は「""」と重ねます。
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">列名</th>
                  <th scope="col">内容</th>
                  <th scope="col">必須</th>
                  <th scope="col">書き方</th>
                </tr>
              </thead>
              <tbody>
                {EMPLOYEE_REVIEW_COLUMNS.map((column) => (
                  <tr key={column.name}>
                    <td>
                      <code className={styles.code}>{column.name}</code>
                    </td>
                    <td data-label="内容">{column.label}</td>
                    <td data-label="必須">{column.required ? '必須' : '任意'}</td>
                    <td data-label="書き方">{column.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={styles.muted}>例:</p>
          <pre className={styles.example}>{EXAMPLE}</pre>
          <p className={styles.muted}>
            サーバーで直接取り込むときは <code className={styles.code}>npm run import:employee-reviews -- ファイル.csv --dry-run</code>{' '}
            も使えます。
          </p>
        </div>
      </details>
      <ImportPage.Recent
        recent={recent}
        page={PAGE}
        figures={{ 取り込んだ: (e) => e.counts.imported, 不備あり: (e) => e.counts.invalid }}
      />
    </section>
  );
}
