// Autosaving a draft (docs/decisions/025-posting.md), apart from React so that its rules can be
// tested on their own: every change goes to the browser's copy at once and to the server about
// 2 s after the last keystroke, one request at a time; a hidden or closing page sends what is
// left with fetch keepalive; a failed save is retried with backoff and when the browser is
// back online; a save refused because another tab saved first stops autosaving and says so.
import { callSite, type CallResult } from '../../lib/site-client';
import { readLocalDraft, writeLocalDraft, type LocalDraft } from './draft-storage';
import type { WritableType } from './writable-types';

export const AUTOSAVE_DELAY_MS = 2000;
/** The first keystroke creates the draft on the server almost at once. */
export const CREATE_DELAY_MS = 500;
const RETRY_DELAYS_MS = [3000, 6000, 12000, 30000, 60000];

export type DraftSubject = { companyId: number | null; recruitServiceId: number | null };

export type SaveStatus =
  /** Nothing changed since the page opened. */
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  /** 「保存できませんでした（再試行します）」 */
  | { kind: 'retrying'; message: string }
  | { kind: 'offline' }
  /** Another tab (or device) saved a newer text: nothing is sent until the student chooses. */
  | { kind: 'conflict' }
  /** The server will not take saves for this post (in review, deleted): said in `message`. */
  | { kind: 'refused'; message: string };

export type DraftIdentity = { postId: number | null; draftKey: string; lockVersion: number };

type SaveAnswer = { postId: number; lockVersion: number; savedAt: string; created?: boolean };

export type AutosaveOptions = {
  type: WritableType;
  /** The key of the browser's copy of this form. */
  storageKey: string;
  identity: DraftIdentity;
  /** What the form holds now. */
  read: () => { content: Record<string, unknown>; subject: DraftSubject };
  onStatus: (status: SaveStatus) => void;
  /** The server's post id and lock version after each save (the form's hidden fields). */
  onIdentity: (identity: DraftIdentity) => void;
  delayMs?: number;
  /** For tests: the transport. */
  call?: <T>(path: string, options: Parameters<typeof callSite>[1]) => Promise<CallResult<T>>;
  online?: () => boolean;
};

export class DraftAutosave {
  private identity: DraftIdentity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  /** Bumped by every change; a save acknowledges the changes up to the value it read. */
  private changes = 0;
  private acknowledged = 0;
  private attempt = 0;
  /** A request failed without an answer: it may have been stored. */
  private uncertain = false;
  private stopped = false;
  private cursor: LocalDraft['cursor'] = null;
  private readonly call: NonNullable<AutosaveOptions['call']>;

  constructor(private readonly options: AutosaveOptions) {
    this.identity = { ...options.identity };
    this.call = options.call ?? callSite;
  }

  get current(): DraftIdentity {
    return { ...this.identity };
  }

  /** True while something typed has not been acknowledged by the server. */
  get dirty(): boolean {
    return this.changes !== this.acknowledged;
  }

  /** The student changed the form: keep it locally now, send it after the delay. */
  changed(): void {
    this.changes += 1;
    this.writeLocal(true);
    if (this.stopped) return;
    this.options.onStatus({ kind: 'pending' });
    const creating = this.identity.postId === null && this.attempt === 0 && !this.inFlight;
    this.schedule(
      creating ? Math.min(CREATE_DELAY_MS, this.options.delayMs ?? CREATE_DELAY_MS) : (this.options.delayMs ?? AUTOSAVE_DELAY_MS),
    );
  }

  /** Where the cursor is, kept with the browser's copy. */
  moveCursor(cursor: LocalDraft['cursor']): void {
    this.cursor = cursor;
    const local = readLocalDraft(this.options.storageKey);
    if (local) writeLocalDraft(this.options.storageKey, { ...local, cursor });
  }

  /** Sends what is not saved yet, now (a hidden page, the submit button, the browser back online). */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.dirty || this.stopped) return this.inFlight ?? Promise.resolve();
    return this.save(options.keepalive ?? false);
  }

  /** Resumes after the student chose (load the newer text, or keep this one) in a conflict. */
  resume(identity: DraftIdentity, options: { changed: boolean }): void {
    this.identity = { ...identity };
    this.stopped = false;
    this.uncertain = false;
    this.options.onIdentity(this.current);
    if (options.changed) this.changed();
    else {
      this.acknowledged = this.changes;
      this.writeLocal(false);
      this.options.onStatus({ kind: 'idle' });
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopped = true;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save(false);
    }, delay);
  }

  private writeLocal(dirty: boolean): void {
    const { content, subject } = this.options.read();
    writeLocalDraft(this.options.storageKey, {
      ...this.identity,
      content,
      subject,
      dirty,
      changedAt: Date.now(),
      cursor: this.cursor,
    });
  }

  private async save(keepalive: boolean): Promise<void> {
    if (this.inFlight) {
      // One request at a time; the changes made meanwhile go in the next one.
      await this.inFlight;
      if (this.dirty && !this.stopped && !this.timer) return this.save(keepalive);
      return;
    }
    const run = this.send(keepalive);
    this.inFlight = run;
    try {
      await run;
    } finally {
      this.inFlight = null;
    }
    if (this.dirty && !this.stopped && !this.timer && this.attempt === 0) this.schedule(0);
  }

  private async send(keepalive: boolean): Promise<void> {
    const upTo = this.changes;
    const { content, subject } = this.options.read();
    this.options.onStatus({ kind: 'saving' });
    const created = this.identity.postId === null;
    const result = created
      ? await this.call<SaveAnswer>('/api/v1/student/drafts', {
          method: 'POST',
          json: { type: this.options.type, draftKey: this.identity.draftKey, ...subject, content },
          keepalive,
        })
      : await this.call<SaveAnswer>(`/api/v1/student/drafts/${this.identity.postId}`, {
          method: 'PUT',
          json: { lockVersion: this.identity.lockVersion, ...subject, content },
          keepalive,
        });

    if (result.ok) {
      this.attempt = 0;
      this.uncertain = false;
      this.identity = { ...this.identity, postId: result.data.postId, lockVersion: result.data.lockVersion };
      this.options.onIdentity(this.current);
      // A retried create found the post the first try made: its text is not this one yet.
      if (created && result.data.created === false) return this.send(keepalive);
      if (this.changes === upTo) {
        this.acknowledged = upTo;
        this.writeLocal(false);
      }
      this.options.onStatus({ kind: 'saved', at: result.data.savedAt });
      return;
    }

    if (result.status === 409 && result.code === 'stale_revision') {
      // The previous try may have been stored without its answer reaching us: then the server
      // is exactly one version ahead with our own text, and this is no conflict.
      if (this.uncertain && this.identity.postId !== null) {
        const latest = await this.call<{ lockVersion: number }>(`/api/v1/student/drafts/${this.identity.postId}`, { method: 'GET' });
        if (latest.ok && latest.data.lockVersion === this.identity.lockVersion + 1) {
          this.uncertain = false;
          this.identity = { ...this.identity, lockVersion: latest.data.lockVersion };
          return this.send(keepalive);
        }
      }
      this.stopped = true;
      this.options.onStatus({ kind: 'conflict' });
      return;
    }
    if (result.status === 409 || result.status === 404 || result.status === 401 || result.status === 403 || result.status === 400) {
      // Nothing a retry would change: the copy stays in the browser, and the student is told.
      this.stopped = result.status !== 400;
      this.options.onStatus({ kind: 'refused', message: result.message });
      return;
    }
    // No answer, or a server error: kept in the browser, tried again later.
    if (result.status === 0) this.uncertain = true;
    const offline = result.status === 0 && !(this.options.online?.() ?? (typeof navigator === 'undefined' || navigator.onLine));
    this.options.onStatus(offline ? { kind: 'offline' } : { kind: 'retrying', message: '保存できませんでした（再試行します）' });
    const delay = RETRY_DELAYS_MS[Math.min(this.attempt, RETRY_DELAYS_MS.length - 1)]!;
    this.attempt += 1;
    if (!this.stopped) this.schedule(delay);
  }
}
