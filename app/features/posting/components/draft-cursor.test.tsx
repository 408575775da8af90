// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { formOf } from '../../../../tests/support/dom-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftCursor } from '../../../lib/draft-storage';
import { cursorOf, restoreCursor, useCursorTracking } from './draft-cursor';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('putting the cursor back', () => {
  it('focuses the field and selects what was selected', () => {
    const form = formOf('<input name="title" value="はじめのタイトル"><textarea name="body">本文です</textarea>');
    restoreCursor(form, { name: 'body', start: 1, end: 3 });
    const body = form.elements.namedItem('body') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(body);
    expect([body.selectionStart, body.selectionEnd]).toEqual([1, 3]);
  });

  it('leaves the student where they are when they already are in a field', () => {
    const form = formOf('<input name="title" value="タイトル"><textarea name="body">本文</textarea>');
    const title = form.elements.namedItem('title') as HTMLInputElement;
    title.focus();
    restoreCursor(form, { name: 'body', start: 0, end: 1 });
    expect(document.activeElement).toBe(title);
  });

  it('does nothing without a cursor or for a field that is not a text field', () => {
    const form = formOf('<select name="kind"><option>ES</option></select>');
    restoreCursor(form, null);
    restoreCursor(form, { name: 'kind', start: 0, end: 0 });
    restoreCursor(form, { name: 'missing', start: 0, end: 0 });
    expect(document.activeElement).toBe(document.body);
  });

  it('focuses a field without a selection (a date) all the same', () => {
    const form = formOf('<input type="date" name="eventDate">');
    restoreCursor(form, { name: 'eventDate', start: 2, end: 2 });
    expect(document.activeElement).toBe(form.elements.namedItem('eventDate'));
  });
});

describe('reading the cursor', () => {
  it('gives the field and its selection, or null outside named text fields', () => {
    const form = formOf('<input name="title" value="タイトル"><input type="number" name="days" value="3"><input value="名前なし">');
    const title = form.elements.namedItem('title') as HTMLInputElement;
    title.setSelectionRange(1, 2);
    expect(cursorOf(title)).toEqual({ name: 'title', start: 1, end: 2 });
    expect(cursorOf(form.elements.namedItem('days') as HTMLInputElement)).toEqual({ name: 'days', start: 0, end: 0 });
    expect(cursorOf(form.querySelector('input:not([name])'))).toBeNull();
    expect(cursorOf(form)).toBeNull();
  });
});

describe('tracking the cursor', () => {
  function Form({ moveCursor }: { moveCursor: (cursor: DraftCursor) => void }) {
    const formRef = useRef<HTMLFormElement>(null);
    const engineRef = useRef({ moveCursor });
    useCursorTracking(formRef, engineRef);
    return (
      <form ref={formRef}>
        <input name="title" defaultValue="タイトル" />
        <button type="button">ボタン</button>
      </form>
    );
  }

  it('sends every move in a text field to the engine, and nothing once the form is gone', () => {
    const moveCursor = vi.fn();
    const view = render(<Form moveCursor={moveCursor} />);
    const title = view.container.querySelector('input') as HTMLInputElement;
    title.setSelectionRange(2, 2);
    title.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true }));
    title.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    title.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    view.container.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(moveCursor.mock.calls).toEqual([
      [{ name: 'title', start: 2, end: 2 }],
      [{ name: 'title', start: 2, end: 2 }],
      [{ name: 'title', start: 2, end: 2 }],
    ]);
    view.unmount();
    title.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true }));
    expect(moveCursor).toHaveBeenCalledTimes(3);
  });
});
