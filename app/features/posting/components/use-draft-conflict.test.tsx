// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../tests/support/fetch-mock';
import type { DraftAutosave } from '../draft-autosave';
import { LOADED_NOTE, useDraftConflict } from './use-draft-conflict';

const fetchMock = mockFetch();
afterEach(cleanup);

function setup(engineIdentity: { postId: number | null } | null, openedPostId: number | null = 5) {
  const engine = engineIdentity && {
    current: { postId: engineIdentity.postId, draftKey: 'key', lockVersion: 2 },
    resume: vi.fn(),
  };
  const options = {
    engineRef: { current: engine as unknown as DraftAutosave | null },
    postId: openedPostId,
    show: vi.fn(),
    setNote: vi.fn(),
    setStatus: vi.fn(),
    setSavedAt: vi.fn(),
  };
  const hook = renderHook(() => useDraftConflict(options));
  return { engine, options, hook };
}

const SERVER = { lockVersion: 7, content: { title: '別のタブの本文' }, savedAt: '2026-11-23T05:32:00.000Z' };

describe('choosing after another tab saved', () => {
  it('loads the server’s text into the form and resumes on its version once the fields show it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(SERVER));
    const t = setup({ postId: 9 });
    await act(() => t.hook.result.current.loadNewer());
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/student/drafts/9');
    expect(t.options.setSavedAt).toHaveBeenCalledWith(SERVER.savedAt);
    expect(t.options.show).toHaveBeenCalledWith({ content: SERVER.content, note: LOADED_NOTE }, expect.any(Function));
    expect(t.engine!.resume).not.toHaveBeenCalled();
    t.options.show.mock.calls[0]![1]();
    expect(t.engine!.resume).toHaveBeenCalledWith({ postId: 9, draftKey: 'key', lockVersion: 7 }, { changed: false });
    expect(t.hook.result.current.busy).toBe(false);
  });

  it('keeps this tab’s text and sends it over the server’s version', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(SERVER));
    const t = setup({ postId: null }, 5);
    await act(() => t.hook.result.current.keepMine());
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/student/drafts/5');
    expect(t.options.setNote).toHaveBeenCalledWith(null);
    expect(t.options.show).not.toHaveBeenCalled();
    expect(t.engine!.resume).toHaveBeenCalledWith({ postId: 5, draftKey: 'key', lockVersion: 7 }, { changed: true });
  });

  it('says why when the server refuses, and changes nothing else', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'post_in_review', message: 'この投稿は審査中です。' } }, 409));
    const t = setup({ postId: 5 });
    await act(() => t.hook.result.current.keepMine());
    expect(t.options.setStatus).toHaveBeenCalledWith({ kind: 'refused', message: 'この投稿は審査中です。' });
    expect(t.engine!.resume).not.toHaveBeenCalled();
    expect(t.options.setNote).not.toHaveBeenCalled();
  });

  it('asks nothing before there is an engine or a post', async () => {
    const t = setup(null);
    await act(() => t.hook.result.current.loadNewer());
    const u = setup({ postId: null }, null);
    await act(() => u.hook.result.current.keepMine());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
