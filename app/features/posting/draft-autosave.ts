// Autosaving a draft (docs/decisions/025-posting.md), apart from React so that its rules can be
// tested on their own. Every change goes to the browser's copy at once (issue 27: a tap on 送信
// or a lost connection right after a change must not lose it) and to the server: the first keystrokes create the draft within half a second,
// later changes are saved 2 s after the last one, one request at a time. Each save carries an id
// of its own, stored with it, so that a tab whose answer was lost can tell its own save from
// another tab's. A hidden or closing page sends what is left with fetch keepalive. A failed save
// is retried with backoff and when the browser is back online; a save refused because another
// tab saved first stops autosaving until the student chooses.
import { draftKeyOf, removeLocalDraft, writeCursor, writeLocalDraft, type DraftCursor, type LocalDraft } from '../../lib/draft-storage';
import { callSite, type CallResult } from '../../lib/site-client';
import type { WritableType } from './writable-types';

export const AUTOSAVE_DELAY_MS = 2000;
/** The first keystroke creates the draft on the server almost at once. */
export const CREATE_DELAY_MS = 500;
const RETRY_DELAYS_MS = [3000, 6000, 12000, 30000, 60000];
/** Browsers refuse keepalive bodies over 64 KiB: larger saves go as ordinary requests. */
const KEEPALIVE_MAX_BYTES = 60_000;

export type DraftSubject = { companyId: number | null; recruitServiceId: number | null; companyName?: string | null };

export type SaveStatus =
  /** Nothing changed since the page opened. */
  | { kind: 'idle' }
  /** Changed, not sent yet. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  /** 「保存できませんでした（再試行します）」 */
  | { kind: 'retrying'; message: string }
  | { kind: 'offline' }
  /** Another tab (or device) saved a newer text: nothing is sent until the student chooses. */
  | { kind: 'conflict' }
  /** The server will not take saves for this post (in review, deleted, logged out): `message` says why. */
  | { kind: 'refused'; message: string };

export type DraftIdentity = { postId: number | null; draftKey: string; lockVersion: number };

type SaveAnswer = { postId: number; lockVersion: number; savedAt: string; created?: boolean };
type Snapshot = { content: Record<string, unknown>; subject: DraftSubject };

export type AutosaveOptions = {
  type: WritableType;
  userId: number;
  /** The slot of a new form's copy (`new:{type}:{subject}`), used until the post exists. */
  newSlot: string;
  identity: DraftIdentity;
  /** What the form holds now, or null once the form is gone. */
  read: () => Snapshot | null;
  onStatus: (status: SaveStatus) => void;
  /** The server's post id and lock version after each save (the form's hidden fields). */
  onIdentity: (identity: DraftIdentity) => void;
  /** For tests: the transport, whether the browser is online, and new save ids. */
  call?: <T>(path: string, options: Parameters<typeof callSite>[1]) => Promise<CallResult<T>>;
  online?: () => boolean;
  newSaveId?: () => string;
};

export class DraftAutosave {
  private identity: DraftIdentity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** While the form is being sent, no save may change the version the submission carries. */
  private held = false;
  /** The post was sent: nothing more goes to the browser's copy. */
  private forgotten = false;
  private inFlight: Promise<void> | null = null;
  /** Bumped by every change; a save acknowledges the changes up to the value it read. */
  private changes = 0;
  private acknowledged = 0;
  private attempt = 0;
  /** The id of a save that got no answer: it may have been stored. */
  private unanswered: string | null = null;
  private pendingSaveId: string | null = null;
  private changedSinceSend = false;
  private halted: 'no' | 'conflict' | 'refused' | 'disposed' = 'no';
  private last: Snapshot | null = null;
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

  /** Another tab saved a newer text: nothing is sent until the student chooses. */
  get conflicted(): boolean {
    return this.halted === 'conflict';
  }

  get state(): 'saving' | 'halted' | 'ready' {
    return this.halted !== 'no' ? 'halted' : this.inFlight ? 'saving' : 'ready';
  }

  /** The key of this draft's copy in the browser. */
  get storageKey(): string {
    const slot = this.identity.postId === null ? this.options.newSlot : `post:${this.identity.postId}`;
    return draftKeyOf(this.options.userId, slot);
  }

  /** The student changed the form: keep it locally now, send it after the delay. */
  changed(): void {
    if (this.halted === 'disposed') return;
    this.changes += 1;
    if (this.pendingSaveId) this.changedSinceSend = true;
    this.writeLocal();
    if (this.halted !== 'no') return;
    this.options.onStatus({ kind: 'pending' });
    const creating = this.identity.postId === null && this.attempt === 0 && !this.inFlight;
    this.schedule(creating ? CREATE_DELAY_MS : AUTOSAVE_DELAY_MS);
  }

  /**
   * The form is about to be sent: what is not saved is sent now and, until `release`, no other
   * save starts, so the version the submission carries (`current`) stays the server's. Resolves
   * once nothing is on its way (or after `maxMs`: the server checks the version anyway).
   */
  async holdForSubmit(maxMs = 5000): Promise<void> {
    this.held = true;
    const flushed = this.flush();
    await Promise.race([flushed, new Promise<void>((resolve) => setTimeout(resolve, maxMs))]);
  }

  /** The submission did not go through: saves go on (what changed meanwhile is sent). */
  release(): void {
    if (!this.held) return;
    this.held = false;
    if (this.dirty && this.halted === 'no' && !this.inFlight) this.schedule(AUTOSAVE_DELAY_MS);
  }

  /** The post was sent and the server has its text: the browser's copies are dropped for good. */
  forget(): void {
    this.forgotten = true;
    removeLocalDraft(this.storageKey);
    removeLocalDraft(draftKeyOf(this.options.userId, this.options.newSlot));
  }

  /** Where the cursor is, kept apart from the text (a small write on every move). */
  moveCursor(cursor: DraftCursor): void {
    writeCursor(this.storageKey, cursor);
  }

  /** Sends what is not saved yet, now (a hidden page, the submit button, back online). */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    if (this.dirty) this.writeLocal();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.dirty || this.halted !== 'no') return this.inFlight ?? Promise.resolve();
    return this.save(options.keepalive ?? false);
  }

  /** Another tab saved first (the server said so on submit): stop until the student chooses. */
  markConflict(): void {
    if (this.halted === 'disposed') return;
    this.halted = 'conflict';
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.options.onStatus({ kind: 'conflict' });
  }

  /**
   * Goes on after the student chose in a conflict, or after the form was filled with a restored
   * text: `changed` sends the form's text (over the server's version in `identity`), otherwise
   * the form holds the server's text and nothing is to send. `unanswered` is the id of a save
   * the restored copy sent without an answer.
   */
  resume(identity: DraftIdentity, options: { changed: boolean; unanswered?: string | null }): void {
    if (this.halted === 'disposed') return;
    this.identity = { ...identity };
    this.halted = 'no';
    // A restored copy's last save may still be on its way (sent while the page was closing).
    this.unanswered = options.unanswered ?? null;
    this.pendingSaveId = null;
    this.options.onIdentity(this.current);
    if (options.changed) this.changed();
    else {
      this.acknowledged = this.changes;
      this.writeLocal();
      this.options.onStatus({ kind: 'idle' });
    }
  }

  /** The form is gone: what was not sent stays in the browser's copy (and is sent now, if it can be). */
  dispose(): void {
    if (this.halted === 'disposed') return;
    if (this.dirty && this.halted === 'no') void this.flush({ keepalive: true });
    else if (this.dirty) this.writeLocal();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.halted = 'disposed';
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Held for a submission: `release` schedules what is left.
    if (this.held) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save(false);
    }, delay);
  }

  private snapshot(): Snapshot {
    const read = this.options.read();
    if (read) this.last = read;
    return this.last ?? { content: {}, subject: { companyId: null, recruitServiceId: null } };
  }

  private writeLocal(): void {
    if (this.forgotten) return;
    const { content, subject } = this.snapshot();
    const copy: LocalDraft = {
      ...this.identity,
      content,
      subject,
      dirty: this.dirty,
      pendingSaveId: this.pendingSaveId,
      changedSinceSend: this.changedSinceSend,
      changedAt: Date.now(),
    };
    writeLocalDraft(this.storageKey, copy);
  }

  private async save(keepalive: boolean): Promise<void> {
    if (this.inFlight) {
      // One request at a time; the changes made meanwhile go in the next one.
      await this.inFlight;
      if (this.dirty && this.halted === 'no' && !this.timer) return this.save(keepalive);
      return;
    }
    const run = this.send(keepalive);
    this.inFlight = run;
    try {
      await run;
    } finally {
      this.inFlight = null;
    }
    if (this.dirty && this.halted === 'no' && !this.timer && this.attempt === 0) this.schedule(0);
  }

  private async send(keepalive: boolean): Promise<void> {
    const upTo = this.changes;
    const { content, subject } = this.snapshot();
    const saveId = this.options.newSaveId?.() ?? crypto.randomUUID();
    this.pendingSaveId = saveId;
    this.changedSinceSend = false;
    // The copy records this save before it leaves: if the page dies now, the next visit can
    // tell whether it landed.
    this.writeLocal();
    if (this.halted === 'no') this.options.onStatus({ kind: 'saving' });
    const created = this.identity.postId === null;
    const { companyName: _name, ...ids } = subject;
    const body = created
      ? { type: this.options.type, draftKey: this.identity.draftKey, saveId, ...ids, content }
      : { type: this.options.type, lockVersion: this.identity.lockVersion, saveId, ...ids, content };
    const small = JSON.stringify(body).length * 3 < KEEPALIVE_MAX_BYTES;
    const result = await this.call<SaveAnswer>(created ? '/api/v1/student/drafts' : `/api/v1/student/drafts/${this.identity.postId}`, {
      method: created ? 'POST' : 'PUT',
      json: body,
      keepalive: keepalive && small,
    });

    if (result.ok) {
      this.attempt = 0;
      this.unanswered = null;
      const newSlot = this.storageKey;
      this.identity = { ...this.identity, postId: result.data.postId, lockVersion: result.data.lockVersion };
      if (newSlot !== this.storageKey) removeLocalDraft(newSlot);
      this.options.onIdentity(this.current);
      // A retried create found the post the first try made: its text is not this one yet.
      if (created && result.data.created === false) return this.send(keepalive);
      this.pendingSaveId = null;
      if (this.changes === upTo) this.acknowledged = upTo;
      this.writeLocal();
      // Typed while this save was on its way: that text is not saved yet, and its save follows.
      if (this.halted === 'no')
        this.options.onStatus(this.changes === upTo ? { kind: 'saved', at: result.data.savedAt } : { kind: 'pending' });
      return;
    }

    if (result.status === 409 && result.code === 'stale_revision' && this.identity.postId !== null) {
      // A save that got no answer may have been stored: then the server's version is ours.
      const mine = this.unanswered;
      if (mine) {
        const latest = await this.call<{ lockVersion: number; lastSaveId: string | null }>(
          `/api/v1/student/drafts/${this.identity.postId}`,
          {
            method: 'GET',
          },
        );
        if (latest.ok && latest.data.lastSaveId === mine) {
          this.unanswered = null;
          this.identity = { ...this.identity, lockVersion: latest.data.lockVersion };
          this.options.onIdentity(this.current);
          return this.send(keepalive);
        }
      }
      this.pendingSaveId = null;
      this.writeLocal();
      this.markConflict();
      return;
    }
    if (result.status >= 400 && result.status < 500 && result.status !== 408 && result.status !== 429) {
      // Nothing a retry would change (in review, deleted, logged out, not a valid draft): the
      // copy stays in the browser, and the student is told.
      this.pendingSaveId = null;
      this.writeLocal();
      if (result.status !== 400) this.halted = 'refused';
      const message =
        result.status === 401 || result.code === 'invalid_csrf_token'
          ? 'ログインの有効期限が切れました。入力はこの端末に残っています。ログインし直してから、このページを開き直してください。'
          : result.message;
      this.options.onStatus({ kind: 'refused', message });
      return;
    }
    // No answer, or a server error: kept in the browser, tried again later.
    if (result.status === 0) this.unanswered = saveId;
    const offline = result.status === 0 && !(this.options.online?.() ?? (typeof navigator === 'undefined' || navigator.onLine));
    if (this.halted === 'no') {
      this.options.onStatus(offline ? { kind: 'offline' } : { kind: 'retrying', message: '保存できませんでした（再試行します）' });
      this.schedule(RETRY_DELAYS_MS[Math.min(this.attempt, RETRY_DELAYS_MS.length - 1)]!);
    }
    this.attempt += 1;
  }
}

/**
 * What to do with the browser's copy when the form opens, given the server's draft: restore it
 * (and send it), drop it (the server has it), or ask (another tab saved something else since).
 * `newer`: this browser's save landed after the server read the page (a save sent on leaving,
 * answered while the next page was on its way); the copy is the text the server holds now.
 */
export function reconcile(
  local: LocalDraft | null,
  server: { postId: number | null; lockVersion: number; lastSaveId: string | null },
): 'none' | 'restore' | 'newer' | 'conflict' {
  if (!local) return 'none';
  if (server.postId === null) return local.dirty && local.postId === null ? 'restore' : 'none';
  if (local.postId !== null && local.postId !== server.postId) return 'none';
  // Versions only grow: a copy ahead of the page was answered by the server after the read.
  if (local.postId === server.postId && local.lockVersion > server.lockVersion) return 'newer';
  if (!local.dirty) return 'none';
  if (local.lockVersion === server.lockVersion) return 'restore';
  // Our last save landed although its answer never came back.
  if (local.pendingSaveId !== null && local.pendingSaveId === server.lastSaveId) return local.changedSinceSend ? 'restore' : 'none';
  return 'conflict';
}
