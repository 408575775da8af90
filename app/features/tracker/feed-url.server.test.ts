// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { feedName, parseFeedName } from './feed-url.server';

const SECRET = 'a-secret-of-this-test-that-is-long-enough';

describe('the calendar feed’s secret name', () => {
  it('names a student’s version with a 32-character mac and reads it back', () => {
    const name = feedName(42, 3, SECRET);
    expect(name).toMatch(/^42-3-[A-Za-z0-9_-]{32}\.ics$/);
    expect(parseFeedName(name, SECRET)).toEqual({ userId: 42, version: 3 });
    // The same student and version give the same name: nothing needs storing.
    expect(feedName(42, 3, SECRET)).toBe(name);
  });

  it('changes with the version, the student and the secret', () => {
    const name = feedName(42, 3, SECRET);
    expect(feedName(42, 4, SECRET)).not.toBe(name);
    expect(feedName(43, 3, SECRET)).not.toBe(name);
    expect(feedName(42, 3, `${SECRET}!`)).not.toBe(name);
  });

  it('refuses a name whose mac does not match, under another secret, or of another shape', () => {
    const name = feedName(42, 3, SECRET);
    const mac = name.slice('42-3-'.length, -'.ics'.length);
    expect(parseFeedName(name, `${SECRET}!`)).toBeNull();
    // Another student's or version's number with this mac.
    expect(parseFeedName(`43-3-${mac}.ics`, SECRET)).toBeNull();
    expect(parseFeedName(`42-2-${mac}.ics`, SECRET)).toBeNull();
    expect(parseFeedName(`42-3-${'A'.repeat(32)}.ics`, SECRET)).toBeNull();
    for (const wrong of [name.replace('.ics', ''), `${name}x`, `x${name}`, `42-3-${mac.slice(1)}.ics`, `1234567890-3-${mac}.ics`, '']) {
      expect(parseFeedName(wrong, SECRET), wrong).toBeNull();
    }
  });
});
