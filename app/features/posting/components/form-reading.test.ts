// @vitest-environment jsdom
import { formOf } from '../../../../tests/support/dom-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editedBeforeHydration, isOnline, readDraftForm } from './form-reading';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('reading the posting form', () => {
  it('reads the content without the form’s own fields, and the subject with the chosen company’s name', () => {
    const form = formOf(`
      <input type="hidden" name="postId" value="5">
      <input type="hidden" name="lockVersion" value="3">
      <input type="hidden" name="companyId" value="7" data-name="株式会社テスト">
      <input name="title" value="タイトルです">
      <input name="ratings.culture" value="4">`);
    expect(readDraftForm(form)).toEqual({
      content: { title: 'タイトルです', ratings: { culture: '4' } },
      subject: { companyId: 7, recruitServiceId: null, companyName: '株式会社テスト' },
    });
  });

  it('reads no subject from empty or invalid ids', () => {
    const form = formOf('<input name="companyId" value="0"><input name="recruitServiceId" value="">');
    expect(readDraftForm(form).subject).toEqual({ companyId: null, recruitServiceId: null, companyName: null });
  });
});

describe('text typed before the page’s script ran', () => {
  it('is found in a text field, a text area, a radio and a select, not in hidden fields', () => {
    const form = formOf(`
      <input type="hidden" name="postId" value="">
      <input name="title" value="">
      <textarea name="body"></textarea>
      <input type="radio" name="season" value="summer">
      <select name="kind"><option value="" selected>選択</option><option value="es">ES</option></select>`);
    expect(editedBeforeHydration(form)).toBe(false);
    (form.elements.namedItem('postId') as HTMLInputElement).value = '9';
    expect(editedBeforeHydration(form)).toBe(false);

    (form.elements.namedItem('title') as HTMLInputElement).value = 'あ';
    expect(editedBeforeHydration(form)).toBe(true);
    (form.elements.namedItem('title') as HTMLInputElement).value = '';
    (form.elements.namedItem('body') as HTMLTextAreaElement).value = 'い';
    expect(editedBeforeHydration(form)).toBe(true);
    (form.elements.namedItem('body') as HTMLTextAreaElement).value = '';
    (form.querySelector('input[type=radio]') as HTMLInputElement).checked = true;
    expect(editedBeforeHydration(form)).toBe(true);
    (form.querySelector('input[type=radio]') as HTMLInputElement).checked = false;
    (form.elements.namedItem('kind') as HTMLSelectElement).value = 'es';
    expect(editedBeforeHydration(form)).toBe(true);
  });
});

describe('the connection', () => {
  it('is online unless the browser says it is not', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(isOnline()).toBe(true);
    vi.stubGlobal('navigator', { onLine: false });
    expect(isOnline()).toBe(false);
    vi.stubGlobal('navigator', {});
    expect(isOnline()).toBe(true);
  });
});
