// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../tests/support/fetch-mock';
import { unsentCopy } from '../../../../tests/support/local-draft';
import { draftKeyOf, type LocalDraft, readLocalDraft, writeLocalDraft } from '../../../lib/draft-storage';
import { AUTOSAVE_DELAY_MS } from '../draft-autosave';
import { RESTORED_NOTE, useDraftAutosave, useFieldChanges } from './use-draft-autosave';
import { useAfterShow, useFormText } from './use-form-text';

const fetchMock = mockFetch();
const KEY = '00000000-0000-4000-8000-000000000001';
const DRAFT = {
  postId: 5,
  draftKey: KEY,
  lockVersion: 3,
  lastSaveId: null,
  savedAt: '2026-11-23T05:00:00.000Z',
  content: { title: 'サーバーの本文' },
};
const POST_COPY = draftKeyOf(1, 'post:5');

function Form() {
  const formRef = useRef<HTMLFormElement>(null);
  const text = useFormText({ content: DRAFT.content, company: null });
  const autosave = useDraftAutosave({
    type: 'company_study',
    userId: 1,
    newSlot: 'new:company_study:7',
    draft: DRAFT,
    formRef,
    show: text.show,
  });
  useAfterShow(text, formRef, () => {});
  useFieldChanges(formRef, autosave.engineRef);
  return (
    <form ref={formRef}>
      <input type="hidden" name="lockVersion" value={autosave.identity.lockVersion} />
      <input type="hidden" name="companyId" value="7" />
      {text.note && <p role="status">{text.note}</p>}
      <div key={text.formKey}>
        <input aria-label="タイトル" name="title" defaultValue={String(text.content.title)} />
      </div>
      <span data-status>{autosave.status.kind}</span>
    </form>
  );
}

const localCopy = (overrides: Partial<LocalDraft> = {}) =>
  unsentCopy({ draftKey: KEY, content: { title: 'この端末の入力' }, ...overrides });

const title = () => screen.getByRole('textbox', { name: 'タイトル' }) as HTMLInputElement;
const status = () => document.querySelector('[data-status]')?.textContent;
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  document.head.innerHTML = '<meta name="csrf-token" content="token">';
  fetchMock.mockResolvedValue(jsonResponse({ postId: 5, lockVersion: 4, savedAt: '2026-11-23T05:32:00.000Z' }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the posting form’s autosave', () => {
  it('keeps every change in the browser at once and saves it on the server’s version after the delay', async () => {
    render(<Form />);
    expect(title().value).toBe('サーバーの本文');
    fireEvent.input(title(), { target: { value: 'サーバーの本文に追記' } });
    expect(readLocalDraft(POST_COPY)).toMatchObject({ dirty: true, content: { title: 'サーバーの本文に追記' } });
    expect(status()).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/student/drafts/5');
    expect(sentBodies()[0]).toMatchObject({ lockVersion: 3, companyId: 7, content: { title: 'サーバーの本文に追記' } });
    expect(status()).toBe('saved');
    // The hidden field shows the version the server answered.
    expect((document.querySelector('input[name=lockVersion]') as HTMLInputElement).value).toBe('4');
  });

  it('restores the browser’s unsaved copy, says so, and sends it', async () => {
    writeLocalDraft(POST_COPY, localCopy());
    render(<Form />);
    expect(title().value).toBe('この端末の入力');
    expect(screen.getByRole('status').textContent).toBe(RESTORED_NOTE);
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(sentBodies()[0]).toMatchObject({ lockVersion: 3, content: { title: 'この端末の入力' } });
  });

  it('shows its own save that landed after the page was read, sends nothing, and goes on from its version', async () => {
    writeLocalDraft(POST_COPY, localCopy({ lockVersion: 4, dirty: false, content: { title: '離れる直前に保存した入力' } }));
    render(<Form />);
    expect(title().value).toBe('離れる直前に保存した入力');
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.input(title(), { target: { value: '離れる直前に保存した入力と追記' } });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(sentBodies()[0]).toMatchObject({ lockVersion: 4, content: { title: '離れる直前に保存した入力と追記' } });
  });

  it('shows a copy older than another tab’s save and sends nothing until the student chooses', async () => {
    writeLocalDraft(POST_COPY, localCopy({ lockVersion: 2 }));
    render(<Form />);
    expect(title().value).toBe('この端末の入力');
    expect(status()).toBe('conflict');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.input(title(), { target: { value: 'さらに入力' } });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(readLocalDraft(POST_COPY)).toMatchObject({ content: { title: 'さらに入力' } });
  });

  it('sends what is new with keepalive when the form goes away for another page', async () => {
    const view = render(<Form />);
    fireEvent.input(title(), { target: { value: '離れる前の入力' } });
    view.unmount();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ keepalive: true });
    expect(sentBodies()[0]).toMatchObject({ content: { title: '離れる前の入力' } });
  });
});
