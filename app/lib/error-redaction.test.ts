import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactError } from './error-redaction';
import { createLogger } from './logger.server';

/** A PostgreSQL error as pg and PGlite throw it: SQLSTATE, severity and the value in the detail. */
function databaseError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

/** What the logger writes for `error`, as one JSON line. */
function logged(error: unknown): string {
  let line = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      line += chunk.toString();
      done();
    },
  });
  createLogger(stream).error({ err: error, url: '/signup' }, 'request failed');
  return line;
}

describe('redactError', () => {
  const cause = databaseError('duplicate key value violates unique constraint "users_email_unique"', {
    code: '23505',
    detail: 'Key (email)=(taro@example.jp) already exists.',
    constraint: 'users_email_unique',
  });
  const query = new DrizzleQueryError('insert into "users" ("email", "name") values ($1, $2)', ['taro@example.jp', '山田 太郎'], cause);

  it('keeps the SQL, the class and the database fields that name no value', () => {
    const copy = redactError(query) as DrizzleQueryError;
    expect(copy).toBeInstanceOf(DrizzleQueryError);
    expect(copy.message).toBe(`Failed query: insert into "users" ("email", "name") values ($1, $2)\nparams: ${REDACTED}`);
    expect(copy.params).toBe(REDACTED);
    expect(copy.stack).toContain(`params: ${REDACTED}\n    at `);
    expect((copy.cause as unknown as { constraint: string }).constraint).toBe('users_email_unique');
    expect((copy.cause as unknown as { detail: string }).detail).toBe(REDACTED);
    // The original is left as it was: the code that caught it may still read it.
    expect(query.params).toEqual(['taro@example.jp', '山田 太郎']);
  });

  it('takes out the value PostgreSQL quotes in a message and a portal parameter in `where`', () => {
    const error = databaseError('invalid input syntax for type integer: "taro@example.jp"', {
      code: '22P02',
      where: "unnamed portal parameter $1 = '...'",
    });
    const copy = redactError(error) as Error & { where: string };
    expect(copy.message).toBe(`invalid input syntax for type integer: ${REDACTED}`);
    expect(copy.where).toBe(REDACTED);
    const missing = databaseError('relation "users" does not exist', { code: '42P01' });
    expect((redactError(missing) as Error).message).toBe('relation "users" does not exist');
  });

  it('leaves other errors and values alone', () => {
    const plain = new TypeError('x is not a function');
    expect((redactError(plain) as Error).message).toBe('x is not a function');
    expect(redactError('text')).toBe('text');
  });

  it('is what the logger writes: no address, no name', () => {
    const line = logged(query);
    expect(JSON.parse(line).err.type).toBe('DrizzleQueryError');
    expect(line).toContain('insert into');
    expect(line).not.toContain('taro@example.jp');
    expect(line).not.toContain('山田');
  });
});
