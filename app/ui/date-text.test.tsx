// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateText } from './date-text';

afterEach(cleanup);

describe('DateText', () => {
  it('shows the day in Tokyo and keeps the instant for machines', () => {
    // 2026-11-29 20:00 UTC is already the 30th in Tokyo.
    const { container } = render(<DateText value="2026-11-29T20:00:00.000Z" className="date" suffix=" 公開" />);
    const time = container.querySelector('time')!;
    expect(time.textContent).toBe('2026年11月30日 公開');
    expect(time.getAttribute('datetime')).toBe('2026-11-29T20:00:00.000Z');
    expect(time.className).toBe('date');
  });
});
