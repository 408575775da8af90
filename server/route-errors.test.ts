import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ERRORS, AppError, type AppErrorCode, type FormErrors } from '../app/lib/app-error';
import { readFormData } from '../app/lib/form-data.server';
import { withAppErrorAnswers } from './route-errors';

// The one mapping of AppError to answers (docs/decisions/056-one-error-shape.md): a page's form
// shows the errors its route names in `formErrors`, as the one refused-form shape with what was
// typed; every other AppError stays the error page, and a call keeps its JSON error.

const page = () => null;
type Action = (args: { request: Request }) => unknown;

/** The action of a page module, as the server runs it. */
function serverAction(action: Action, formErrors?: FormErrors, module: Record<string, unknown> = { default: page }) {
  const build = { routes: { form: { id: 'form', path: 'form', module: { ...module, action, formErrors } } } } as unknown as ServerBuild;
  return withAppErrorAnswers(build).routes.form!.module.action as unknown as Action;
}

function formRequest(fields: Record<string, string>): Request {
  return new Request('http://localhost/form', { method: 'POST', body: new URLSearchParams(fields) });
}

/** What a thrown or returned answer says: React Router's data() or a Response. */
async function answerOf(run: () => unknown): Promise<{ status: number; headers: Headers; body: unknown }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, body: await result.json() };
  const { data, init } = result as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
}

/** The answer of a page whose action reads `fields` and throws `error`, its form showing `formErrors`. */
function refusedAnswer(error: AppError, formErrors: FormErrors, fields: Record<string, string> = {}, module?: Record<string, unknown>) {
  const action = serverAction(
    async ({ request }) => {
      await readFormData(request);
      throw error;
    },
    formErrors,
    module,
  );
  return answerOf(() => action({ request: formRequest(fields) }));
}

describe('a page action whose form shows the error', () => {
  type Case = {
    says: string;
    error: AppErrorCode;
    shown: FormErrors;
    fields: Record<string, string>;
    answer: { status: number; code: AppErrorCode; errors: Record<string, string>; values: Record<string, string> };
  };
  const cases: Case[] = [
    {
      says: 'above the form, with what was typed but never a password, and the error’s status',
      error: 'invalid_credentials',
      shown: { invalid_credentials: {} },
      fields: { email: 'a@example.jp', password: 'secret words', authenticity_token: 't' },
      answer: {
        status: 401,
        code: 'invalid_credentials',
        errors: { form: APP_ERRORS.invalid_credentials.message },
        values: { email: 'a@example.jp' },
      },
    },
    {
      says: 'beside a field in another catalog entry’s words, code and status',
      error: 'company_not_found',
      shown: { company_not_found: { field: 'companyId', as: 'chosen_company_not_found' } },
      fields: { companyId: '99' },
      answer: {
        status: 400,
        code: 'chosen_company_not_found',
        errors: { companyId: APP_ERRORS.chosen_company_not_found.message },
        values: { companyId: '99' },
      },
    },
  ];

  it.each(cases)('answers the refused form $says', async ({ error, shown, fields, answer: { status, ...body } }) => {
    expect(await refusedAnswer(new AppError(error), shown, fields)).toMatchObject({ status, body: { ok: false, ...body } });
  });

  it('keeps the fields of validation_failed and the headers of the error', async () => {
    const error = new AppError('validation_failed', { fields: { name: '名前を入力してください。' }, headers: { 'Retry-After': '5' } });
    const answer = await refusedAnswer(error, { validation_failed: {} });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('Retry-After')).toBe('5');
    expect(answer.body).toEqual({ ok: false, code: 'validation_failed', errors: { name: '名前を入力してください。' }, values: {} });
  });

  it('leaves every error the route does not name to the error page (a thrown JSON error)', async () => {
    const action = serverAction(
      () => {
        throw new AppError('not_found');
      },
      { invalid_credentials: {} },
    );
    await expect(action({ request: formRequest({}) })).rejects.toBeInstanceOf(Response);
    expect(await refusedAnswer(new AppError('not_found'), { invalid_credentials: {} })).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
  });

  it('is for pages only: a resource route’s call keeps its JSON error', async () => {
    expect(await refusedAnswer(new AppError('invalid_credentials'), { invalid_credentials: {} }, {}, {})).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_credentials' } },
    });
  });
});
