import { describe, expect, it } from 'vitest';
import { DEMO_MODERATOR_EMAIL, DEMO_STUDENT_COUNT, demoStudentEmail } from './accounts';
import { tokyoDate } from '../../lib/tokyo-time';
import { REFERENCE_DATE } from './calendar';
import { generateDemoData, type DemoData } from './generate';
import { POINTS_BY_POST_TYPE } from '../rewards/point-amounts';
import { BADGE } from './generate-activity';
import { REAL_NAME_FRAGMENTS } from './names';
import { Random } from './random';
import { fromPostRecord, POST_TYPE_MODULES, toPostRecord } from '../posts/types/registry';

const TODAY = new Date('2026-11-22T03:00:00Z');
const data: DemoData = generateDemoData({ seed: 7, passwordHash: 'hash', today: TODAY });
const published = data.posts.filter((post) => post.status === 'published');
const KATAKANA = /^[ァ-ヶー・ ]+$/;

describe('Random', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });

  it('keeps int within its bounds and shuffle a permutation', () => {
    const rng = new Random(1);
    for (let i = 0; i < 1000; i++) {
      const value = rng.int(3, 7);
      expect(value >= 3 && value <= 7 && Number.isInteger(value)).toBe(true);
    }
    expect(rng.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('generateDemoData', () => {
  it('gives the same rows for the same seed and other rows for another seed', () => {
    const again = generateDemoData({ seed: 7, passwordHash: 'hash', today: TODAY });
    expect(again).toEqual(data);
    const other = generateDemoData({ seed: 8, passwordHash: 'hash', today: TODAY });
    expect(other.companies.map((company) => company.name)).not.toEqual(data.companies.map((company) => company.name));
    expect(other.posts[100]).not.toEqual(data.posts[100]);
  });

  it('has the 47 prefectures in JIS order and at least 30 industries', () => {
    expect(data.prefectures).toHaveLength(47);
    expect(data.prefectures[0]).toMatchObject({ id: 1, name: '北海道', kana: 'ホッカイドウ', region: '北海道' });
    expect(data.prefectures[12]).toMatchObject({ id: 13, name: '東京都', region: '関東' });
    expect(data.prefectures[46]).toMatchObject({ id: 47, name: '沖縄県', region: '九州・沖縄' });
    for (const prefecture of data.prefectures) expect(prefecture.kana).toMatch(KATAKANA);
    expect(data.industries.length).toBeGreaterThanOrEqual(30);
    expect(new Set(data.industries.map((industry) => industry.name)).size).toBe(data.industries.length);
  });

  it('invents at least 300 unique companies in every prefecture, named in many styles', () => {
    const names = data.companies.map((company) => company.name);
    expect(names.length).toBeGreaterThanOrEqual(300);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(data.companies.map((company) => company.prefectureId))).toEqual(new Set(data.prefectures.map((p) => p.id)));
    const tokyo = data.companies.filter((company) => company.prefectureId === 13).length;
    expect(tokyo).toBeGreaterThan(data.companies.length * 0.3);

    expect(names.filter((name) => name.startsWith('株式会社')).length).toBeGreaterThan(50);
    expect(names.filter((name) => name.endsWith('株式会社')).length).toBeGreaterThan(30);
    expect(names.filter((name) => name.includes('ホールディングス')).length).toBeGreaterThan(5);
    expect(names.filter((name) => /^[ァ-ヶー・]+$/.test(name)).length).toBeGreaterThan(5);
    expect(names.filter((name) => /[A-Za-z]/.test(name)).length).toBeGreaterThan(10);
    for (const fragment of REAL_NAME_FRAGMENTS) {
      expect(names.filter((name) => name.includes(fragment))).toEqual([]);
    }
  });

  it('gives every company a katakana reading, a plausible size and an .example URL or none', () => {
    for (const company of data.companies) {
      expect(company.kana).toMatch(KATAKANA);
      expect(company.kana).not.toContain('カブシキガイシャ');
      expect(company.employeeCount).toBeGreaterThanOrEqual(30);
      expect(company.employeeCount).toBeLessThanOrEqual(80_000);
      expect(company.foundedYear).toBeGreaterThanOrEqual(1880);
      expect(company.foundedYear).toBeLessThanOrEqual(2022);
      expect((company.description ?? '').length).toBeGreaterThan(40);
      if (company.url !== null) expect(company.url).toMatch(/^https:\/\/www\.[a-z0-9-]+\.example\.co\.jp$/);
    }
    const withoutUrl = data.companies.filter((company) => company.url === null).length;
    expect(withoutUrl / data.companies.length).toBeGreaterThan(0.05);
    expect(withoutUrl / data.companies.length).toBeLessThan(0.3);
  });

  it('has job-hunting services with readings and .example URLs', () => {
    expect(data.recruitServices.length).toBeGreaterThanOrEqual(8);
    for (const service of data.recruitServices) {
      expect(service.kana).toMatch(KATAKANA);
      expect(service.url).toMatch(/^https:\/\/[a-z0-9-]+\.example\.jp$/);
    }
  });

  it('has the demo accounts: one moderator and 40 students sharing one hash', () => {
    const moderators = data.users.filter((user) => user.role === 'moderator');
    expect(moderators.map((user) => user.email)).toEqual([DEMO_MODERATOR_EMAIL]);
    const students = data.users.filter((user) => user.role === 'student');
    expect(students).toHaveLength(DEMO_STUDENT_COUNT);
    expect(students.map((user) => user.email)).toEqual(Array.from({ length: DEMO_STUDENT_COUNT }, (_, i) => demoStudentEmail(i + 1)));
    expect(demoStudentEmail(1)).toBe('student01@shulog.example');
    for (const user of data.users) expect(user.passwordHash).toBe('hash');
    const complete = students.filter((user) => user.profileCompletedAt);
    expect(complete.length).toBeGreaterThan(30);
    for (const user of complete) {
      expect(user.name).toMatch(/^\S+ \S+$/);
      expect(user.university).toMatch(/大学$/);
      expect(user.faculty).toMatch(/学部$/);
      expect([2026, 2027, 2028]).toContain(user.graduationYear);
    }
    expect(data.userPreferredIndustries.length).toBeGreaterThan(10);
    expect(data.userPreferredPrefectures.length).toBeGreaterThan(10);
  });

  it('publishes at least 3,000 posts of all nine types, plus drafts, submitted and rejected posts', () => {
    expect(published.length).toBeGreaterThanOrEqual(3000);
    const types = new Set(published.map((post) => post.type));
    expect(types.size).toBe(9);
    const statuses = new Set(data.posts.map((post) => post.status));
    expect(statuses).toEqual(new Set(['published', 'draft', 'submitted', 'rejected']));
    for (const post of data.posts) {
      if (post.status === 'published') expect(post.publishedAt).toBeInstanceOf(Date);
      else expect(post.publishedAt).toBeNull();
      if (post.type === 'recruit_service_review') {
        expect(post.recruitServiceId).not.toBeNull();
        expect(post.companyId).toBeNull();
      } else {
        expect(post.companyId).not.toBeNull();
        expect(post.recruitServiceId).toBeNull();
      }
      if (post.type === 'employee_word_mouth') expect(post.authorId).toBeNull();
      else expect(post.authorId).not.toBeNull();
    }
  });

  it('stores every post through its type module: published content passes the strict schema, drafts the lenient one', () => {
    const detail = <T extends { postId: number }>(rows: T[]) => new Map(rows.map((row) => [row.postId, row]));
    const interns = detail(data.internExperiences);
    const screenings = detail(data.screeningExperiences);
    const sheets = detail(data.entrySheets);
    for (const post of published) {
      const record = {
        title: post.title ?? '',
        sections: post.sections ?? [],
        attributes: post.attributes ?? {},
        intern: interns.get(post.id),
        screening: screenings.get(post.id),
        entrySheet: sheets.get(post.id),
      };
      const { type, ...content } = fromPostRecord(post.type, record as never);
      const checked = POST_TYPE_MODULES[type].schema.safeParse(content);
      expect(checked.error?.issues.slice(0, 3), `${post.type} ${post.id}`).toBeUndefined();
      expect(toPostRecord(type, checked.data as never)).toMatchObject({ title: record.title, sections: record.sections });
    }
    const revisions = new Map(data.postRevisions.map((revision) => [revision.postId, revision]));
    for (const post of data.posts.filter((row) => row.status !== 'published')) {
      const revision = revisions.get(post.id)!;
      expect(revision.status).toBe(post.status);
      const module = POST_TYPE_MODULES[post.type!];
      const schema = post.status === 'draft' ? module.draftSchema : module.schema;
      expect(schema.safeParse(revision.content).error?.issues.slice(0, 3), `${post.type} ${post.id} ${post.status}`).toBeUndefined();
      if (post.status === 'rejected') expect(revision.rejectionNote).toMatch(/。$/);
    }
    expect(data.moderationEvents.filter((event) => event.action === 'reject')).toHaveLength(
      data.posts.filter((post) => post.status === 'rejected').length,
    );
  });

  it('dates everything before the reference date, in a believable order', () => {
    const joined = new Map(data.users.map((user) => [user.id, user.createdAt as Date]));
    for (const post of data.posts) {
      const created = post.createdAt as Date;
      expect(created.getTime()).toBeLessThan(REFERENCE_DATE.getTime());
      if (post.authorId !== null && post.authorId !== undefined)
        expect(created.getTime()).toBeGreaterThan((joined.get(post.authorId) as Date).getTime());
      if (post.submittedAt) expect(post.submittedAt.getTime()).toBeGreaterThanOrEqual(created.getTime());
      if (post.publishedAt) {
        expect(post.publishedAt.getTime()).toBeLessThan(REFERENCE_DATE.getTime());
        if (post.submittedAt) expect(post.publishedAt.getTime()).toBeGreaterThan(post.submittedAt.getTime());
      }
    }
    const first = Math.min(...published.map((post) => (post.publishedAt as Date).getTime()));
    expect(REFERENCE_DATE.getTime() - first).toBeGreaterThan(600 * 24 * 3600_000);
  });

  it('writes Japanese sections of realistic length with every template hole filled', () => {
    let inRange = 0;
    let total = 0;
    for (const post of published) {
      expect(post.title).toBeTruthy();
      for (const section of post.sections ?? []) {
        expect(section.heading).toBeTruthy();
        expect(section.body).not.toMatch(/[{}[\]|]|undefined|NaN/);
        expect(section.body).toMatch(/。|！$/);
        // A student's word of mouth is one body made of three of the demo's sections.
        const [min, max] =
          post.type === 'jobhunt_prompt_report' ? [100, 250] : post.type === 'student_word_mouth' ? [450, 1800] : [150, 600];
        total++;
        if (section.body.length >= min && section.body.length <= max) inRange++;
        expect(section.body.length).toBeLessThanOrEqual(max);
      }
    }
    expect(inRange / total).toBeGreaterThan(0.98);
  });

  it('gives quick reports an event and its date, word of mouth a category, and service reviews a rating', () => {
    for (const post of published) {
      if (post.type === 'jobhunt_prompt_report') {
        expect(['ES結果', 'Webテスト', '面接', '内定', 'その他']).toContain(post.attributes?.event);
        expect(post.attributes?.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      if (post.type === 'student_word_mouth') {
        expect(['説明会', 'OB・OG訪問', '選考', '社風・働き方', 'その他']).toContain(post.attributes?.category);
      }
      if (post.type === 'recruit_service_review') {
        expect(post.attributes?.rating).toBeGreaterThanOrEqual(1);
        expect(post.attributes?.rating).toBeLessThanOrEqual(5);
      }
    }
  });

  it('has one detail row per intern experience, with ratings 1..5 that differ between companies', () => {
    const internPosts = published.filter((post) => post.type === 'intern_experience');
    expect(data.internExperiences).toHaveLength(internPosts.length);
    const postById = new Map(data.posts.map((post) => [post.id, post]));
    const averages = new Map<number, number[]>();
    for (const row of data.internExperiences) {
      const post = postById.get(row.postId);
      expect(post?.type).toBe('intern_experience');
      expect(row.companyId).toBe(post?.companyId);
      expect([2023, 2024, 2025]).toContain(row.year);
      expect(['summer', 'winter']).toContain(row.season);
      expect(row.days).toBeGreaterThanOrEqual(1);
      expect(row.days).toBeLessThanOrEqual(20);
      const ratings = [
        row.ratingAll,
        row.ratingDifficulty,
        row.ratingIndustryUnderstanding,
        row.ratingCompanyUnderstanding,
        row.ratingMentor,
        row.ratingGrowth,
        row.ratingDirectlyLinkedToOffer,
        row.ratingLevel,
        row.ratingTheme,
      ];
      for (const rating of ratings) {
        expect(Number.isInteger(rating)).toBe(true);
        expect(rating).toBeGreaterThanOrEqual(1);
        expect(rating).toBeLessThanOrEqual(5);
      }
      averages.set(row.companyId, [...(averages.get(row.companyId) ?? []), row.ratingAll]);
    }
    const means = [...averages.values()].filter((list) => list.length >= 5).map((list) => list.reduce((a, b) => a + b, 0) / list.length);
    expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(1);
  });

  it('gives many pairs of companies intern data in at least three common year/seasons', () => {
    const postById = new Map(data.posts.map((post) => [post.id, post]));
    const seasons = new Map<number, Set<string>>();
    for (const row of data.internExperiences) {
      if (postById.get(row.postId)?.status !== 'published') continue;
      const set = seasons.get(row.companyId) ?? new Set<string>();
      set.add(`${row.year}_${row.season}`);
      seasons.set(row.companyId, set);
    }
    const rich = [...seasons.entries()].filter(([, set]) => set.size >= 3);
    expect(rich.length).toBeGreaterThanOrEqual(100);
    let pairs = 0;
    for (let i = 0; i < rich.length; i++) {
      for (let j = i + 1; j < rich.length; j++) {
        const [, a] = rich[i] as [number, Set<string>];
        const [, b] = rich[j] as [number, Set<string>];
        if ([...a].filter((key) => b.has(key)).length >= 3) pairs++;
      }
    }
    expect(pairs).toBeGreaterThan(1000);
  });

  it('has the detail rows of screening experiences and entry sheets', () => {
    const byId = new Map(data.posts.map((post) => [post.id, post]));
    expect(data.screeningExperiences).toHaveLength(published.filter((post) => post.type === 'screening_experience').length);
    for (const row of data.screeningExperiences) {
      expect(byId.get(row.postId)?.type).toBe('screening_experience');
      expect(row.steps?.[0]?.kind).toBe('es');
      expect(['offer', 'rejected', 'declined', 'in_progress']).toContain(row.result);
    }
    const sheets = published.filter((post) => post.type === 'intern_entry_sheet' || post.type === 'screening_entry_sheet');
    expect(data.entrySheets).toHaveLength(sheets.length);
    for (const row of data.entrySheets) {
      const type = byId.get(row.postId)?.type;
      expect(row.selectionType).toBe(type === 'intern_entry_sheet' ? 'intern' : 'recruit');
    }
  });

  it('keeps favorites, votes, points and badges consistent with what students did', () => {
    const students = data.users.filter((user) => user.role === 'student');
    const popular = new Map<number, number>();
    for (const student of students) {
      const favorites = data.favorites.filter((favorite) => favorite.userId === student.id);
      const badges = new Set(data.badgeGrants.filter((grant) => grant.userId === student.id).map((grant) => grant.badgeKindId));
      if (student.profileCompletedAt) {
        expect(favorites.length).toBeGreaterThanOrEqual(3);
        expect(favorites.length).toBeLessThanOrEqual(15);
        expect(badges.has(BADGE.completeRegistration)).toBe(true);
      } else {
        expect(favorites).toHaveLength(0);
        expect(badges.size).toBe(0);
      }
      expect(badges.has(BADGE.firstFavoriteCompany)).toBe(favorites.length > 0);
      const publishedOwn = published.filter((post) => post.authorId === student.id);
      expect(badges.has(BADGE.firstPublishedContent)).toBe(publishedOwn.length > 0);
      const points = data.pointEntries.filter((entry) => entry.userId === student.id);
      expect(points).toHaveLength(publishedOwn.length);
      for (const favorite of favorites) popular.set(favorite.companyId, (popular.get(favorite.companyId) ?? 0) + 1);
    }
    expect(Math.max(...popular.values())).toBeGreaterThanOrEqual(4);
    const typeOf = new Map(data.posts.map((post) => [post.id, post.type]));
    for (const entry of data.pointEntries) expect(entry.amount).toBe(POINTS_BY_POST_TYPE[typeOf.get(entry.postId!)!]);
    for (const grant of data.badgeGrants) expect(grant.displayedAt).toBeInstanceOf(Date);
    const votes = new Map<number, number>();
    for (const vote of data.usefulVotes) votes.set(vote.postId, (votes.get(vote.postId) ?? 0) + 1);
    const byId = new Map(data.posts.map((post) => [post.id, post]));
    for (const [postId, count] of votes) {
      const post = byId.get(postId);
      expect(post?.status).toBe('published');
      expect(post?.usefulCount).toBe(count);
    }
  });

  it('spreads page views over the 30 days up to today', () => {
    const days = new Set(data.companyViewDays.map((row) => row.day));
    expect(days.size).toBe(30);
    expect(days.has(tokyoDate(TODAY))).toBe(true);
    expect(days.has(tokyoDate(new Date(TODAY.getTime() - 30 * 24 * 3600_000)))).toBe(false);
    for (const row of data.companyViewDays) expect(row.views).toBeGreaterThan(0);
  });
});
