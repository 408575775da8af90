// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearStashes, hasStashFor, rememberSubmission, requestRestore, restorePendingSubmission } from './form-stash';

afterEach(() => {
  clearStashes();
  document.body.innerHTML = '';
});

const PAGE = `
  <form id="search"><input name="q" value=""></form>
  <form id="profile" method="post">
    <input type="hidden" name="authenticity_token" value="old-token">
    <input name="name" value="">
    <input type="password" name="password" value="">
    <textarea name="memo"></textarea>
    <select name="graduationYear"><option value="">-</option><option value="2027">2027</option><option value="2028">2028</option></select>
    <input type="checkbox" name="industryIds" value="1" checked>
    <input type="checkbox" name="industryIds" value="2">
    <input type="radio" name="season" value="summer"><input type="radio" name="season" value="winter">
  </form>`;

function fill() {
  const form = document.forms.namedItem('profile')!;
  (form.elements.namedItem('name') as HTMLInputElement).value = '山田 花子';
  (form.elements.namedItem('password') as HTMLInputElement).value = 'secret passphrase';
  (form.elements.namedItem('memo') as HTMLTextAreaElement).value = '一行目\n二行目';
  (form.elements.namedItem('graduationYear') as HTMLSelectElement).value = '2028';
  const [first, second] = form.querySelectorAll<HTMLInputElement>('[name=industryIds]');
  first!.checked = false;
  second!.checked = true;
  form.querySelector<HTMLInputElement>('[value=winter]')!.checked = true;
  return form;
}

describe('the expired-form stash', () => {
  it('puts back what was typed, once, in the form it came from, without passwords or hidden fields', () => {
    document.body.innerHTML = PAGE;
    rememberSubmission(fill(), '/mypage');
    expect(hasStashFor('/mypage')).toBe(true);
    // The page renders again, fresh from the server.
    document.body.innerHTML = PAGE.replace('old-token', 'new-token');
    expect(restorePendingSubmission(document, '/mypage')).toBe(false);
    requestRestore('/mypage');
    expect(restorePendingSubmission(document, '/other')).toBe(false);
    expect(restorePendingSubmission(document, '/mypage')).toBe(true);
    const form = document.forms.namedItem('profile')!;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    expect(value('name')).toBe('山田 花子');
    expect(value('memo')).toBe('一行目\n二行目');
    expect(value('graduationYear')).toBe('2028');
    expect(value('password')).toBe('');
    expect(value('authenticity_token')).toBe('new-token');
    expect([...form.querySelectorAll<HTMLInputElement>('[name=industryIds]')].map((box) => box.checked)).toEqual([false, true]);
    expect(form.querySelector<HTMLInputElement>('[value=winter]')!.checked).toBe(true);
    expect(restorePendingSubmission(document, '/mypage')).toBe(false);
  });

  it('keeps a page’s submission while the student passes through another form (the login page)', () => {
    document.body.innerHTML = PAGE;
    rememberSubmission(fill(), '/mypage');
    requestRestore('/mypage');
    document.body.innerHTML = '<form><input name="email" value="a@b.jp"><input type="password" name="password" value="x"></form>';
    rememberSubmission(document.forms[0]!, '/login?redirect_to=%2Fmypage');
    document.body.innerHTML = PAGE;
    expect(restorePendingSubmission(document, '/mypage')).toBe(true);
    expect((document.forms.namedItem('profile')!.elements.namedItem('name') as HTMLInputElement).value).toBe('山田 花子');
  });

  it('forgets a submission after half an hour', () => {
    document.body.innerHTML = PAGE;
    rememberSubmission(fill(), '/mypage', Date.now() - 31 * 60_000);
    requestRestore('/mypage');
    expect(hasStashFor('/mypage')).toBe(false);
    expect(restorePendingSubmission(document, '/mypage')).toBe(false);
  });
});
