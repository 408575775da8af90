// What the background imports share (docs/decisions/054-streamed-imports.md, 077-company-catalogue-
// import.md): an upload saved to disk as it arrives, the imports a process runs (stopped, marked
// 中断, when the server stops), the files a stopped process left, reading a file in chunks whose
// bytes are counted for the progress bar, and the pacing that keeps an import to at most half of
// the process, so that requests are answered as usual while it runs (the embedded database runs
// in this thread too).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
