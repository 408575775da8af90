// What the two import commands (import:companies, import:employee-reviews) share: the file
// checked before anything starts, the import run to its end with a line of progress every 5 s,
// and another running import refused with its Japanese message. Each command keeps its own
// arguments, report and exit code.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { type AppErrorCode, isAppError } from '../app/lib/app-error';

export type CliIo = { out: (line: string) => void; err: (line: string) => void; progress?: (line: string) => void };

/** How often a long import says how far it is. */
const PROGRESS_MS = 5000;

/**
 * One import command from its arguments to its exit code: 2 for wrong usage (the usage printed)
 * or a file that cannot be opened, 1 when another import is running or the report says it
 * failed, 0 otherwise. The report's lines go to stderr when it failed, stdout when it did not.
 */
export async function runImportCommand<Args extends { file: string }, View>(options: {
  argv: readonly string[];
  io: CliIo;
  usage: string;
  /** The arguments, or null when they are not the command's. */
  parse: (argv: readonly string[]) => Args | null;
  run: (file: { path: string; fileName: string; onCreated: (id: number) => void }, args: Args) => Promise<number>;
  find: (id: number) => Promise<View | null>;
  progressLine: (view: View, seconds: number) => string | null;
  runningCode: AppErrorCode;
  /** The finished import's report, whether it failed, and a note for stderr whatever the outcome (its time). */
  report: (view: View, seconds: number, args: Args) => { failed: boolean; lines: string[]; note?: string };
}): Promise<number> {
  const { io } = options;
  const args = options.parse(options.argv);
  if (!args) {
    io.err(options.usage);
    return 2;
  }
  const ended = await runImportToItsEnd({ ...options, file: args.file, run: (file) => options.run(file, args) });
  if ('exitCode' in ended) return ended.exitCode;
  const { failed, lines, note } = options.report(ended.view, ended.seconds, args);
  for (const line of lines) (failed ? io.err : io.out)(line);
  if (note) io.err(note);
  return failed ? 1 : 0;
}

/**
 * Runs one import of a file to its end: the finished import's view, or the exit code when it
 * could not start (2: the file cannot be opened; 1: another import is running).
 */
async function runImportToItsEnd<View>(options: {
  file: string;
  io: CliIo;
  /** Starts the import; calls `onCreated` with its id once it is recorded, answers the id at its end. */
  run: (file: { path: string; fileName: string; onCreated: (id: number) => void }) => Promise<number>;
  find: (id: number) => Promise<View | null>;
  /** The progress line of a running import, null when it has ended. */
  progressLine: (view: View, seconds: number) => string | null;
  /** The AppError code that says another import is running. */
  runningCode: AppErrorCode;
}): Promise<{ view: View; seconds: number } | { exitCode: number }> {
  const { io } = options;
  try {
    if (!(await stat(options.file)).isFile()) throw new Error('not a file');
  } catch {
    io.err(`ファイルを開けません: ${options.file}`);
    return { exitCode: 2 };
  }
  let importId: number | null = null;
  const started = performance.now();
  const progress = setInterval(() => {
    if (importId === null || !io.progress) return;
    void options.find(importId).then((view) => {
      const line = view ? options.progressLine(view, (performance.now() - started) / 1000) : null;
      if (line) io.progress?.(line);
    });
  }, PROGRESS_MS);
  let view: View | null;
  try {
    const id = await options.run({
      path: options.file,
      fileName: basename(options.file),
      onCreated: (created) => {
        importId = created;
      },
    });
    view = await options.find(id);
  } catch (error) {
    if (!isAppError(error, options.runningCode)) throw error;
    io.err(`取り込めません: ${error.userMessage}`);
    return { exitCode: 1 };
  } finally {
    clearInterval(progress);
  }
  if (!view) throw new Error('the import vanished');
  return { view, seconds: (performance.now() - started) / 1000 };
}
