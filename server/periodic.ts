// A piece of background work that one process looks at on a schedule (housekeeping, the
// notification jobs): a first look some time after start (off the start's path), then at a fixed
// interval; never two looks at once; unref'd timers. Stopping waits for a look under way.
export type Periodic = { stop(): Promise<void> };

export function startPeriodic(look: (stopping: () => boolean) => Promise<void>, options: { firstMs: number; everyMs: number }): Periodic {
  let stopped = false;
  let running: Promise<void> | undefined;
  const run = () => {
    if (stopped || running) return;
    running = look(() => stopped).finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(run, options.firstMs);
  const every = setInterval(run, options.everyMs);
  first.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
