// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushOnLeave, useFlushOnUnmount } from './flush-on-leave';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  cleanup();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('sending what is left when the student leaves', () => {
  it('sends with keepalive when the page is hidden or closed, and as usual when the connection is back', () => {
    const engine = { flush: vi.fn(async () => {}) };
    const stop = flushOnLeave(engine);
    setVisibility('visible');
    expect(engine.flush).not.toHaveBeenCalled();
    setVisibility('hidden');
    expect(engine.flush).toHaveBeenLastCalledWith({ keepalive: true });
    window.dispatchEvent(new Event('pagehide'));
    expect(engine.flush).toHaveBeenLastCalledWith({ keepalive: true });
    window.dispatchEvent(new Event('online'));
    expect(engine.flush).toHaveBeenLastCalledWith();
    expect(engine.flush).toHaveBeenCalledTimes(3);

    stop();
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('online'));
    expect(engine.flush).toHaveBeenCalledTimes(3);
  });

  it('sends with keepalive when the form goes away for another page of the site', () => {
    const engine = { flush: vi.fn(async () => {}) };
    function Form() {
      const engineRef = useRef(engine);
      useFlushOnUnmount(engineRef);
      return <form />;
    }
    const view = render(<Form />);
    view.rerender(<Form />);
    expect(engine.flush).not.toHaveBeenCalled();
    view.unmount();
    expect(engine.flush).toHaveBeenCalledExactlyOnceWith({ keepalive: true });
  });
});
