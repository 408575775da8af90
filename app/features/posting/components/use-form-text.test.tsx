// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FormText, useAfterShow, useFormText } from './use-form-text';

afterEach(cleanup);

function setup() {
  const seen: string[] = [];
  let text: FormText | null = null;
  const afterEach = vi.fn((form: HTMLFormElement) => {
    seen.push(`after:${(form.elements.namedItem('title') as HTMLInputElement).value}`);
  });
  function Form() {
    const formRef = useRef<HTMLFormElement>(null);
    const shown = useFormText({ content: { title: 'サーバーの本文' }, company: { id: 1, name: '最初の会社' } });
    text = shown;
    useAfterShow(shown, formRef, afterEach);
    return (
      <form ref={formRef}>
        <div key={shown.formKey}>
          <input name="title" defaultValue={String(shown.content.title)} />
        </div>
        <p>{shown.note}</p>
      </form>
    );
  }
  const view = render(<Form />);
  return { view, seen, afterEach, text: () => text! };
}

describe('the text the fields show', () => {
  it('starts with the server’s text and runs nothing after the first render', () => {
    const t = setup();
    expect((t.view.container.querySelector('input') as HTMLInputElement).value).toBe('サーバーの本文');
    expect(t.text().formKey).toBe(0);
    expect(t.afterEach).not.toHaveBeenCalled();
  });

  it('remounts the fields with a shown text, then runs what was asked once they show it', () => {
    const t = setup();
    const input = t.view.container.querySelector('input') as HTMLInputElement;
    input.value = '画面で打った文字';
    act(() =>
      t.text().show({ content: { title: '復元した本文' }, company: { id: 2, name: '別の会社' }, note: '復元しました。' }, () => {
        t.seen.push(`then:${(t.view.container.querySelector('input') as HTMLInputElement).value}`);
      }),
    );
    expect(t.seen).toEqual(['then:復元した本文', 'after:復元した本文']);
    expect(t.text().company).toEqual({ id: 2, name: '別の会社' });
    expect(t.view.container.querySelector('p')?.textContent).toBe('復元しました。');
    expect(t.text().formKey).toBe(1);
    // What was asked runs once.
    expect(t.text().takeThen()).toBeNull();
  });

  it('keeps the company and the note when the shown text names none', () => {
    const t = setup();
    act(() => t.text().setNote('前の知らせ'));
    act(() => t.text().show({ content: { title: '別のタブの本文' } }, () => {}));
    expect(t.text().company).toEqual({ id: 1, name: '最初の会社' });
    expect(t.text().note).toBe('前の知らせ');
    expect(t.seen).toEqual(['after:別のタブの本文']);
  });
});
