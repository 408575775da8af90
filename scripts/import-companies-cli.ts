// The command line of `npm run import:companies -- FILE.csv [--dry-run] [--kinds=301,305]` apart
// from opening the database, so that tests run it against their own database (docs/decisions/
// 077-company-catalogue-import.md: the same streamed import as /admin/companies/import's, run here
// to its end, printing how far it is every 5 s). Exit codes: 0 done (or checked), 1 unreadable,
// interrupted, or another import running; 2 wrong usage or a file that cannot be opened.
import { CORPORATION_KINDS, DEFAULT_KINDS, parseKinds } from '../app/features/moderation/corporation-kinds';
import { type CompanyImportView, companyImportJobs } from '../app/features/moderation/import-companies.server';
import { type CliIo, runImportCommand } from './import-cli';

export const USAGE = [
  '使い方: npm run import:companies -- ファイル.csv [--dry-run] [--kinds=301,305]',
  `  --kinds: 取り込む法人種別のコード（既定は 301 株式会社）。${Object.entries(CORPORATION_KINDS)
    .map(([code, name]) => `${code} ${name}`)
    .join('、')}`,
].join('\n');

export type CliArgs = { file: string; dryRun: boolean; kinds: string[] };

/** The arguments, or null when they are not one file and the known flags. */
export function parseCliArgs(argv: readonly string[]): CliArgs | null {
  const files = argv.filter((arg) => !arg.startsWith('--'));
  let kinds: string[] | null = [...DEFAULT_KINDS];
  let dryRun = false;
  for (const flag of argv.filter((arg) => arg.startsWith('--'))) {
    if (flag === '--dry-run') dryRun = true;
    else if (flag.startsWith('--kinds=')) kinds = parseKinds(flag.slice('--kinds='.length));
    else return null;
  }
  if (files.length !== 1 || !kinds) return null;
  return { file: files[0]!, dryRun, kinds };
}

/** The report as lines of Japanese text. */
export function formatCompanyImportReport(view: CompanyImportView): string[] {
  if (view.status === 'unreadable') return [`取り込めません: ${view.fileError}`];
  const c = view.counts;
  const lines = [
    `行数 ${c.lines} / 対象 ${c.considered} / 追加 ${c.added} / 更新 ${c.updated} / 閉鎖で非表示 ${c.closed} / 変更なし ${c.unchanged}`,
    `対象外: 種類 ${c.otherKinds} / 過去の履歴 ${c.notLatest} / 検索対象除外 ${c.excluded} / 未登録の閉鎖法人 ${c.closedUnknown} / 使えない行 ${c.refused}`,
  ];
  for (const line of view.refusedLines)
    lines.push(`  ${line.line}行目 [使えない行] ${line.corporateNumber || '（法人番号なし）'} ${line.name}: ${line.reason}`);
  if (c.refused > view.refusedLines.length) lines.push(`  ほか ${c.refused - view.refusedLines.length} 行が使えませんでした。`);
  if (view.status === 'dry_run') lines.push('確認のみ: 何も保存していません。');
  else if (view.status === 'interrupted') lines.push('取り込みが中断されました。同じファイルでもう一度実行すると、残りを取り込みます。');
  else {
    lines.push(`${c.added} 社を追加、${c.updated} 社を更新、${c.closed} 社を非表示にしました。`);
    if (c.added > 0)
      lines.push(`追加した企業の業種は「未分類」です（フリガナなし ${c.withoutReading} 社）。/admin/companies で設定してください。`);
  }
  return lines;
}

/** Runs the import of the command line on the open database; answers the exit code. */
export function runImportCompaniesCli(argv: readonly string[], io: CliIo): Promise<number> {
  return runImportCommand<CliArgs, CompanyImportView>({
    argv,
    io,
    usage: USAGE,
    parse: parseCliArgs,
    run: (file, args) => companyImportJobs.runFile({ ...file, dryRun: args.dryRun, kinds: args.kinds, moderatorId: null }),
    find: (id) => companyImportJobs.find(id),
    progressLine: (view, seconds) =>
      view.running
        ? `取り込み中 ${view.percent ?? 0}%（${view.counts.lines.toLocaleString('ja-JP')}行、毎秒${Math.round(view.counts.lines / seconds).toLocaleString('ja-JP')}行）`
        : null,
    runningCode: 'company_import_running',
    report: (view, seconds) => ({
      failed: view.status === 'unreadable' || view.status === 'interrupted',
      lines: formatCompanyImportReport(view),
      note: `${seconds.toFixed(1)} 秒（毎秒 ${Math.round(view.counts.lines / Math.max(seconds, 0.001)).toLocaleString('ja-JP')} 行）`,
    }),
  });
}
