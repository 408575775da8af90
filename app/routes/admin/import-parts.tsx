import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { data, Form } from 'react-router';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { AppError } from '../../lib/app-error';
import { cleanText } from '../../lib/clean-text';
import type { FormFailure } from '../../lib/form';
import { formatCount } from '../../lib/format';
import { formatDateTime } from '../../lib/format-date-time';
import { parseId } from '../../lib/http';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Input } from '../../ui/input';
import { Link } from '../../ui/link';
import styles from './catalog.module.css';
import { type CatalogColumn, CatalogTable } from './catalog-table';

// What the two import pages share (/admin/companies/import, /admin/employee_reviews; docs/
// decisions/054-streamed-imports.md, 077-company-catalogue-import.md): the import shown by
// ?import=ID, the uploaded file checked, the note of an import running, the running import's
// progress bar and the table of recent imports. The pages import it whole: <ImportPage.Section>.

/** A file name as the pages keep it. */
const FILE_NAME_MAX = 200;
/** How often a running import's page asks for its progress. */
export const REFRESH_MS = 1000;

/** The import a page shows (?import=ID), or null; an id that is not one is the 404 of an unknown page. */
export async function shown<View>(request: Request, find: (id: number) => Promise<View | null>): Promise<View | null> {
  const param = new URL(request.url).searchParams.get('import');
  if (param === null) return null;
  const id = parseId(param);
  const shown = id === null ? null : await find(id);
  if (!shown) throw new AppError('not_found');
  return shown;
}

/** What an import page loads: the import shown (?import=ID), the one running, and the latest. */
export async function load<View, Recent>(
  request: Request,
  jobs: { find: (id: number) => Promise<View | null>; running: () => Promise<View | null> },
  recent: () => Promise<Recent[]>,
) {
  return { shown: await shown(request, (id) => jobs.find(id)), running: await jobs.running(), recent: await recent() };
}

/** A form refused in the one shape of a refused form (docs/decisions/056-one-error-shape.md). */
export const refuseForm = (field: string, message: string, status = 400) =>
  data({ ok: false, errors: { [field]: message }, values: {} } satisfies FormFailure, { status });

/**
 * The form's file (field `csv`) with its name as a text of the form (cleaned, decision 051, and
 * cut), or the refusal beside the file field: none chosen, or more than `maxBytes`.
 */
export function uploadedCsv(
  form: FormData,
  maxBytes: number,
  tooLarge: string,
): { file: File; fileName: string; refusal?: never } | { refusal: ReturnType<typeof refuseForm> } {
  const file = form.get('csv');
  if (!(file instanceof File) || (file.size === 0 && file.name === ''))
    return { refusal: refuseForm('file', 'CSVファイルを選んでください。') };
  if (file.size > maxBytes) return { refusal: refuseForm('file', tooLarge, 413) };
  return { file, fileName: [...cleanText(file.name)].slice(0, FILE_NAME_MAX).join('') || 'ファイル名なし' };
}

/** Every state an import can be in, as the pages name it. */
export const STATUS_LABELS: Record<string, string> = {
  queued: '準備中',
  checking: '確認中',
  importing: '取り込み中',
  dry_run: '確認済み',
  refused: '取り込みませんでした',
  imported: '取り込み済み',
  unreadable: '読み取れませんでした',
  interrupted: '中断',
};

type ImportBasics = { id: number; fileName: string; dryRun: boolean; percent?: number | null; status: string; running?: boolean };

/** Another import runs: one at a time on the site. */
export function RunningNote({ running, shownId, page }: { running: ImportBasics | null; shownId?: number; page: `/${string}` }) {
  if (!running || running.id === shownId) return null;
  return (
    <p className={styles.warning} role="status">
      <span>
        「{running.fileName}」の{running.dryRun ? '確認' : '取り込み'}が進んでいます（{running.percent ?? 0}
        %）。終わるまで次のファイルは送れません。
      </span>
      <Link to={`${page}?import=${running.id}`}>進み具合を見る</Link>
    </p>
  );
}

/** The import shown: its heading (what runs or ran, on which file) above its progress or report. */
export function Section({ view, about, children }: { view: ImportBasics; about: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby="report-title" data-import-status={view.status}>
      <h2 id="report-title" className={styles.subtitle}>
        {view.running ? (view.dryRun ? '確認しています' : '取り込んでいます') : view.dryRun ? '確認の結果' : '取り込みの結果'}
        <span className={styles.muted}>（{about}）</span>
      </h2>
      {children}
    </section>
  );
}

/** A running import: what it does, how far it is, its counts so far, and that the page follows it. */
export function Progress({ view, page, doing, children }: { view: ImportBasics; page: `/${string}`; doing: string; children?: ReactNode }) {
  const percent = view.percent ?? 0;
  return (
    <>
      <p className={styles.done} role="status">
        {doing}
      </p>
      <div className={styles.progress}>
        <progress max={100} value={percent} aria-label="進み具合" />
        <span className={styles.num}>{percent}%</span>
      </div>
      {children}
      <p className={styles.muted}>
        この画面は自動で更新されます。ほかのページに移っても取り込みは続きます。
        <Link to={`${page}?import=${view.id}`}>最新の状態を表示する</Link>
      </p>
    </>
  );
}

/**
 * The upload form: the CSV file, the kind's own choices (`children`), 確認のみ, what goes with it
 * (`afterDryRun`), and the button. It
 * posts multipart to the page itself, which works without the script; `onSubmit` may check the file
 * first or send it another way.
 */
export function UploadForm({
  page,
  onSubmit,
  fileHint,
  fileError,
  onFileChange,
  dryRun,
  onDryRun,
  dryRunDescription,
  pending,
  children,
  afterDryRun,
}: {
  page: `/${string}`;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fileHint: string;
  fileError: string | undefined;
  onFileChange: (event: ChangeEvent<HTMLInputElement>) => void;
  dryRun: boolean;
  onDryRun: (checked: boolean) => void;
  /** What 確認のみ does for this kind. */
  dryRunDescription: string;
  pending: boolean;
  children?: ReactNode;
  afterDryRun?: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={page}
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
        hint={fileHint}
        error={fileError}
        onChange={onFileChange}
      />
      {children}
      <Checkbox
        name="dryRun"
        label="確認のみ（取り込まない）"
        description={dryRunDescription}
        checked={dryRun}
        onChange={(event) => onDryRun(event.currentTarget.checked)}
      />
      {afterDryRun}
      <div className={styles.actions}>
        <Button type="submit" disabledLabel="処理しています…" pending={pending}>
          {dryRun ? 'ファイルを確認する' : '取り込む'}
        </Button>
      </div>
    </Form>
  );
}

type RecentImport = ImportBasics & { createdAt: string };

/** The latest imports, newest first, each linking to its report (none: nothing); `figures` are the kind's counts. */
export function Recent<Row extends RecentImport>({
  recent,
  page,
  figures,
}: {
  recent: Row[];
  page: `/${string}`;
  figures: Record<string, (row: Row) => number>;
}) {
  if (recent.length === 0) return null;
  const columns: Array<CatalogColumn<Row>> = [
    { label: '開始', nowrap: true, unlabelled: true, cell: (entry) => formatDateTime(entry.createdAt) },
    { label: 'ファイル', cell: (entry) => <Link to={`${page}?import=${entry.id}`}>{entry.fileName}</Link> },
    { label: '種類', cell: (entry) => (entry.dryRun ? '確認のみ' : '取り込み') },
    { label: '状態', cell: (entry) => STATUS_LABELS[entry.status] },
    ...Object.entries(figures).map(
      ([label, value]): CatalogColumn<Row> => ({ label, num: true, cell: (entry) => formatCount(value(entry), '') }),
    ),
  ];
  return (
    <section className={styles.section} aria-labelledby="recent-title">
      <h2 id="recent-title" className={styles.subtitle}>
        最近の取り込み
      </h2>
      <CatalogTable columns={columns} rows={recent} rowKey={(entry) => entry.id} />
    </section>
  );
}
