import { afterEach, describe, expect, it, vi } from 'vitest';
import { enterLane, holdsLane, laneBusy, leaveLane, resetLane, type LaneNotice } from './notice-lane';

afterEach(resetLane);

function notice(log: string[], name: string, yields = false): LaneNotice {
  return { yields, show: () => log.push(`show ${name}`), hide: () => log.push(`hide ${name}`), hurry: () => log.push(`hurry ${name}`) };
}

describe('the notice lane', () => {
  it('shows one notice at a time, in the order they came, and hurries the one on screen', () => {
    const log: string[] = [];
    const message = enterLane(notice(log, 'message'));
    const badge = enterLane(notice(log, 'badge'));
    expect(log).toEqual(['show message', 'hurry message']);
    expect(holdsLane(message)).toBe(true);
    leaveLane(message);
    expect(log.at(-1)).toBe('show badge');
    leaveLane(badge);
    expect(laneBusy()).toBe(false);
  });

  it('lets a notice that stays until closed step aside for the next, and brings it back after', () => {
    const log: string[] = [];
    const bar = enterLane(notice(log, 'bar', true));
    const message = enterLane(notice(log, 'message'));
    expect(log).toEqual(['show bar', 'hide bar', 'show message']);
    leaveLane(message);
    expect(log.at(-1)).toBe('show bar');
    expect(holdsLane(bar)).toBe(true);
  });

  it('drops a waiting notice that leaves before its turn, and ignores unknown tickets', () => {
    const log: string[] = [];
    const first = enterLane(notice(log, 'first'));
    const second = enterLane(notice(log, 'second'));
    const third = enterLane(notice(log, 'third'));
    leaveLane(second);
    leaveLane({ id: 999 });
    leaveLane(null);
    leaveLane(first);
    expect(log.filter((line) => line.startsWith('show'))).toEqual(['show first', 'show third']);
    expect(holdsLane(third)).toBe(true);
  });

  it('runs a notice at once on a free lane, before enterLane returns', () => {
    const show = vi.fn();
    enterLane({ yields: false, show, hide: () => {} });
    expect(show).toHaveBeenCalledTimes(1);
  });
});
