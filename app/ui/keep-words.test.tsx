// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepWords } from './keep-words';
import { NameText } from './name-text';

afterEach(cleanup);

describe('KeepWords', () => {
  it('keeps each run of kanji or katakana whole and the text as it was', () => {
    const { container } = render(
      <h1>
        <KeepWords>2025年 冬インターン（1日）：水素関連設備の企画</KeepWords>
      </h1>,
    );
    expect(container.textContent).toBe('2025年 冬インターン（1日）：水素関連設備の企画');
    // One element: in a flex box the parts must not become flex items of their own.
    expect(container.querySelector('h1')!.childNodes).toHaveLength(1);
    expect([...container.querySelectorAll('.keep-word')].map((span) => span.textContent)).toEqual(['インターン', '水素関連設備', '企画']);
  });
});

describe('NameText', () => {
  it('puts a break opportunity between the parts of a name, and nowhere else', () => {
    const { container } = render(<NameText>株式会社ルミナシステムズ</NameText>);
    const name = container.querySelector('.name-text')!;
    expect(name.textContent).toBe('株式会社ルミナシステムズ');
    expect(name.innerHTML).toBe('株式会社<wbr>ルミナ<wbr>システムズ');
  });
});
