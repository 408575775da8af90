// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { byRegion, PrefectureOptions } from './prefecture-options';

afterEach(cleanup);

const prefectures = [
  { id: 1, name: '北海道', region: '北海道・東北' },
  { id: 2, name: '青森県', region: '北海道・東北' },
  { id: 13, name: '東京都', region: '関東' },
  { id: 47, name: '沖縄県', region: '九州・沖縄' },
];

describe('byRegion', () => {
  it('groups the prefectures by region, keeping the order given', () => {
    expect(byRegion(prefectures).map((group) => [group.region, group.prefectures.map((p) => p.id)])).toEqual([
      ['北海道・東北', [1, 2]],
      ['関東', [13]],
      ['九州・沖縄', [47]],
    ]);
    expect(byRegion([])).toEqual([]);
  });
});

describe('PrefectureOptions', () => {
  it('offers each prefecture by id under its region', () => {
    const { container } = render(
      <select defaultValue="13" aria-label="本社所在地">
        <PrefectureOptions prefectures={prefectures} />
      </select>,
    );
    const groups = [...container.querySelectorAll('optgroup')].map((group) => [
      group.label,
      [...group.querySelectorAll('option')].map((option) => `${option.value}:${option.textContent}`),
    ]);
    expect(groups).toEqual([
      ['北海道・東北', ['1:北海道', '2:青森県']],
      ['関東', ['13:東京都']],
      ['九州・沖縄', ['47:沖縄県']],
    ]);
    expect((container.querySelector('select') as HTMLSelectElement).value).toBe('13');
  });
});
