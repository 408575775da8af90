// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StarRating } from './star-rating';
import { StarRatingInput } from './star-rating-input';

afterEach(cleanup);

// user-event walks radio groups with CSS.escape, which jsdom lacks; the names here need no escaping.
beforeAll(() => {
  globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;
});

/** How far the gold reaches across the five stars, in percent. */
function fill(container: HTMLElement): number {
  return parseFloat(container.querySelector<HTMLElement>('[role=img]')!.style.getPropertyValue('--fill'));
}

describe('StarRating (display)', () => {
  it('is one image labelled 「5点中3.6点」 with partly filled stars', () => {
    const { container } = render(<StarRating value={3.6} />);
    expect(screen.getByRole('img', { name: '5点中3.6点' })).toBeTruthy();
    expect(fill(container)).toBeCloseTo(72);
  });

  it('shows the number as 「3.6点」 when asked, and rounds to one decimal', () => {
    render(<StarRating value={4.25} showValue />);
    expect(screen.getByRole('img', { name: '5点中4.3点' })).toBeTruthy();
    expect(screen.getByText('4.3点')).toBeTruthy();
  });

  it('keeps the score between 0 and 5', () => {
    const { container } = render(<StarRating value={7} />);
    expect(screen.getByRole('img', { name: '5点中5点' })).toBeTruthy();
    expect(fill(container)).toBe(100);
  });

  it('says 評価なし when there is no score', () => {
    render(<StarRating value={null} showValue />);
    expect(screen.getByRole('img', { name: '評価なし' })).toBeTruthy();
    expect(screen.getByText('--')).toBeTruthy();
  });
});

describe('StarRatingInput', () => {
  it('is a radio group of 1点 to 5点 under one name, posting with the form', async () => {
    render(
      <form aria-label="評価">
        <StarRatingInput name="rating_all" label="総合評価" />
      </form>,
    );
    expect(screen.getByRole('radiogroup', { name: '総合評価' })).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual(['1点', '2点', '3点', '4点', '5点']);
    await userEvent.click(screen.getByRole('radio', { name: '4点' }));
    expect(new FormData(screen.getByRole('form') as HTMLFormElement).get('rating_all')).toBe('4');
  });

  it('changes the value with the arrow keys', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<StarRatingInput name="rating_mentor" label="メンターのコミット" defaultValue={3} onChange={onChange} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '3点' }));
    await user.keyboard('{ArrowRight}');
    expect((screen.getByRole('radio', { name: '4点' }) as HTMLInputElement).checked).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect((screen.getByRole('radio', { name: '2点' }) as HTMLInputElement).checked).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByText('2点')).toBeTruthy();
  });

  it('follows a controlled value', () => {
    render(<StarRatingInput name="rating_growth" label="自己成長" value={5} onChange={() => {}} />);
    expect((screen.getByRole('radio', { name: '5点' }) as HTMLInputElement).checked).toBe(true);
  });

  it('wires the error to the group', () => {
    render(<StarRatingInput name="rating_level" label="参加者のレベル" required error="評価を選択してください" />);
    const group = screen.getByRole('radiogroup', { name: '参加者のレベル' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe('評価を選択してください');
    expect((screen.getByRole('radio', { name: '1点' }) as HTMLInputElement).required).toBe(true);
  });
});
