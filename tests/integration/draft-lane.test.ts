// The draft lane (server/draft-lane.ts) answers a typing student's autosave before Express: it
// must refuse exactly what Express and the route would, with the same JSON errors, and leave
// everything else to Express.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft, getDraft } from '../../app/features/posting/drafts.server';
import { SESSION_COOKIE } from '../../app/lib/cookies';
import { createDraftLane } from '../../server/draft-lane';
import { createCompany, createLoggedInStudent, industryIdOf, prefectureIdOf } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';
import { type LaneServer, serveLane } from '../support/lane-server';

let server: LaneServer;
let base = '';
let companyId = 0;
const passedOn: string[] = [];

setUpTestDatabase();

beforeAll(async () => {
  companyId = (
    await createCompany({
      name: '株式会社レーン商事',
      kana: 'レーンショウジ',
      industryId: industryIdOf('ソフトウェア'),
      prefectureId: prefectureIdOf('東京都'),
    })
  ).companyId;
  const lane = createDraftLane({ logger: pino({ level: 'silent' }) });
  server = await serveLane(lane, passedOn);
  base = server.base;
});

afterAll(() => server.close());

async function studentWithDraft() {
  const student = await createLoggedInStudent();
  const draft = await createDraft({
    userId: student.userId,
    type: 'company_study',
    draftKey: randomUUID(),
    subject: { companyId, recruitServiceId: null },
    content: { title: 'はじめ' },
  });
  return { ...student, postId: draft.postId, lockVersion: draft.lockVersion };
}

function put(path: string, options: { sessionId?: string; token?: string | null; body?: string; type?: string }) {
  const headers: Record<string, string> = { 'Content-Type': options.type ?? 'application/json', Accept: 'application/json' };
  if (options.sessionId) headers.Cookie = `${SESSION_COOKIE}=${options.sessionId}`;
  if (options.token) headers['X-CSRF-Token'] = options.token;
  return fetch(`${base}${path}`, { method: 'PUT', headers, body: options.body ?? '{}' });
}

const saveBody = (lockVersion: number, title: string) =>
  JSON.stringify({ type: 'company_study', lockVersion, saveId: randomUUID(), companyId, content: { title } });

describe('the draft lane', () => {
  it('saves a student’s draft with the token in the header or in the body', async () => {
    const { sessionId, csrfToken, userId, postId, lockVersion } = await studentWithDraft();
    const first = await put(`/api/v1/student/drafts/${postId}`, { sessionId, token: csrfToken, body: saveBody(lockVersion, '一回目') });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const saved = (await first.json()) as { lockVersion: number };
    expect(saved.lockVersion).toBe(lockVersion + 1);
    const second = await put(`/api/v1/student/drafts/${postId}`, {
      sessionId,
      body: JSON.stringify({ ...JSON.parse(saveBody(saved.lockVersion, '二回目')), authenticity_token: csrfToken }),
    });
    expect(second.status).toBe(200);
    expect((await getDraft({ userId, postId })).content).toMatchObject({ title: '二回目' });
  });

  it('answers the same JSON errors as the route: 422 without a valid token, 409 stale, 404 another student’s, 400 bad bodies', async () => {
    const owner = await studentWithDraft();
    const other = await createLoggedInStudent();
    const path = `/api/v1/student/drafts/${owner.postId}`;
    const codeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

    const noToken = await put(path, { sessionId: owner.sessionId, body: saveBody(owner.lockVersion, 'x') });
    expect([noToken.status, await codeOf(noToken)]).toEqual([422, 'invalid_csrf_token']);
    const unknownSession = await put(path, { sessionId: 'x'.repeat(43), token: owner.csrfToken, body: saveBody(owner.lockVersion, 'x') });
    expect(unknownSession.status).toBe(422);

    const stale = await put(path, { sessionId: owner.sessionId, token: owner.csrfToken, body: saveBody(owner.lockVersion - 1, 'x') });
    expect([stale.status, await codeOf(stale)]).toEqual([409, 'stale_revision']);
    const foreign = await put(path, { sessionId: other.sessionId, token: other.csrfToken, body: saveBody(owner.lockVersion, 'x') });
    expect([foreign.status, await codeOf(foreign)]).toEqual([404, 'not_found']);
    const broken = await put(path, { sessionId: owner.sessionId, token: owner.csrfToken, body: '{"lockVersion":' });
    expect([broken.status, await codeOf(broken)]).toEqual([400, 'invalid_request']);
    const invalid = await put(path, {
      sessionId: owner.sessionId,
      token: owner.csrfToken,
      body: JSON.stringify({ lockVersion: 'x', content: 3 }),
    });
    // What no form sends still gets its message beside each field in Japanese (app/lib/zod.ts).
    expect([invalid.status, await invalid.json()]).toEqual([
      400,
      {
        error: {
          code: 'validation_failed',
          message: expect.any(String),
          fields: { lockVersion: '数字で入力してください。', content: '入力の形式が正しくありません。' },
        },
      },
    ]);
    const tooLarge = await put(path, { sessionId: owner.sessionId, token: owner.csrfToken, body: `{"pad":"${'あ'.repeat(400_000)}"}` });
    expect(tooLarge.status).toBe(413);
    expect((await getDraft({ userId: owner.userId, postId: owner.postId })).content).toEqual({ title: 'はじめ' });
  });

  it('leaves other methods, media types, paths and requests without a session to Express', async () => {
    passedOn.length = 0;
    await fetch(`${base}/api/v1/student/drafts/1`, { method: 'DELETE' });
    await put('/api/v1/student/drafts/1', { sessionId: 's', type: 'text/plain' });
    await put('/api/v1/student/drafts/1', {});
    await put('/api/v1/student/drafts/1?x=1', { sessionId: 's' });
    await put('/api/v1/student/drafts', { sessionId: 's' });
    expect(passedOn).toEqual([
      'DELETE /api/v1/student/drafts/1',
      'PUT /api/v1/student/drafts/1',
      'PUT /api/v1/student/drafts/1',
      'PUT /api/v1/student/drafts/1?x=1',
      'PUT /api/v1/student/drafts',
    ]);
  });
});
