import { describe, expect, it } from 'vitest';
import { isPostPath } from './post-types';

describe('isPostPath', () => {
  it('knows a post page of every type, with a query or a fragment', () => {
    expect(isPostPath('/intern_experiences/12')).toBe(true);
    expect(isPostPath('/jobhunt_prompt_reports/3?from=gate#q2')).toBe(true);
  });
  it.each(['/intern_experiences', '/intern_experiences/new', '/intern_experiences/12/edit', '/companies/12', '/unknown_things/12', '/'])(
    'is not fooled by %s',
    (path) => {
      expect(isPostPath(path)).toBe(false);
    },
  );
});
