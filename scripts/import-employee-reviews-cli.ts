// The command line of `npm run import:employee-reviews -- FILE.csv [--dry-run] [--skip-invalid]`
// apart from opening the database, so that tests run it against their own database
// (docs/decisions/029-admin-catalog.md, 054-streamed-imports.md: the same streamed import as the
// admin page's, run here to its end). Exit codes: 0 done (or a dry run a real run would accept),
// 1 refused (unreadable file, invalid rows without --skip-invalid, also in a dry run), interrupted,
// or another import running; 2 wrong usage or a file that cannot be opened.
import { type ImportView, employeeReviewImportJobs } from '../app/features/moderation/import-employee-reviews.server';
import { type CliIo, runImportCommand } from './import-cli';

export const USAGE = '使い方: npm run import:employee-reviews -- ファイル.csv [--dry-run] [--skip-invalid]';

export type CliArgs = { file: string; dryRun: boolean; skipInvalid: boolean };

/** The arguments, or null when they are not a file and the two known flags. */
export function parseCliArgs(argv: readonly string[]): CliArgs | null {
  const files = argv.filter((arg) => !arg.startsWith('--'));
  const flags = argv.filter((arg) => arg.startsWith('--'));
  if (files.length !== 1 || flags.some((flag) => flag !== '--dry-run' && flag !== '--skip-invalid')) return null;
  return { file: files[0]!, dryRun: flags.includes('--dry-run'), skipInvalid: flags.includes('--skip-invalid') };
}

/** The report as lines of Japanese text: the counts, the first refused rows, what happened. */
export function formatImportReport(view: ImportView): string[] {
  if (view.status === 'unreadable') return [`取り込めません: ${view.fileError}`];
  const { counts } = view;
  const wrote = view.status === 'imported' || view.status === 'interrupted';
  const lines = [
    `行数 ${counts.rows} / 取り込み${wrote ? '済み' : '可'} ${wrote ? counts.imported : counts.ready} / 取込済み ${counts.skipped} / 不備 ${counts.invalid}`,
  ];
  for (const row of view.refusedRows) {
    for (const reason of row.reasons) lines.push(`  ${row.line}行目 [不備] source_id=${row.sourceId || '（なし）'}: ${reason}`);
  }
  const more = counts.invalid - view.refusedRows.length;
  if (more > 0) lines.push(`  ほか ${more} 行に不備があります。`);
  if (view.status === 'dry_run') {
    lines.push(
      counts.invalid > 0 && !view.skipInvalid
        ? '確認のみ: 不備のある行があるため、このままでは取り込めません（--skip-invalid で不備のある行を飛ばせます）。'
        : `確認のみ: 取り込むと ${counts.ready} 件を公開します。何も保存していません。`,
    );
  } else if (view.status === 'refused') {
    lines.push('不備のある行があるため、何も取り込みませんでした（--skip-invalid で不備のある行を飛ばして取り込めます）。');
  } else if (view.status === 'interrupted') {
    lines.push(`取り込みが中断されました（${counts.imported} 件は取り込み済み）。同じファイルでもう一度実行すると、残りを取り込みます。`);
  } else {
    lines.push(`${counts.imported} 件の社員クチコミを取り込みました。`);
  }
  return lines;
}

/** Runs the import of the command line on the open database; answers the exit code. */
export function runImportCli(argv: readonly string[], io: CliIo): Promise<number> {
  return runImportCommand<CliArgs, ImportView>({
    argv,
    io,
    usage: USAGE,
    parse: parseCliArgs,
    run: (file, args) =>
      employeeReviewImportJobs.runFile({ ...file, dryRun: args.dryRun, skipInvalid: args.skipInvalid, moderatorId: null }),
    find: (id) => employeeReviewImportJobs.find(id),
    progressLine: (view) => (view.running ? `${view.status === 'importing' ? '取り込み中' : '確認中'} ${view.percent ?? 0}%` : null),
    runningCode: 'import_running',
    report: (view, _seconds, args) => ({
      failed: view.status !== 'imported' && !(view.status === 'dry_run' && (view.counts.invalid === 0 || args.skipInvalid)),
      lines: formatImportReport(view),
    }),
  });
}
