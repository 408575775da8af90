// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftAutosave, DraftIdentity } from '../draft-autosave';
import { OFFLINE_SEND_MESSAGE, type SubmitAnswer, usePostSubmit } from './use-post-submit';

const submit = vi.fn(async (_data: FormData, _options: unknown) => {});
vi.mock('react-router', () => ({ useSubmit: () => submit }));

/** A stand-in for the autosave: what the submission asks of it, recorded. */
function fakeEngine(identity: DraftIdentity, options: { conflicted?: boolean } = {}) {
  const calls: string[] = [];
  let releaseHold: () => void = () => {};
  const engine = {
    current: identity,
    conflicted: options.conflicted ?? false,
    holdForSubmit: vi.fn(
      () =>
        new Promise<void>((resolve) => {
          calls.push('hold');
          releaseHold = resolve;
        }),
    ),
    release: vi.fn(() => calls.push('release')),
    markConflict: vi.fn(() => calls.push('conflict')),
    forget: vi.fn(() => calls.push('forget')),
  };
  return { engine, calls, saved: () => act(async () => releaseHold()) };
}

type Props = { engine: unknown; answer?: SubmitAnswer; submitting?: boolean; conflict?: boolean };

function Form(props: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const engineRef = useRef(props.engine as DraftAutosave | null);
  engineRef.current = props.engine as DraftAutosave | null;
  const conflictRef = useRef<HTMLDivElement>(null);
  const { sending, unsent, onValidSubmit } = usePostSubmit({
    engineRef,
    formRef,
    answer: props.answer,
    submitting: props.submitting ?? false,
    conflict: props.conflict ?? false,
    conflictRef,
  });
  return (
    <form ref={formRef} action="/post/company_study/new?companyId=7" onSubmit={onValidSubmit}>
      {/* What the hidden fields said at the first render: the submission must not trust them. */}
      <input type="hidden" name="postId" value="" readOnly />
      <input type="hidden" name="lockVersion" value="0" readOnly />
      <input type="hidden" name="draftKey" value="stale" readOnly />
      <input name="title" defaultValue="送るタイトル" />
      <div ref={conflictRef} tabIndex={-1}>
        競合
      </div>
      {unsent && <p role="alert">{unsent.message}</p>}
      <button type="submit">{sending ? '送信中…' : '審査に送信する'}</button>
    </form>
  );
}

const IDENTITY = { postId: 5, draftKey: '00000000-0000-4000-8000-000000000001', lockVersion: 4 };

beforeEach(() => {
  submit.mockClear();
  vi.stubGlobal('navigator', { onLine: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sending the post', () => {
  it('sends on the first tap, once, after the last save, with the version the engine holds', async () => {
    const t = fakeEngine(IDENTITY);
    render(<Form engine={t.engine} />);
    fireEvent.click(screen.getByRole('button'));
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('送信中…');
    expect(t.engine.holdForSubmit).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
    await t.saved();
    expect(submit).toHaveBeenCalledTimes(1);
    const [data, options] = submit.mock.calls[0]!;
    expect(Object.fromEntries(data)).toEqual({ postId: '5', lockVersion: '4', draftKey: IDENTITY.draftKey, title: '送るタイトル' });
    expect(options).toEqual({ method: 'post', action: '/post/company_study/new?companyId=7' });
    expect(screen.getByRole('button').textContent).toBe('審査に送信する');
  });

  it('sends a sent-back post again with the version the server gave after an edit', async () => {
    const t = fakeEngine({ ...IDENTITY, lockVersion: 1 });
    render(<Form engine={t.engine} answer={{ ok: false, code: 'validation_failed' }} />);
    t.engine.current = { ...IDENTITY, lockVersion: 2 };
    fireEvent.click(screen.getByRole('button'));
    await t.saved();
    expect(Object.fromEntries(submit.mock.calls[0]![0])).toMatchObject({ lockVersion: '2' });
  });

  it('keeps the form offline, says so, and sends when the connection is back', async () => {
    const t = fakeEngine(IDENTITY);
    const view = render(<Form engine={t.engine} />);
    const requestSubmit = vi.spyOn(view.container.querySelector('form')!, 'requestSubmit').mockImplementation(() => {});
    vi.stubGlobal('navigator', { onLine: false });
    fireEvent.click(screen.getByRole('button'));
    await t.saved();
    expect(submit).not.toHaveBeenCalled();
    expect(t.calls).toEqual(['hold', 'release']);
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE_SEND_MESSAGE);
    expect(screen.getByRole('button').textContent).toBe('審査に送信する');

    vi.stubGlobal('navigator', { onLine: true });
    window.dispatchEvent(new Event('online'));
    expect(requestSubmit).toHaveBeenCalledTimes(1);
    // Once: a second return of the connection sends nothing more.
    window.dispatchEvent(new Event('online'));
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });

  it('does not send when the last save found another tab’s text', async () => {
    const t = fakeEngine(IDENTITY, { conflicted: true });
    render(<Form engine={t.engine} />);
    fireEvent.click(screen.getByRole('button'));
    await t.saved();
    expect(submit).not.toHaveBeenCalled();
    expect(t.calls).toEqual(['hold', 'release']);
  });

  it('shows the choice instead of sending while another tab’s text waits, and waits while the router sends', () => {
    const t = fakeEngine(IDENTITY);
    const view = render(<Form engine={t.engine} conflict />);
    fireEvent.click(screen.getByRole('button'));
    expect(document.activeElement?.textContent).toBe('競合');
    view.rerender(<Form engine={t.engine} submitting />);
    fireEvent.click(screen.getByRole('button'));
    expect(t.engine.holdForSubmit).not.toHaveBeenCalled();
  });

  it('leaves the submission to the browser before the page’s script has an engine', () => {
    render(<Form engine={null} />);
    const event = new Event('submit', { bubbles: true, cancelable: true });
    screen.getByRole('button').closest('form')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('the action’s answer to a submission that did not go through', () => {
  it('lets the saves go on, stops them on another tab’s text, and says why it was not sent', () => {
    const t = fakeEngine(IDENTITY);
    const view = render(<Form engine={t.engine} answer={{ ok: false, code: 'stale_revision' }} />);
    expect(t.calls).toEqual(['release', 'conflict']);
    view.rerender(<Form engine={t.engine} answer={{ ok: false, unsent: { offline: false, message: 'サーバーに届きませんでした。' } }} />);
    expect(t.calls).toEqual(['release', 'conflict', 'release']);
    expect(screen.getByRole('alert').textContent).toBe('サーバーに届きませんでした。');
  });

  it('sends again when the connection is back after an answer that said offline', () => {
    const t = fakeEngine(IDENTITY);
    const view = render(<Form engine={t.engine} answer={{ ok: false, unsent: { offline: true, message: OFFLINE_SEND_MESSAGE } }} />);
    const requestSubmit = vi.spyOn(view.container.querySelector('form')!, 'requestSubmit').mockImplementation(() => {});
    window.dispatchEvent(new Event('online'));
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });
});
