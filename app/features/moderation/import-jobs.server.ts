// What the background imports share (docs/decisions/054-streamed-imports.md, 077-company-catalogue-
// import.md): an upload saved to disk as it arrives, the imports a process runs (stopped, marked
// 中断, when the server stops), the files a stopped process left, reading a file in chunks whose
// bytes are counted for the progress bar, and the pacing that keeps an import to at most half of
// the process, so that requests are answered as usual while it runs (the embedded database runs
// in this thread too).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { db } from '../../db/client.server';
import { AppError } from '../../lib/app-error';
import { dataDir } from '../../lib/config.server';
import { logger } from '../../lib/logger.server';
import { UnreadableCsv } from './employee-review-csv';

/** A running import's row says its process lives this often; one silent for ABANDONED_AFTER_MS is 中断. */
const HEARTBEAT_MS = 10_000;
const ABANDONED_AFTER_MS = 60_000;

/** How much of a file is read at once. */
export const READ_CHUNK_BYTES = 64 * 1024;

/** An import stopped at a batch's end (the server stopping): marked 中断. */
export class Interrupted extends Error {}

/** The process's CPU time so far, in milliseconds (what blocks requests; a busy machine's waits are not counted). */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The import's share of the process: after each step it rests as long as the process worked
 * (in CPU time) since its last rest, reading, checking and running the import's queries (the
 * embedded database's included: it runs in this thread), so that requests get at least half of
 * the thread, and more while they are busy (their work between the import's awaits counts too).
 * Stops at a rest when the import is told to.
 */
export class Pacer {
  private since = cpuMs();

  constructor(private readonly signal: AbortSignal) {}

  async rest(): Promise<void> {
    const worked = cpuMs() - this.since;
    await new Promise((resolve) => (worked < 1 ? setImmediate(resolve) : setTimeout(resolve, worked)));
    if (this.signal.aborted) throw new Interrupted();
    this.since = cpuMs();
  }
}

/** The file's bytes, counted as they are read. */
export async function* counted(chunks: AsyncIterable<Uint8Array>, onRead: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    onRead(bytes);
    yield chunk;
  }
}

/** Opens the import's file again for each pass. */
export type OpenFile = () => AsyncIterable<Uint8Array>;

/**
 * The imports of one kind this process runs: each with its way to be stopped and its end, so that
 * the server stopping stops them at their next rest (they mark themselves 中断) before the
 * database closes.
 */
export class ImportRunner {
  private readonly running = new Map<number, { controller: AbortController; done: Promise<unknown> }>();

  /** Runs an import of the file at `path` in the background; removes the file after it when asked. */
  launch(id: number, path: string, removeFile: boolean, run: (open: OpenFile, signal: AbortSignal) => Promise<unknown>): Promise<unknown> {
    const controller = new AbortController();
    const open = () => createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });
    const done = run(open, controller.signal).finally(async () => {
      this.running.delete(id);
      if (removeFile) await rm(path, { force: true }).catch(() => {});
    });
    this.running.set(id, { controller, done });
    return done;
  }

  has(id: number): boolean {
    return this.running.has(id);
  }

  /** Waits until an import this process runs is over (tests, the command line). */
  async settled(id: number): Promise<void> {
    await this.running.get(id)?.done;
  }

  /** The server stopping: every import stops at its next rest. */
  async stopAll(): Promise<void> {
    const all = [...this.running.values()];
    for (const { controller } of all) controller.abort();
    await Promise.all(all.map((entry) => entry.done));
  }
}

/**
 * Writes an upload to `path` as it arrives (mode 0600, never whole in memory); past `maxBytes`
 * it stops with `tooLarge()`'s error and nothing is left on disk. Answers the bytes written.
 */
export async function saveUpload(
  source: Blob | ReadableStream<Uint8Array>,
  path: string,
  options: { maxBytes?: number; tooLarge?: () => Error } = {},
): Promise<number> {
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let written = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      done(written > maxBytes ? (options.tooLarge?.() ?? new Error('upload too large')) : null, chunk);
    },
  });
  try {
    await mkdir(join(path, '..'), { recursive: true });
    const stream = source instanceof Blob ? source.stream() : source;
    await pipeline(Readable.fromWeb(stream as never), capped, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    return written;
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** At start: deletes the files of `dir` (named <id>.csv) whose import is not running any more. */
export async function removeLeftFiles(dir: string, unfinished: (ids: number[]) => Promise<Set<number>>): Promise<void> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const ids = files.flatMap((name) => (/^\d+\.csv$/.test(name) ? [Number.parseInt(name, 10)] : []));
  const live = ids.length === 0 ? new Set<number>() : await unfinished(ids);
  for (const id of ids) if (!live.has(id)) await rm(join(dir, `${id}.csv`), { force: true });
}

/** A table of imports: one row an import, unfinished while `finished_at` is null, alive while its heartbeat moves. */
type ImportTable = PgTable & { id: AnyPgColumn; finishedAt: AnyPgColumn; heartbeatAt: AnyPgColumn };

/** What one kind of import (companies, 社員クチコミ) tells the jobs that run it. */
export type ImportKind<Options, View> = {
  /** The kind in the log: 'company import'. */
  name: string;
  table: ImportTable;
  /** Where uploaded files wait under DATA_DIR while their import runs (deleted after it). */
  folder: string;
  /** Writes the import's row, or throws the kind's AppError while another import runs. */
  insert: (options: Options, fileBytes: number) => Promise<number>;
  /** The progress of a running import written (its heartbeat moves with it). */
  update: (id: number, fields: { fileBytes?: number }) => Promise<void>;
  /** Ends an import that did not run to its end: unreadable with the reason, or 中断. */
  end: (id: number, status: 'unreadable' | 'interrupted', fields?: { fileError?: string }) => Promise<unknown>;
  /** An import's row as the pages and the command line show it. */
  view: (row: never) => View | Promise<View>;
  /** The import's passes over the file; UnreadableCsv and Interrupted end it (see `run`). */
  passes: (id: number, options: Options, open: OpenFile, pacer: Pacer) => Promise<unknown>;
};

/**
 * The imports of one kind on the site, one at a time: an upload saved and started in the
 * background, a file on the server run to its end, the server stopping them (中断), the imports
 * a dead process left marked 中断 with their files removed, and an import read by its id or as the
 * one running.
 */
export class ImportJobs<Options, View> {
  private readonly runner = new ImportRunner();

  constructor(private readonly kind: ImportKind<Options, View>) {}

  private dir(): string {
    return join(dataDir(), this.kind.folder);
  }

  private async create(options: Options, fileBytes: number): Promise<number> {
    await this.interruptAbandoned();
    return this.kind.insert(options, fileBytes);
  }

  private launch(id: number, options: Options, path: string, removeFile: boolean): Promise<unknown> {
    return this.runner.launch(id, path, removeFile, (open, signal) => this.run(id, options, open, signal));
  }

  /** Runs an import to its end with its heartbeat; never throws: an unexpected failure is logged and the import 中断. */
  private async run(id: number, options: Options, open: OpenFile, signal: AbortSignal): Promise<unknown> {
    const heartbeat = setInterval(() => {
      this.kind.update(id, {}).catch(() => {});
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      return await this.kind.passes(id, options, open, new Pacer(signal));
    } catch (error) {
      if (error instanceof UnreadableCsv) return await this.kind.end(id, 'unreadable', { fileError: error.message }).catch(this.failed(id));
      if (!(error instanceof Interrupted)) this.failed(id)(error);
      return await this.kind.end(id, 'interrupted').catch(this.failed(id));
    } finally {
      clearInterval(heartbeat);
    }
  }

  private failed(id: number) {
    return (error: unknown) => {
      logger().error({ err: error, importId: id }, `${this.kind.name} failed; it is marked interrupted (中断)`);
    };
  }

  /**
   * The upload: the import's row, the file written under DATA_DIR as it arrives (never whole in
   * memory; past `maxBytes` the upload stops with AppError 'import_file_too_large' and the import
   * is unreadable with its message), and the import started in the background. Answers its id.
   */
  async start(upload: Options & { file: Blob | ReadableStream<Uint8Array>; declaredBytes?: number; maxBytes?: number }): Promise<number> {
    const { file } = upload;
    const id = await this.create(upload, file instanceof Blob ? file.size : (upload.declaredBytes ?? 0));
    const path = join(this.dir(), `${id}.csv`);
    try {
      const written = await saveUpload(file, path, { maxBytes: upload.maxBytes, tooLarge: () => new AppError('import_file_too_large') });
      if (!(file instanceof Blob)) await this.kind.update(id, { fileBytes: written });
    } catch (error) {
      const tooLarge = error instanceof AppError && error.code === 'import_file_too_large';
      await this.kind
        .end(id, tooLarge ? 'unreadable' : 'interrupted', tooLarge ? { fileError: error.userMessage } : {})
        .catch(this.failed(id));
      throw error;
    }
    void this.launch(id, upload, path, true);
    return id;
  }

  /** The command line: the import of a file where it is, run to its end here. Answers its id. */
  async runFile(options: Options & { path: string; onCreated?: (id: number) => void }): Promise<number> {
    const id = await this.create(options, (await stat(options.path)).size);
    options.onCreated?.(id);
    await this.launch(id, options, options.path, false);
    return id;
  }

  /** An import by its id, or null. */
  async find(id: number): Promise<View | null> {
    const { table } = this.kind;
    const [row] = await db().select().from(table).where(eq(table.id, id));
    return row ? this.kind.view(row as never) : null;
  }

  /** The import running on the site, if any (one abandoned by a dead process is marked 中断 first). */
  async running(): Promise<View | null> {
    await this.interruptAbandoned();
    const { table } = this.kind;
    const [row] = await db().select().from(table).where(isNull(table.finishedAt));
    return row ? this.kind.view(row as never) : null;
  }

  /** Waits until an import this process runs is over (tests, the command line). */
  settled(id: number): Promise<void> {
    return this.runner.settled(id);
  }

  /** The server stopping: this process's imports stop at their batch's end, marked 中断. */
  stopAll(): Promise<void> {
    return this.runner.stopAll();
  }

  /**
   * Marks 中断 the imports no process runs any more: those whose heartbeat stopped a minute ago,
   * or, at the start of a server that is alone on its database (PGlite's DATA_DIR has one owner),
   * every unfinished one. At start, also deletes the files left by imports that are over.
   */
  async interruptAbandoned(options: { atStart?: 'alone' | 'shared' } = {}): Promise<void> {
    const { table } = this.kind;
    const silent = sql`${table.heartbeatAt} < now() - ${sql.raw(`interval '${ABANDONED_AFTER_MS / 1000} seconds'`)}`;
    const abandoned = await db()
      .select({ id: table.id })
      .from(table)
      .where(and(isNull(table.finishedAt), options.atStart === 'alone' ? undefined : silent));
    for (const { id } of abandoned) if (!this.runner.has(id as number)) await this.kind.end(id as number, 'interrupted');
    if (!options.atStart) return;
    await removeLeftFiles(this.dir(), async (ids) => {
      const rows = await db()
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.id, ids), isNull(table.finishedAt)));
      return new Set(rows.map((row) => row.id as number));
    });
  }
}
