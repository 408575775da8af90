// The process's one logger: JSON lines on stdout (pino), the request log and every error. An
// error is logged without the values a failed query carried (app/lib/error-redaction.ts).
import pino from 'pino';
import { redactError } from './error-redaction';
import { currentRequestId } from './request-scope.server';

/** pino's error serializer, after the parameter values are taken out. */
export function serializeError(error: unknown) {
  return pino.stdSerializers.err(redactError(error) as Error);
}

export function createLogger(destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level: process.env.LOG_LEVEL || 'info',
    base: { pid: process.pid },
    serializers: { err: serializeError },
    // A line written while a request is handled names it (app/lib/request-scope.server.ts).
    mixin: () => {
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}
