// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallResult } from '../../lib/site-client';
import { DraftAutosave, type SaveStatus } from './draft-autosave';
import { readLocalDraft } from './draft-storage';

type Call = { path: string; method: string; json?: Record<string, unknown> };

function setup(answers: Array<(call: Call) => CallResult<unknown>>, options: { online?: boolean } = {}) {
  const calls: Call[] = [];
  const statuses: SaveStatus['kind'][] = [];
  let content: Record<string, unknown> = { title: 'はじめのタイトル' };
  const engine = new DraftAutosave({
    type: 'company_study',
    storageKey: 'test',
    identity: { postId: null, draftKey: '00000000-0000-4000-8000-000000000001', lockVersion: 0 },
    read: () => ({ content, subject: { companyId: 7, recruitServiceId: null } }),
    onStatus: (status) => statuses.push(status.kind),
    onIdentity: () => {},
    online: () => options.online ?? true,
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
  };
}

const ok = (data: Record<string, unknown>) => () => ({ ok: true as const, status: 200, data });
const fail = (status: number, code: string) => () => ({ ok: false as const, status, code, message: code });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('DraftAutosave', () => {
  it('keeps every change locally at once, creates the draft soon after the first keystrokes, then saves 2 s after the last one', async () => {
    const t = setup([
      ok({ postId: 5, lockVersion: 1, savedAt: '2026-11-23T05:32:00Z', created: true }),
      ok({ postId: 5, lockVersion: 2, savedAt: 'x' }),
    ]);
    t.type({ title: 'あ' });
    expect(readLocalDraft('test')).toMatchObject({ dirty: true, content: { title: 'あ' } });
    await vi.advanceTimersByTimeAsync(300);
    t.type({ title: 'あい' });
    await vi.advanceTimersByTimeAsync(499);
    expect(t.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls[0]).toMatchObject({
      path: '/api/v1/student/drafts',
      method: 'POST',
      json: { type: 'company_study', companyId: 7, content: { title: 'あい' } },
    });
    expect(readLocalDraft('test')).toMatchObject({ dirty: false, postId: 5, lockVersion: 1 });
    t.type({ title: 'あいう' });
    await vi.advanceTimersByTimeAsync(1500);
    t.type({ title: 'あいうえ' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(t.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.calls[1]).toMatchObject({
      path: '/api/v1/student/drafts/5',
      method: 'PUT',
      json: { lockVersion: 1, content: { title: 'あいうえ' } },
    });
    expect(t.statuses.at(-1)).toBe('saved');
    expect(t.engine.dirty).toBe(false);
  });

  it('stops and reports a conflict when another tab saved first', async () => {
    const t = setup([ok({ postId: 5, lockVersion: 1, savedAt: 'x', created: true }), fail(409, 'stale_revision')]);
    t.type({ title: 'a' });
    await vi.advanceTimersByTimeAsync(2000);
    t.type({ title: 'ab' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.statuses.at(-1)).toBe('conflict');
    t.type({ title: 'abc' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.calls).toHaveLength(2);
    // Nothing typed is lost: the browser's copy has it.
    expect(readLocalDraft('test')).toMatchObject({ dirty: true, content: { title: 'abc' } });
  });

  it('retries after a failure with backoff, offline included, and flushes when asked', async () => {
    const t = setup([fail(0, 'network_error'), fail(503, 'http_503'), ok({ postId: 9, lockVersion: 1, savedAt: 'x', created: true })], {
      online: false,
    });
    t.type({ title: 'a' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.statuses.at(-1)).toBe('offline');
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.statuses.at(-1)).toBe('retrying');
    await t.engine.flush();
    expect(t.statuses.at(-1)).toBe('saved');
    expect(t.calls.map((call) => call.method)).toEqual(['POST', 'POST', 'POST']);
  });

  it('treats a lost answer of a stored save as its own, not as another tab', async () => {
    const t = setup([
      ok({ postId: 5, lockVersion: 1, savedAt: 'x', created: true }),
      fail(0, 'network_error'),
      fail(409, 'stale_revision'),
      ok({ lockVersion: 2 }),
      ok({ postId: 5, lockVersion: 3, savedAt: 'x' }),
    ]);
    t.type({ title: 'a' });
    await vi.advanceTimersByTimeAsync(2000);
    t.type({ title: 'ab' });
    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.calls.map((call) => `${call.method} ${call.json?.lockVersion ?? ''}`)).toEqual(['POST ', 'PUT 1', 'PUT 1', 'GET ', 'PUT 2']);
    expect(t.statuses.at(-1)).toBe('saved');
  });

  it('sends the rest of a retried create as a save of the post the first try made', async () => {
    const t = setup([ok({ postId: 5, lockVersion: 3, savedAt: 'x', created: false }), ok({ postId: 5, lockVersion: 4, savedAt: 'x' })]);
    t.type({ title: 'a' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.calls.map((call) => call.method)).toEqual(['POST', 'PUT']);
    expect(t.calls[1]!.json).toMatchObject({ lockVersion: 3 });
  });
});
