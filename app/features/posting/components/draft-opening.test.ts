// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { draftKeyOf, type LocalDraft, writeLocalDraft } from '../../../lib/draft-storage';
import { companyOf, openingOf } from './draft-opening';

const KEY = '00000000-0000-4000-8000-000000000001';
const SLOT = 'new:company_study:7';

function copy(overrides: Partial<LocalDraft> = {}): LocalDraft {
  return {
    postId: 5,
    draftKey: KEY,
    lockVersion: 3,
    content: { title: 'この端末の入力' },
    subject: { companyId: 7, recruitServiceId: null, companyName: '株式会社テスト' },
    dirty: true,
    pendingSaveId: null,
    changedSinceSend: false,
    changedAt: 0,
    ...overrides,
  };
}

const server = (overrides: Partial<Parameters<typeof openingOf>[2]> = {}) => ({
  postId: 5,
  draftKey: KEY,
  lockVersion: 3,
  lastSaveId: null,
  ...overrides,
});

beforeEach(() => localStorage.clear());

describe('what the form opens with', () => {
  it('is the server’s text when the browser has no unsaved copy', () => {
    expect(openingOf(1, SLOT, server())).toBeNull();
    writeLocalDraft(draftKeyOf(1, 'post:5'), copy({ dirty: false }));
    expect(openingOf(1, SLOT, server())).toBeNull();
  });

  it('restores the post’s unsaved copy made on the server’s version', () => {
    const local = copy();
    writeLocalDraft(draftKeyOf(1, 'post:5'), local);
    expect(openingOf(1, SLOT, server())).toEqual({ decision: 'restore', local, lockVersion: 3, unsaved: true });
    // Another student's copy on the same browser is not theirs.
    expect(openingOf(2, SLOT, server())).toBeNull();
  });

  it('shows the saved copy, at its version, when the page was read before the save landed', () => {
    // Saved on leaving the form; the answer came while the edit page was on its way.
    const saved = copy({ dirty: false, lockVersion: 4, content: { title: '離れる直前に書いた文' } });
    writeLocalDraft(draftKeyOf(1, 'post:5'), saved);
    expect(openingOf(1, SLOT, server())).toEqual({ decision: 'restore', local: saved, lockVersion: 4, unsaved: false });
    // Typed again after that save: sent from the copy's version.
    const typed = copy({ lockVersion: 4, pendingSaveId: 's2' });
    writeLocalDraft(draftKeyOf(1, 'post:5'), typed);
    expect(openingOf(1, SLOT, server())).toEqual({ decision: 'restore', local: typed, lockVersion: 4, unsaved: true });
  });

  it('asks when another tab saved a newer version since', () => {
    writeLocalDraft(draftKeyOf(1, 'post:5'), copy({ lockVersion: 2 }));
    expect(openingOf(1, SLOT, server())?.decision).toBe('conflict');
  });

  it('restores a new form’s copy whose first save got no answer, when it is the same draft', () => {
    const local = copy({ postId: null, lockVersion: 0 });
    writeLocalDraft(draftKeyOf(1, SLOT), local);
    expect(openingOf(1, SLOT, server({ postId: null, lockVersion: 0 }))).toEqual({
      decision: 'restore',
      local,
      lockVersion: 0,
      unsaved: true,
    });
    expect(openingOf(1, SLOT, server({ draftKey: '00000000-0000-4000-8000-000000000002' }))).toBeNull();
  });

  it('takes the company a copy had chosen only when it names it', () => {
    expect(companyOf(copy())).toEqual({ id: 7, name: '株式会社テスト' });
    expect(companyOf(copy({ subject: { companyId: 7, recruitServiceId: null } }))).toBeUndefined();
    expect(companyOf(copy({ subject: { companyId: null, recruitServiceId: 3, companyName: null } }))).toBeUndefined();
  });
});
