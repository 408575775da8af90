// The author's side of posts (issue 13): drafts created, saved and submitted for every writable
// content type, each invalid field, text cleaning, ownership (404), idempotent submission and
// draft creation, lock versions (409), the submit badges, editing a published post, deleting
// drafts, and the HTTP boundary (the draft calls and the posting form's action).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, selectRows } from '../../app/db/client.server';
import { badgeGrants, postRevisions, posts } from '../../app/db/schema';
import {
  createDraft,
  deleteDraft,
  findDraft,
  getDraft,
  getDraftForEditing,
  saveDraft,
  type Subject,
} from '../../app/features/posting/drafts.server';
import { submitPost } from '../../app/features/posting/submit-post.server';
import { listMyPosts } from '../../app/features/posting/my-posts.server';
import { WRITABLE_TYPES, type WritableType } from '../../app/features/posting/writable-types';
import { getPost } from '../../app/features/posts/get-post.server';
import { POST_TYPES } from '../../app/features/posts/post-types';
import { APP_ERRORS, type AppError, type AppErrorCode, isAppError } from '../../app/lib/app-error';
import * as draftRoute from '../../app/routes/api/draft';
import * as draftsRoute from '../../app/routes/api/drafts';
import * as postFormRoute from '../../app/routes/posting/post-form';
import { bodyLimitFor } from '../../server/route-rules';
import { handlerOptions, runRouteHandler } from '../../server/route-errors';
import { createCompany, createLoggedInStudent, createRecruitService, createStudent, publishPost, sampleContent } from '../factories';
import { callRoute, sessionRequest } from '../support/call-route';
import { setUpTestDatabase } from '../setup/test-database';

type Content = Record<string, unknown>;

let companyId: number;
let recruitServiceId: number;

setUpTestDatabase();

beforeAll(async () => {
  companyId = (await createCompany()).companyId;
  recruitServiceId = (await createRecruitService()).recruitServiceId;
});

// ---------------------------------------------------------------- helpers

const NO_SUBJECT: Subject = { companyId: null, recruitServiceId: null };

/** The subject a post of `type` needs: the shared company, or the shared service for a review. */
function subjectOf(type: WritableType): Subject {
  return type === 'recruit_service_review' ? { companyId: null, recruitServiceId } : { companyId, recruitServiceId: null };
}

/** Valid, complete content of `type` (a fixed past date for the quick report, so that it never turns future). */
function validContent(type: WritableType): Content {
  const content = sampleContent(type) as Content;
  return type === 'jobhunt_prompt_report' ? { ...content, eventDate: '2025-10-20' } : content;
}

const REMOVE = Symbol('remove');

/** A copy of `content` with the values at the given dotted paths (questions.0.answer) set or removed. */
function withValues(content: Content, changes: Record<string, unknown>): Content {
  const copy = structuredClone(content);
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.split('.');
    let node = copy;
    for (const key of keys.slice(0, -1)) node = node[key] as Content;
    const last = keys.at(-1)!;
    if (value === REMOVE) delete node[last];
    else node[last] = value;
  }
  return copy;
}

const chars = (n: number, char = 'あ') => char.repeat(n);

/** The AppError `promise` rejects with (fails the test when it resolves or throws something else). */
async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  let caught: unknown = null;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  if (!isAppError(caught)) throw new Error(`expected an AppError, got ${caught === null ? 'success' : String(caught)}`);
  return caught;
}

async function expectAppError(promise: Promise<unknown>, code: AppErrorCode): Promise<AppError> {
  const error = await appErrorOf(promise);
  expect(error.code).toBe(code);
  return error;
}

async function postRow(postId: number) {
  const [row] = await db().select().from(posts).where(eq(posts.id, postId));
  return row;
}

const revisionsOf = (postId: number) =>
  db().select().from(postRevisions).where(eq(postRevisions.postId, postId)).orderBy(postRevisions.revision);

const postsOf = (userId: number) => db().select().from(posts).where(eq(posts.authorId, userId));

async function badgeIdsOf(userId: number): Promise<number[]> {
  const rows = await db().select({ id: badgeGrants.badgeKindId }).from(badgeGrants).where(eq(badgeGrants.userId, userId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

async function myPost(userId: number, postId: number) {
  return (await listMyPosts({ userId })).find((post) => post.postId === postId);
}

/** A draft as a form makes it: created with its first keystrokes, then saved whole with its subject. */
async function writeDraft(userId: number, type: WritableType, content: Content = validContent(type)) {
  const draftKey = randomUUID();
  const created = await createDraft({ userId, type, draftKey, subject: NO_SUBJECT, content: { title: content.title } });
  const saved = await saveDraft({ userId, postId: created.postId, lockVersion: created.lockVersion, subject: subjectOf(type), content });
  return { postId: created.postId, draftKey, lockVersion: saved.lockVersion, content };
}

function submitDraft(
  userId: number,
  type: WritableType,
  draft: { postId: number; draftKey: string; lockVersion: number; content: Content },
) {
  return submitPost({
    userId,
    type,
    postId: draft.postId,
    draftKey: draft.draftKey,
    lockVersion: draft.lockVersion,
    subject: subjectOf(type),
    content: draft.content,
  });
}

/** Submits content never saved as a draft, as the form does when sent before its first autosave. */
function submitUnsaved(userId: number, type: WritableType, content: Content, draftKey: string = randomUUID()) {
  return submitPost({ userId, type, postId: null, draftKey, lockVersion: null, subject: subjectOf(type), content });
}

// HTTP

function jsonRequest(path: string, sessionId: string | null, method: string, body: unknown): Request {
  return sessionRequest(path, { sessionId, method, type: 'application/json', body: JSON.stringify(body) });
}

const draftsCall = (request: Request) => callRoute(draftsRoute, request);
const draftCall = (postId: number | string, request: Request) => callRoute(draftRoute, request, { postId: String(postId) });
/** PUT /api/v1/student/drafts/{postId} with a JSON body: the autosave. */
const putDraft = (postId: number, sessionId: string | null, body: unknown) =>
  draftCall(postId, jsonRequest(`/api/v1/student/drafts/${postId}`, sessionId, 'PUT', body));

async function expectJsonError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  return body;
}

type ActionAnswer = { status: number; location: string | null; body: unknown };

/**
 * Calls the posting form's action as the server does (server/route-errors.ts) and reads its
 * answer: a Response (a redirect, a JSON error) or what `data(…, { status })` returned.
 */
async function callFormAction(request: Request, params: Record<string, string> = {}): Promise<ActionAnswer> {
  let result: unknown;
  try {
    result = await runRouteHandler(
      postFormRoute.action as (args: unknown) => unknown,
      { request, params, context: {} },
      {
        formErrors: handlerOptions(postFormRoute, 'action').formErrors,
      },
    );
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, location: result.headers.get('Location'), body: text ? safeJson(text) : null };
  }
  if (result && typeof result === 'object' && (result as { type?: unknown }).type === 'DataWithResponseInit') {
    const wrapped = result as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
  }
  return { status: 200, location: null, body: result };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function formRequest(path: string, sessionId: string | null, fields: Record<string, string>): Request {
  return sessionRequest(path, {
    sessionId,
    method: 'POST',
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(fields),
  });
}

// ---------------------------------------------------------------- every content type

describe('a valid post of each content type', () => {
  it.each(WRITABLE_TYPES)('%s: drafted, saved and submitted, it is 審査中 on /mypage and not published', async (type) => {
    const { userId } = await createStudent();
    const content = validContent(type);
    const draftKey = randomUUID();

    const created = await createDraft({ userId, type, draftKey, subject: NO_SUBJECT, content: { title: content.title } });
    expect(created).toMatchObject({ created: true, lockVersion: 1 });
    expect(await myPost(userId, created.postId)).toMatchObject({ state: 'draft', type, title: content.title });

    const saved = await saveDraft({ userId, postId: created.postId, lockVersion: 1, subject: subjectOf(type), content });
    expect(saved).toMatchObject({ postId: created.postId, lockVersion: 2 });
    expect(await getDraft({ userId, postId: created.postId })).toMatchObject({
      postId: created.postId,
      type,
      draftKey,
      lockVersion: 2,
      content,
      subject: subjectOf(type),
    });

    const result = await submitPost({
      userId,
      type,
      postId: created.postId,
      draftKey,
      lockVersion: 2,
      subject: subjectOf(type),
      content,
    });
    expect(result).toEqual({ postId: created.postId, submitted: true, newBadgeKindIds: [POST_TYPES[type].submitBadgeId, 409] });

    expect(await myPost(userId, created.postId)).toMatchObject({ state: 'submitted', revision: null, type, title: content.title });
    const post = await postRow(created.postId);
    expect(post).toMatchObject({ status: 'submitted', type, authorId: userId, ...subjectOf(type), revision: 0, publishedAt: null });
    expect(post?.submittedAt).toBeInstanceOf(Date);
    expect(await getPost({ postId: created.postId, type })).toBeNull();
    const revisions = await revisionsOf(created.postId);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ revision: 1, status: 'submitted', content });
    expect(revisions[0]?.submittedAt).toBeInstanceOf(Date);
    // In review: not editable, not saveable.
    expect(await getDraftForEditing({ userId, postId: created.postId })).toEqual({ editable: false, postId: created.postId, type });
    expect(await postsOf(userId)).toHaveLength(1);
  });

  it.each(WRITABLE_TYPES)('%s: submitting needs its subject (a company, or a service for a review)', async (type) => {
    const { userId } = await createStudent();
    const content = validContent(type);
    const draftKey = randomUUID();
    const created = await createDraft({ userId, type, draftKey, subject: NO_SUBJECT, content });
    const missing = await expectAppError(
      submitPost({ userId, type, postId: created.postId, draftKey, lockVersion: 1, subject: NO_SUBJECT, content }),
      'validation_failed',
    );
    expect(missing.fields).toEqual(
      type === 'recruit_service_review'
        ? { recruitServiceId: '口コミを書く就活サービスを選んでください。' }
        : { companyId: '企業を選んでください。' },
    );
    const unknown: Subject =
      type === 'recruit_service_review' ? { companyId: null, recruitServiceId: 999_999 } : { companyId: 999_999, recruitServiceId: null };
    await expectAppError(
      submitPost({ userId, type, postId: created.postId, draftKey, lockVersion: 1, subject: unknown, content }),
      type === 'recruit_service_review' ? 'recruit_service_not_found' : 'company_not_found',
    );
    expect((await postRow(created.postId))?.status).toBe('draft');
    expect(await badgeIdsOf(userId)).toEqual([]);
  });
});

// ---------------------------------------------------------------- each invalid field

/**
 * A field set to an invalid value, and the message expected under `path`: by default the one
 * field set (a case that sets two fields names the one the message is under).
 */
type InvalidCase = { name: string; set: Record<string, unknown>; path?: string; message: string };

function pathOf({ set, path }: InvalidCase): string {
  if (path) return path;
  const [only, ...others] = Object.keys(set);
  if (!only || others.length > 0) throw new Error(`name the path of a case that sets ${Object.keys(set).join(', ')}`);
  return only;
}

const TITLE_CASES: InvalidCase[] = [
  { name: 'an empty title', set: { title: '' }, message: 'タイトルを入力してください。' },
  { name: 'a title of spaces only', set: { title: '  \u3000 ' }, message: 'タイトルを入力してください。' },
  { name: 'a title of 4 characters', set: { title: 'あいうえ' }, message: 'タイトルは5文字以上で入力してください。' },
  { name: 'a title of 81 characters', set: { title: chars(81) }, message: 'タイトルは80文字以内で入力してください。' },
];

function entrySheetCases(type: 'intern_entry_sheet' | 'screening_entry_sheet'): InvalidCase[] {
  const question = (validContent(type).questions as Content[])[0]!;
  return [
    { name: 'no year', set: { year: '' }, message: '提出した年を入力してください。' },
    { name: 'a year of 1999', set: { year: 1999 }, message: '提出した年を2000〜2100年で入力してください。' },
    { name: 'an unknown result', set: { result: 'maybe' }, message: 'ESの結果を選んでください。' },
    { name: 'a job type of 41 characters', set: { jobType: chars(41) }, message: '職種・コースは40文字以内で入力してください。' },
    { name: 'a graduation year of 2101', set: { graduationYear: 2101 }, message: '卒業年度を2000〜2100年で入力してください。' },
    { name: 'no question', set: { questions: [] }, message: '設問を1個以上入力してください。' },
    { name: 'eleven questions', set: { questions: Array.from({ length: 11 }, () => question) }, message: '設問は10個までです。' },
    { name: 'an empty question', set: { 'questions.0.question': '' }, message: '設問を入力してください。' },
    { name: 'a question of 201 characters', set: { 'questions.0.question': chars(201) }, message: '設問は200文字以内で入力してください。' },
    { name: 'an empty answer', set: { 'questions.0.answer': '' }, message: '回答を入力してください。' },
    { name: 'an answer of 2001 characters', set: { 'questions.0.answer': chars(2001) }, message: '回答は2000文字以内で入力してください。' },
    {
      name: 'a character limit of 5',
      set: { 'questions.0.limit': 5, 'questions.0.answer': 'はい。' },
      path: 'questions.0.limit',
      message: '字数制限を10〜2000字で入力してください。',
    },
    { name: 'a character limit of 2001', set: { 'questions.0.limit': 2001 }, message: '字数制限を10〜2000字で入力してください。' },
    {
      name: 'an answer longer than its question’s limit',
      set: { 'questions.0.limit': 10, 'questions.0.answer': chars(11) },
      path: 'questions.0.answer',
      message: '回答が10字を超えています（11字）。',
    },
    ...(type === 'intern_entry_sheet' ? [{ name: 'an unknown season', set: { season: 'spring' }, message: '時期を選んでください。' }] : []),
  ];
}

const INVALID_CASES: Record<WritableType, InvalidCase[]> = {
  intern_entry_sheet: entrySheetCases('intern_entry_sheet'),
  screening_entry_sheet: entrySheetCases('screening_entry_sheet'),
  intern_experience: [
    { name: 'no year', set: { year: '' }, message: '開催年を入力してください。' },
    { name: 'a year of 2101', set: { year: 2101 }, message: '開催年を2000〜2100年で入力してください。' },
    { name: 'an unknown season', set: { season: 'spring' }, message: '開催時期を選んでください。' },
    { name: 'an empty theme', set: { theme: '' }, message: 'プログラムのテーマを入力してください。' },
    { name: 'a theme of 61 characters', set: { theme: chars(61) }, message: 'プログラムのテーマは60文字以内で入力してください。' },
    { name: 'an unknown format', set: { format: 'hybrid' }, message: '開催形式を選んでください。' },
    { name: '0 days', set: { days: 0 }, message: '期間を1〜365日で入力してください。' },
    { name: '366 days', set: { days: 366 }, message: '期間を1〜365日で入力してください。' },
    { name: 'an overview of 29 characters', set: { overview: chars(29) }, message: '内容は30文字以上で入力してください。' },
    { name: 'an overview of 4001 characters', set: { overview: chars(4001) }, message: '内容は4000文字以内で入力してください。' },
    { name: 'a flow of 2 characters', set: { flow: 'ES' }, message: '選考フローは5文字以上で入力してください。' },
    { name: 'empty impressions', set: { impressions: '' }, message: '感想を入力してください。' },
    { name: 'a rating of 0', set: { 'ratings.all': 0 }, message: '総合評価を1〜5の星で選んでください。' },
    { name: 'a rating of 6', set: { 'ratings.mentor': 6 }, message: 'メンターのコミットを1〜5の星で選んでください。' },
    { name: 'a rating not chosen', set: { 'ratings.theme': '' }, message: 'テーマの面白さを1〜5の星で選んでください。' },
    { name: 'a rating of 3.5', set: { 'ratings.growth': 3.5 }, message: '自己成長を1〜5の星で選んでください。' },
    { name: 'a job type of 41 characters', set: { jobType: chars(41) }, message: '職種・コースは40文字以内で入力してください。' },
  ],
  screening_experience: [
    { name: 'no graduation year', set: { graduationYear: '' }, message: '卒業年度を入力してください。' },
    { name: 'a graduation year of 1999', set: { graduationYear: 1999 }, message: '卒業年度を2000〜2100年で入力してください。' },
    { name: 'no step', set: { steps: [] }, message: '選考ステップを1個以上入力してください。' },
    {
      name: 'thirteen steps',
      set: { steps: Array.from({ length: 13 }, () => ({ kind: 'gd', final: false, body: 'グループディスカッションでした。' })) },
      message: '選考ステップは12個までです。',
    },
    { name: 'an unknown step kind', set: { 'steps.0.kind': 'lunch' }, message: '選考ステップを選んでください。' },
    { name: 'an 11th interview round', set: { 'steps.1.round': 11 }, message: '面接の回数を1〜10回目で入力してください。' },
    {
      name: 'a step text of 9 characters',
      set: { 'steps.0.body': chars(9) },
      message: 'このステップの内容は10文字以上で入力してください。',
    },
    {
      name: 'a step text of 3001 characters',
      set: { 'steps.1.body': chars(3001) },
      message: 'このステップの内容は3000文字以内で入力してください。',
    },
    { name: 'an unknown result', set: { result: 'passed' }, message: '選考結果を選んでください。' },
    { name: 'a reflection of 29 characters', set: { reflection: chars(29) }, message: '振り返りは30文字以上で入力してください。' },
    { name: 'a reflection of 4001 characters', set: { reflection: chars(4001) }, message: '振り返りは4000文字以内で入力してください。' },
  ],
  student_word_mouth: [
    { name: 'an unknown category', set: { category: '飲み会' }, message: 'カテゴリを選んでください。' },
    { name: 'a rating of 0', set: { rating: 0 }, message: '総合評価を1〜5の星で選んでください。' },
    { name: 'a rating of 6', set: { rating: 6 }, message: '総合評価を1〜5の星で選んでください。' },
    { name: 'a rating not chosen', set: { rating: '' }, message: '総合評価を1〜5の星で選んでください。' },
    { name: 'a graduation year of 1999', set: { graduationYear: 1999 }, message: '卒業年度を2000〜2100年で入力してください。' },
    { name: 'a body of 49 characters', set: { body: chars(49) }, message: 'クチコミは50文字以上で入力してください。' },
    { name: 'a body of 4001 characters', set: { body: chars(4001) }, message: 'クチコミは4000文字以内で入力してください。' },
  ],
  company_study: [
    { name: 'an empty business section', set: { business: '' }, message: '事業内容を入力してください。' },
    { name: 'an analysis of 29 characters', set: { analysis: chars(29) }, message: '強み・課題は30文字以上で入力してください。' },
    {
      name: 'a motivation section of 4001 characters',
      set: { motivation: chars(4001) },
      message: '志望動機に使えることは4000文字以内で入力してください。',
    },
  ],
  recruit_service_review: [
    { name: 'a rating of 0', set: { rating: 0 }, message: '総合評価を1〜5の星で選んでください。' },
    { name: 'a rating of 6', set: { rating: 6 }, message: '総合評価を1〜5の星で選んでください。' },
    { name: 'a rating that is not a number', set: { rating: 'とても良い' }, message: '総合評価を1〜5の星で選んでください。' },
    { name: 'an empty good point', set: { good: '' }, message: '良かった点を入力してください。' },
    { name: 'a good point of 19 characters', set: { good: chars(19) }, message: '良かった点は20文字以上で入力してください。' },
    { name: 'a bad point of 2001 characters', set: { bad: chars(2001) }, message: '気になった点は2000文字以内で入力してください。' },
  ],
  jobhunt_prompt_report: [
    { name: 'an unknown event', set: { event: '合格' }, message: 'できごとを選んでください。' },
    { name: 'no date', set: { eventDate: '' }, message: '日付を入力してください。' },
    { name: 'a date that does not exist', set: { eventDate: '2025-02-30' }, message: '日付を正しい日付で入力してください。' },
    { name: 'a date with slashes', set: { eventDate: '2025/10/20' }, message: '日付を正しい日付で入力してください。' },
    { name: 'a future date (3 days ahead)', set: { eventDate: daysFromToday(3) }, message: '日付に未来の日付は入力できません。' },
    { name: 'a future date (2099)', set: { eventDate: '2099-01-01' }, message: '日付に未来の日付は入力できません。' },
    { name: 'a report of 19 characters', set: { report: chars(19) }, message: '速報は20文字以上で入力してください。' },
    { name: 'a report of 2001 characters', set: { report: chars(2001) }, message: '速報は2000文字以内で入力してください。' },
    { name: 'a graduation year of 2101', set: { graduationYear: 2101 }, message: '卒業年度を2000〜2100年で入力してください。' },
  ],
};

/** The calendar date `days` from today in Japan (YYYY-MM-DD). */
function daysFromToday(days: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

describe('each invalid field of each content type', () => {
  const drafts = new Map<WritableType, { userId: number; postId: number; draftKey: string; lockVersion: number }>();

  beforeAll(async () => {
    const { userId } = await createStudent();
    for (const type of WRITABLE_TYPES) drafts.set(type, { userId, ...(await writeDraft(userId, type)) });
  });

  const cases = WRITABLE_TYPES.flatMap((type) =>
    [...TITLE_CASES, ...INVALID_CASES[type]].map((item) => ({ ...item, path: pathOf(item), type, label: `${type}: ${item.name}` })),
  );

  it.each(cases)('$label gives validation_failed with the Japanese message under $path', async ({ type, set, path, message }) => {
    const draft = drafts.get(type)!;
    const content = withValues(validContent(type), set);
    const error = await expectAppError(
      submitPost({
        userId: draft.userId,
        type,
        postId: draft.postId,
        draftKey: draft.draftKey,
        lockVersion: draft.lockVersion,
        subject: subjectOf(type),
        content,
      }),
      'validation_failed',
    );
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ [path]: message });
  });

  it('left every draft a draft and granted no badge', async () => {
    for (const [type, draft] of drafts) {
      expect((await postRow(draft.postId))?.status, type).toBe('draft');
      expect((await revisionsOf(draft.postId)).map((row) => row.status)).toEqual(['draft']);
      expect(await badgeIdsOf(draft.userId)).toEqual([]);
    }
  });

  it('a draft may hold any part of the content, but not a text over its limit', async () => {
    const { userId } = await createStudent();
    const created = await createDraft({ userId, type: 'intern_experience', draftKey: randomUUID(), subject: NO_SUBJECT, content: {} });
    const partial = { title: 'まだ', ratings: { all: 4 } };
    const saved = await saveDraft({ userId, postId: created.postId, lockVersion: created.lockVersion, content: partial });
    expect((await getDraft({ userId, postId: created.postId })).content).toEqual(partial);
    const tooLong = await expectAppError(
      saveDraft({ userId, postId: created.postId, lockVersion: saved.lockVersion, content: { overview: chars(4001) } }),
      'validation_failed',
    );
    expect(tooLong.fields).toEqual({ overview: '内容は4000文字以内で入力してください。' });
    expect((await getDraft({ userId, postId: created.postId })).lockVersion).toBe(saved.lockVersion);
  });
});

describe('invalid fields that should get a Japanese message under their own path', () => {
  // A required text whose key is missing (or null) says what is missing in Japanese, not zod's default.
  const ABSENT: Array<{ type: WritableType; remove: string; path: string; message: string }> = [
    { type: 'student_word_mouth', remove: 'title', path: 'title', message: 'タイトルを入力してください。' },
    { type: 'company_study', remove: 'business', path: 'business', message: '事業内容を入力してください。' },
    { type: 'intern_entry_sheet', remove: 'questions.0.answer', path: 'questions.0.answer', message: '回答を入力してください。' },
    { type: 'intern_experience', remove: 'ratings', path: 'ratings.all', message: '総合評価を1〜5の星で選んでください。' },
  ];

  it.each(ABSENT)('$type without $remove', async ({ type, remove, path, message }) => {
    const { userId } = await createStudent();
    const error = await expectAppError(
      submitUnsaved(userId, type, withValues(validContent(type), { [remove]: REMOVE })),
      'validation_failed',
    );
    expect(error.fields?.[path]).toBe(message);
  });

  it('jobhunt_prompt_report: a date before 2000 is not called a future date', async () => {
    const { userId } = await createStudent();
    const type = 'jobhunt_prompt_report';
    const error = await expectAppError(
      submitUnsaved(userId, type, withValues(validContent(type), { eventDate: '1999-12-31' })),
      'validation_failed',
    );
    expect(error.fields?.eventDate).toMatch(/^日付/);
    expect(error.fields?.eventDate).not.toContain('未来');
  });
});

// ---------------------------------------------------------------- text cleaning

describe('text cleaning', () => {
  const DIRTY = 'か\u3099くせい\u0007の\u202Eレポート😀１２３';
  const CLEAN = 'がくせいのレポート😀１２３';

  it('a draft is stored NFC, without control or direction characters, emoji and full-width digits kept, untrimmed', async () => {
    const { userId } = await createStudent();
    const created = await createDraft({
      userId,
      type: 'student_word_mouth',
      draftKey: randomUUID(),
      subject: NO_SUBJECT,
      content: { title: ` ${DIRTY} ` },
    });
    expect((await getDraft({ userId, postId: created.postId })).content).toEqual({ title: ` ${CLEAN} ` });
    await saveDraft({
      userId,
      postId: created.postId,
      lockVersion: created.lockVersion,
      content: { title: DIRTY, body: '一行目\r\n二行目\rタブ\tのあと\u200Fと\u0085と\u2066と\u0000' },
    });
    const stored = await getDraft({ userId, postId: created.postId });
    expect(stored.content).toEqual({ title: CLEAN, body: '一行目\n二行目\nタブ のあとととと' });
    // What the database holds, not only what the function returns.
    const [row] = await selectRows<{ title: string }>(
      sql`SELECT content->>'title' AS title FROM post_revisions WHERE post_id = ${created.postId} AND status = 'draft'`,
    );
    expect(row?.title).toBe(CLEAN);
    expect(row?.title.normalize('NFC')).toBe(row?.title);
  });

  it('a submission is cleaned, trimmed, measured after cleaning, and takes full-width digits as numbers', async () => {
    const { userId } = await createStudent();
    const type = 'intern_entry_sheet';
    const content = withValues(validContent(type), {
      // 80 characters once NFC (160 code units as typed), stripped of its controls and trimmed.
      title: `${'か\u3099'.repeat(80)}\u0007\u202E\u3000`,
      year: '２０２５',
      'questions.0.question': `  志望動機を\u202Eお書きください。\u0007 `,
      'questions.0.limit': '１０',
      'questions.0.answer': 'か\u3099'.repeat(10),
    });
    const result = await submitUnsaved(userId, type, content);
    expect(result.submitted).toBe(true);
    const [revision] = await revisionsOf(result.postId);
    expect(revision?.content).toMatchObject({
      title: 'が'.repeat(80),
      year: 2025,
      questions: [{ question: '志望動機をお書きください。', limit: 10, answer: 'が'.repeat(10) }],
    });

    const emoji = withValues(validContent('student_word_mouth'), {
      title: '内定😀１社目の\u0007クチコミ',
      body: `説明会で\u0007聞いた話\u202Eです。か\u3099んばります😀１２３。${chars(40, 'い')}`,
    });
    const word = await submitUnsaved(userId, 'student_word_mouth', emoji);
    const [wordRevision] = await revisionsOf(word.postId);
    expect(wordRevision?.content).toMatchObject({
      title: '内定😀１社目のクチコミ',
      body: `説明会で聞いた話です。がんばります😀１２３。${chars(40, 'い')}`,
    });
    expect((await myPost(userId, word.postId))?.title).toBe('内定😀１社目のクチコミ');
  });

  it('the draft call cleans what it stores too', async () => {
    const { sessionId } = await createLoggedInStudent();
    const response = await draftsCall(
      jsonRequest('/api/v1/student/drafts', sessionId, 'POST', {
        type: 'company_study',
        draftKey: randomUUID(),
        companyId,
        content: { title: DIRTY },
      }),
    );
    expect(response.status).toBe(201);
    const { postId } = (await response.json()) as { postId: number };
    const got = await draftCall(postId, sessionRequest(`/api/v1/student/drafts/${postId}`, { sessionId }));
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ postId, content: { title: CLEAN }, subject: { companyId, recruitServiceId: null } });
  });
});

// ---------------------------------------------------------------- ownership

describe('another student’s draft', () => {
  it('is not found (404) for getDraft, saveDraft, deleteDraft, getDraftForEditing, submitPost and findDraft', async () => {
    const { userId: owner } = await createStudent();
    const { userId: other } = await createStudent();
    const draft = await writeDraft(owner, 'student_word_mouth');
    const { postId } = draft;

    for (const error of [
      await appErrorOf(getDraft({ userId: other, postId })),
      await appErrorOf(getDraftForEditing({ userId: other, postId })),
      await appErrorOf(saveDraft({ userId: other, postId, lockVersion: draft.lockVersion, content: { title: '乗っ取り' } })),
      await appErrorOf(saveDraft({ userId: other, postId, lockVersion: 0, content: { title: '乗っ取り' } })),
      await appErrorOf(deleteDraft({ userId: other, postId })),
      await appErrorOf(submitDraft(other, 'student_word_mouth', draft)),
    ]) {
      expect(error.code).toBe('not_found');
      expect(error.status).toBe(404);
    }
    expect(await findDraft({ userId: other, type: 'student_word_mouth', subject: subjectOf('student_word_mouth') })).toBeNull();
    expect(await listMyPosts({ userId: other })).toEqual([]);

    // The owner's draft is as it was.
    expect(await getDraft({ userId: owner, postId })).toMatchObject({ lockVersion: draft.lockVersion, content: draft.content });
    expect((await postRow(postId))?.status).toBe('draft');
    expect(await postsOf(other)).toEqual([]);
    expect(await badgeIdsOf(other)).toEqual([]);
  });

  it('is not found for a post that does not exist, nor for another student’s submitted or published post', async () => {
    const { userId: owner } = await createStudent();
    const { userId: other } = await createStudent();
    const submitted = await submitDraft(owner, 'company_study', await writeDraft(owner, 'company_study'));
    const { postId: published } = await publishPost({ type: 'company_study', authorId: owner });
    for (const postId of [submitted.postId, published, 999_999]) {
      await expectAppError(getDraftForEditing({ userId: other, postId }), 'not_found');
      await expectAppError(saveDraft({ userId: other, postId, lockVersion: 0, content: {} }), 'not_found');
      await expectAppError(deleteDraft({ userId: other, postId }), 'not_found');
    }
    expect(await revisionsOf(published)).toEqual([]);
  });

  it('answers 404 JSON to GET, PUT and DELETE /api/v1/student/drafts/{id}', async () => {
    const { userId: owner, sessionId: ownerSession } = await createLoggedInStudent();
    const { sessionId: otherSession } = await createLoggedInStudent();
    const draft = await writeDraft(owner, 'jobhunt_prompt_report');
    const path = `/api/v1/student/drafts/${draft.postId}`;

    await expectJsonError(await draftCall(draft.postId, sessionRequest(path, { sessionId: otherSession })), 404, 'not_found');
    await expectJsonError(
      await putDraft(draft.postId, otherSession, { lockVersion: draft.lockVersion, content: { title: '乗っ取り' } }),
      404,
      'not_found',
    );
    await expectJsonError(
      await draftCall(draft.postId, sessionRequest(path, { sessionId: otherSession, method: 'DELETE' })),
      404,
      'not_found',
    );
    for (const id of ['999999', 'abc', '0']) {
      await expectJsonError(
        await draftCall(id, sessionRequest(`/api/v1/student/drafts/${id}`, { sessionId: ownerSession })),
        404,
        'not_found',
      );
    }

    const mine = await draftCall(draft.postId, sessionRequest(path, { sessionId: ownerSession }));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('Cache-Control')).toBe('no-store');
    expect(await mine.json()).toMatchObject({ postId: draft.postId, lockVersion: draft.lockVersion, content: draft.content });
    expect((await postRow(draft.postId))?.status).toBe('draft');
  });
});

// ---------------------------------------------------------------- idempotency

describe('submitting twice', () => {
  it('sequentially: one post, one submitted revision, badges once', async () => {
    const { userId } = await createStudent();
    const draft = await writeDraft(userId, 'intern_experience');
    const first = await submitDraft(userId, 'intern_experience', draft);
    const second = await submitDraft(userId, 'intern_experience', draft);
    expect(first).toEqual({ postId: draft.postId, submitted: true, newBadgeKindIds: [404, 409] });
    expect(second).toEqual({ postId: draft.postId, submitted: false, newBadgeKindIds: [] });
    expect(await postsOf(userId)).toHaveLength(1);
    expect((await revisionsOf(draft.postId)).map((row) => row.status)).toEqual(['submitted']);
    expect(await badgeIdsOf(userId)).toEqual([404, 409]);
  });

  it('20 times concurrently: one post, one submitted revision, badges once', async () => {
    const { userId } = await createStudent();
    const draft = await writeDraft(userId, 'screening_experience');
    const results = await Promise.all(Array.from({ length: 20 }, () => submitDraft(userId, 'screening_experience', draft)));
    expect(results.filter((result) => result.submitted)).toHaveLength(1);
    expect(results.every((result) => result.postId === draft.postId)).toBe(true);
    expect(results.flatMap((result) => result.newBadgeKindIds).sort((a, b) => a - b)).toEqual([405, 409]);
    expect(await postsOf(userId)).toHaveLength(1);
    expect((await revisionsOf(draft.postId)).map((row) => row.status)).toEqual(['submitted']);
    expect(await badgeIdsOf(userId)).toEqual([405, 409]);
  });

  it('20 times concurrently before the first autosave (by draft key only): one post', async () => {
    const { userId } = await createStudent();
    const type = 'recruit_service_review';
    const draftKey = randomUUID();
    const content = validContent(type);
    const results = await Promise.all(Array.from({ length: 20 }, () => submitUnsaved(userId, type, content, draftKey)));
    expect(results.filter((result) => result.submitted)).toHaveLength(1);
    expect(new Set(results.map((result) => result.postId)).size).toBe(1);
    const rows = await postsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'submitted', draftKey, recruitServiceId });
    expect((await revisionsOf(rows[0]!.id)).map((row) => row.status)).toEqual(['submitted']);
    expect(await badgeIdsOf(userId)).toEqual([408, 409]);
  });
});

describe('creating a draft twice with the same draft key', () => {
  it('gives the same post, created false the second time, with the current lock version', async () => {
    const { userId } = await createStudent();
    const draftKey = randomUUID();
    const first = await createDraft({ userId, type: 'company_study', draftKey, subject: NO_SUBJECT, content: { title: '一回目' } });
    expect(first).toMatchObject({ created: true, lockVersion: 1 });
    await saveDraft({ userId, postId: first.postId, lockVersion: 1, content: { title: '保存した内容' } });
    const second = await createDraft({ userId, type: 'company_study', draftKey, subject: NO_SUBJECT, content: { title: '二回目' } });
    expect(second).toMatchObject({ postId: first.postId, created: false, lockVersion: 2 });
    expect((await getDraft({ userId, postId: first.postId })).content).toEqual({ title: '保存した内容' });
    expect(await postsOf(userId)).toHaveLength(1);
    // The same key for another type is refused, another student's key is their own.
    await expectAppError(
      createDraft({ userId, type: 'student_word_mouth', draftKey, subject: NO_SUBJECT, content: {} }),
      'invalid_request',
    );
    const { userId: other } = await createStudent();
    const theirs = await createDraft({ userId: other, type: 'company_study', draftKey, subject: NO_SUBJECT, content: {} });
    expect(theirs.created).toBe(true);
    expect(theirs.postId).not.toBe(first.postId);
  });

  it('20 times concurrently: one post, one revision, one created', async () => {
    const { userId } = await createStudent();
    const draftKey = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createDraft({ userId, type: 'student_word_mouth', draftKey, subject: NO_SUBJECT, content: { title: `タイトル${i}` } }),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.postId)).size).toBe(1);
    expect(await postsOf(userId)).toHaveLength(1);
    expect(await revisionsOf(results[0]!.postId)).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- lock versions

describe('lock versions', () => {
  it('a save based on an older lock version is refused with stale_revision and overwrites nothing', async () => {
    const { userId } = await createStudent();
    const created = await createDraft({ userId, type: 'company_study', draftKey: randomUUID(), subject: NO_SUBJECT, content: {} });
    const tabA = await saveDraft({ userId, postId: created.postId, lockVersion: 1, content: { title: 'タブAの内容' } });
    expect(tabA.lockVersion).toBe(2);
    const stale = await expectAppError(
      saveDraft({ userId, postId: created.postId, lockVersion: 1, content: { title: 'タブBの内容' } }),
      'stale_revision',
    );
    expect(stale.status).toBe(409);
    await expectAppError(
      saveDraft({ userId, postId: created.postId, lockVersion: 0, content: { title: 'タブCの内容' } }),
      'stale_revision',
    );
    await expectAppError(
      saveDraft({ userId, postId: created.postId, lockVersion: 7, content: { title: 'タブDの内容' } }),
      'stale_revision',
    );
    expect(await getDraft({ userId, postId: created.postId })).toMatchObject({ lockVersion: 2, content: { title: 'タブAの内容' } });

    // Submitting with the older version is refused too.
    const content = validContent('company_study');
    await expectAppError(
      submitPost({
        userId,
        type: 'company_study',
        postId: created.postId,
        draftKey: null,
        lockVersion: 1,
        subject: subjectOf('company_study'),
        content,
      }),
      'stale_revision',
    );
    expect((await postRow(created.postId))?.status).toBe('draft');
  });

  it('answers 409 {error:{code:"stale_revision"}} through PUT /api/v1/student/drafts/{id}', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const draft = await writeDraft(userId, 'student_word_mouth');
    const put = (lockVersion: number, title: string) =>
      putDraft(draft.postId, sessionId, { lockVersion, companyId, content: { ...draft.content, title } });

    const ok = await put(draft.lockVersion, '新しいタブのタイトル');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ postId: draft.postId, lockVersion: draft.lockVersion + 1 });
    const body = await expectJsonError(await put(draft.lockVersion, '古いタブのタイトル'), 409, 'stale_revision');
    expect(body.error.message).toBe(APP_ERRORS.stale_revision.message);
    expect((await getDraft({ userId, postId: draft.postId })).content.title).toBe('新しいタブのタイトル');
  });

  it('two tabs starting the next revision of a published post: one wins, the other is stale', async () => {
    const { userId } = await createStudent();
    const { postId } = await publishPost({ type: 'student_word_mouth', authorId: userId });
    const content = validContent('student_word_mouth');
    const results = await Promise.allSettled([
      saveDraft({ userId, postId, lockVersion: 0, content: { ...content, title: 'タブAで直したタイトル' } }),
      saveDraft({ userId, postId, lockVersion: 0, content: { ...content, title: 'タブBで直したタイトル' } }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(isAppError(refused?.reason, 'stale_revision')).toBe(true);
    expect((await revisionsOf(postId)).map((row) => row.status)).toEqual(['draft']);
  });

  it('a save after submission answers post_in_review (409), also through PUT and GET', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const draft = await writeDraft(userId, 'jobhunt_prompt_report');
    await submitDraft(userId, 'jobhunt_prompt_report', draft);
    const submittedLock = (await revisionsOf(draft.postId))[0]!.lockVersion;
    for (const lockVersion of [draft.lockVersion, submittedLock, 0]) {
      const error = await expectAppError(
        saveDraft({ userId, postId: draft.postId, lockVersion, content: { title: '審査中に直す' } }),
        'post_in_review',
      );
      expect(error.status).toBe(409);
    }
    await expectAppError(getDraft({ userId, postId: draft.postId }), 'post_in_review');
    const path = `/api/v1/student/drafts/${draft.postId}`;
    await expectJsonError(
      await putDraft(draft.postId, sessionId, { lockVersion: draft.lockVersion, content: { title: '審査中に直す' } }),
      409,
      'post_in_review',
    );
    await expectJsonError(await draftCall(draft.postId, sessionRequest(path, { sessionId })), 409, 'post_in_review');
    const [revision] = await revisionsOf(draft.postId);
    expect(revision).toMatchObject({ status: 'submitted', content: draft.content });
  });
});

// ---------------------------------------------------------------- badges

describe('submit badges', () => {
  it('the type’s badge on its first submit, 409 on the first post, 410 from the third, each once', async () => {
    const { userId } = await createStudent();
    const submit = async (type: WritableType) => (await submitDraft(userId, type, await writeDraft(userId, type))).newBadgeKindIds;
    expect(await submit('student_word_mouth')).toEqual([406, 409]);
    expect(await submit('student_word_mouth')).toEqual([]);
    expect(await submit('company_study')).toEqual([407, 410]);
    expect(await submit('company_study')).toEqual([]);
    expect(await submit('jobhunt_prompt_report')).toEqual([401]);
    expect(await badgeIdsOf(userId)).toEqual([401, 406, 407, 409, 410]);
  });

  it('under 20 concurrent submits of 20 different drafts: every badge row once, 410 granted', async () => {
    const { userId } = await createStudent();
    const drafts: Array<{ type: WritableType; draft: Awaited<ReturnType<typeof writeDraft>> }> = [];
    for (let i = 0; i < 20; i++) {
      const type = WRITABLE_TYPES[i % WRITABLE_TYPES.length]!;
      drafts.push({ type, draft: await writeDraft(userId, type) });
    }
    const results = await Promise.all(drafts.map(({ type, draft }) => submitDraft(userId, type, draft)));
    expect(results.every((result) => result.submitted)).toBe(true);
    const expected = [401, 402, 403, 404, 405, 406, 407, 408, 409, 410];
    // Each badge announced once, by exactly one of the submissions.
    expect(results.flatMap((result) => result.newBadgeKindIds).sort((a, b) => a - b)).toEqual(expected);
    const rows = await selectRows<{ badge_kind_id: number; n: number }>(
      sql`SELECT badge_kind_id, count(*)::int AS n FROM badge_grants WHERE user_id = ${userId} GROUP BY badge_kind_id ORDER BY badge_kind_id`,
    );
    expect(rows).toEqual(expected.map((id) => ({ badge_kind_id: id, n: 1 })));
    expect((await postsOf(userId)).filter((post) => post.status === 'submitted')).toHaveLength(20);
  });
});

// ---------------------------------------------------------------- editing a published post

describe('editing a published post', () => {
  it.each(WRITABLE_TYPES)('%s: the next revision goes to review while the published text stays', async (type) => {
    const { userId } = await createStudent();
    const { postId } = await publishPost({ type, authorId: userId });
    const before = await getPost({ postId, type });
    expect(before?.title).toBe(sampleContent(type).title);
    const publishedRow = await postRow(postId);
    const badgesBefore = await badgeIdsOf(userId);

    const editing = await getDraftForEditing({ userId, postId });
    expect(editing).toMatchObject({ editable: true, postId, type, lockVersion: 0, savedAt: null });
    if (!editing.editable) throw new Error('not editable');
    expect(editing.content).toEqual(sampleContent(type));

    // As JSON stores it (fromRecord leaves optional fields undefined).
    const edited = JSON.parse(JSON.stringify({ ...editing.content, title: '公開後に書き直したタイトル' })) as Content;
    const saved = await saveDraft({ userId, postId, lockVersion: 0, content: edited });
    expect(saved.lockVersion).toBe(1);
    expect((await revisionsOf(postId)).map((row) => row.status)).toEqual(['draft']);
    expect(await getDraftForEditing({ userId, postId })).toMatchObject({ editable: true, lockVersion: 1, content: edited });
    expect(await myPost(userId, postId)).toMatchObject({ state: 'published', revision: 'draft', title: edited.title });
    expect(await getPost({ postId, type })).toEqual(before);

    const result = await submitPost({
      userId,
      type,
      postId,
      draftKey: null,
      lockVersion: saved.lockVersion,
      subject: NO_SUBJECT,
      content: edited,
    });
    expect(result).toEqual({ postId, submitted: true, newBadgeKindIds: [] });
    expect(await postRow(postId)).toEqual({ ...publishedRow, submittedAt: expect.any(Date), updatedAt: expect.any(Date) });
    expect(await getPost({ postId, type })).toEqual(before);
    const revisions = await revisionsOf(postId);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ status: 'submitted', content: edited });
    expect(await myPost(userId, postId)).toMatchObject({ state: 'published', revision: 'submitted' });
    expect(await getDraftForEditing({ userId, postId })).toEqual({ editable: false, postId, type });
    await expectAppError(saveDraft({ userId, postId, lockVersion: 0, content: edited }), 'post_in_review');
    expect(await badgeIdsOf(userId)).toEqual(badgesBefore);
    expect(await postsOf(userId)).toHaveLength(1);
  });

  // A post published without a revision row (the factory, the demo, imports: posts.revision = 1):
  // its next revision comes after the one readers see, not at max(post_revisions.revision) + 1 = 1.
  it('numbers the next revision after the one readers see', async () => {
    const { userId } = await createStudent();
    const { postId } = await publishPost({ type: 'company_study', authorId: userId });
    expect((await postRow(postId))?.revision).toBe(1);
    await saveDraft({ userId, postId, lockVersion: 0, content: validContent('company_study') });
    const [draft] = await revisionsOf(postId);
    expect(draft?.revision).toBe(2);
  });
});

// ---------------------------------------------------------------- deleting drafts

describe('deleteDraft', () => {
  it('a never-submitted draft disappears', async () => {
    const { userId } = await createStudent();
    const draft = await writeDraft(userId, 'intern_entry_sheet');
    await deleteDraft({ userId, postId: draft.postId });
    expect(await postRow(draft.postId)).toBeUndefined();
    expect(await revisionsOf(draft.postId)).toEqual([]);
    expect(await listMyPosts({ userId })).toEqual([]);
    await expectAppError(getDraft({ userId, postId: draft.postId }), 'not_found');
    await expectAppError(deleteDraft({ userId, postId: draft.postId }), 'not_found');
    expect(await findDraft({ userId, type: 'intern_entry_sheet', subject: subjectOf('intern_entry_sheet') })).toBeNull();
  });

  it('the draft revision of a published post is dropped and the published post stays', async () => {
    const { userId } = await createStudent();
    const { postId } = await publishPost({ type: 'screening_entry_sheet', authorId: userId });
    const before = await getPost({ postId, type: 'screening_entry_sheet' });
    await saveDraft({ userId, postId, lockVersion: 0, content: { ...validContent('screening_entry_sheet'), title: '直しかけのタイトル' } });
    await deleteDraft({ userId, postId });
    expect(await revisionsOf(postId)).toEqual([]);
    expect((await postRow(postId))?.status).toBe('published');
    expect(await getPost({ postId, type: 'screening_entry_sheet' })).toEqual(before);
    expect(await getDraftForEditing({ userId, postId })).toMatchObject({
      editable: true,
      lockVersion: 0,
      content: sampleContent('screening_entry_sheet'),
    });
    expect(await myPost(userId, postId)).toMatchObject({ state: 'published', revision: null, title: before?.title });
    await expectAppError(deleteDraft({ userId, postId }), 'not_found');
  });

  it('a post in review has no draft to delete (404) and stays in review', async () => {
    const { userId } = await createStudent();
    const draft = await writeDraft(userId, 'company_study');
    await submitDraft(userId, 'company_study', draft);
    await expectAppError(deleteDraft({ userId, postId: draft.postId }), 'not_found');
    expect((await postRow(draft.postId))?.status).toBe('submitted');
    expect((await revisionsOf(draft.postId)).map((row) => row.status)).toEqual(['submitted']);
  });

  it('through DELETE /api/v1/student/drafts/{id}', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const draft = await writeDraft(userId, 'student_word_mouth');
    const path = `/api/v1/student/drafts/${draft.postId}`;
    const response = await draftCall(draft.postId, sessionRequest(path, { sessionId, method: 'DELETE' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true, postId: draft.postId });
    expect(await postRow(draft.postId)).toBeUndefined();
    await expectJsonError(await draftCall(draft.postId, sessionRequest(path, { sessionId, method: 'DELETE' })), 404, 'not_found');
  });
});

// ---------------------------------------------------------------- the draft calls

describe('POST /api/v1/student/drafts', () => {
  const path = '/api/v1/student/drafts';

  it('creates a draft (201), and the same draft key again answers 200 with the same post', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const body = { type: 'intern_experience', draftKey: randomUUID(), companyId, content: { title: '夏のインターン' } };
    const first = await draftsCall(jsonRequest(path, sessionId, 'POST', body));
    expect(first.status).toBe(201);
    expect(first.headers.get('Cache-Control')).toBe('no-store');
    const created = (await first.json()) as { postId: number; lockVersion: number; created: boolean; savedAt: string };
    expect(created).toMatchObject({ lockVersion: 1, created: true });
    expect(Number.isNaN(Date.parse(created.savedAt))).toBe(false);
    const again = await draftsCall(jsonRequest(path, sessionId, 'POST', body));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ postId: created.postId, created: false, lockVersion: 1 });
    expect(await postsOf(userId)).toHaveLength(1);
    expect(await postRow(created.postId)).toMatchObject({ type: 'intern_experience', status: 'draft', companyId });
  });

  it('answers 415 to a body that is not JSON, 400 to broken JSON, 401 without login: JSON errors, never 500', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const valid = JSON.stringify({ type: 'company_study', draftKey: randomUUID(), content: {} });
    await expectJsonError(
      await draftsCall(sessionRequest(path, { sessionId, method: 'POST', type: 'text/plain', body: valid })),
      415,
      'unsupported_media_type',
    );
    await expectJsonError(
      await draftsCall(
        sessionRequest(path, { sessionId, method: 'POST', type: 'application/x-www-form-urlencoded', body: 'type=company_study' }),
      ),
      415,
      'unsupported_media_type',
    );
    await expectJsonError(
      await draftsCall(sessionRequest(path, { sessionId, method: 'POST', body: valid })),
      415,
      'unsupported_media_type',
    );
    for (const broken of ['{"type": "company_study", "draftKey":', '', 'null', '[1, 2]', '"text"']) {
      await expectJsonError(
        await draftsCall(sessionRequest(path, { sessionId, method: 'POST', type: 'application/json', body: broken })),
        400,
        'invalid_request',
      );
    }
    await expectJsonError(await draftsCall(jsonRequest(path, null, 'POST', JSON.parse(valid))), 401, 'unauthenticated');
    await expectJsonError(
      await draftsCall(sessionRequest(path, { sessionId: null, method: 'POST', type: 'text/plain', body: 'x' })),
      401,
      'unauthenticated',
    );
    await expectJsonError(
      await draftsCall(sessionRequest(path, { sessionId: 'not-a-session', method: 'POST', type: 'application/json', body: valid })),
      401,
      'unauthenticated',
    );

    const badKey = await expectJsonError(
      await draftsCall(jsonRequest(path, sessionId, 'POST', { type: 'company_study', draftKey: 'abc', content: {} })),
      400,
      'validation_failed',
    );
    expect(Object.keys((badKey.error as { fields?: object }).fields ?? {})).toEqual(['draftKey']);
    await expectJsonError(
      await draftsCall(jsonRequest(path, sessionId, 'POST', { type: 'employee_word_mouth', draftKey: randomUUID(), content: {} })),
      400,
      'invalid_request',
    );
    await expectJsonError(
      await draftsCall(jsonRequest(path, sessionId, 'POST', { type: 'novel', draftKey: randomUUID(), content: {} })),
      400,
      'validation_failed',
    );
    await expectJsonError(
      await draftsCall(
        jsonRequest(path, sessionId, 'POST', { type: 'company_study', draftKey: randomUUID(), companyId: 999_999, content: {} }),
      ),
      404,
      'company_not_found',
    );
    const tooLong = await expectJsonError(
      await draftsCall(
        jsonRequest(path, sessionId, 'POST', { type: 'company_study', draftKey: randomUUID(), content: { title: chars(81) } }),
      ),
      400,
      'validation_failed',
    );
    expect((tooLong.error as { fields?: object }).fields).toEqual({ title: 'タイトルは80文字以内で入力してください。' });
    const get = await draftsCall(sessionRequest(path, { sessionId }));
    await expectJsonError(get, 405, 'method_not_allowed');
    expect(get.headers.get('Allow')).toBe('POST');
    expect(await postsOf(userId)).toEqual([]);
  });

  it('PUT /api/v1/student/drafts/{id} answers 415, 400 and 401 the same way', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const draft = await writeDraft(userId, 'company_study');
    const draftPath = `/api/v1/student/drafts/${draft.postId}`;
    const put = (options: { sessionId: string | null; type?: string; body: string }) =>
      draftCall(draft.postId, sessionRequest(draftPath, { method: 'PUT', ...options }));
    const body = JSON.stringify({ lockVersion: draft.lockVersion, content: { title: '別の内容' } });
    await expectJsonError(await put({ sessionId, type: 'text/plain', body }), 415, 'unsupported_media_type');
    await expectJsonError(await put({ sessionId, type: 'application/json', body: '{"lockVersion": 1,' }), 400, 'invalid_request');
    await expectJsonError(await put({ sessionId: null, type: 'application/json', body }), 401, 'unauthenticated');
    await expectJsonError(
      await put({ sessionId, type: 'application/json', body: JSON.stringify({ lockVersion: -1, content: {} }) }),
      400,
      'validation_failed',
    );
    const post = await draftCall(draft.postId, jsonRequest(draftPath, sessionId, 'POST', {}));
    await expectJsonError(post, 405, 'method_not_allowed');
    expect(await getDraft({ userId, postId: draft.postId })).toMatchObject({ lockVersion: draft.lockVersion, content: draft.content });
  });

  it('accepts a draft of ten 2,000-character ES answers (~70 KB), under the server’s body cap for the draft calls', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const content = {
      ...validContent('screening_entry_sheet'),
      title: chars(80, '長'),
      jobType: chars(40, '職'),
      questions: Array.from({ length: 10 }, (_, i) => ({ question: chars(200, '問'), answer: `${i}${chars(1999, '答')}` })),
    };
    const body = JSON.stringify({ type: 'screening_entry_sheet', draftKey: randomUUID(), companyId, content });
    const bytes = new TextEncoder().encode(body).length;
    expect(bytes).toBeGreaterThan(65_000);
    // callRoute starts behind the server's body cap (server/request-body.ts): the cap is checked here.
    expect(bodyLimitFor('/api/v1/student/drafts')).toBeGreaterThanOrEqual(Math.max(70_000, bytes));
    expect(bodyLimitFor('/api/v1/student/drafts/1')).toBeGreaterThanOrEqual(Math.max(70_000, bytes));
    expect(bodyLimitFor('/api/v1/student/drafts/123/')).toBeGreaterThanOrEqual(70_000);
    expect(bodyLimitFor('/api/v1/student/favorites')).toBeLessThan(70_000);

    const created = await draftsCall(
      sessionRequest('/api/v1/student/drafts', { sessionId, method: 'POST', type: 'application/json', body }),
    );
    expect(created.status).toBe(201);
    const { postId, lockVersion } = (await created.json()) as { postId: number; lockVersion: number };
    const draftPath = `/api/v1/student/drafts/${postId}`;
    const saved = await putDraft(postId, sessionId, { lockVersion, companyId, content });
    expect(saved.status).toBe(200);
    const got = await draftCall(postId, sessionRequest(draftPath, { sessionId }));
    expect(((await got.json()) as { content: unknown }).content).toEqual(content);
    // And it can be sent as it is.
    const result = await submitPost({
      userId,
      type: 'screening_entry_sheet',
      postId,
      draftKey: null,
      lockVersion: lockVersion + 1,
      subject: subjectOf('screening_entry_sheet'),
      content,
    });
    expect(result.submitted).toBe(true);
  });
});

// ---------------------------------------------------------------- the posting form's action

describe('the posting form’s action', () => {
  const wordMouthFields = (overrides: Record<string, string> = {}) => {
    const content = validContent('student_word_mouth');
    return {
      authenticity_token: 'token-checked-by-the-server',
      draftKey: randomUUID(),
      postId: '',
      lockVersion: '0',
      companyId: String(companyId),
      category: String(content.category),
      title: String(content.title),
      rating: String(content.rating),
      body: String(content.body),
      ...overrides,
    };
  };

  it('sends a visitor to /login and back to the form', async () => {
    const answer = await callFormAction(formRequest('/word_mouths/new?utm_source=badge', null, wordMouthFields()));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/login?redirect_to=${encodeURIComponent('/word_mouths/new?utm_source=badge')}`);
  });

  it('answers an invalid submit 400 with the errors by field path and what was typed', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const fields = wordMouthFields({ title: 'あいう', body: '短いです', rating: '', category: '飲み会' });
    const answer = await callFormAction(formRequest('/word_mouths/new', sessionId, fields));
    expect(answer.status).toBe(400);
    const { authenticity_token: _token, ...typed } = fields;
    expect(answer.body).toEqual({
      ok: false,
      errors: {
        category: 'カテゴリを選んでください。',
        title: 'タイトルは5文字以上で入力してください。',
        rating: '総合評価を1〜5の星で選んでください。',
        body: 'クチコミは50文字以上で入力してください。',
      },
      values: typed,
    });
    expect(await postsOf(userId)).toEqual([]);
  });

  it('keys the errors of list items by their full path and echoes the nested values', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const fields = {
      authenticity_token: 'token',
      draftKey: randomUUID(),
      postId: '',
      lockVersion: '0',
      companyId: '',
      title: 'インターンのES',
      year: '２０２５',
      season: 'summer',
      result: 'passed',
      'questions.0.question': '志望動機を教えてください。',
      'questions.0.limit': '10',
      'questions.0.answer': 'とても長い回答なので十字を超えてしまいます。',
      'questions.1.question': '',
      'questions.1.limit': '',
      'questions.1.answer': '自己PRです。',
    };
    const answer = await callFormAction(formRequest('/entry_sheets/new?selection_type=intern', sessionId, fields));
    expect(answer.status).toBe(400);
    const body = answer.body as { ok: false; errors: Record<string, string>; values: Record<string, unknown> };
    expect(body.ok).toBe(false);
    expect(body.errors).toMatchObject({
      companyId: '企業を選んでください。',
      'questions.1.question': '設問を入力してください。',
    });
    expect(body.values).toMatchObject({
      title: 'インターンのES',
      year: '２０２５',
      questions: [
        { question: '志望動機を教えてください。', limit: '10', answer: 'とても長い回答なので十字を超えてしまいます。' },
        { question: '', limit: '', answer: '自己PRです。' },
      ],
    });
    expect(body.values).not.toHaveProperty('authenticity_token');

    // With a company and the second question written, the answer over its limit is the one error.
    const second = await callFormAction(
      formRequest('/entry_sheets/new?selection_type=intern', sessionId, {
        ...fields,
        companyId: String(companyId),
        'questions.1.question': '自己PRをしてください。',
      }),
    );
    expect(second.status).toBe(400);
    expect((second.body as { errors: object }).errors).toEqual({ 'questions.0.answer': '回答が10字を超えています（22字）。' });
    expect(await postsOf(userId)).toEqual([]);
  });

  it('submits a valid post and goes to /mypage/posts', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const fields = wordMouthFields();
    const answer = await callFormAction(formRequest('/word_mouths/new', sessionId, fields));
    expect(answer.status).toBe(302);
    const [post] = await postsOf(userId);
    expect(answer.location).toBe(`/mypage/posts?submitted=${post?.id}`);
    expect(post).toMatchObject({ status: 'submitted', companyId, draftKey: fields.draftKey });
    expect(await myPost(userId, post!.id)).toMatchObject({ state: 'submitted', title: fields.title });
    // Sent again (a double tap without JavaScript): still one post.
    const again = await callFormAction(formRequest('/word_mouths/new', sessionId, fields));
    expect(again.status).toBe(302);
    expect(await postsOf(userId)).toHaveLength(1);
  });

  // Decision 056: what submitPost refuses comes back as the one refused-form shape, from the
  // server's one mapping of AppError (the route names the errors in formErrors).
  it('says a refused submit in the form with what was typed: a company gone beside its picker, another tab’s save above it', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const gone = await callFormAction(formRequest('/word_mouths/new', sessionId, wordMouthFields({ companyId: '2000000000' })));
    expect(gone.status).toBe(400);
    expect(gone.body).toMatchObject({
      ok: false,
      code: 'chosen_company_not_found',
      errors: { companyId: '選んだ企業が見つかりません。もう一度選んでください。' },
      values: { companyId: '2000000000', title: wordMouthFields().title },
    });
    expect(gone.body).not.toHaveProperty('values.authenticity_token');

    const type = 'student_word_mouth';
    const draft = await createDraft({ userId, type, draftKey: randomUUID(), subject: subjectOf(type), content: validContent(type) });
    await saveDraft({
      userId,
      postId: draft.postId,
      lockVersion: draft.lockVersion,
      subject: subjectOf(type),
      content: validContent(type),
    });
    const stale = await callFormAction(
      formRequest('/word_mouths/new', sessionId, wordMouthFields({ postId: String(draft.postId), lockVersion: String(draft.lockVersion) })),
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ ok: false, code: 'stale_revision', errors: { form: APP_ERRORS.stale_revision.message } });
    expect((await postRow(draft.postId))?.status).toBe('draft');
  });

  // The action sends the form's own draft (its postId), not the draft the URL's type and subject
  // would find: a form whose company was chosen in the form must not send another draft.
  it('submits the draft the form was editing, not another draft of the same type', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const type = 'student_word_mouth';
    const content = validContent(type);
    // Tab A: a draft whose company was chosen in the form (the URL has no company_id).
    const keyA = randomUUID();
    const a = await createDraft({ userId, type, draftKey: keyA, subject: NO_SUBJECT, content: { title: content.title } });
    const savedA = await saveDraft({ userId, postId: a.postId, lockVersion: a.lockVersion, subject: subjectOf(type), content });
    // Tab B, opened later: another word of mouth, no company chosen yet.
    const b = await createDraft({ userId, type, draftKey: randomUUID(), subject: NO_SUBJECT, content: { title: '別のクチコミの下書き' } });
    await saveDraft({
      userId,
      postId: b.postId,
      lockVersion: b.lockVersion,
      subject: NO_SUBJECT,
      content: { title: '別のクチコミの下書き' },
    });

    const answer = await callFormAction(
      formRequest(
        '/word_mouths/new',
        sessionId,
        wordMouthFields({ draftKey: keyA, postId: String(a.postId), lockVersion: String(savedA.lockVersion) }),
      ),
    );
    expect(answer.location).toBe(`/mypage/posts?submitted=${a.postId}`);
    expect((await postRow(a.postId))?.status).toBe('submitted');
    expect(await getDraft({ userId, postId: b.postId })).toMatchObject({ content: { title: '別のクチコミの下書き' } });
  });

  // An intern experience sent with no star chosen sends no ratings.* field at all: each rating
  // still gets its Japanese message beside it, not one message under "ratings".
  it('an intern experience sent without any star gets a Japanese message beside each rating', async () => {
    const { sessionId } = await createLoggedInStudent();
    const content = validContent('intern_experience');
    const fields: Record<string, string> = {
      authenticity_token: 'token',
      draftKey: randomUUID(),
      postId: '',
      lockVersion: '0',
      companyId: String(companyId),
    };
    for (const name of ['title', 'year', 'season', 'theme', 'format', 'days', 'overview', 'flow', 'impressions']) {
      fields[name] = String(content[name]);
    }
    const answer = await callFormAction(formRequest(`/intern_experiences/new?company_id=${companyId}`, sessionId, fields));
    expect(answer.status).toBe(400);
    const errors = (answer.body as { errors: Record<string, string> }).errors;
    expect(errors['ratings.all']).toBe('総合評価を1〜5の星で選んでください。');
    expect(errors).not.toHaveProperty('ratings');
  });
});

describe('the one-statement save (the form names its type)', () => {
  it('saves the student’s own draft and refuses what the full path refuses', async () => {
    const { userId } = await createStudent();
    const { userId: otherId } = await createStudent();
    const type: WritableType = 'company_study';
    const { postId, lockVersion } = await writeDraft(userId, type);
    const saveId = randomUUID();
    const saved = await saveDraft({
      userId,
      postId,
      lockVersion,
      type,
      saveId,
      subject: subjectOf(type),
      content: { title: '一文で保存' },
    });
    expect(saved.lockVersion).toBe(lockVersion + 1);
    expect((await getDraft({ userId, postId })).lastSaveId).toBe(saveId);

    // A stale version, another student, another type claimed: the same answers as without a type.
    await expectAppError(saveDraft({ userId, postId, lockVersion, type, subject: subjectOf(type), content: {} }), 'stale_revision');
    await expectAppError(saveDraft({ userId: otherId, postId, lockVersion: saved.lockVersion, type, content: {} }), 'not_found');
    const other = await saveDraft({
      userId,
      postId,
      lockVersion: saved.lockVersion,
      type: 'student_word_mouth',
      subject: subjectOf(type),
      content: { title: '種類を偽った保存' },
    });
    expect((await getDraft({ userId, postId })).content).toMatchObject({ title: '種類を偽った保存' });
    // A new company takes the full path, which checks it.
    await expectAppError(
      saveDraft({
        userId,
        postId,
        lockVersion: other.lockVersion,
        type,
        subject: { companyId: 999_999, recruitServiceId: null },
        content: {},
      }),
      'company_not_found',
    );
  });
});
