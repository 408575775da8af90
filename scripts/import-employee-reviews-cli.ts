// The command line of `npm run import:employee-reviews -- FILE.csv [--dry-run] [--skip-invalid]`
// apart from opening the database, so that tests run it against their own database
// (docs/decisions/029-admin-catalog.md). Exit codes: 0 done (or a dry run a real run would
// accept), 1 refused (unreadable file, invalid rows without --skip-invalid, also in a dry run),
// 2 wrong usage or a file that cannot be opened.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { type ImportReport, importEmployeeReviewFile } from '../app/features/moderation/import-employee-reviews.server';

export const USAGE = '使い方: npm run import:employee-reviews -- ファイル.csv [--dry-run] [--skip-invalid]';

export type CliIo = { out: (line: string) => void; err: (line: string) => void };

export type CliArgs = { file: string; dryRun: boolean; skipInvalid: boolean };

/** The arguments, or null when they are not a file and the two known flags. */
export function parseCliArgs(argv: readonly string[]): CliArgs | null {
  const files = argv.filter((arg) => !arg.startsWith('--'));
  const flags = argv.filter((arg) => arg.startsWith('--'));
  if (files.length !== 1 || flags.some((flag) => flag !== '--dry-run' && flag !== '--skip-invalid')) return null;
  return { file: files[0]!, dryRun: flags.includes('--dry-run'), skipInvalid: flags.includes('--skip-invalid') };
}

const STATUS_TEXT = { ready: '取り込み可', imported: '取り込み', skipped: '取込済み', invalid: '不備' } as const;

/** The report as lines of Japanese text. */
export function formatImportReport(report: ImportReport): string[] {
  if (report.outcome === 'unreadable') return [`取り込めません: ${report.fileError}`];
  const { counts } = report;
  const lines = [
    `行数 ${counts.rows} / 取り込み${report.outcome === 'imported' ? '済み' : '可'} ${report.outcome === 'imported' ? counts.imported : counts.ready} / 取込済み ${counts.skipped} / 不備 ${counts.invalid}`,
  ];
  for (const row of report.rows) {
    if (row.status !== 'invalid' && row.status !== 'skipped') continue;
    for (const reason of row.reasons)
      lines.push(`  ${row.line}行目 [${STATUS_TEXT[row.status]}] source_id=${row.sourceId || '（なし）'}: ${reason}`);
  }
  if (report.outcome === 'dry_run') {
    lines.push(
      counts.invalid > 0 && !report.skipInvalid
        ? '確認のみ: 不備のある行があるため、このままでは取り込めません（--skip-invalid で不備のある行を飛ばせます）。'
        : `確認のみ: 取り込むと ${counts.ready} 件を公開します。何も保存していません。`,
    );
  } else if (report.outcome === 'refused') {
    lines.push('不備のある行があるため、何も取り込みませんでした（--skip-invalid で不備のある行を飛ばして取り込めます）。');
  } else {
    lines.push(`${counts.imported} 件の社員クチコミを取り込みました。`);
  }
  return lines;
}

/** Runs the import of the command line on the open database; answers the exit code. */
export async function runImportCli(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseCliArgs(argv);
  if (!args) {
    io.err(USAGE);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(args.file);
  } catch {
    io.err(`ファイルを開けません: ${args.file}`);
    return 2;
  }
  const report = await importEmployeeReviewFile({
    bytes,
    dryRun: args.dryRun,
    skipInvalid: args.skipInvalid,
    sourceName: basename(args.file),
  });
  const refused =
    report.outcome === 'unreadable' ||
    report.outcome === 'refused' ||
    (report.outcome === 'dry_run' && report.counts.invalid > 0 && !args.skipInvalid);
  for (const line of formatImportReport(report)) (refused ? io.err : io.out)(line);
  return refused ? 1 : 0;
}
