// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Overlay } from './overlay';

afterEach(cleanup);

describe('Overlay', () => {
  it('is hidden from assistive technology and reports clicks', async () => {
    const onClick = vi.fn();
    const { container } = render(<Overlay onClick={onClick} />);
    const overlay = container.firstElementChild as HTMLElement;
    expect(overlay.getAttribute('aria-hidden')).toBe('true');
    await userEvent.click(overlay);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('takes the closing look while its owner plays the exit', () => {
    const { container } = render(<Overlay closing />);
    expect((container.firstElementChild as HTMLElement).className).toMatch(/closing/);
  });
});
