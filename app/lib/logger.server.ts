// The process's one logger: JSON lines on stdout (pino), the request log and every error.
import pino from 'pino';

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= pino({ level: process.env.LOG_LEVEL || 'info', base: { pid: process.pid } });
  return instance;
}
