// The admin area's catalog (issue 14, points 10 and 11; docs/decisions/029-admin-catalog.md):
// companies and job-hunting services added and edited through the route actions, with Japanese
// messages, the similar-name warning and its confirmation, the audit rows, the search finding
// new and renamed companies, and the 404 everyone but moderators gets (the 社員クチコミ CSV import:
// employee-review-import.test.ts).
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../app/db/client.server';
import type { ModerationAction } from '../../app/db/enums';
import { companies, moderationEvents, recruitServices } from '../../app/db/schema';
import { similarity } from '../../app/features/moderation/find-similar-companies.server';
import { answerCompanySuggestions } from '../../app/features/search/answer-company-suggestions.server';
import { getCompanyCatalog, resetCompanyCatalog } from '../../app/features/search/company-catalog.server';
import { searchCompanies } from '../../app/features/search/search-companies.server';
import * as companiesRoute from '../../app/routes/admin/companies';
import * as companyFormRoute from '../../app/routes/admin/company-form';
import * as employeeReviewsRoute from '../../app/routes/admin/employee-reviews';
import * as serviceFormRoute from '../../app/routes/admin/service-form';
import * as servicesRoute from '../../app/routes/admin/services';
import { handlerOptions, runRouteHandler } from '../../server/route-errors';
import { createCompany, createLoggedInStudent, createRecruitService, industryIdOf, prefectureIdOf } from '../factories';
import { sessionRequest } from '../support/call-route';
import { setUpTestDatabase } from '../setup/test-database';
import { moderatorOfFile } from '../support/file-fixtures';

let studentSession: string;

setUpTestDatabase();
const moderator = moderatorOfFile();

beforeAll(async () => {
  studentSession = (await createLoggedInStudent()).sessionId;
});

afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------- helpers

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
type Answer = { status: number; location: string | null; body: Record<string, unknown> & { errors?: Record<string, string> } };

/** Calls a loader or action as the server does and reads its answer: a Response or data(…, { status }). */
async function call(module: RouteModule, request: Request, params: Record<string, string> = {}): Promise<Answer> {
  const name = request.method === 'GET' ? 'loader' : 'action';
  const handler = module[name];
  let result: unknown;
  try {
    // A page's form shows the errors its route names (formErrors), as the server answers them.
    const { formErrors } = handlerOptions(module, name);
    result = await runRouteHandler(handler as (args: unknown) => unknown, { request, params, context: {} }, { formErrors });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: result.status, location: result.headers.get('Location'), body: body as Answer['body'] };
  }
  if (result && typeof result === 'object' && (result as { type?: unknown }).type === 'DataWithResponseInit') {
    const wrapped = result as { data: Answer['body']; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
  }
  return { status: 200, location: null, body: result as Answer['body'] };
}

/** The action refused the form (400) with exactly these messages beside its fields. */
function expectRefused(answer: Answer, errors: Record<string, string>) {
  expect(answer.status).toBe(400);
  expect(answer.body.errors).toEqual(errors);
}

function post(path: string, fields: Record<string, string>, sessionId: string | null = moderator.sessionId): Request {
  return sessionRequest(path, { sessionId, method: 'POST', type: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields) });
}

const get = (path: string, sessionId: string | null = moderator.sessionId) => sessionRequest(path, { sessionId });

/** The moderator sends the form that adds a company. */
const addCompany = (fields: Record<string, string>) => call(companyFormRoute, post('/admin/companies/new', fields));
/** The moderator sends the form that adds a job-hunting service. */
const addService = (fields: Record<string, string>) => call(serviceFormRoute, post('/admin/services/new', fields));

let companySequence = 0;
/** A valid company form; the name is unlike every other company's unless given. */
function companyForm(overrides: Record<string, string> = {}): Record<string, string> {
  companySequence++;
  const unique = `ユニーク${'アイウエオカキクケコ'[companySequence % 10]}${companySequence}号`;
  return {
    name: `株式会社${unique}`,
    kana: 'ユニーク',
    industryId: String(industryIdOf('ソフトウェア')),
    prefectureId: String(prefectureIdOf('東京都')),
    url: '',
    employeeCount: '',
    foundedYear: '',
    description: '',
    ...overrides,
  };
}

function idFromLocation(location: string | null, kind: 'companies' | 'services'): number {
  const match = new RegExp(`^/admin/${kind}/(\\d+)/edit\\?saved=`).exec(location ?? '');
  if (!match) throw new Error(`not a saved redirect: ${location}`);
  return Number(match[1]);
}

async function createThroughForm(fields: Record<string, string>): Promise<number> {
  const answer = await addCompany(fields);
  expect(answer.status, JSON.stringify(answer.body)).toBe(302);
  return idFromLocation(answer.location, 'companies');
}

async function auditRows(action: ModerationAction) {
  return db().select().from(moderationEvents).where(eq(moderationEvents.action, action)).orderBy(moderationEvents.id);
}

/** Waits for this process's search to answer `expected` for `keyword` (the catalog reloads in the background). */
async function eventuallyFound(keyword: string, companyId: number, expected = true, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const suggestions = await answerCompanySuggestions(new URLSearchParams({ source: 'incremental', company_name: keyword }));
    const page = await searchCompanies({ keyword, sort: 'relevance', page: 1, perPage: 100 });
    const inApi = suggestions.status === 200 && suggestions.body.companies.some((company) => company.company_id === companyId);
    const inPage = page.companies.some((company) => company.id === companyId);
    if (inApi === expected && inPage === expected) return;
    if (performance.now() > deadline) throw new Error(`search for ${keyword}: api ${inApi}, page ${inPage}, expected ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---------------------------------------------------------------- who may

describe('the catalog pages are closed to all but moderators', () => {
  it('answers visitors and students 404 from every loader and action, and moderators 200', async () => {
    const { companyId } = await createCompany();
    const { recruitServiceId } = await createRecruitService();
    const pages: Array<[RouteModule, string, Record<string, string>]> = [
      [companiesRoute, '/admin/companies', {}],
      [companyFormRoute, '/admin/companies/new', {}],
      [companyFormRoute, `/admin/companies/${companyId}/edit`, { companyId: String(companyId) }],
      [servicesRoute, '/admin/services', {}],
      [serviceFormRoute, '/admin/services/new', {}],
      [serviceFormRoute, `/admin/services/${recruitServiceId}/edit`, { serviceId: String(recruitServiceId) }],
      [employeeReviewsRoute, '/admin/employee_reviews', {}],
    ];
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(companies);
    for (const [module, path, params] of pages) {
      for (const sessionId of [null, studentSession]) {
        expect((await call(module, get(path, sessionId), params)).status, `GET ${path}`).toBe(404);
        if (module.action) {
          const answer = await call(module, post(path, companyForm(), sessionId), params);
          expect(answer.status, `POST ${path}`).toBe(404);
        }
      }
      expect((await call(module, get(path), params)).status, `GET ${path} as a moderator`).toBe(200);
    }
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(companies)).toEqual(before);
  });

  it('answers 404 for a company or service that does not exist', async () => {
    expect((await call(companyFormRoute, get('/admin/companies/999999/edit'), { companyId: '999999' })).status).toBe(404);
    expect((await call(companyFormRoute, post('/admin/companies/x/edit', companyForm()), { companyId: 'x' })).status).toBe(404);
    expect((await call(serviceFormRoute, get('/admin/services/999999/edit'), { serviceId: '999999' })).status).toBe(404);
  });
});

// ---------------------------------------------------------------- companies

describe('adding a company', () => {
  it('refuses a form with mistakes, with Japanese messages beside the fields and what was typed', async () => {
    const typed = companyForm({
      name: '',
      kana: 'Shulog',
      industryId: '',
      url: 'ftp://example.jp',
      employeeCount: '-5',
      foundedYear: '1500',
      description: 'あ'.repeat(2001),
    });
    const answer = await addCompany(typed);
    expectRefused(answer, {
      name: '企業名を入力してください。',
      kana: 'フリガナは全角カタカナで入力してください（ひらがな・半角カナは自動で変換します）。',
      industryId: '業種を選んでください。',
      url: 'URLは http:// または https:// で始まる正しいURLを入力してください。',
      employeeCount: '従業員数は0以上の整数（人数）で入力してください。',
      foundedYear: '設立年は1600年から今年までの西暦4桁で入力してください。',
      description: '企業説明は2000文字以内で入力してください。',
    });
    expect(answer.body.values).toMatchObject({ kana: 'Shulog', url: 'ftp://example.jp', employeeCount: '-5', foundedYear: '1500' });
  });

  it('refuses an industry or prefecture that does not exist and a name that is only a corporate word', async () => {
    const answer = await addCompany(companyForm({ name: '株式会社', industryId: '9999', prefectureId: '48' }));
    expectRefused(answer, {
      name: '企業名には「株式会社」などを除いた名前の部分も入力してください。',
      industryId: '業種を選んでください。',
      prefectureId: '本社所在地（都道府県）を選んでください。',
    });
  });

  it('saves a valid company with its reading in katakana, records the action and goes to its edit page', async () => {
    const fields = companyForm({
      name: '株式会社ミナトソフト研究所',
      kana: 'みなとｿﾌﾄけんきゅうしょ',
      url: 'https://minato-soft.example.jp',
      employeeCount: '１，２００',
      foundedYear: '1998',
      description: '港区の業務ソフト会社です。',
    });
    const companyId = await createThroughForm(fields);
    const [row] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(row).toMatchObject({
      name: '株式会社ミナトソフト研究所',
      kana: 'ミナトソフトケンキュウショ',
      url: 'https://minato-soft.example.jp',
      employeeCount: 1200,
      foundedYear: 1998,
      description: '港区の業務ソフト会社です。',
      publishedPostCount: 0,
    });
    const [event] = (await auditRows('create_company')).filter((entry) => entry.companyId === companyId);
    expect(event).toMatchObject({ moderatorId: moderator.userId, companyId, postId: null });
    expect(event!.detail).toMatchObject({
      name: [null, '株式会社ミナトソフト研究所'],
      kana: [null, 'ミナトソフトケンキュウショ'],
      employeeCount: [null, 1200],
    });

    const page = await call(companyFormRoute, get(`/admin/companies/${companyId}/edit?saved=created`), { companyId: String(companyId) });
    expect(page.body).toMatchObject({ saved: 'created', company: { id: companyId, name: '株式会社ミナトソフト研究所' } });
  });

  it('warns about a similar name and saves only once the moderator confirms that name', async () => {
    const existing = await createThroughForm(companyForm({ name: '株式会社ハルカゼ商事', kana: 'ハルカゼショウジ' }));
    // Written without the form (which would warn about it): the catalog has not seen it yet.
    const { companyId: contained } = await createCompany({ name: 'ハルカゼ', kana: 'ハルカゼ' });
    const count = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(companies))[0]!.n;
    const before = await count();

    // Another spelling of the same name: half-width kana, another corporate suffix.
    const fields = companyForm({ name: 'ﾊﾙｶｾﾞ商事（株）', kana: 'ハルカゼショウジ' });
    const warned = await addCompany(fields);
    expect(warned.status).toBe(409);
    expect(warned.body.errors).toEqual({
      confirmSimilar:
        '似た名前の企業がすでに登録されています。同じ企業を重複して登録していないか確認し、チェックを入れてからもう一度保存してください。',
    });
    expect(warned.body.similar).toEqual([
      expect.objectContaining({ id: existing, name: '株式会社ハルカゼ商事', match: 'same', prefectureName: '東京都' }),
      expect.objectContaining({ id: contained, name: 'ハルカゼ', match: 'contained' }),
    ]);
    expect(warned.body.values).toMatchObject({ name: 'ﾊﾙｶｾﾞ商事（株）' });
    expect(await count()).toBe(before);

    // A tick given for another name does not count.
    const wrongTick = await addCompany({ ...fields, confirmSimilar: 'on', similarFor: 'ハルカゼ' });
    expect(wrongTick.status).toBe(409);
    expect(await count()).toBe(before);

    const confirmed = await addCompany({ ...fields, confirmSimilar: 'on', similarFor: String(warned.body.similarFor) });
    expect(confirmed.status).toBe(302);
    expect(await count()).toBe(before + 1);
  });

  it('finds the similar names by the rule of decision 029', () => {
    expect(similarity('ハルカゼショウジ', 'ハルカゼショウジ')).toBe('same');
    expect(similarity('ハルカゼ', 'ハルカゼショウジ')).toBe('contains');
    expect(similarity('ハルカゼショウジ', 'ハルカゼ')).toBe('contained');
    expect(similarity('ハルカゼショウジ', 'ハ')).toBeNull();
    expect(similarity('ハ', 'ハルカゼ')).toBeNull();
    expect(similarity('ハルカゼ', 'アキカゼ')).toBeNull();
  });
});

describe('editing a company', () => {
  it('saves the changed fields, records them before and after, and says when nothing changed', async () => {
    const companyId = await createThroughForm(companyForm({ name: '株式会社アオゾラ物流', kana: 'アオゾラブツリュウ' }));
    const path = `/admin/companies/${companyId}/edit`;
    const params = { companyId: String(companyId) };
    const edit = companyForm({
      name: '株式会社アオゾラ物流',
      kana: 'アオゾラブツリュウ',
      prefectureId: String(prefectureIdOf('大阪府')),
      url: 'https://aozora.example.jp',
      employeeCount: '350',
      foundedYear: '2001',
    });
    const saved = await call(companyFormRoute, post(path, edit), params);
    expect(saved).toMatchObject({ status: 302, location: `${path}?saved=updated` });
    const [event] = (await auditRows('update_company')).filter((entry) => entry.companyId === companyId);
    expect(event).toMatchObject({ moderatorId: moderator.userId, companyId });
    expect(event!.detail).toEqual({
      prefectureId: [prefectureIdOf('東京都'), prefectureIdOf('大阪府')],
      url: [null, 'https://aozora.example.jp'],
      employeeCount: [null, 350],
      foundedYear: [null, 2001],
    });

    const again = await call(companyFormRoute, post(path, edit), params);
    expect(again).toMatchObject({ status: 302, location: `${path}?saved=unchanged` });
    expect((await auditRows('update_company')).filter((entry) => entry.companyId === companyId)).toHaveLength(1);
  });

  it('does not warn about similar names when the name stays, but does when it changes to a similar one', async () => {
    await createThroughForm(companyForm({ name: 'ミドリノ電機', kana: 'ミドリノデンキ' }));
    const warned = await addCompany(companyForm({ name: 'ミドリノ電機製作所' }));
    expect(warned.status).toBe(409);
    const companyId = await createThroughForm({
      ...companyForm({ name: 'ミドリノ電機製作所', kana: 'ミドリノデンキセイサクショ' }),
      confirmSimilar: 'on',
      similarFor: String(warned.body.similarFor),
    });
    const params = { companyId: String(companyId) };
    const path = `/admin/companies/${companyId}/edit`;
    const keep = companyForm({ name: 'ミドリノ電機製作所', kana: 'ミドリノデンキセイサクショ', employeeCount: '80' });
    expect((await call(companyFormRoute, post(path, keep), params)).status).toBe(302);
    const rename = { ...keep, name: '株式会社ミドリノ電機' };
    const renamed = await call(companyFormRoute, post(path, rename), params);
    expect(renamed.status).toBe(409);
    expect((renamed.body.similar as Array<{ id: number }>).some((company) => company.id === companyId)).toBe(false);
  });

  it('lists companies newest first and finds them with the normalised search or by id', async () => {
    const companyId = await createThroughForm(companyForm({ name: '株式会社カワセミ製薬', kana: 'カワセミセイヤク' }));
    const first = await call(companiesRoute, get('/admin/companies'));
    expect((first.body.items as Array<{ id: number }>)[0]!.id).toBe(companyId);
    await eventuallyFound('かわせみ', companyId);
    const found = await call(companiesRoute, get(`/admin/companies?q=${encodeURIComponent('ｶﾜｾﾐ')}`));
    expect((found.body.items as Array<{ id: number; name: string }>).map((company) => company.name)).toEqual(['株式会社カワセミ製薬']);
    const byId = await call(companiesRoute, get(`/admin/companies?q=${companyId}`));
    expect((byId.body.items as Array<{ id: number }>)[0]!.id).toBe(companyId);
  });
});

describe('the search follows the catalog', () => {
  it('finds a company added or renamed through the form, by the API and the search page', async () => {
    await getCompanyCatalog();
    const companyId = await createThroughForm(companyForm({ name: '株式会社ツバメ航空', kana: 'ツバメコウクウ' }));
    await eventuallyFound('つばめ', companyId);
    const renamed = await call(
      companyFormRoute,
      post(`/admin/companies/${companyId}/edit`, companyForm({ name: '株式会社ヒバリ航空', kana: 'ヒバリコウクウ' })),
      { companyId: String(companyId) },
    );
    expect(renamed.status).toBe(302);
    await eventuallyFound('ヒバリ航空', companyId);
    await eventuallyFound('つばめ', companyId, false);
  });

  it('finds a company another process added as soon as the change is announced, with no check of its own due', async () => {
    resetCompanyCatalog();
    await getCompanyCatalog();
    // The clock stands still: the catalog's own check (every 5 s) never comes due, so only the
    // announcement of the change ('k:' on personal_changes, migration 0028) can bring it.
    vi.useFakeTimers({ toFake: ['Date'] });
    // Written as another process would: nothing in this process calls the catalog.
    const { companyId } = await createCompany({ name: '株式会社カモメ海運', kana: 'カモメカイウン' });
    await eventuallyFound('かもめ', companyId, true, 3_000);
    await db().execute(sql`UPDATE companies SET name = '株式会社ウミネコ海運' WHERE id = ${companyId}`);
    await eventuallyFound('ウミネコ', companyId, true, 3_000);
  });

  it('still finds a change it was not told about once its own check (every minute while it listens) comes due', async () => {
    resetCompanyCatalog();
    await getCompanyCatalog();
    vi.useFakeTimers({ toFake: ['Date'] });
    // Not announced: as when this process was not listening at the time of the change.
    await db().execute(sql`ALTER TABLE companies DISABLE TRIGGER companies_version`);
    const { companyId } = await createCompany({ name: '株式会社アジサシ物流', kana: 'アジサシブツリュウ' });
    await db().execute(sql`ALTER TABLE companies ENABLE TRIGGER companies_version`);
    await db().execute(sql`UPDATE table_versions SET version = version + 1 WHERE name = 'companies'`);
    const before = await searchCompanies({ keyword: 'あじさし', sort: 'relevance', page: 1, perPage: 100 });
    expect(before.companies.some((company) => company.id === companyId)).toBe(false);
    vi.setSystemTime(Date.now() + 60_001);
    await eventuallyFound('あじさし', companyId, true, 3_000);
  });
});

// ---------------------------------------------------------------- services

const serviceForm = (overrides: Record<string, string> = {}) => ({
  name: 'ミライ就活ナビ',
  kana: 'みらいしゅうかつなび',
  category: '就活ナビ',
  url: 'https://mirai.example.jp',
  description: '求人の多いナビサイトです。',
  ...overrides,
});

describe('job-hunting services', () => {
  it('adds a service, refuses a name in use, warns about the same name in another spelling, and edits it', async () => {
    const invalid = await addService(serviceForm({ name: '', kana: '就活', url: 'mirai.example.jp' }));
    expectRefused(invalid, {
      name: 'サービス名を入力してください。',
      kana: 'フリガナは全角カタカナで入力してください（ひらがな・半角カナは自動で変換します）。',
      url: 'URLは http:// または https:// で始まる正しいURLを入力してください。',
    });

    const created = await addService(serviceForm());
    expect(created.status).toBe(302);
    const serviceId = idFromLocation(created.location, 'services');
    const [row] = await db().select().from(recruitServices).where(eq(recruitServices.id, serviceId));
    expect(row).toMatchObject({ name: 'ミライ就活ナビ', kana: 'ミライシュウカツナビ', category: '就活ナビ' });
    expect((await auditRows('create_service')).filter((entry) => entry.recruitServiceId === serviceId)).toHaveLength(1);

    const taken = await addService(serviceForm());
    expectRefused(taken, {
      name: 'この名前の就活サービスはすでに登録されています。別の名前にするか、登録済みのサービスを編集してください。',
    });

    const otherSpelling = serviceForm({ name: 'ﾐﾗｲ 就活ナビ' });
    const warned = await addService(otherSpelling);
    expect(warned.status).toBe(409);
    expect(warned.body.similar).toEqual([expect.objectContaining({ id: serviceId, name: 'ミライ就活ナビ' })]);
    const confirmed = await addService({ ...otherSpelling, confirmSimilar: 'on', similarFor: String(warned.body.similarFor) });
    expect(confirmed.status).toBe(302);

    const path = `/admin/services/${serviceId}/edit`;
    const edited = await call(serviceFormRoute, post(path, serviceForm({ category: '逆求人', description: '' })), {
      serviceId: String(serviceId),
    });
    expect(edited).toMatchObject({ status: 302, location: `${path}?saved=updated` });
    const [event] = (await auditRows('update_service')).filter((entry) => entry.recruitServiceId === serviceId);
    expect(event!.detail).toEqual({ category: ['就活ナビ', '逆求人'], description: ['求人の多いナビサイトです。', ''] });

    const list = await call(servicesRoute, get(`/admin/services?q=${encodeURIComponent('みらい')}`));
    expect((list.body.items as Array<{ id: number }>).map((service) => service.id)).toContain(serviceId);
  });
});
