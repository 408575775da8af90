import { type ChangeEvent, type FormEvent, useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { requireModerator } from '../../features/accounts/session-request.server';
import { EMPLOYEE_REVIEW_COLUMNS, EMPLOYEE_REVIEW_CSV_MAX_BYTES } from '../../features/moderation/employee-review-columns';
import {
  type ImportReport,
  type ImportRow,
  type ImportRowStatus,
  importEmployeeReviewFile,
} from '../../features/moderation/import-employee-reviews.server';
import { readFormData } from '../../lib/form-data.server';
import { originFromMatches, pageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Input } from '../../ui/input';
import { Link } from '../../ui/link';
import type { Route } from './+types/employee-reviews';
import styles from './catalog.module.css';

// /admin/employee_reviews: importing 社員クチコミ from a CSV file (docs/decisions/029-admin-catalog.md).
// A dry run (the default) lists every row and what would happen to it; a real run imports all
// valid new rows in one transaction, or nothing while a row is invalid unless told to skip those.

const MAX_MB = EMPLOYEE_REVIEW_CSV_MAX_BYTES / 1024 / 1024;
const TOO_LARGE = `ファイルが大きすぎます。${MAX_MB}MBまでのファイルに分けてから、もう一度お試しください。`;
/** Rows of the 取り込む list shown on the page; the counts say how many there are. */
const SHOWN_READY_ROWS = 200;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    title: '社員クチコミの取り込み',
    description: 'CSVファイルから社員クチコミを取り込みます。',
    noindex: true,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireModerator(request);
  return { maxBytes: EMPLOYEE_REVIEW_CSV_MAX_BYTES };
}

type ActionResult = { error: string | null; report: ImportReport | null; fileName: string | null };

export async function action({ request }: Route.ActionArgs) {
  const moderator = await requireModerator(request);
  const form = await readFormData(request);
  const refuse = (error: string, status = 400) => data({ error, report: null, fileName: null } satisfies ActionResult, { status });
  const file = form.get('csv');
  if (!(file instanceof File) || (file.size === 0 && file.name === '')) return refuse('CSVファイルを選んでください。');
  if (file.size > EMPLOYEE_REVIEW_CSV_MAX_BYTES) return refuse(TOO_LARGE, 413);
  const report = await importEmployeeReviewFile({
    bytes: new Uint8Array(await file.arrayBuffer()),
    dryRun: form.get('dryRun') === 'on',
    skipInvalid: form.get('skipInvalid') === 'on',
    moderatorId: moderator.id,
    sourceName: file.name,
  });
  const refused = report.outcome === 'refused' || report.outcome === 'unreadable';
  return data({ error: null, report, fileName: file.name } satisfies ActionResult, { status: refused ? 400 : 200 });
}

const STATUS: Record<ImportRowStatus, { label: string; className: string | undefined }> = {
  ready: { label: '取り込み可', className: styles.statusReady },
  imported: { label: '取り込み済み（今回）', className: styles.statusImported },
  skipped: { label: '取込済み', className: styles.statusSkipped },
  invalid: { label: '不備あり', className: styles.statusInvalid },
};

function RowsTable({ rows, caption }: { rows: ImportRow[]; caption: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.num}>
              行
            </th>
            <th scope="col">source_id</th>
            <th scope="col">企業</th>
            <th scope="col">タイトル</th>
            <th scope="col">状態</th>
            <th scope="col">理由</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
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
              <td data-label="タイトル">{row.title || '—'}</td>
              <td>
                <span className={STATUS[row.status].className}>{STATUS[row.status].label}</span>
              </td>
              <td data-label="理由">
                {row.reasons.length > 0 ? (
                  <ul className={styles.reasons}>
                    {row.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Summary({ report }: { report: ImportReport }) {
  const { counts } = report;
  switch (report.outcome) {
    case 'unreadable':
      return (
        <p className={styles.danger} role="alert">
          {report.fileError}
        </p>
      );
    case 'refused':
      return (
        <p className={styles.danger} role="alert">
          不備のある行が{counts.invalid}
          件あるため、何も取り込みませんでした。下の表の理由を直してからもう一度送るか、「不備のある行を飛ばして取り込む」を選んでください。
        </p>
      );
    case 'imported':
      return (
        <p className={styles.done} role="status">
          {counts.imported}件の社員クチコミを取り込み、公開しました。
          {counts.skipped > 0 && `取込済みの${counts.skipped}件は飛ばしました。`}
          {counts.invalid > 0 && `不備のある${counts.invalid}件は取り込んでいません。`}
        </p>
      );
    default:
      return (
        <p className={counts.invalid > 0 && !report.skipInvalid ? styles.danger : styles.done} role="status">
          確認しました（まだ何も取り込んでいません）。
          {counts.invalid > 0 && !report.skipInvalid
            ? `不備のある行が${counts.invalid}件あります。このまま取り込むとファイル全体が取り込まれません。`
            : `取り込むと${counts.ready}件の社員クチコミが公開されます。`}
          {counts.invalid > 0 && report.skipInvalid && `不備のある${counts.invalid}件は飛ばします。`}
        </p>
      );
  }
}

function Report({ report, fileName }: { report: ImportReport; fileName: string | null }) {
  const problems = report.rows.filter((row) => row.status === 'invalid' || row.status === 'skipped');
  const good = report.rows.filter((row) => row.status === 'ready' || row.status === 'imported');
  return (
    <section className={styles.section} aria-labelledby="report-title">
      <h2 id="report-title" className={styles.subtitle}>
        {report.dryRun ? '確認の結果' : '取り込みの結果'}
        {fileName && <span className={styles.muted}>（{fileName}）</span>}
      </h2>
      <Summary report={report} />
      {report.outcome !== 'unreadable' && (
        <ul className={styles.counts}>
          <li>
            行数<strong>{report.counts.rows}</strong>
          </li>
          <li>
            {report.outcome === 'imported' ? '取り込んだ' : '取り込み可'}
            <strong>{report.outcome === 'imported' ? report.counts.imported : report.counts.ready}</strong>
          </li>
          <li>
            取込済み<strong>{report.counts.skipped}</strong>
          </li>
          <li>
            不備あり<strong>{report.counts.invalid}</strong>
          </li>
        </ul>
      )}
      {problems.length > 0 && (
        <>
          <h3 className={styles.subtitle}>不備のある行・取込済みの行</h3>
          <RowsTable rows={problems} caption="不備のある行と取込済みの行" />
        </>
      )}
      {good.length > 0 && (
        <details className={styles.details}>
          <summary>
            {report.outcome === 'imported' ? '取り込んだ行' : '取り込める行'}（{good.length}件
            {good.length > SHOWN_READY_ROWS ? `、先頭の${SHOWN_READY_ROWS}件を表示` : ''}）
          </summary>
          <RowsTable rows={good.slice(0, SHOWN_READY_ROWS)} caption="取り込める行" />
        </details>
      )}
    </section>
  );
}

const EXAMPLE = [
  EMPLOYEE_REVIEW_COLUMNS.map((column) => column.name).join(','),
  'ext-0001,12,若手に任せる社風です,営業部,現職,3,4,"上司との距離が近く、若手の提案でも採用されます。","入社2年目から顧客を任され、成長できる環境です。","同業他社と比べて平均的ですが、賞与があります。",2024-05-01',
].join('\n');

export default function EmployeeReviews({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [dryRun, setDryRun] = useState(true);
  const [fileError, setFileError] = useState<string | null>(null);
  const submitting = navigation.state === 'submitting';

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
      <Form method="post" encType="multipart/form-data" className={`${styles.form} ${styles.formPanel}`} onSubmit={onSubmit} noValidate>
        <CsrfField />
        <Input
          label="CSVファイル"
          name="csv"
          type="file"
          accept=".csv,text/csv"
          required
          hint={`UTF-8（BOMあり・なしどちらでも）のCSV、${MAX_MB}MBまで。1行目は見出しです。`}
          error={fileError ?? actionData?.error ?? undefined}
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

      {actionData?.report && <Report report={actionData.report} fileName={actionData.fileName} />}

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
    </section>
  );
}
