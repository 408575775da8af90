// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { listen } from './listen';

describe('listen', () => {
  it('adds the handler for each type and removes them all with its undo', () => {
    const target = new EventTarget();
    const handler = vi.fn();
    const undo = listen(target, ['keyup', 'click'], handler);
    target.dispatchEvent(new Event('keyup'));
    target.dispatchEvent(new Event('click'));
    target.dispatchEvent(new Event('focusin'));
    expect(handler.mock.calls.map(([event]) => (event as Event).type)).toEqual(['keyup', 'click']);
    undo();
    target.dispatchEvent(new Event('keyup'));
    target.dispatchEvent(new Event('click'));
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
