// The fuzzer's own checks (tests/support/route-fuzz.ts, form-fuzz.ts): what it calls a leak, and
// what it sends in a form it found.
import { describe, expect, it } from 'vitest';
import { formsOf, hostileFormCases, HOSTILE, patternOf } from '../tests/support/form-fuzz';
import { leakOf } from '../tests/support/route-fuzz';
import { routeTemplates } from '../tests/support/route-paths';
import routes from '../app/routes';

const HTML = 'text/html; charset=utf-8';
const manifest =
  '<script>window.__reactRouterManifest={"routes":{"routes/company":{"id":"routes/company","module":"/assets/company.js"}}}</script>';

describe('leakOf', () => {
  it('finds React Router’s English answers and internals', () => {
    expect(leakOf('{"message":"Unexpected Server Error"}', 'application/json')).toContain('Unexpected Server Error');
    expect(leakOf('Not Found', 'text/plain;charset=UTF-8')).toBe('Not Found');
    expect(leakOf('Bad Request', 'text/plain')).toBe('Bad Request');
    const hydration = `<main><h1>エラー</h1></main>${manifest}<script>window.__reactRouterContext.streamController.enqueue("[\\"Error: You made a POST request to \\\\\\"/companies/1\\\\\\" but did not provide an \`action\` for route \\\\\\"routes/company\\\\\\"\\"]");</script>`;
    expect(leakOf(hydration, HTML)).toContain('did not provide an `action`');
    expect(
      leakOf('{"error":{"message":"x"},"stack":"Error: x\\n    at loader (/srv/build/server/index.js:12:5)"}', 'application/json'),
    ).toBeDefined();
  });

  it('leaves Japanese answers, the route manifest and images alone', () => {
    expect(leakOf(`<main><h1>ページが見つかりません</h1></main>${manifest}`, HTML)).toBeUndefined();
    expect(leakOf('{"error":{"code":"not_found","message":"お探しのページは見つかりませんでした。"}}', 'application/json')).toBeUndefined();
    expect(leakOf('\u0089PNG Not Found', 'image/png')).toBeUndefined();
    expect(leakOf('[{"_1":2},"routes/company",{"_3":4}]', 'text/x-script')).toBeUndefined();
  });
});

describe('the forms the fuzzer finds', () => {
  const html = `<form method="post" action="/login?redirect_to=%2Fmypage">
    <input type="hidden" name="authenticity_token" value="t">
    <div aria-hidden="true"><input type="text" name="website" value=""></div>
    <input type="email" name="email"><input type="password" name="password">
    <button type="submit">ログイン</button></form>
    <form method="post"><input type="hidden" name="intent" value="delete"><input type="password" name="currentPassword">
    <button name="intent" value="delete" type="submit">退会する</button></form>
    <form action="/companies"><input type="search" name="q"></form>`;
  const forms = formsOf(html, '/mypage/account', 'student', 'the right password');

  it('reads fields, actions and submit buttons, keeps the honeypot empty and the account safe', () => {
    expect(forms.map((form) => [form.method, form.action])).toEqual([
      ['POST', '/login?redirect_to=%2Fmypage'],
      ['POST', '/mypage/account'],
      ['GET', '/companies'],
    ]);
    const login = forms[0]!;
    expect(login.fields.find((field) => field.name === 'website')).toMatchObject({ value: '', trap: true });
    expect(login.fields.find((field) => field.name === 'email')!.value).toMatch(/@example\.jp$/);
    // 退会 has only a password: it is sent with a wrong one, so the fuzzing account survives.
    expect(forms[1]!.fields.find((field) => field.name === 'currentPassword')!.value).not.toBe('the right password');
  });

  it('sends each field hostile alone and all together, the honeypot only alone', () => {
    const cases = hostileFormCases([forms[0]!], routeTemplates(routes));
    expect(cases.map((fuzzCase) => fuzzCase.label.replace(/ \(form on .*\)$/, ''))).toEqual([
      'hostile text: all fields',
      'hostile text: website',
      'hostile text: email',
      'hostile text: password',
    ]);
    const all = new URLSearchParams(cases[0]!.body!('token').data.toString());
    expect(all.get('email')!.endsWith(HOSTILE)).toBe(true);
    expect(all.get('website')).toBe('');
    expect(all.get('authenticity_token')).toBe('token');
    expect(cases[0]!.route).toBe('/login');
  });

  it('knows the route of a path', () => {
    const templates = routeTemplates(routes);
    expect(patternOf('/intern_experiences/new?company_id=1', templates)).toBe('/intern_experiences/new');
    expect(patternOf('/intern_experiences/12', templates)).toBe('/intern_experiences/:postId');
    expect(patternOf('/admin/posts/3.data', templates)).toBe('/admin/posts/:postId');
  });
});
