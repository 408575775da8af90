// Test data built by the site's own operations (docs/product/architecture.md#rules-of-the-house: "Test data is built by the same
// feature functions the site uses"), so that a test's rows are rows the site could have written,
// badges included. Every factory gives unique, valid defaults and takes overrides. A factory only
// moves a date into the past after the operation (`at`, `submittedAt`, `completedAt`): nothing
// here writes a row the site's operations would not (docs/decisions/060-caches-and-honest-tests.md).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { db } from '../app/db/client.server';
import type { PostTypeKey, TrackerCategory, TrackerOutcome, TrackerStatus } from '../app/db/enums';
import { badgeGrants, clips, favorites, postRevisions, posts, usefulVotes, users } from '../app/db/schema';
import { createModerator as promoteToModerator } from '../app/features/accounts/create-moderator.server';
import type { EmailRequester } from '../app/features/accounts/email-limits.server';
import { normalizeEmail } from '../app/features/accounts/schemas';
import { createDraft } from '../app/features/posting/drafts.server';
import { submitPost as submitForReview } from '../app/features/posting/submit-post.server';
import { createSession } from '../app/features/accounts/sessions.server';
import { signUp } from '../app/features/accounts/sign-up.server';
import { updateMatchConditions } from '../app/features/accounts/update-match-conditions.server';
import { updateProfile } from '../app/features/accounts/update-profile.server';
import { recordActivity } from '../app/features/badges/record-activity.server';
import { creditPublishedPost } from '../app/features/rewards/credit-points.server';
import { addTrackerEntry, setTrackerState } from '../app/features/tracker/writes.server';
import { tokyoDate } from '../app/lib/tokyo-time';
import { createCompany as storeCompany } from '../app/features/companies/create-company.server';
import { INDUSTRIES } from '../app/features/demo/industries';
import { PREFECTURES } from '../app/features/demo/prefectures';
import { seedReferenceData } from '../app/features/demo/seed-reference-data.server';
import { addFavorite } from '../app/features/favorites/add-favorite.server';
import { rejectRevision } from '../app/features/moderation/decide.server';
import { publishPost as storePublishedPost } from '../app/features/posts/publish-post.server';
import { setClip } from '../app/features/post-reactions/set-clip.server';
import { setUsefulVote } from '../app/features/post-reactions/set-useful-vote.server';
import type { PostContentOf } from '../app/features/posts/types/registry';
import { createRecruitService as storeRecruitService } from '../app/features/recruit-services/create-recruit-service.server';

let sequence = 0;
/** A number no other factory call in this test file has used. */
const next = () => ++sequence;

/** A number read out in katakana (ゼ, イ, ニ, サ …), so that default readings stay katakana like real ones. */
const kanaNumber = (n: number) => [...String(n)].map((digit) => 'ゼイニサシゴロナハキ'[Number(digit)]).join('');

// ---------------------------------------------------------------- reference data

/**
 * Someone asking for an email, from an address and a session no other call in this test file
 * has used, so that the email limits (docs/decisions/053-email-limits.md) count only what a test
 * means them to.
 */
export function newRequester(): EmailRequester {
  const n = next();
  return { ip: `198.18.${Math.floor(n / 250)}.${n % 250}`, sessionId: randomUUID() };
}

/** The 47 prefectures and the industries, as the demo seed writes them. Call once per database. */
export async function createReferenceData(): Promise<void> {
  await seedReferenceData();
}

/** The id createReferenceData gives an industry: its place in INDUSTRIES, from 1. */
export function industryIdOf(name: string): number {
  const index = INDUSTRIES.findIndex((industry) => industry.name === name);
  if (index < 0) throw new Error(`No industry named ${name} in app/features/demo/industries.ts`);
  return index + 1;
}

/** A prefecture's id (its JIS X 0401 code). */
export function prefectureIdOf(name: string): number {
  const prefecture = PREFECTURES.find((candidate) => candidate.name === name);
  if (!prefecture) throw new Error(`No prefecture named ${name}`);
  return prefecture.id;
}

// ---------------------------------------------------------------- accounts

export type ProfileOverrides = {
  name?: string;
  university?: string;
  faculty?: string;
  graduationYear?: number;
  /**
   * Moves the first completion into the past (updateProfile stamps now()), for tests of what the
   * backfill dates by it.
   */
  completedAt?: Date;
};

export type StudentOptions = {
  email?: string;
  password?: string;
  /** Completes the profile with updateProfile (earning 101); `true` for the defaults. */
  profile?: true | ProfileOverrides;
  /** Saves match conditions with updateMatchConditions (earning 102 when not empty). */
  matchConditions?: { industryIds?: number[]; prefectureIds?: number[] };
};

export type CreatedAccount = { userId: number; email: string; password: string };

/** A student who signed up (signUp), and, when asked, completed the profile and match conditions. */
export async function createStudent(options: StudentOptions = {}): Promise<CreatedAccount> {
  const n = next();
  const email = options.email ?? `student${n}@factory.example`;
  const password = options.password ?? `factory password ${n}`;
  const { userId } = await signUp({ email, password });
  if (options.profile) {
    const profile = options.profile === true ? {} : options.profile;
    await updateProfile({
      userId,
      name: profile.name ?? `学生 ${n}`,
      university: profile.university ?? '東都大学',
      faculty: profile.faculty ?? '経済学部',
      graduationYear: profile.graduationYear ?? 2027,
    });
    if (profile.completedAt) {
      await db().update(users).set({ profileCompletedAt: profile.completedAt }).where(eq(users.id, userId));
    }
  }
  if (options.matchConditions) {
    await updateMatchConditions({
      userId,
      industryIds: options.matchConditions.industryIds ?? [],
      prefectureIds: options.matchConditions.prefectureIds ?? [],
    });
  }
  return { userId, email: normalizeEmail(email), password };
}

/** A moderator: an account made as a student, then promoted by admin:create (createModerator). */
export async function createModerator(options: StudentOptions = {}): Promise<CreatedAccount> {
  const account = await createStudent(options);
  await promoteToModerator({ email: account.email, password: account.password });
  return account;
}

const moderatorsOfFactories = new WeakMap<object, Promise<CreatedAccount>>();
/** The moderator who decides for factories that need a decision (one per test database). */
function factoryModerator(): Promise<CreatedAccount> {
  const database = db();
  let moderator = moderatorsOfFactories.get(database);
  if (!moderator) {
    moderator = createModerator();
    moderatorsOfFactories.set(database, moderator);
  }
  return moderator;
}

export type LoggedInAccount = CreatedAccount & { sessionId: string; csrfToken: string };

/** The account with a logged-in session (createSession), for calls to routes. */
async function logInAccount(account: CreatedAccount): Promise<LoggedInAccount> {
  const session = await createSession({ userId: account.userId });
  return { ...account, sessionId: session.id, csrfToken: session.csrfToken };
}

/** A moderator with a logged-in session, for calls to admin routes. */
export async function createLoggedInModerator(options: StudentOptions = {}): Promise<LoggedInAccount> {
  return logInAccount(await createModerator(options));
}

/** A student with a logged-in session (createSession), for calls to routes. */
export async function createLoggedInStudent(options: StudentOptions = {}): Promise<LoggedInAccount> {
  return logInAccount(await createStudent(options));
}

/**
 * Deletes these users' badge grants, so that the data looks as if it predates the badge engine:
 * what the backfill exists for. Only tests of the backfill need it.
 */
export async function forgetBadgeGrants(options: { userIds: number[] }): Promise<void> {
  if (options.userIds.length === 0) return;
  await db().delete(badgeGrants).where(inArray(badgeGrants.userId, options.userIds));
}

// ---------------------------------------------------------------- companies and services

export type CompanyOptions = {
  name?: string;
  kana?: string;
  /** By default ソフトウェア. */
  industryId?: number;
  /** By default 東京都. */
  prefectureId?: number;
  url?: string | null;
  employeeCount?: number | null;
  foundedYear?: number | null;
  description?: string;
};

/** A company (createCompany); needs createReferenceData first. */
export async function createCompany(options: CompanyOptions = {}): Promise<{ companyId: number }> {
  const n = next();
  return storeCompany({
    name: `株式会社テスト${n}`,
    kana: `テスト${kanaNumber(n)}`,
    industryId: industryIdOf('ソフトウェア'),
    prefectureId: prefectureIdOf('東京都'),
    ...options,
  });
}

/** A job-hunting service (createRecruitService). */
export async function createRecruitService(
  options: { name?: string; kana?: string; category?: string; url?: string | null; description?: string } = {},
): Promise<{ recruitServiceId: number }> {
  const n = next();
  return storeRecruitService({
    name: `テスト就活ナビ${n}`,
    kana: `テストシュウカツナビ${kanaNumber(n)}`,
    category: '就活ナビ',
    ...options,
  });
}

// ---------------------------------------------------------------- posts

/** Complete, valid content of every type: what a submission of that type must pass. */
const SAMPLE_CONTENT: { [K in PostTypeKey]: PostContentOf<K> } = {
  intern_entry_sheet: {
    title: 'サマーインターンのES（通過）',
    year: 2025,
    season: 'summer',
    questions: [{ question: 'インターンに参加したい理由を教えてください。', answer: '事業の現場で自分の強みを試したいと考えたためです。' }],
    result: 'passed',
  },
  screening_entry_sheet: {
    title: '本選考のES（通過）',
    year: 2025,
    questions: [{ question: '学生時代に力を入れたことを教えてください。', answer: 'ゼミで地域の商店街の調査を続け、提案をまとめました。' }],
    result: 'passed',
  },
  intern_experience: {
    title: '3日間のサマーインターン体験記',
    year: 2025,
    season: 'summer',
    theme: '新規事業立案',
    format: 'online',
    days: 3,
    overview: '3日間のグループワークで新規事業を立案し、最終日に役員の前で発表しました。',
    flow: 'ES、Webテスト、面接1回',
    impressions: '社員の方が毎日フィードバックをくださり、業界の理解が大きく深まりました。',
    ratings: {
      all: 4,
      difficulty: 3,
      industry_understanding: 4,
      company_understanding: 4,
      mentor: 4,
      growth: 4,
      directly_linked_to_offer: 3,
      level: 4,
      theme: 4,
    },
  },
  screening_experience: {
    title: '本選考体験記（内定）',
    graduationYear: 2026,
    steps: [
      { kind: 'es', final: false, body: '志望動機と学生時代に力を入れたことを書きました。' },
      { kind: 'interview', round: 1, final: true, body: '人事の方と30分、志望動機を深く聞かれました。' },
    ],
    result: 'offer',
    reflection: '早めに業界研究を始めたことで、面接で具体的な話ができたと感じています。',
  },
  student_word_mouth: {
    category: '説明会',
    title: '説明会と選考の印象',
    rating: 4,
    body: '説明会では若手社員の方が仕事の実際を率直に話してくれました。面接は終始穏やかな雰囲気で、話をよく聞いてもらえました。',
  },
  employee_word_mouth: {
    title: '若手に任せる社風です',
    department: '営業部',
    employment: '現職',
    tenureYears: 3,
    rating: 4,
    culture: '上司との距離が近く、若手の提案でも筋が通っていれば採用されます。',
    growth: '入社2年目から顧客を任され、早いうちから責任ある仕事ができます。',
    pay: '同業他社と比べて平均的ですが、評価に応じた賞与があります。',
  },
  company_study: {
    title: '事業と強みの企業研究',
    business: '法人向けの業務ソフトウェアを開発し、導入から運用までを一貫して支援しています。',
    analysis: '顧客との長い取引関係が強みで、新しい分野での知名度の低さが課題です。',
    motivation: '顧客に寄り添う姿勢を、自分の経験と結びつけて志望動機に活かせます。',
  },
  recruit_service_review: {
    title: '求人の幅が広いナビサイト',
    rating: 4,
    good: '大手から中小まで求人が多く、締め切りの管理もしやすかったです。',
    bad: '通知が多く、必要な情報を探すのに少し時間がかかりました。',
  },
  jobhunt_prompt_report: {
    event: '面接',
    eventDate: '2026-10-20',
    title: '一次面接を通過しました',
    report: '面接官は2人で、ガクチカを深掘りされました。結果は3日後に届きました。',
  },
};

/** A copy of the sample content of `type`, with overrides. */
export function sampleContent<K extends PostTypeKey>(type: K, overrides: Partial<PostContentOf<K>> = {}): PostContentOf<K> {
  return { ...structuredClone(SAMPLE_CONTENT[type]), ...overrides };
}

type PostSubject = { companyId?: number; recruitServiceId?: number };

/** The post's company or service as given, or a new one of the kind its type needs. */
async function subjectOf(type: PostTypeKey, given: PostSubject): Promise<{ companyId: number | null; recruitServiceId: number | null }> {
  if (type === 'recruit_service_review') {
    return { companyId: null, recruitServiceId: given.recruitServiceId ?? (await createRecruitService()).recruitServiceId };
  }
  return { companyId: given.companyId ?? (await createCompany()).companyId, recruitServiceId: null };
}

export type PostOptions<K extends PostTypeKey> = PostSubject & {
  type: K;
  /** null only for imported employee word of mouth. */
  authorId: number | null;
  /** Merged over the sample content of the type. */
  content?: Partial<PostContentOf<K>>;
};

/**
 * A published post (publishPost): posts row, detail row, company numbers and the author's badges.
 * Without a company (or service for a review) it makes one.
 */
export async function publishPost<K extends PostTypeKey>(
  options: PostOptions<K> & { publishedAt?: Date; submittedAt?: Date },
): Promise<{ postId: number; newBadgeKindIds: number[] }> {
  return storePublishedPost({
    type: options.type,
    authorId: options.authorId,
    ...(await subjectOf(options.type, options)),
    content: sampleContent(options.type, options.content),
    publishedAt: options.publishedAt,
    submittedAt: options.submittedAt,
  });
}

/**
 * A post sent for review through the posting feature (a draft, then its submission, which reports
 * post_submitted and earns the submit badges). `submittedAt` moves it into the past. `status:
 * 'rejected'` is one a moderator has since sent back (it still counts as submitted), by the
 * moderation feature's own rejection.
 */
export async function submitPost<K extends PostTypeKey>(
  options: PostOptions<K> & { authorId: number; status?: 'submitted' | 'rejected'; submittedAt?: Date },
): Promise<{ postId: number; newBadgeKindIds: number[] }> {
  const subject = await subjectOf(options.type, options);
  const result = await submitForReview({
    userId: options.authorId,
    type: options.type,
    postId: null,
    draftKey: randomUUID(),
    lockVersion: null,
    subject,
    content: sampleContent(options.type, options.content),
  });
  const postId = result.postId;
  if (options.submittedAt) {
    await db().update(posts).set({ submittedAt: options.submittedAt }).where(eq(posts.id, postId));
    await db().update(postRevisions).set({ submittedAt: options.submittedAt }).where(eq(postRevisions.postId, postId));
  }
  if (options.status === 'rejected') {
    const [revision] = await db()
      .select({ revision: postRevisions.revision })
      .from(postRevisions)
      .where(and(eq(postRevisions.postId, postId), eq(postRevisions.status, 'submitted')));
    await rejectRevision({
      moderatorId: (await factoryModerator()).userId,
      postId,
      revision: revision!.revision,
      reason: 'insufficient_content',
    });
  }
  return { postId, newBadgeKindIds: result.newBadgeKindIds };
}

/** A draft, as the posting form's first save makes it (no activity). */
export async function saveDraft<K extends PostTypeKey>(
  options: PostSubject & { type: K; authorId: number; content?: Partial<PostContentOf<K>> },
): Promise<{ postId: number }> {
  const { postId } = await createDraft({
    userId: options.authorId,
    type: options.type,
    draftKey: randomUUID(),
    subject: { companyId: options.companyId ?? null, recruitServiceId: options.recruitServiceId ?? null },
    content: options.content ?? { title: SAMPLE_CONTENT[options.type].title },
  });
  return { postId };
}

// ---------------------------------------------------------------- student activity

/**
 * A favorite (addFavorite, which earns 106 on the first). `at` moves it into the past, for tests
 * of lists and the backfill that order or date by it (addFavorite stamps now()).
 */
export async function favoriteCompany(options: { userId: number; companyId: number; at?: Date }): Promise<{ newBadgeKindIds: number[] }> {
  const { newBadgeKindIds } = await addFavorite({ userId: options.userId, companyId: options.companyId });
  if (options.at) {
    await db()
      .update(favorites)
      .set({ createdAt: options.at })
      .where(and(eq(favorites.userId, options.userId), eq(favorites.companyId, options.companyId)));
  }
  return { newBadgeKindIds };
}

/** What the company page does for a logged-in student (routes/company.tsx): 103 on the first. */
export async function viewCompany(options: { userId: number; companyId: number }): Promise<number[]> {
  return recordActivity({ userId: options.userId, activity: { type: 'company_viewed', companyId: options.companyId } });
}

/** What a post page does for a logged-in student (routes/post.tsx): the type's 2xx on the first. */
export async function viewPost(options: { userId: number; postType: PostTypeKey }): Promise<number[]> {
  return recordActivity({ userId: options.userId, activity: { type: 'post_viewed', postType: options.postType } });
}

/**
 * A clip, as the post page's button makes it (setClip; call viewPost first to do what the page
 * does): 104 for the student, 413 for the author when it is someone else's clip.
 */
export async function clipPost(options: { userId: number; postId: number; at?: Date }): Promise<void> {
  await setClip({ userId: options.userId, postId: options.postId, clipped: true });
  if (options.at)
    await db()
      .update(clips)
      .set({ createdAt: options.at })
      .where(and(eq(clips.userId, options.userId), eq(clips.postId, options.postId)));
}

/** A 参考になった vote, as the post page's button makes it (setUsefulVote): 105, and 414 for the author. */
export async function voteUseful(options: { userId: number; postId: number; at?: Date }): Promise<void> {
  await setUsefulVote({ userId: options.userId, postId: options.postId, voted: true });
  if (options.at) {
    await db()
      .update(usefulVotes)
      .set({ createdAt: options.at })
      .where(and(eq(usefulVotes.userId, options.userId), eq(usefulVotes.postId, options.postId)));
  }
}

/**
 * A company added to the 選考管理 as the company page's button and the board add it
 * (addTrackerEntry: 301 for an internship), then, when `status` is given, moved there on the board
 * (updateTracker).
 */
export async function trackCompany(options: {
  userId: number;
  companyId: number;
  category: TrackerCategory;
  status?: TrackerStatus;
}): Promise<{ trackerEntryId: number; newBadgeKindIds: number[] }> {
  const added = await addTrackerEntry({ userId: options.userId, companyId: options.companyId, category: options.category });
  const moved =
    options.status && options.status !== 'registered'
      ? await updateTracker({ userId: options.userId, trackerEntryId: added.entryId, status: options.status })
      : [];
  return { trackerEntryId: added.entryId, newBadgeKindIds: [...added.newBadgeKindIds, ...moved] };
}

/**
 * A tracked company moved to a step (and an outcome) on the board, as its form does it
 * (setTrackerState), dated today in Tokyo: the badges follow the state reached (011).
 */
export async function updateTracker(options: {
  userId: number;
  trackerEntryId: number;
  status: TrackerStatus;
  outcome?: TrackerOutcome | null;
}): Promise<number[]> {
  const change = await setTrackerState({
    userId: options.userId,
    entryId: options.trackerEntryId,
    status: options.status,
    outcome: options.outcome ?? null,
    on: tokyoDate(new Date()),
  });
  return change.newBadgeKindIds;
}

/**
 * The points a moderator's approval credits for a published post (creditPublishedPost, the
 * ledger entry approveRevision writes): 411 on the first reward. Once per post.
 */
export async function payReward(options: { userId: number; postId: number; postType: PostTypeKey }): Promise<number[]> {
  const { newBadgeKindIds } = await creditPublishedPost(options);
  return newBadgeKindIds;
}
