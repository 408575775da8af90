// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasSessionCookie, readCookie, SESSION_COOKIE, SESSION_HINT_SOURCE, sessionIdOf, setsSessionCookie } from './cookies';
import { PERSONAL_HEAD_SCRIPT } from './personal-parts';

describe('the cookie reader', () => {
  it('reads one cookie of a header, decoded, the first of two of one name', () => {
    const header = ` a=1; ${SESSION_COOKIE}=abc%2Fdef ;XSRF-TOKEN=t=k; ${SESSION_COOKIE}=second`;
    expect(readCookie(header, SESSION_COOKIE)).toBe('abc/def');
    expect(readCookie(header, 'XSRF-TOKEN')).toBe('t=k');
    expect(readCookie(header, 'missing')).toBeNull();
    expect(readCookie('', 'a')).toBeNull();
    expect(readCookie(undefined, 'a')).toBeNull();
    // A value that cannot be decoded is kept as sent; it is no session id anyway.
    expect(readCookie('a=%zz', 'a')).toBe('%zz');
    // Names are whole names, not prefixes.
    expect(readCookie(`x${SESSION_COOKIE}=1`, SESSION_COOKIE)).toBeNull();
  });

  it('tells a session cookie, even an empty one, from none', () => {
    expect(sessionIdOf(`${SESSION_COOKIE}=s1`)).toBe('s1');
    expect(hasSessionCookie(`${SESSION_COOKIE}=`)).toBe(true);
    expect(sessionIdOf(`${SESSION_COOKIE}=`)).toBe('');
    expect(hasSessionCookie(`${SESSION_COOKIE}`)).toBe(false);
    expect(hasSessionCookie('other=1')).toBe(false);
    expect(hasSessionCookie(null)).toBe(false);
  });

  it('tells a response that sets or clears the session cookie', () => {
    expect(setsSessionCookie(`${SESSION_COOKIE}=s1; HttpOnly; Path=/`)).toBe(true);
    expect(setsSessionCookie(['XSRF-TOKEN=t; Path=/', `${SESSION_COOKIE}=; Max-Age=0`])).toBe(true);
    expect(setsSessionCookie(['XSRF-TOKEN=t; Path=/', `x${SESSION_COOKIE}=1`])).toBe(false);
    expect(setsSessionCookie(undefined)).toBe(false);
    expect(setsSessionCookie([])).toBe(false);
  });

  it("agrees with the shared pages' head script, which cannot load it", () => {
    const headTest = new Function('document', `return ${SESSION_HINT_SOURCE};`) as (document: { cookie: string }) => boolean;
    for (const cookie of [
      '',
      'XSRF-TOKEN=abc',
      'a=1; XSRF-TOKEN=abc',
      'XSRF-TOKEN=',
      'a=1;XSRF-TOKEN=x',
      'NOTXSRF-TOKEN=1',
      'a=XSRF-TOKEN=1',
    ])
      expect(headTest({ cookie }), cookie).toBe(Boolean(readCookie(cookie, 'XSRF-TOKEN')));
    expect(PERSONAL_HEAD_SCRIPT).toContain(`if(!${SESSION_HINT_SOURCE})return;`);
  });
});
