import { type ChangeEvent, type FormEvent, useState } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { requireModerator } from '../../features/accounts/session-request.server';
import { EMPLOYEE_REVIEW_COLUMNS, EMPLOYEE_REVIEW_CSV_MAX_BYTES, MAX_IMPORT_ROWS } from '../../features/moderation/employee-review-columns';
import {
  type EmployeeReviewImportStatus,
  findEmployeeReviewImport,
  type ImportSummary,
  type ImportView,
  recentEmployeeReviewImports,
  runningEmployeeReviewImport,
  startEmployeeReviewImport,
} from '../../features/moderation/import-employee-reviews.server';
import { AppError, type FormErrors } from '../../lib/app-error';
import { type FormFailure, formFailure } from '../../lib/form';
import { cleanText } from '../../lib/clean-text';
import { formatCount } from '../../lib/format';
import { formatDateTime } from '../../lib/format-date-time';
import { readFormData } from '../../lib/form-data.server';
import { parseId } from '../../lib/http';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { KeepWords } from '../../ui/keep-words';
import { Checkbox } from '../../ui/checkbox';
import { Input } from '../../ui/input';
import { Link } from '../../ui/link';
import type { Route } from './+types/employee-reviews';
import styles from './catalog.module.css';
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
/** A file name as the page keeps it. */
const FILE_NAME_MAX = 200;
/** How often a running import's page asks for its progress. */
const REFRESH_MS = 1000;

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '社員クチコミの取り込み', 'CSVファイルから社員クチコミを取り込みます。');
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireModerator(request);
  const param = new URL(request.url).searchParams.get('import');
  const id = param === null ? null : parseId(param);
  if (param !== null && id === null) throw new AppError('not_found');
  const shown = id === null ? null : await findEmployeeReviewImport(id);
  if (id !== null && !shown) throw new AppError('not_found');
  const running = await runningEmployeeReviewImport();
  const recent = await recentEmployeeReviewImports();
  return { maxBytes: EMPLOYEE_REVIEW_CSV_MAX_BYTES, shown, running, recent };
}

/** The errors this form shows above its file field (docs/decisions/056-one-error-shape.md). */
export const formErrors: FormErrors = { import_running: { field: 'file' } };

export async function action({ request }: Route.ActionArgs) {
  const moderator = await requireModerator(request);
  const form = await readFormData(request);
  // Refused in the one shape of a refused form (docs/decisions/056-one-error-shape.md), beside the file.
  const refuse = (message: string, status = 400) =>
    data({ ok: false, errors: { file: message }, values: {} } satisfies FormFailure, { status });
  const file = form.get('csv');
  if (!(file instanceof File) || (file.size === 0 && file.name === '')) return refuse('CSVファイルを選んでください。');
  if (file.size > EMPLOYEE_REVIEW_CSV_MAX_BYTES) return refuse(TOO_LARGE, 413);
  // import_running (409) is answered as this form's refusal (formErrors, server/route-errors.ts).
  const id = await startEmployeeReviewImport({
    file,
    // The name as a text of the form: cleaned (docs/decisions/051), and cut.
    fileName: [...cleanText(file.name)].slice(0, FILE_NAME_MAX).join('') || 'ファイル名なし',
    dryRun: form.get('dryRun') === 'on',
    skipInvalid: form.get('skipInvalid') === 'on',
    moderatorId: moderator.id,
  });
  return redirect(`/admin/employee_reviews?import=${id}`);
}

const STATUS_LABELS: Record<EmployeeReviewImportStatus, string> = {
  queued: '準備中',
  checking: '確認中',
  importing: '取り込み中',
  dry_run: '確認済み',
  refused: '取り込みませんでした',
  imported: '取り込み済み',
  unreadable: '読み取れませんでした',
  interrupted: '中断',
};

/** 12,345件 */
const count = (n: number) => formatCount(n, '件');

function RefusedRowsTable({ view }: { view: ImportView }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">不備のある行</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.num}>
              行
            </th>
            <th scope="col">source_id</th>
            <th scope="col">企業</th>
            <th scope="col">タイトル</th>
            <th scope="col">理由</th>
          </tr>
        </thead>
        <tbody>
          {view.refusedRows.map((row) => (
            <tr key={row.line}>
              <td className={styles.num} data-label="行">
                {row.line}
              </td>
              <td data-label="source_id">{row.sourceId || '—'}</td>
              <td data-label="企業">
                {row.companyName && row.companyId !== null ? (
                  <Link to={`/companies/${row.companyId}`}>{row.companyName}</Link>
                ) : row.companyId !== null ? (
                  `ID ${row.companyId}`
                ) : (
                  '—'
                )}
              </td>
              <td data-label="タイトル">
                <KeepWords>{row.title || '—'}</KeepWords>
              </td>
              <td data-label="理由">
                <ul className={styles.reasons}>
                  {row.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

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
  const percent = view.percent ?? 0;
  return (
    <>
      <p className={styles.done} role="status">
        {progressText(view)}
      </p>
      <div className={styles.progress}>
        <progress max={100} value={percent} aria-label="進み具合" />
        <span className={styles.num}>{percent}%</span>
      </div>
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
      <p className={styles.muted}>
        この画面は自動で更新されます。ほかのページに移っても取り込みは続きます。
        <Link to={`/admin/employee_reviews?import=${view.id}`}>最新の状態を表示する</Link>
      </p>
    </>
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
          <RefusedRowsTable view={view} />
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

function ImportSection({ view }: { view: ImportView }) {
  return (
    <section className={styles.section} aria-labelledby="report-title" data-import-status={view.status}>
      <h2 id="report-title" className={styles.subtitle}>
        {view.running ? (view.dryRun ? '確認しています' : '取り込んでいます') : view.dryRun ? '確認の結果' : '取り込みの結果'}
        <span className={styles.muted}>（{view.fileName}）</span>
      </h2>
      {view.running ? <Progress view={view} /> : <Report view={view} />}
    </section>
  );
}

function RecentImports({ recent }: { recent: ImportSummary[] }) {
  return (
    <section className={styles.section} aria-labelledby="recent-title">
      <h2 id="recent-title" className={styles.subtitle}>
        最近の取り込み
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">開始</th>
              <th scope="col">ファイル</th>
              <th scope="col">種類</th>
              <th scope="col">状態</th>
              <th scope="col" className={styles.num}>
                取り込んだ
              </th>
              <th scope="col" className={styles.num}>
                不備あり
              </th>
            </tr>
          </thead>
          <tbody>
            {recent.map((entry) => (
              <tr key={entry.id}>
                <td className={styles.nowrap}>{formatDateTime(entry.createdAt)}</td>
                <td data-label="ファイル">
                  <Link to={`/admin/employee_reviews?import=${entry.id}`}>{entry.fileName}</Link>
                </td>
                <td data-label="種類">{entry.dryRun ? '確認のみ' : '取り込み'}</td>
                <td data-label="状態">{STATUS_LABELS[entry.status]}</td>
                <td className={styles.num} data-label="取り込んだ">
                  {formatCount(entry.counts.imported, '')}
                </td>
                <td className={styles.num} data-label="不備あり">
                  {formatCount(entry.counts.invalid, '')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
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
  useRefreshWhile(Boolean(shown?.running || running), REFRESH_MS);

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
      {running && running.id !== shown?.id && (
        <p className={styles.warning} role="status">
          <span>
            「{running.fileName}」の{running.dryRun ? '確認' : '取り込み'}が進んでいます（{running.percent ?? 0}
            %）。終わるまで次のファイルは送れません。
          </span>
          <Link to={`/admin/employee_reviews?import=${running.id}`}>進み具合を見る</Link>
        </p>
      )}
      <Form
        method="post"
        action="/admin/employee_reviews"
        encType="multipart/form-data"
        className={`${styles.form} ${styles.formPanel}`}
        onSubmit={onSubmit}
        noValidate
      >
        <CsrfField />
        <Input
          label="CSVファイル"
          name="csv"
          type="file"
          accept=".csv,text/csv"
          required
          hint={`UTF-8（BOMあり・なしどちらでも）のCSV、${MAX_MB}MB・${MAX_ROWS_TEXT}行まで。1行目は見出しです。`}
          error={fileError ?? formFailure(actionData)?.errors.file ?? undefined}
          onChange={onFileChange}
        />
        <Checkbox
          name="dryRun"
          label="確認のみ（取り込まない）"
          description="不備のある行と理由を一覧にします。何も保存しません。"
          checked={dryRun}
          onChange={(event) => setDryRun(event.currentTarget.checked)}
        />
        <Checkbox
          name="skipInvalid"
          label="不備のある行を飛ばして取り込む"
          description="選ばないときは、不備のある行が1行でもあればファイル全体を取り込みません。"
        />
        <div className={styles.actions}>
          <Button type="submit" disabledLabel="処理しています…" pending={submitting}>
            {dryRun ? 'ファイルを確認する' : '取り込む'}
          </Button>
        </div>
      </Form>

      {shown && <ImportSection view={shown} />}

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
      {recent.length > 0 && <RecentImports recent={recent} />}
    </section>
  );
}
