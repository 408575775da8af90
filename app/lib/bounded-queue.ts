// Work that runs a few at a time, with a bounded line of waiters: when the line is full a new
// task is refused at once (null), so a flood of requests costs an answer, not memory and minutes
// of waiting (docs/decisions/055-share-cards-under-load.md).

export class BoundedQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: { concurrency: number; maxWaiting: number }) {}

  /** The task's result, or null at once when `concurrency` tasks run and `maxWaiting` wait. */
  tryRun<T>(task: () => Promise<T>): Promise<T> | null {
    if (this.running >= this.options.concurrency && this.waiting.length >= this.options.maxWaiting) return null;
    return this.run(task);
  }

  /** The task's result, waiting in line even when the line is full (for one task a process, such as a fallback). */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        // A task that throws before its promise is made still frees its place.
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.waiting.shift()?.();
          });
      };
      if (this.running < this.options.concurrency) start();
      else this.waiting.push(start);
    });
  }

  /** Tasks running now and tasks waiting for a place. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
