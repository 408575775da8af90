// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unsentCopy } from '../../../tests/support/local-draft';
import { draftKeyOf, readLocalDraft, type LocalDraft } from '../../lib/draft-storage';
import type { CallResult } from '../../lib/site-client';
import { DraftAutosave, reconcile, type SaveStatus } from './draft-autosave';

type Call = { path: string; method: string; json?: Record<string, unknown> };
/** The server's answer to one call. */
type Answer = (call: Call) => CallResult<unknown>;

const NEW_SLOT = draftKeyOf(1, 'new:company_study:7');
const POST_SLOT = draftKeyOf(1, 'post:5');

function setup(answers: Answer[], options: { online?: boolean } = {}) {
  const calls: Call[] = [];
  const statuses: SaveStatus['kind'][] = [];
  let content: Record<string, unknown> | null = { title: 'はじめのタイトル' };
  let ids = 0;
  const engine = new DraftAutosave({
    type: 'company_study',
    userId: 1,
    newSlot: 'new:company_study:7',
    identity: { postId: null, draftKey: '00000000-0000-4000-8000-000000000001', lockVersion: 0 },
    read: () => (content ? { content, subject: { companyId: 7, recruitServiceId: null } } : null),
    onStatus: (status) => statuses.push(status.kind),
    onIdentity: () => {},
    online: () => options.online ?? true,
    newSaveId: () => `save-${++ids}`,
    call: async <T>(path: string, init: { method?: string; json?: Record<string, unknown> } = {}) => {
      const call = { path, method: init.method ?? 'GET', json: init.json };
      calls.push(call);
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call ${call.method} ${path}`);
      return answer(call) as CallResult<T>;
    },
  });
  return {
    engine,
    calls,
    statuses,
    type(next: Record<string, unknown>) {
      content = next;
      engine.changed();
    },
    formGone() {
      content = null;
    },
  };
}

/** Types 'a' and waits for the draft to be created, then 'ab' and waits for it to be saved. */
async function createThenSave(t: ReturnType<typeof setup>) {
  t.type({ title: 'a' });
  await vi.advanceTimersByTimeAsync(500);
  t.type({ title: 'ab' });
  await vi.advanceTimersByTimeAsync(2000);
}

/** Nothing more is sent for `ms` - 1 milliseconds; at `ms`, the next call goes out as `expected`. */
async function expectNextCallAfter(t: ReturnType<typeof setup>, ms: number, expected: Partial<Call>) {
  const sent = t.calls.length;
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(t.calls).toHaveLength(sent);
  await vi.advanceTimersByTimeAsync(1);
  expect(t.calls[sent]).toMatchObject(expected);
}

const ok = (data: Record<string, unknown>) => () => ({ ok: true as const, status: 200, data });
const fail = (status: number, code: string) => () => ({ ok: false as const, status, code, message: code });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('DraftAutosave', () => {
  it('keeps changes locally, creates the draft soon after the first keystrokes, then saves 2 s after the last one', async () => {
    const t = setup([
      ok({ postId: 5, lockVersion: 1, savedAt: '2026-11-23T05:32:00Z', created: true }),
      ok({ postId: 5, lockVersion: 2, savedAt: 'x' }),
    ]);
    t.type({ title: 'あ' });
    await vi.advanceTimersByTimeAsync(300);
    expect(readLocalDraft(NEW_SLOT)).toMatchObject({ dirty: true, content: { title: 'あ' }, postId: null });
    t.type({ title: 'あい' });
    await expectNextCallAfter(t, 500, {
      path: '/api/v1/student/drafts',
      method: 'POST',
      json: { type: 'company_study', companyId: 7, saveId: 'save-1', content: { title: 'あい' } },
    });
    // Once the post exists its copy is kept under the post, and the new form's slot is empty.
    expect(readLocalDraft(POST_SLOT)).toMatchObject({ dirty: false, postId: 5, lockVersion: 1, pendingSaveId: null });
    expect(readLocalDraft(NEW_SLOT)).toBeNull();
    t.type({ title: 'あいう' });
    await vi.advanceTimersByTimeAsync(1500);
    t.type({ title: 'あいうえ' });
    await expectNextCallAfter(t, 2000, {
      path: '/api/v1/student/drafts/5',
      method: 'PUT',
      json: { lockVersion: 1, saveId: 'save-2', content: { title: 'あいうえ' } },
    });
    expect(t.statuses.at(-1)).toBe('saved');
    expect(t.engine.dirty).toBe(false);
  });

  it('does not say saved while text typed during a save is still on its way', async () => {
    let answerFirst = () => {};
    const first = new Promise<void>((resolve) => (answerFirst = resolve));
    const t = setup([
      (() =>
        first.then(() => ({
          ok: true,
          status: 200,
          data: { postId: 5, lockVersion: 1, savedAt: 'x', created: true },
        }))) as unknown as Answer,
      ok({ postId: 5, lockVersion: 2, savedAt: 'y' }),
    ]);
    t.type({ title: 'タイトル' });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.statuses.at(-1)).toBe('saving');
    t.type({ title: 'タイトル', body: '本文' });
    answerFirst();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.statuses).not.toContain('saved');
    expect(t.statuses.at(-1)).toBe('pending');
    expect(t.engine.dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.calls.at(-1)).toMatchObject({ method: 'PUT', json: { content: { title: 'タイトル', body: '本文' } } });
    expect(t.statuses.at(-1)).toBe('saved');
    expect(t.engine.dirty).toBe(false);
  });

  it('stops and reports a conflict when another tab saved first, keeping what is typed in the browser', async () => {
    const t = setup([ok({ postId: 5, lockVersion: 1, savedAt: 'x', created: true }), fail(409, 'stale_revision')]);
    await createThenSave(t);
    expect(t.statuses.at(-1)).toBe('conflict');
    t.type({ title: 'abc' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.calls).toHaveLength(2);
    expect(readLocalDraft(POST_SLOT)).toMatchObject({ dirty: true, content: { title: 'abc' } });
  });

  it('retries after a failure with backoff, offline included, and flushes when asked', async () => {
    const t = setup([fail(0, 'network_error'), fail(503, 'http_503'), ok({ postId: 9, lockVersion: 1, savedAt: 'x', created: true })], {
      online: false,
    });
    t.type({ title: 'a' });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.statuses.at(-1)).toBe('offline');
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.statuses.at(-1)).toBe('retrying');
    await t.engine.flush();
    expect(t.statuses.at(-1)).toBe('saved');
    expect(t.calls.map((call) => call.method)).toEqual(['POST', 'POST', 'POST']);
  });

  /**
   * The draft is created, the answer to its save is lost, the retry is refused as stale, and the
   * server's draft says `lastSaveId` saved last; `then` answers what comes after.
   */
  async function retriedAfterLostAnswer(lastSaveId: string, ...then: Answer[]) {
    const t = setup([
      ok({ postId: 5, lockVersion: 1, savedAt: 'x', created: true }),
      fail(0, 'network_error'),
      fail(409, 'stale_revision'),
      ok({ lockVersion: 2, lastSaveId }),
      ...then,
    ]);
    await createThenSave(t);
    await vi.advanceTimersByTimeAsync(3000);
    return t;
  }

  it('takes a lost answer as its own save only when the server stored that very save', async () => {
    const t = await retriedAfterLostAnswer('save-2', ok({ postId: 5, lockVersion: 3, savedAt: 'x' }));
    expect(t.calls.map((call) => `${call.method} ${call.json?.lockVersion ?? ''}`)).toEqual(['POST ', 'PUT 1', 'PUT 1', 'GET ', 'PUT 2']);
    expect(t.statuses.at(-1)).toBe('saved');
  });

  it('reports a conflict when the version ahead is another tab’s save', async () => {
    const t = await retriedAfterLostAnswer('someone-else');
    expect(t.statuses.at(-1)).toBe('conflict');
  });

  it('sends the rest of a retried create as a save of the post the first try made', async () => {
    const t = setup([ok({ postId: 5, lockVersion: 3, savedAt: 'x', created: false }), ok({ postId: 5, lockVersion: 4, savedAt: 'x' })]);
    t.type({ title: 'a' });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.calls.map((call) => call.method)).toEqual(['POST', 'PUT']);
    expect(t.calls[1]!.json).toMatchObject({ lockVersion: 3 });
  });

  it('tells a student whose session ended to log in again, and stops', async () => {
    const t = setup([fail(422, 'invalid_csrf_token')]);
    t.type({ title: 'a' });
    await vi.advanceTimersByTimeAsync(500);
    expect(t.statuses.at(-1)).toBe('refused');
    t.type({ title: 'ab' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.calls).toHaveLength(1);
    expect(readLocalDraft(NEW_SLOT)).toMatchObject({ dirty: true, content: { title: 'ab' } });
  });

  it('keeps every change in the browser at once, not after a delay', () => {
    const t = setup([]);
    t.type({ title: 'あ', ratings: { all: '4' } });
    expect(readLocalDraft(NEW_SLOT)).toMatchObject({ dirty: true, content: { ratings: { all: '4' } } });
  });

  it('holds saves while the form is sent: the version the submission carries is the one it has', async () => {
    const t = setup([ok({ postId: 5, lockVersion: 1, savedAt: 'x', created: true }), ok({ postId: 5, lockVersion: 2, savedAt: 'x' })]);
    t.type({ title: '送る前の最後の文字' });
    await t.engine.holdForSubmit();
    expect(t.calls).toHaveLength(1);
    expect(t.engine.current).toMatchObject({ postId: 5, lockVersion: 1 });
    // Typed while the request is on its way: kept, not saved (it would make the version stale).
    t.type({ title: '送信中に打った文字' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.calls).toHaveLength(1);
    expect(readLocalDraft(POST_SLOT)).toMatchObject({ dirty: true, content: { title: '送信中に打った文字' } });
    // The submission did not go through: saving goes on with what was typed meanwhile.
    t.engine.release();
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.calls[1]).toMatchObject({ method: 'PUT', json: { lockVersion: 1, content: { title: '送信中に打った文字' } } });
  });

  it('drops the browser’s copies once the post was sent, and writes none after', async () => {
    const t = setup([ok({ postId: 5, lockVersion: 1, savedAt: 'x', created: true }), fail(409, 'post_in_review')]);
    t.type({ title: 'a' });
    await vi.advanceTimersByTimeAsync(500);
    t.type({ title: 'ab' });
    t.engine.dispose();
    t.engine.forget();
    await vi.advanceTimersByTimeAsync(0);
    expect(readLocalDraft(POST_SLOT)).toBeNull();
    expect(readLocalDraft(NEW_SLOT)).toBeNull();
  });

  it('sends what is left when the form goes away, from what it last read', async () => {
    const t = setup([ok({ postId: 5, lockVersion: 1, savedAt: 'x', created: true })]);
    t.type({ title: 'まだ送っていない' });
    t.engine.dispose();
    t.formGone();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.calls[0]).toMatchObject({ method: 'POST', json: { content: { title: 'まだ送っていない' } } });
  });
});

describe('reconcile', () => {
  const copy = (over: Partial<LocalDraft>): LocalDraft => unsentCopy({ draftKey: 'k', content: { title: 't' }, ...over });
  const server = { postId: 5, lockVersion: 3, lastSaveId: null };

  it('restores unsent text based on the server’s version, and text of a draft never created', () => {
    expect(reconcile(copy({}), server)).toBe('restore');
    expect(reconcile(copy({ postId: null }), { postId: null, lockVersion: 0, lastSaveId: null })).toBe('restore');
  });

  it('drops nothing and asks nothing for a clean copy', () => {
    expect(reconcile(copy({ dirty: false }), { ...server, lockVersion: 9 })).toBe('none');
    expect(reconcile(copy({ dirty: false }), server)).toBe('none');
  });

  it('knows the page was read before its own save landed', () => {
    // Sent on leaving, answered while the edit page was on its way: the page has version 3.
    expect(reconcile(copy({ dirty: false, lockVersion: 4 }), server)).toBe('newer');
    expect(reconcile(copy({ lockVersion: 4, pendingSaveId: 's2' }), server)).toBe('newer');
    // Another post's copy, or a new form's copy, is never newer.
    expect(reconcile(copy({ dirty: false, postId: 6, lockVersion: 4 }), server)).toBe('none');
    expect(reconcile(copy({ dirty: false, postId: null, lockVersion: 4 }), server)).toBe('none');
  });

  it('knows its own save landed although the page closed before the answer', () => {
    const sent = copy({ pendingSaveId: 's1' });
    expect(reconcile(sent, { postId: 5, lockVersion: 4, lastSaveId: 's1' })).toBe('none');
    expect(reconcile({ ...sent, changedSinceSend: true }, { postId: 5, lockVersion: 4, lastSaveId: 's1' })).toBe('restore');
  });

  it('asks when another tab or device saved since', () => {
    expect(reconcile(copy({ pendingSaveId: 's1' }), { postId: 5, lockVersion: 4, lastSaveId: 'other' })).toBe('conflict');
  });
});
