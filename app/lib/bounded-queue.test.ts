import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './bounded-queue';

/** A task that finishes when the test says so. */
function gate<T>(value: T) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let started = false;
  return {
    task: async () => {
      started = true;
      await opened;
      return value;
    },
    open,
    get started() {
      return started;
    },
  };
}

describe('BoundedQueue', () => {
  it('runs `concurrency` tasks at once, lets `maxWaiting` wait and refuses the next at once', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 2 });
    const [a, b, c] = [gate('a'), gate('b'), gate('c')];
    const first = queue.tryRun(a.task);
    const second = queue.tryRun(b.task);
    const third = queue.tryRun(c.task);
    expect([first, second, third].every((promise) => promise instanceof Promise)).toBe(true);
    await Promise.resolve();
    expect([a.started, b.started, c.started]).toEqual([true, false, false]);
    expect(queue.load).toEqual({ running: 1, waiting: 2 });
    // Full: refused without running.
    let ran = false;
    expect(
      queue.tryRun(async () => {
        ran = true;
      }),
    ).toBeNull();
    expect(ran).toBe(false);
    // A place frees as each task ends, in order.
    a.open();
    await expect(first).resolves.toBe('a');
    expect(b.started).toBe(true);
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    expect(queue.tryRun(async () => 'd')).not.toBeNull();
    b.open();
    c.open();
    await expect(second).resolves.toBe('b');
    await expect(third).resolves.toBe('c');
  });

  it('frees the place of a task that fails', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(
      queue.tryRun(() => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    await expect(queue.tryRun(async () => 'next')).resolves.toBe('next');
  });

  it('lines up a task given with run() even when the line is full', async () => {
    const queue = new BoundedQueue({ concurrency: 1, maxWaiting: 0 });
    const a = gate('a');
    const first = queue.tryRun(a.task);
    expect(queue.tryRun(async () => 'refused')).toBeNull();
    const forced = queue.run(async () => 'fallback');
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    a.open();
    await expect(first).resolves.toBe('a');
    await expect(forced).resolves.toBe('fallback');
  });
});
