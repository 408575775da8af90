// The one save of a draft (app/features/posting/drafts.server.ts, saveDraft): the same
// statement stores the text whether the form names its type (the autosave's one statement) or
// not (the post read first), and both give the same answers: the new version, stale_revision,
// not_found, post_in_review, a checked new company, the next revision of a published post.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../app/db/client.server';
import { posts } from '../../app/db/schema';
import { createDraft, getDraft, getDraftForEditing, saveDraft } from '../../app/features/posting/drafts.server';
import { submitPost } from '../../app/features/posting/submit-post.server';
import { type AppErrorCode, isAppError } from '../../app/lib/app-error';
import { createCompany, createReferenceData, createStudent, publishPost, sampleContent } from '../factories';
import { openTestDatabase, type TestDatabase } from '../setup/test-database';

let testDb: TestDatabase;
let companyId = 0;
let otherCompanyId = 0;

beforeAll(async () => {
  testDb = await openTestDatabase();
  await createReferenceData();
  companyId = (await createCompany()).companyId;
  otherCompanyId = (await createCompany()).companyId;
});

afterAll(async () => {
  await testDb?.close();
});

async function refusal(promise: Promise<unknown>): Promise<AppErrorCode | 'saved'> {
  try {
    await promise;
    return 'saved';
  } catch (error) {
    if (!isAppError(error)) throw error;
    return error.code;
  }
}

async function draftOf(userId: number) {
  const created = await createDraft({
    userId,
    type: 'company_study',
    draftKey: randomUUID(),
    subject: { companyId, recruitServiceId: null },
    content: { title: 'はじめの一文' },
  });
  return { postId: created.postId, lockVersion: created.lockVersion };
}

const companyOf = async (postId: number) => (await db().select().from(posts).where(eq(posts.id, postId)))[0]?.companyId;

describe.each([
  { how: 'with the form’s type', type: 'company_study' as const },
  { how: 'without a type', type: undefined },
])('a draft saved $how', ({ type }) => {
  it('stores the text on the version the tab saw, with its save id, and answers the next version', async () => {
    const { userId } = await createStudent();
    const { postId, lockVersion } = await draftOf(userId);
    const saveId = randomUUID();
    const subject = { companyId, recruitServiceId: null };
    const saved = await saveDraft({ userId, postId, lockVersion, type, saveId, subject, content: { title: '保存した本文' } });
    expect(saved).toMatchObject({ postId, lockVersion: lockVersion + 1 });
    const stored = await getDraft({ userId, postId });
    expect(stored).toMatchObject({ lockVersion: lockVersion + 1, lastSaveId: saveId, content: { title: '保存した本文' } });
    expect(stored.savedAt).toBe(saved.savedAt);
  });

  it('refuses a stale version, another student’s post, and a post in review, storing nothing', async () => {
    const { userId } = await createStudent();
    const { userId: otherId } = await createStudent();
    const { postId, lockVersion } = await draftOf(userId);
    const saved = await saveDraft({ userId, postId, lockVersion, type, content: { title: '二つ目のタブ' } });
    expect(await refusal(saveDraft({ userId, postId, lockVersion, type, content: { title: '古いタブ' } }))).toBe('stale_revision');
    expect(await refusal(saveDraft({ userId: otherId, postId, lockVersion: saved.lockVersion, type, content: {} }))).toBe('not_found');
    expect(await refusal(saveDraft({ userId, postId: 2_000_000_000, lockVersion: 1, type, content: {} }))).toBe('not_found');
    expect((await getDraft({ userId, postId })).content).toEqual({ title: '二つ目のタブ' });

    await submitPost({
      userId,
      type: 'company_study',
      postId,
      draftKey: null,
      lockVersion: saved.lockVersion,
      subject: { companyId, recruitServiceId: null },
      content: sampleContent('company_study'),
    });
    const inReview = saveDraft({ userId, postId, lockVersion: saved.lockVersion + 1, type, content: { title: '審査中に保存' } });
    expect(await refusal(inReview)).toBe('post_in_review');
  });

  it('refuses a text over its limit as the type’s draft schema does', async () => {
    const { userId } = await createStudent();
    const { postId, lockVersion } = await draftOf(userId);
    expect(await refusal(saveDraft({ userId, postId, lockVersion, type, content: { title: 'あ'.repeat(81) } }))).toBe('validation_failed');
  });

  it('moves a never-sent draft to another company after checking it, with the text', async () => {
    const { userId } = await createStudent();
    const { postId, lockVersion } = await draftOf(userId);
    const unknown = { companyId: 2_000_000_000, recruitServiceId: null };
    expect(await refusal(saveDraft({ userId, postId, lockVersion, type, subject: unknown, content: { title: '消えた会社' } }))).toBe(
      'company_not_found',
    );
    expect((await getDraft({ userId, postId })).content).toEqual({ title: 'はじめの一文' });
    const moved = { companyId: otherCompanyId, recruitServiceId: null };
    const saved = await saveDraft({ userId, postId, lockVersion, type, subject: moved, content: { title: '別の会社' } });
    expect(saved.lockVersion).toBe(lockVersion + 1);
    expect(await companyOf(postId)).toBe(otherCompanyId);
  });

  it('starts the next revision of a published post at version 0, once', async () => {
    const { userId } = await createStudent();
    const { postId } = await publishPost({ type: 'company_study', authorId: userId, companyId });
    expect((await getDraftForEditing({ userId, postId })).editable).toBe(true);
    const saved = await saveDraft({ userId, postId, lockVersion: 0, type, content: { title: '次の版の下書き' } });
    expect(saved.lockVersion).toBeGreaterThan(0);
    expect(await getDraft({ userId, postId })).toMatchObject({ lockVersion: saved.lockVersion, content: { title: '次の版の下書き' } });
    // Another tab that also started from the published text is stale; so is version 0 on a draft.
    expect(await refusal(saveDraft({ userId, postId, lockVersion: 0, type, content: { title: '別のタブ' } }))).toBe('stale_revision');
    const { postId: draftId } = await draftOf(userId);
    expect(await refusal(saveDraft({ userId, postId: draftId, lockVersion: 0, type, content: {} }))).toBe('stale_revision');
  });
});
