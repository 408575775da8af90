// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BADGE_ICON_KINDS } from '../catalog';
import { BadgeIcon } from './badge-icon';

describe('BadgeIcon', () => {
  it('draws each of the 15 icon kinds with a pictogram', () => {
    for (const icon of BADGE_ICON_KINDS) {
      const { container, unmount } = render(<BadgeIcon icon={icon} color="gold" />);
      const svg = container.querySelector('svg')!;
      expect(svg.getAttribute('data-icon')).toBe(icon);
      // Medal (2 circles + highlight) plus at least one shape of the pictogram.
      expect(svg.children.length).toBeGreaterThan(3);
      unmount();
    }
  });

  it('has the sizes of docs/product/badges.md#icons-colors-and-sizes', () => {
    const sizes = { large: '100', medium: '70', small: '60' } as const;
    for (const [size, pixels] of Object.entries(sizes)) {
      const { container, unmount } = render(<BadgeIcon icon="heart" color="bronze" size={size as keyof typeof sizes} />);
      expect(container.querySelector('svg')?.getAttribute('width')).toBe(pixels);
      expect(container.querySelector('svg')?.getAttribute('height')).toBe(pixels);
      unmount();
    }
  });

  it('is an image with a Japanese name when labelled, hidden otherwise', () => {
    const labelled = render(<BadgeIcon icon="heart" color="gray" label="はじめてのお気に入り（未獲得）" />);
    expect(labelled.getByRole('img', { name: 'はじめてのお気に入り（未獲得）' })).toBeTruthy();
    labelled.unmount();
    const { container } = render(<BadgeIcon icon="heart" color="silver" />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('svg')?.getAttribute('data-color')).toBe('silver');
  });
});
