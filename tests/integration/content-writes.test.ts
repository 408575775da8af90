// The write operations the factories stand on (tests/factories.ts): reference data, companies,
// recruit services and published posts, against a real database.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, selectRows } from '../../app/db/client.server';
import { POST_TYPE_KEYS, type PostTypeKey } from '../../app/db/enums';
import {
  badgeGrants,
  companies,
  entrySheets,
  industries,
  internExperiences,
  posts,
  prefectures,
  recruitServices,
  screeningExperiences,
} from '../../app/db/schema';
import { createCompany } from '../../app/features/companies/create-company.server';
import { getCompanyProfile } from '../../app/features/companies/get-company-profile.server';
import { generateDemoData } from '../../app/features/demo/generate';
import { seedReferenceData } from '../../app/features/demo/seed-reference-data.server';
import { getPost } from '../../app/features/posts/get-post.server';
import { POST_TYPES } from '../../app/features/posts/post-types';
import { publishPost } from '../../app/features/posts/publish-post.server';
import { fromPostRecord } from '../../app/features/posts/types/registry';
import { createRecruitService } from '../../app/features/recruit-services/create-recruit-service.server';
import { isAppError } from '../../app/lib/app-error';
import {
  createCompany as createAnyCompany,
  createRecruitService as createAnyService,
  createStudent,
  industryIdOf,
  prefectureIdOf,
  sampleContent,
} from '../factories';
import { openTestDatabase, type TestDatabase } from '../setup/test-database';

let testDb: TestDatabase;
let firstRun: { prefectures: number; industries: number };

beforeAll(async () => {
  testDb = await openTestDatabase();
  firstRun = await seedReferenceData();
});
afterAll(async () => {
  await testDb?.close();
});

const count = async (table: 'posts' | 'intern_experiences' | 'screening_experiences' | 'entry_sheets' | 'badge_grants') =>
  Number((await selectRows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]?.n);

describe('seedReferenceData', () => {
  it('writes exactly the prefectures and industries of the demo data, which the demo seed now writes through it', async () => {
    const demo = generateDemoData({ passwordHash: 'unused', seed: 1 });
    expect(firstRun).toEqual({ prefectures: 47, industries: demo.industries.length });
    expect(await db().select().from(prefectures).orderBy(prefectures.id)).toEqual(demo.prefectures);
    expect(await db().select().from(industries).orderBy(industries.id)).toEqual(demo.industries);
  });

  it('changes nothing when called again, and leaves the industry ids to continue after the last', async () => {
    expect(await seedReferenceData()).toEqual({ prefectures: 0, industries: 0 });
    const [row] = await selectRows<{ next: number }>(sql`SELECT nextval(pg_get_serial_sequence('industries', 'id'))::int AS next`);
    expect(row?.next).toBe(firstRun.industries + 1);
  });
});

describe('createCompany', () => {
  it('stores a company with zero post numbers, which the company page shows', async () => {
    const { companyId } = await createCompany({
      name: '株式会社ファクトリー',
      kana: 'ファクトリー',
      industryId: industryIdOf('銀行'),
      prefectureId: prefectureIdOf('大阪府'),
      foundedYear: 1950,
    });
    const [row] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(row).toMatchObject({
      name: '株式会社ファクトリー',
      foundedYear: 1950,
      url: null,
      description: '',
      publishedPostCount: 0,
      internReportCount: 0,
      internRatingAverage: null,
    });
    expect(await getCompanyProfile({ companyId })).toMatchObject({
      name: '株式会社ファクトリー',
      industryName: '銀行',
      prefectureName: '大阪府',
    });
  });

  it('refuses an unknown industry', async () => {
    await expect(createCompany({ name: 'x', kana: 'エックス', industryId: 9999, prefectureId: 13 })).rejects.toThrow();
  });
});

describe('createRecruitService', () => {
  it('stores a service once per name', async () => {
    const { recruitServiceId } = await createRecruitService({ name: 'ナビテスト', kana: 'ナビテスト', category: '就活ナビ' });
    const [row] = await db().select().from(recruitServices).where(eq(recruitServices.id, recruitServiceId));
    expect(row).toMatchObject({ name: 'ナビテスト', category: '就活ナビ', url: null, description: '' });
    await expect(createRecruitService({ name: 'ナビテスト', kana: 'ナビテスト', category: '就活ナビ' })).rejects.toThrow();
  });
});

describe('publishPost', () => {
  async function storedContent(postId: number, type: PostTypeKey) {
    const [post] = await db().select().from(posts).where(eq(posts.id, postId));
    const [intern] = await db().select().from(internExperiences).where(eq(internExperiences.postId, postId));
    const [screening] = await db().select().from(screeningExperiences).where(eq(screeningExperiences.postId, postId));
    const [entrySheet] = await db().select().from(entrySheets).where(eq(entrySheets.postId, postId));
    const { postId: _p, companyId: _c, ...internFields } = intern ?? { postId: 0, companyId: 0 };
    return fromPostRecord(type, {
      title: post!.title,
      sections: post!.sections,
      attributes: post!.attributes,
      intern: intern ? (internFields as never) : undefined,
      screening: screening ? { graduationYear: screening.graduationYear, steps: screening.steps, result: screening.result } : undefined,
      entrySheet: entrySheet ? { selectionType: entrySheet.selectionType, year: entrySheet.year, result: entrySheet.result } : undefined,
    });
  }

  it.each(POST_TYPE_KEYS)('stores %s through its type module, refreshes the company and earns the author its badges', async (type) => {
    const { userId } = await createStudent();
    const companyId = type === 'recruit_service_review' ? undefined : (await createAnyCompany()).companyId;
    const subject = companyId === undefined ? { recruitServiceId: (await createAnyService()).recruitServiceId } : { companyId };
    const publishedAt = new Date('2025-06-02T00:00:00Z');
    const submittedAt = new Date('2025-06-01T00:00:00Z');
    const { postId, newBadgeKindIds } = await publishPost({
      type,
      authorId: userId,
      ...subject,
      content: sampleContent(type),
      publishedAt,
      submittedAt,
    });

    const [post] = await db().select().from(posts).where(eq(posts.id, postId));
    expect(post).toMatchObject({ type, status: 'published', revision: 1, authorId: userId, publishedAt, submittedAt });
    expect(await storedContent(postId, type)).toEqual({ type, ...sampleContent(type) });
    expect((await getPost({ postId, type }))?.title).toBe(sampleContent(type).title);

    const submitBadge = POST_TYPES[type].submitBadgeId;
    expect(newBadgeKindIds).toEqual([...(submitBadge === null ? [] : [submitBadge]), 409, 412]);
    expect(
      (await db().select().from(badgeGrants).where(eq(badgeGrants.userId, userId))).map((row) => row.badgeKindId).sort((a, b) => a - b),
    ).toEqual(newBadgeKindIds);

    if (companyId !== undefined) {
      const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
      expect(company?.publishedPostCount).toBe(1);
      expect(company?.internReportCount).toBe(type === 'intern_experience' ? 1 : 0);
      expect(company?.internRatingAverage).toBe(type === 'intern_experience' ? sampleContent('intern_experience').ratings.all : null);
    }
  });

  it('copies the company into the intern experience and counts only the author’s third submission for 410', async () => {
    const { userId } = await createStudent();
    const { companyId } = await createAnyCompany();
    const first = await publishPost({
      type: 'intern_experience',
      authorId: userId,
      companyId,
      content: sampleContent('intern_experience'),
    });
    const [detail] = await db().select().from(internExperiences).where(eq(internExperiences.postId, first.postId));
    expect(detail?.companyId).toBe(companyId);
    expect(
      (await publishPost({ type: 'intern_experience', authorId: userId, companyId, content: sampleContent('intern_experience') }))
        .newBadgeKindIds,
    ).toEqual([]);
    expect(
      (await publishPost({ type: 'company_study', authorId: userId, companyId, content: sampleContent('company_study') })).newBadgeKindIds,
    ).toEqual([407, 410]);
  });

  it('publishes an imported post without an author and grants nobody anything', async () => {
    const before = await count('badge_grants');
    const { companyId } = await createAnyCompany();
    const { postId, newBadgeKindIds } = await publishPost({
      type: 'employee_word_mouth',
      authorId: null,
      companyId,
      content: sampleContent('employee_word_mouth'),
    });
    expect(newBadgeKindIds).toEqual([]);
    expect((await getPost({ postId, type: 'employee_word_mouth' }))?.author).toBeNull();
    expect(await count('badge_grants')).toBe(before);
  });

  it('gives a post its own graduation year, apart from the author’s profile (issue 27)', async () => {
    const { userId } = await createStudent({ profile: { graduationYear: 2028, faculty: '法学部' } });
    const { companyId } = await createAnyCompany();
    const withYear = await publishPost({
      type: 'intern_experience',
      authorId: userId,
      companyId,
      content: sampleContent('intern_experience', { graduationYear: 2027 }),
    });
    const post = await getPost({ postId: withYear.postId, type: 'intern_experience' });
    expect(post).toMatchObject({ graduationYear: 2027, author: { graduationYear: 2028, faculty: '法学部' } });
    const without = await publishPost({
      type: 'intern_experience',
      authorId: userId,
      companyId,
      content: sampleContent('intern_experience', { graduationYear: undefined }),
    });
    expect((await getPost({ postId: without.postId, type: 'intern_experience' }))?.graduationYear).toBeNull();
  });

  it('refuses content its type’s schema refuses, and a post without its subject, writing nothing', async () => {
    const { userId } = await createStudent();
    const { companyId } = await createAnyCompany();
    const before = await Promise.all([count('posts'), count('intern_experiences'), count('badge_grants')]);
    const refused = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(isAppError(error, 'validation_failed')).toBe(true);
      return error as { fields?: Record<string, string> };
    };
    const tooShort = await refused(
      publishPost({
        type: 'intern_experience',
        authorId: userId,
        companyId,
        content: { ...sampleContent('intern_experience'), overview: '短い' },
      }),
    );
    expect(Object.keys(tooShort.fields ?? {})).toEqual(['overview']);
    await refused(publishPost({ type: 'company_study', authorId: userId, content: sampleContent('company_study') }));
    await refused(
      publishPost({ type: 'recruit_service_review', authorId: userId, companyId, content: sampleContent('recruit_service_review') }),
    );
    expect(await Promise.all([count('posts'), count('intern_experiences'), count('badge_grants')])).toEqual(before);
  });

  it('runs inside the caller’s transaction: a rollback leaves no post, no company numbers and no badge', async () => {
    const { userId } = await createStudent();
    const { companyId } = await createAnyCompany();
    const before = await Promise.all([count('posts'), count('intern_experiences'), count('badge_grants')]);
    await expect(
      db().transaction(async (tx) => {
        await publishPost({ tx, type: 'intern_experience', authorId: userId, companyId, content: sampleContent('intern_experience') });
        throw new Error('the approval failed');
      }),
    ).rejects.toThrow('the approval failed');
    expect(await Promise.all([count('posts'), count('intern_experiences'), count('badge_grants')])).toEqual(before);
    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(company?.publishedPostCount).toBe(0);
  });
});
