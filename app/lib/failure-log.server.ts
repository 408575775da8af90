// Background work that runs again and again (the view counts every 5 s, the embedded database's
// VACUUM every 2 s, the search catalog's check) logs a failure once, when it starts failing, and
// once more when it works again: a line every round would bury the log, none would hide the
// failure. Each line is pino's JSON, with the error.
import { logger } from './logger.server';

export type FailureLog = {
  /** A round failed: logged if the one before it did not. */
  failed(error: unknown, fields?: Record<string, unknown>): void;
  /** A round worked: after failures, says so with how many rounds failed. */
  succeeded(): void;
};

export function failureLog(options: { level: 'warn' | 'error'; failed: string; recovered: string }): FailureLog {
  let failures = 0;
  return {
    failed(error, fields = {}) {
      failures += 1;
      if (failures === 1) logger()[options.level]({ err: error, ...fields }, options.failed);
    },
    succeeded() {
      if (failures === 0) return;
      logger().info({ failedRounds: failures }, options.recovered);
      failures = 0;
    },
  };
}
