// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../badge-popup-queue';
import { isPhone, subscribePhone, takesTyping } from './popup-device';

const element = (html: string) => {
  document.body.innerHTML = html;
  return document.body.firstElementChild;
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('takesTyping', () => {
  it('is true for the fields a student types in', () => {
    for (const html of [
      '<input>',
      '<input type="text">',
      '<input type="email">',
      '<input type="search">',
      '<input type="date">',
      '<textarea></textarea>',
      '<select><option>1</option></select>',
    ]) {
      expect(takesTyping(element(html)), html).toBe(true);
    }
  });

  it('is false for buttons, boxes to tick, read-only fields and plain elements', () => {
    for (const type of ['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image']) {
      expect(takesTyping(element(`<input type="${type}">`)), type).toBe(false);
    }
    for (const html of ['<input readonly>', '<textarea readonly></textarea>']) {
      expect(takesTyping(element(html)), html).toBe(false);
    }
    // jsdom leaves isContentEditable undefined where a browser says false.
    for (const html of ['<button>送信</button>', '<a href="/">トップ</a>', '<div></div>']) {
      expect(takesTyping(element(html)), html).toBeFalsy();
    }
    expect(takesTyping(null)).toBe(false);
  });

  it('is true for an editable element', () => {
    const editable = element('<div contenteditable="true"></div>') as HTMLElement;
    // jsdom does not compute isContentEditable from the attribute.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(takesTyping(editable)).toBe(true);
  });
});

describe('the phone query', () => {
  it('reads and follows the phone’s width query', () => {
    const listeners: Array<() => void> = [];
    const query = {
      matches: true,
      addEventListener: (_: string, listener: () => void) => listeners.push(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.splice(listeners.indexOf(listener), 1),
    };
    const matchMedia = vi.fn(() => query);
    window.matchMedia = matchMedia as unknown as typeof window.matchMedia;
    expect(isPhone()).toBe(true);
    expect(matchMedia).toHaveBeenCalledWith(PHONE_QUERY);
    const notify = vi.fn();
    const unsubscribe = subscribePhone(notify);
    query.matches = false;
    for (const listener of listeners) listener();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(isPhone()).toBe(false);
    unsubscribe();
    expect(listeners).toEqual([]);
  });
});
