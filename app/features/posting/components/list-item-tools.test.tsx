// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DraftChangeContext } from './draft-changes';
import { EditableList } from './list-item-tools';

afterEach(cleanup);

function setup(initial = [{ question: '一問目' }, { question: '二問目' }], max = 3) {
  const changed = vi.fn();
  render(
    <DraftChangeContext value={changed}>
      <EditableList initial={initial} limits={{ min: 1, max }} itemName="設問">
        {(index, item) => (
          <input aria-label={`回答${index + 1}`} name={`questions.${index}.question`} defaultValue={String(item.question ?? '')} />
        )}
      </EditableList>
    </DraftChangeContext>,
  );
  const headings = () => screen.getAllByRole('heading').map((heading) => heading.textContent);
  const values = () => screen.getAllByRole('textbox').map((field) => [(field as HTMLInputElement).name, (field as HTMLInputElement).value]);
  return { changed, headings, values };
}

describe('an editable list of the post forms', () => {
  it('numbers its items under headings, with tools named by item', () => {
    const t = setup();
    expect(t.headings()).toEqual(['設問 1', '設問 2']);
    expect((screen.getByRole('button', { name: '設問1を上へ移動' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '設問2を下へ移動' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: '＋ 設問を追加' })).toBeTruthy();
  });

  it('moves an item with what was typed in it, renames its fields, focuses its heading and tells the autosave', () => {
    const t = setup();
    fireEvent.change(screen.getByRole('textbox', { name: '回答1' }), { target: { value: '一問目に打った' } });
    fireEvent.click(screen.getByRole('button', { name: '設問1を下へ移動' }));
    expect(t.values()).toEqual([
      ['questions.0.question', '二問目'],
      ['questions.1.question', '一問目に打った'],
    ]);
    expect(document.activeElement?.textContent).toBe('設問 2');
    expect(t.changed).toHaveBeenCalledTimes(1);
  });

  it('adds up to its maximum and removes down to its minimum', () => {
    const t = setup([{ question: '一問目' }], 2);
    expect((screen.getByRole('button', { name: '設問1を削除' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '＋ 設問を追加' }));
    expect(t.headings()).toEqual(['設問 1', '設問 2']);
    expect(document.activeElement?.textContent).toBe('設問 2');
    expect((screen.getByRole('button', { name: '＋ 設問を追加' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '設問1を削除' }));
    expect(t.values()).toEqual([['questions.0.question', '']]);
    expect(t.changed).toHaveBeenCalledTimes(2);
  });
});
