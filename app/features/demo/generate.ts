// The demo data set as plain rows, computed from a seed alone (plus today's date for the
// view counts of the last 30 days), so that it can be tested without a database and the same
// seed always gives the same site. seed.server.ts writes these rows.
import type { RejectionReason } from '../../db/enums';
import type {
  badgeGrants,
  clips,
  companies,
  companyViewDays,
  entrySheets,
  favorites,
  industries,
  internExperiences,
  moderationEvents,
  pointEntries,
  postRevisions,
  posts,
  prefectures,
  recruitServices,
  screeningExperiences,
  trackerEntries,
  usefulVotes,
  userPreferredIndustries,
  userPreferredPrefectures,
  users,
} from '../../db/schema';
import { WRITABLE_TYPES } from '../posts/posting-routes';
import type { QUICK_EVENTS } from '../posts/types/jobhunt-prompt-report';
import { toPostRecord, type PostContent } from '../posts/types/registry';
import type { WORD_MOUTH_CATEGORIES } from '../posts/types/student-word-mouth';
import { DEMO_MODERATOR_EMAIL, demoStudentEmail, DEMO_STUDENT_COUNT } from './accounts';
import { tokyoDate, tokyoInstant, tokyoWallClock } from '../../lib/tokyo-time';
import { DAY, HOUR, REFERENCE_DATE, between, maxDate, minDate, plus, recent } from './calendar';
import { generateActivity, generateViewDays } from './generate-activity';
import { INDUSTRIES, type Industry } from './industries';
import { CompanyNamer, FACULTIES, personName, UNIVERSITIES } from './names';
import { HEAD_OFFICE_WEIGHTS, PREFECTURES, TOKYO } from './prefectures';
import { clamp, Random } from './random';
import { SERVICES, type DemoService } from './services';
import type { CompanyProfile } from './subject';
import { companyDescription } from './texts-company';
import { entrySheetSections, entrySheetTitle } from './texts-entry-sheet';
import { internSections, internTitle, WEB_TESTS, type InternProgram, type InternRatings, type SelectionFlow } from './texts-intern';
import {
  QUICK_PHASES,
  quickReport,
  REJECTION_REASONS,
  serviceReviewSections,
  serviceReviewTitle,
  type QuickPhase,
  type QuickResult,
} from './texts-other';
import { ASKED_AS, planScreening, screeningSections, screeningTitle, type ScreeningPlan } from './texts-screening';
import { selectionDetails } from './selection-details';
import { RESULT_CHANNEL_LABELS } from '../posts/selection-steps';
import {
  companyStudySections,
  companyStudyTitle,
  departmentFor,
  employeeSections,
  employeeTitle,
  studentWordMouthSections,
  studentWordMouthTitle,
} from './texts-word-mouth';

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export type PrefectureRow = Insert<typeof prefectures>;
export type IndustryRow = Insert<typeof industries>;
export type CompanyRow = Insert<typeof companies> & { id: number };
export type RecruitServiceRow = Insert<typeof recruitServices> & { id: number };
export type UserRow = Insert<typeof users> & { id: number };
export type PostRow = Insert<typeof posts> & { id: number };
export type InternExperienceRow = Insert<typeof internExperiences>;
export type ScreeningExperienceRow = Insert<typeof screeningExperiences>;
export type EntrySheetRow = Insert<typeof entrySheets>;
export type PostRevisionRow = Insert<typeof postRevisions>;
export type ModerationEventRow = Insert<typeof moderationEvents>;
export type FavoriteRow = Insert<typeof favorites>;
export type ClipRow = Insert<typeof clips>;
export type UsefulVoteRow = Insert<typeof usefulVotes>;
export type BadgeGrantRow = Insert<typeof badgeGrants>;
export type PointEntryRow = Insert<typeof pointEntries> & { id: number };
export type TrackerEntryRow = Insert<typeof trackerEntries> & { id: number };
export type CompanyViewDayRow = Insert<typeof companyViewDays>;

export type DemoData = {
  prefectures: PrefectureRow[];
  industries: IndustryRow[];
  companies: CompanyRow[];
  recruitServices: RecruitServiceRow[];
  users: UserRow[];
  userPreferredIndustries: Insert<typeof userPreferredIndustries>[];
  userPreferredPrefectures: Insert<typeof userPreferredPrefectures>[];
  posts: PostRow[];
  internExperiences: InternExperienceRow[];
  screeningExperiences: ScreeningExperienceRow[];
  entrySheets: EntrySheetRow[];
  postRevisions: PostRevisionRow[];
  moderationEvents: ModerationEventRow[];
  favorites: FavoriteRow[];
  clips: ClipRow[];
  usefulVotes: UsefulVoteRow[];
  badgeGrants: BadgeGrantRow[];
  pointEntries: PointEntryRow[];
  trackerEntries: TrackerEntryRow[];
  companyViewDays: CompanyViewDayRow[];
};

export type GenerateOptions = {
  seed?: number;
  /** The argon2 hash every demo account gets; hashed once by the caller because argon2 is slow. */
  passwordHash: string;
  /** "Today" for the page-view counts of the last 30 days; everything else is fixed. */
  today?: Date;
};

export const DEFAULT_DEMO_SEED = 20260301;
export const COMPANY_COUNT = 320;
type PostType = PostRow['type'];

// ---------------------------------------------------------------- companies

const INDUSTRY_WEIGHTS: Record<string, number> = {
  'IT・通信': 1.3,
  ソフトウェア: 1.8,
  'インターネット・Web': 1.4,
  ゲーム: 0.8,
  総合商社: 0.3,
  専門商社: 1,
  銀行: 1,
  証券: 0.6,
  保険: 0.6,
  コンサルティング: 1,
  自動車: 0.9,
  電機: 1,
  機械: 1,
  '素材・鉄鋼': 0.7,
  化学: 0.8,
  医薬品: 0.8,
  食品: 1.2,
  化粧品: 0.6,
  アパレル: 0.6,
  建設: 1,
  不動産: 1,
  広告: 0.8,
  マスコミ: 0.7,
  人材: 0.9,
  小売: 1,
  物流: 0.8,
  鉄道: 0.5,
  航空: 0.3,
  '電力・ガス': 0.5,
  '旅行・ホテル': 0.6,
  教育: 0.6,
  '官公庁・団体': 0.5,
};

/** Industries whose head offices cluster in the big cities; the rest can be anywhere. */
const METROPOLITAN = new Set(['総合商社', '証券', 'コンサルティング', '広告', 'ゲーム', 'インターネット・Web', '航空', '保険']);

export type Company = CompanyProfile & { popularity: number };

function employeeCount(rng: Random, industry: Industry): number {
  const [min, max] = industry.employees;
  // Most companies are small; a few are very large.
  const value = Math.max(30, min) * (Math.min(80000, max) / Math.max(30, min)) ** (rng.next() ** 1.7);
  return value < 1000 ? Math.round(value) : Math.round(value / 10) * 10;
}

function generateCompanies(rng: Random): Company[] {
  const namer = new CompanyNamer(rng.fork('names'));
  const industryOf: number[] = [];
  for (let index = 0; index < INDUSTRIES.length; index++) industryOf.push(index, index, index);
  const weights = INDUSTRIES.map((industry) => INDUSTRY_WEIGHTS[industry.name] ?? 1);
  while (industryOf.length < COMPANY_COUNT) industryOf.push(rng.weightedIndex(weights));
  const order = rng.shuffle(industryOf);

  // One company in every prefecture first, chosen among the industries found everywhere.
  const prefectureOf = new Array<number>(order.length).fill(0);
  const regional = rng.shuffle(
    order
      .map((industryIndex, i) => ({ industryIndex, i }))
      .filter(({ industryIndex }) => !METROPOLITAN.has((INDUSTRIES[industryIndex] as Industry).name)),
  );
  const prefectureOrder = rng.shuffle(PREFECTURES.map((p) => p.id));
  prefectureOrder.forEach((prefectureId, k) => {
    const slot = regional[k];
    if (slot) prefectureOf[slot.i] = prefectureId;
  });
  const prefectureWeights = [...HEAD_OFFICE_WEIGHTS.entries()];
  const companies: Company[] = [];
  order.forEach((industryIndex, i) => {
    const industry = INDUSTRIES[industryIndex] as Industry;
    let prefectureId = prefectureOf[i] as number;
    if (prefectureId === 0) {
      prefectureId = METROPOLITAN.has(industry.name) && rng.chance(0.7) ? TOKYO : rng.weighted(prefectureWeights);
    }
    const prefecture = PREFECTURES[prefectureId - 1]!;
    const name = namer.next(industry);
    const employees = employeeCount(rng, industry);
    const foundedYear = rng.int(industry.founded[0], Math.min(2022, industry.founded[1]));
    const offering = rng.pick(name.suffix?.offerings ?? industry.offerings);
    const company: Company = {
      id: i + 1,
      name: name.name,
      shortName: name.shortName,
      kana: name.kana,
      industry,
      industryId: industryIndex + 1,
      prefectureId,
      prefName: prefecture.name,
      product: offering[0],
      customers: offering[1],
      strength: rng.pick(industry.strengths),
      challenge: rng.pick(industry.challenges),
      focus: rng.pick(industry.focus),
      work: rng.pick(industry.work),
      aspiration: rng.pick(industry.aspirations),
      roles: industry.roles,
      quality: clamp(rng.normal(3.45, 0.55), 2, 4.7),
      selectivity: clamp(Math.round(0.6 + Math.log10(employees) * 0.8 + rng.normal(0, 0.7)), 1, 5),
      employeeCount: employees,
      // Students know the big-city companies best.
      popularity:
        Math.exp(rng.normal(0, 0.9)) * (0.6 + Math.log10(employees) / 3) * ((HEAD_OFFICE_WEIGHTS.get(prefectureId) ?? 0) >= 1 ? 1 : 0.5),
      foundedYear,
    };
    companies.push(company);
    // The slug is only needed for the URL, so it is not kept on the profile.
    (company as Company & { slug?: string }).slug = name.slug;
  });
  return companies;
}

function companyRows(rng: Random, list: Company[]): CompanyRow[] {
  return list.map((company) => {
    const slug = (company as Company & { slug?: string }).slug as string;
    const created = plus(REFERENCE_DATE, -rng.int(400, 900) * DAY);
    return {
      id: company.id,
      name: company.name,
      kana: company.kana,
      industryId: company.industryId,
      prefectureId: company.prefectureId,
      url: rng.chance(0.85) ? `https://www.${slug}.example.co.jp` : null,
      employeeCount: company.employeeCount,
      foundedYear: company.foundedYear,
      description: companyDescription(rng, company, company.foundedYear),
      createdAt: created,
      updatedAt: created,
    };
  });
}

// ---------------------------------------------------------------- students

export type Student = {
  id: number;
  number: number;
  email: string;
  name: string | null;
  university: string | null;
  faculty: string | null;
  major: string;
  graduationYear: number | null;
  createdAt: Date;
  profileCompletedAt: Date | null;
  weight: number;
  industries: number[];
  prefectures: number[];
};

function generateStudents(rng: Random): Student[] {
  const graduationYears = rng.shuffle([...Array(14).fill(2026), ...Array(16).fill(2027), ...Array(10).fill(2028)] as number[]);
  // student01 is the account a visitor tries first: a 2027 graduate in the middle of job hunting.
  const first = graduationYears.indexOf(2027);
  [graduationYears[0], graduationYears[first]] = [2027, graduationYears[0] as number];
  const incomplete = new Set(
    rng.sample(
      [...Array(DEMO_STUDENT_COUNT - 8).keys()].map((i) => i + 9),
      4,
    ),
  );
  const students: Student[] = [];
  for (let number = 1; number <= DEMO_STUDENT_COUNT; number++) {
    const graduationYear = graduationYears[number - 1] as number;
    const complete = !incomplete.has(number);
    const { faculty, major } = (() => {
      const [f, m] = rng.pick(FACULTIES);
      return { faculty: f, major: m };
    })();
    const joinWindow: Record<number, [Date, Date]> = {
      2026: [tokyoInstant(2023, 4, 1), tokyoInstant(2023, 11, 30)],
      2027: [tokyoInstant(2024, 4, 1), tokyoInstant(2025, 2, 1)],
      2028: [tokyoInstant(2025, 3, 1), tokyoInstant(2025, 10, 31)],
    };
    const [from, to] = complete
      ? (joinWindow[graduationYear] as [Date, Date])
      : [plus(REFERENCE_DATE, -30 * DAY), plus(REFERENCE_DATE, -DAY)];
    const createdAt = between(rng, from, to);
    // student01 has match conditions so that the recommended carousel shows them off.
    const hasConditions = complete && (rng.chance(0.65) || number === 1);
    const industryIds = hasConditions
      ? rng
          .sample(
            INDUSTRIES.map((_, i) => i + 1),
            rng.int(1, 4),
          )
          .sort((a, b) => a - b)
      : [];
    const prefectureIds = hasConditions
      ? [
          ...new Set([
            rng.chance(0.7) ? TOKYO : rng.weighted([...HEAD_OFFICE_WEIGHTS.entries()]),
            ...Array.from({ length: rng.int(0, 2) }, () => rng.weighted([...HEAD_OFFICE_WEIGHTS.entries()])),
          ]),
        ].sort((a, b) => a - b)
      : [];
    students.push({
      id: number + 1,
      number,
      email: demoStudentEmail(number),
      name: complete ? personName(rng) : null,
      university: complete ? rng.pick(UNIVERSITIES) : null,
      faculty: complete ? faculty : null,
      major,
      graduationYear: complete ? graduationYear : null,
      createdAt,
      profileCompletedAt: complete ? plus(createdAt, rng.int(3, 40) * 60_000) : null,
      // A few students write most of the posts, as on every review site.
      weight: complete ? clamp(Math.exp(rng.normal(0, 0.5)), 0.5, 2) : 0,
      industries: industryIds,
      prefectures: prefectureIds,
    });
  }
  return students;
}

class AuthorPool {
  private readonly complete: Student[];

  constructor(
    private readonly rng: Random,
    students: Student[],
  ) {
    this.complete = students.filter((student) => student.profileCompletedAt !== null);
  }

  /** A student who had joined before `date`, preferably of one of the graduation years. */
  pick(date: Date, graduationYears: readonly number[] = []): Student {
    const joined = this.complete.filter((student) => student.createdAt.getTime() < date.getTime() - HOUR);
    // Mostly the class the post is about; sometimes an older or younger student writes it up.
    const preferred = this.rng.chance(0.8) ? joined.filter((student) => graduationYears.includes(student.graduationYear ?? 0)) : [];
    const pool = preferred.length > 0 ? preferred : joined;
    if (pool.length > 0) return pool[this.rng.weightedIndex(pool.map((student) => student.weight))] as Student;
    // Nobody had joined yet: move the earliest student's sign-up back; it stays deterministic.
    const earliest = this.complete.reduce((a, b) => (a.createdAt <= b.createdAt ? a : b));
    earliest.createdAt = plus(date, -30 * DAY);
    earliest.profileCompletedAt = plus(earliest.createdAt, 10 * 60_000);
    return earliest;
  }
}

// ---------------------------------------------------------------- posts

type PostStatus = PostRow['status'];

/** A post being generated: its metadata and its content in the post type's own shape. */
type PostDraft = {
  type: PostType;
  status: PostStatus;
  authorId: number | null;
  companyId: number | null;
  recruitServiceId: number | null;
  /** The type module's content (features/posts/types/); stored through its toRecord. */
  content: PostContent;
  usefulCount: number;
  submittedAt: Date | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** A revision sent back by the moderator: the preset reason and the note to the author. */
  rejection?: { reason: RejectionReason; note: string; reviewedAt: Date };
  /** A draft: only part of the content is written yet. */
  partial?: boolean;
};

type YearSeason = { year: number; season: 'summer' | 'winter' };

const YEAR_SEASONS: readonly YearSeason[] = [
  { year: 2023, season: 'summer' },
  { year: 2023, season: 'winter' },
  { year: 2024, season: 'summer' },
  { year: 2024, season: 'winter' },
  { year: 2025, season: 'summer' },
  { year: 2025, season: 'winter' },
];

type ItemOffsets = {
  industry: number;
  company: number;
  mentor: number;
  growth: number;
  level: number;
  theme: number;
  offer: number;
};

class Posts {
  readonly drafts: PostDraft[] = [];
  private readonly programs = new Map<string, InternProgram>();
  private readonly offsets = new Map<number, ItemOffsets>();
  private readonly drifts = new Map<string, number>();
  /**
   * The optional details of selection steps (dates, 結果連絡, an internship's steps; issue 34) draw
   * from their own stream, so that they leave the rest of the data set as it was.
   */
  private readonly details = selectionDetails(new Random(0x5e1ec7));

  constructor(
    private readonly rng: Random,
    private readonly companies: Company[],
    private readonly authors: AuthorPool,
    readonly _moderatorId: number,
  ) {}

  private companyWeights?: number[];

  /** Popular companies get more posts, but every company gets some. */
  pickCompany(): Company {
    this.companyWeights ??= this.companies.map((company) => company.popularity);
    return this.rng.chance(0.3) ? this.rng.pick(this.companies) : (this.companies[this.rng.weightedIndex(this.companyWeights)] as Company);
  }

  program(company: Company, when: YearSeason): InternProgram {
    const key = `${company.id}:${when.year}:${when.season}`;
    let program = this.programs.get(key);
    if (!program) {
      const rng = this.rng;
      const days = rng.weighted([
        [1, 30],
        [2, 7],
        [3, 16],
        [5, 24],
        [10, 8],
        [14, 5],
        [20, 3],
      ] as const);
      const onlineShare = when.year === 2023 ? 0.6 : 0.4;
      const format =
        days >= 10
          ? rng.chance(0.9)
            ? 'in_person'
            : 'online'
          : rng.chance(days === 1 ? onlineShare + 0.15 : onlineShare)
            ? 'online'
            : 'in_person';
      const flow: SelectionFlow =
        days === 1
          ? rng.weighted<SelectionFlow>([
              ['es', 3],
              ['es_test', 2],
              ['es_video', 1],
            ])
          : days >= 10
            ? rng.weighted<SelectionFlow>([
                ['es_interview', 2],
                ['es_test_interview', 3],
              ])
            : rng.weighted<SelectionFlow>([
                ['es_test', 2],
                ['es_interview', 2],
                ['es_test_interview', 3],
                ['es_gd_interview', 1.5],
                ['es_video', 0.5],
              ]);
      program = {
        ...when,
        theme: rng.pick(company.industry.themes),
        format,
        days,
        participants: days === 1 ? rng.pick([30, 50, 80, 100]) : days <= 5 ? rng.pick([18, 24, 30, 40]) : rng.pick([6, 8, 10, 12]),
        team: days >= 10 ? rng.pick([2, 3]) : rng.pick([4, 5, 6]),
        flow,
        testName: rng.pick(WEB_TESTS),
        role: rng.pick(company.roles),
      };
      this.programs.set(key, program);
    }
    return program;
  }

  /**
   * Nine ratings around the company's base quality: each company has its own profile (one is
   * strong on mentoring, another on the link to offers) and each season drifts a little, so
   * the comparison page shows real differences.
   */
  ratings(company: Company, when: YearSeason): InternRatings {
    const rng = this.rng;
    let offsets = this.offsets.get(company.id);
    if (!offsets) {
      offsets = {
        industry: rng.normal(0, 0.45),
        company: rng.normal(0, 0.45),
        mentor: rng.normal(0, 0.55),
        growth: rng.normal(0, 0.45),
        level: rng.normal(0, 0.4),
        theme: rng.normal(0, 0.5),
        offer: rng.normal(0, 0.9),
      };
      this.offsets.set(company.id, offsets);
    }
    const driftKey = `${company.id}:${when.year}:${when.season}`;
    let drift = this.drifts.get(driftKey);
    if (drift === undefined) {
      drift = rng.normal(0, 0.3);
      this.drifts.set(driftKey, drift);
    }
    const q = company.quality + drift;
    const score = (base: number, noise = 0.7) => clamp(Math.round(base + rng.normal(0, noise)), 1, 5);
    const industryUnderstanding = score(q + offsets.industry);
    const companyUnderstanding = score(q + offsets.company);
    const mentor = score(q + offsets.mentor);
    const growth = score(q + offsets.growth);
    const level = score(q * 0.6 + company.selectivity * 0.4 + offsets.level);
    const theme = score(q + offsets.theme);
    const mean = (industryUnderstanding + companyUnderstanding + mentor + growth + level + theme) / 6;
    return {
      all: score(mean, 0.45),
      difficulty: score(company.selectivity + 0.3, 0.8),
      industryUnderstanding,
      companyUnderstanding,
      mentor,
      growth,
      directlyLinkedToOffer: score(2.9 + offsets.offer + (company.selectivity - 3) * 0.2),
      level,
      theme,
    };
  }

  /** Dates of a published post: written, submitted, reviewed and published. */
  private published(after: Date, delayDays: [number, number]): { createdAt: Date; submittedAt: Date; publishedAt: Date } {
    const rng = this.rng;
    const latest = plus(REFERENCE_DATE, -3 * HOUR);
    let publishedAt = plus(after, rng.int(delayDays[0], delayDays[1]) * DAY + rng.int(8, 21) * HOUR + rng.int(0, 59) * 60_000);
    if (publishedAt.getTime() > latest.getTime()) publishedAt = between(rng, minDate(plus(after, 12 * HOUR), latest), latest);
    const submittedAt = plus(publishedAt, -rng.int(3, 80) * HOUR);
    const createdAt = plus(submittedAt, -rng.int(10, 60 * 24 * 3) * 60_000);
    return { createdAt, submittedAt, publishedAt };
  }

  private usefulCount(publishedAt: Date): number {
    // Older posts had more time to collect votes.
    const age = clamp((REFERENCE_DATE.getTime() - publishedAt.getTime()) / (400 * DAY), 0.15, 1);
    return Math.floor(61 * this.rng.next() ** 3 * (0.5 + age / 2));
  }

  private push(draft: Omit<PostDraft, 'status' | 'usefulCount' | 'updatedAt'>): void {
    this.drafts.push({
      ...draft,
      status: 'published',
      usefulCount: this.usefulCount(draft.publishedAt as Date),
      updatedAt: draft.publishedAt as Date,
    });
  }

  // -- builders: the content of one post of each type, given its subject and author, in the
  // shape of the type's module (features/posts/types/), which stores it

  internExperience(company: Company, when: YearSeason, author: Student): PostContent {
    const program = this.program(company, when);
    const ratings = this.ratings(company, when);
    const [overview, flow, impressions] = internSections(this.rng, company, program, ratings);
    return {
      type: 'intern_experience',
      title: internTitle(program),
      jobType: program.role,
      graduationYear: author.graduationYear ?? undefined,
      year: program.year,
      season: program.season,
      theme: program.theme,
      format: program.format,
      days: program.days,
      overview: overview!.body,
      flow: flow!.body,
      steps: this.details.internSteps(program.flow, Object.values(ASKED_AS)),
      impressions: impressions!.body,
      ratings: {
        all: ratings.all,
        difficulty: ratings.difficulty,
        industry_understanding: ratings.industryUnderstanding,
        company_understanding: ratings.companyUnderstanding,
        mentor: ratings.mentor,
        growth: ratings.growth,
        directly_linked_to_offer: ratings.directlyLinkedToOffer,
        level: ratings.level,
        theme: ratings.theme,
      },
    };
  }

  internEntrySheet(company: Company, when: YearSeason, author: Student): PostContent {
    const program = this.program(company, when);
    const graduationYear = author.graduationYear ?? when.year + 2;
    const title = entrySheetTitle(this.rng, {
      selection: 'intern',
      year: when.year,
      season: when.season,
      graduationYear,
      role: program.role,
    });
    const sections = entrySheetSections(this.rng, company, { selection: 'intern', major: author.major, theme: program.theme });
    return {
      type: 'intern_entry_sheet',
      title,
      jobType: program.role,
      graduationYear,
      year: when.year,
      season: when.season,
      questions: sections.map((section) => ({ question: section.heading, answer: section.body })),
      result: this.rng.weighted([
        ['passed', 6],
        ['failed', 2.5],
        ['unknown', 1.5],
      ] as const),
    };
  }

  screeningEntrySheet(company: Company, graduationYear: number, author: Student): PostContent {
    const role = this.rng.pick(company.roles);
    // The calendar year the ES was submitted: main selection runs in the year before graduation.
    const title = entrySheetTitle(this.rng, { selection: 'recruit', year: graduationYear - 1, season: 'summer', graduationYear, role });
    const sections = entrySheetSections(this.rng, company, {
      selection: 'recruit',
      major: author.major,
      theme: this.rng.pick(company.industry.themes),
    });
    return {
      type: 'screening_entry_sheet',
      title,
      jobType: role,
      graduationYear,
      year: graduationYear - 1,
      season: undefined,
      questions: sections.map((section) => ({ question: section.heading, answer: section.body })),
      result: this.rng.weighted([
        ['passed', 6],
        ['failed', 3],
        ['unknown', 1],
      ] as const),
    };
  }

  screeningExperience(company: Company, graduationYear: number): { plan: ScreeningPlan; content: PostContent } {
    const plan: ScreeningPlan = planScreening(this.rng, {
      graduationYear,
      role: this.rng.pick(company.roles),
      testName: this.rng.pick(WEB_TESTS),
      selectivity: company.selectivity,
    });
    const { sections, steps } = screeningSections(this.rng, company, plan);
    return {
      plan,
      content: {
        type: 'screening_experience',
        title: screeningTitle(plan),
        jobType: plan.role,
        graduationYear,
        steps: this.details.screeningSteps(
          steps.map((step) => ({
            kind: step.kind,
            round: step.round,
            final: step.kind === 'interview' && step.round === plan.interviewRounds && plan.interviewRounds > 1,
            questions: step.questions ?? [],
            body: step.body,
          })),
          plan.result,
        ),
        result: plan.result,
        reflection: sections[sections.length - 1]!.body,
      },
    };
  }

  studentWordMouth(company: Company, author: Student): PostContent {
    const rating = clamp(Math.round(this.rng.normal(company.quality, 0.9)), 1, 5);
    const graduationYear = author.graduationYear ?? 2027;
    const title = studentWordMouthTitle(this.rng, company, graduationYear);
    const sections = studentWordMouthSections(this.rng, company, rating);
    // The demo texts cover the briefing, the selection and a verdict; a student files such a
    // mixed account under 選考 or 説明会 most often.
    const category = this.rng.weighted<(typeof WORD_MOUTH_CATEGORIES)[number]>([
      ['選考', 4],
      ['説明会', 3],
      ['社風・働き方', 2],
      ['OB・OG訪問', 1],
      ['その他', 0.5],
    ]);
    return {
      type: 'student_word_mouth',
      category,
      title,
      graduationYear,
      rating,
      body: sections.map((section) => section.body).join('\n\n'),
    };
  }

  companyStudy(company: Company): PostContent {
    const title = companyStudyTitle(this.rng, company);
    const [business, analysis, motivation] = companyStudySections(this.rng, company);
    return { type: 'company_study', title, business: business!.body, analysis: analysis!.body, motivation: motivation!.body };
  }

  serviceReview(service: DemoService): PostContent {
    const rating = clamp(Math.round(this.rng.normal(service.quality, 0.9)), 1, 5);
    const title = serviceReviewTitle(this.rng, service);
    const [good, bad] = serviceReviewSections(this.rng, service, rating);
    return { type: 'recruit_service_review', title, rating, good: good!.body, bad: bad!.body };
  }

  quick(company: Company, date: Date, graduationYear: number): { content: PostContent; reportedAfterDays: number } {
    const rng = this.rng;
    const phase = rng.weighted<QuickPhase>(
      QUICK_PHASES.map((value) => [value, value === '一次面接' ? 1.6 : value === 'GD' ? 0.5 : value === 'Webテスト' ? 0.6 : 1]),
    );
    let result = rng.weighted<QuickResult>([
      ['通過', 5.5],
      ['不通過', 2.5],
      ['結果待ち', 2],
    ]);
    if (phase === '最終面接' && result === '通過') result = '内定';
    const resultAfterDays = rng.pick([2, 3, 5, 7]);
    const detail = this.details.quickStep(phase, result, resultAfterDays);
    const report = quickReport(rng, company, {
      phase,
      result,
      date,
      graduationYear,
      testName: rng.pick(WEB_TESTS),
      resultAfterDays,
      contact: detail.resultVia && detail.resultVia !== 'silent' ? RESULT_CHANNEL_LABELS[detail.resultVia] : undefined,
    });
    // A result is reported when it arrives; a wait is reported right after the step.
    const reportedAfterDays = result === '結果待ち' ? 0 : resultAfterDays;
    return {
      content: {
        type: 'jobhunt_prompt_report',
        event: quickEventOf(phase, result),
        eventDate: tokyoDate(plus(date, reportedAfterDays * DAY)),
        title: report.title,
        graduationYear,
        ...detail,
        report: report.sections[0]!.body,
      },
      reportedAfterDays,
    };
  }

  // -- the published data set

  generatePublished(services: readonly DemoService[]): void {
    const rng = this.rng;
    this.generateInternExperiences();

    for (let i = 0; i < 420; i++) {
      const company = this.pickCompany();
      const when = rng.weighted(YEAR_SEASONS.map((ys, index) => [ys, 1 + index * 0.25] as const));
      const window =
        when.season === 'summer'
          ? [tokyoInstant(when.year, 5, 10), tokyoInstant(when.year, 7, 10)]
          : [tokyoInstant(when.year, 10, 1), tokyoInstant(when.year, 11, 25)];
      const dates = this.published(between(rng, window[0] as Date, window[1] as Date), [15, 200]);
      const author = this.authors.pick(dates.createdAt, [when.year + 2, when.year + 3]);
      const content = this.internEntrySheet(company, when, author);
      this.push({ type: 'intern_entry_sheet', authorId: author.id, companyId: company.id, recruitServiceId: null, content, ...dates });
    }

    for (let i = 0; i < 380; i++) {
      const company = this.pickCompany();
      const graduationYear = rng.chance(0.55) ? 2026 : 2027;
      const submitted =
        graduationYear === 2026
          ? between(rng, tokyoInstant(2025, 2, 20), tokyoInstant(2025, 5, 31))
          : between(rng, tokyoInstant(2025, 9, 20), tokyoInstant(2026, 2, 10));
      const dates = this.published(submitted, graduationYear === 2026 ? [20, 200] : [5, 40]);
      const author = this.authors.pick(dates.createdAt, [graduationYear]);
      const content = this.screeningEntrySheet(company, graduationYear, author);
      this.push({ type: 'screening_entry_sheet', authorId: author.id, companyId: company.id, recruitServiceId: null, content, ...dates });
    }

    for (let i = 0; i < 420; i++) {
      const company = this.pickCompany();
      const graduationYear = rng.chance(0.55) ? 2026 : 2027;
      const { plan, content } = this.screeningExperience(company, graduationYear);
      // A finished selection is written up after it ends; one in progress while it runs.
      const ended =
        graduationYear === 2026
          ? between(rng, tokyoInstant(2025, 4, 1), tokyoInstant(2025, 7, 15))
          : between(rng, tokyoInstant(2025, 11, 1), tokyoInstant(2026, 2, 20));
      const dates = this.published(ended, plan.result === 'in_progress' ? [1, 10] : [5, 150]);
      const author = this.authors.pick(dates.createdAt, [graduationYear]);
      if (content.type === 'screening_experience') content.steps = this.details.dated(content.steps, ended);
      this.push({ type: 'screening_experience', authorId: author.id, companyId: company.id, recruitServiceId: null, content, ...dates });
    }

    for (let i = 0; i < 330; i++) {
      const company = this.pickCompany();
      const dates = this.published(recent(rng, 720), [0, 3]);
      const author = this.authors.pick(dates.createdAt);
      this.push({
        type: 'student_word_mouth',
        authorId: author.id,
        companyId: company.id,
        recruitServiceId: null,
        content: this.studentWordMouth(company, author),
        ...dates,
      });
    }

    // Imported employee reviews: one for every company, so that no company page is empty.
    for (const company of this.companies) {
      const voice = {
        department: departmentFor(rng, company),
        tenure: Math.min(20, 1 + Math.floor(rng.next() ** 1.6 * 15)),
        current: rng.chance(0.7),
        rating: clamp(Math.round(rng.normal(company.quality - 0.2, 1)), 1, 5),
      };
      const publishedAt = between(rng, plus(REFERENCE_DATE, -730 * DAY), plus(REFERENCE_DATE, -6 * HOUR));
      const title = employeeTitle(voice);
      const [culture, growth, pay] = employeeSections(rng, company, voice);
      this.push({
        type: 'employee_word_mouth',
        authorId: null,
        companyId: company.id,
        recruitServiceId: null,
        content: {
          type: 'employee_word_mouth',
          title,
          department: voice.department,
          employment: voice.current ? '現職' : '退職済み',
          tenureYears: voice.tenure,
          rating: voice.rating,
          culture: culture!.body,
          growth: growth!.body,
          pay: pay!.body,
        },
        // Imported data: it was never submitted through the site.
        submittedAt: null,
        publishedAt,
        createdAt: publishedAt,
      });
    }

    for (let i = 0; i < 200; i++) {
      const company = this.pickCompany();
      const dates = this.published(recent(rng, 720), [1, 5]);
      const author = this.authors.pick(dates.createdAt);
      this.push({
        type: 'company_study',
        authorId: author.id,
        companyId: company.id,
        recruitServiceId: null,
        content: this.companyStudy(company),
        ...dates,
      });
    }

    const serviceWeights = services.map((_service, index) => 1.5 - index * 0.08);
    for (let i = 0; i < 110; i++) {
      const serviceIndex = rng.weightedIndex(serviceWeights);
      const dates = this.published(recent(rng, 700), [1, 5]);
      const author = this.authors.pick(dates.createdAt);
      this.push({
        type: 'recruit_service_review',
        authorId: author.id,
        companyId: null,
        recruitServiceId: serviceIndex + 1,
        content: this.serviceReview(services[serviceIndex] as DemoService),
        ...dates,
      });
    }

    for (let i = 0; i < 260; i++) {
      const company = this.pickCompany();
      const event = recent(rng, 590, 1.2);
      const graduationYear = graduationYearOfSelection(event);
      const { reportedAfterDays, content } = this.quick(company, event, graduationYear);
      const dates = this.published(event, [reportedAfterDays, reportedAfterDays + 1]);
      const author = this.authors.pick(dates.createdAt, [graduationYear]);
      this.push({ type: 'jobhunt_prompt_report', authorId: author.id, companyId: company.id, recruitServiceId: null, content, ...dates });
    }
  }

  /**
   * Intern experiences are concentrated on 120 companies with reports in at least three of
   * the six year/seasons, so that the comparison page has data for many pairs of companies.
   */
  private generateInternExperiences(): void {
    const rng = this.rng;
    const byWeight = this.companies.map((company) => company.popularity * (0.5 + Math.log10(company.employeeCount)));
    const featured = new Set<number>();
    while (featured.size < 120) featured.add(rng.weightedIndex(byWeight));
    const others = rng.sample(
      this.companies.map((_, index) => index).filter((index) => !featured.has(index)),
      50,
    );
    const reports: { company: Company; when: YearSeason }[] = [];
    for (const index of [...featured].sort((a, b) => a - b)) {
      const company = this.companies[index] as Company;
      for (const when of rng.sample(YEAR_SEASONS, rng.int(3, 6))) {
        const count = rng.weighted([
          [1, 3],
          [2, 4],
          [3, 2.2],
          [4, 0.8],
        ] as const);
        for (let i = 0; i < count; i++) reports.push({ company, when });
      }
    }
    for (const index of others) {
      const company = this.companies[index] as Company;
      for (const when of rng.sample(YEAR_SEASONS, rng.int(1, 2))) {
        for (let i = rng.int(1, 2); i > 0; i--) reports.push({ company, when });
      }
    }
    for (const { company, when } of reports) {
      const program = this.program(company, when);
      const ended = plus(internStart(rng, when), program.days * DAY);
      const dates = this.published(ended, [3, 75]);
      const author = this.authors.pick(dates.createdAt, [when.year + 2, when.year + 3]);
      const content = this.internExperience(company, when, author);
      this.push({ type: 'intern_experience', authorId: author.id, companyId: company.id, recruitServiceId: null, content, ...dates });
    }
  }

  /** Drafts, posts waiting for review and rejected posts of one student. */
  generateUnpublished(
    student: Student,
    services: readonly DemoService[],
    counts: { draft: number; submitted: number; rejected: number },
  ): void {
    const rng = this.rng;
    // Every type a student writes (employee word of mouth is imported, never drafted).
    const types: PostType[] = WRITABLE_TYPES;
    const statuses: PostStatus[] = [
      ...Array<PostStatus>(counts.draft).fill('draft'),
      ...Array<PostStatus>(counts.submitted).fill('submitted'),
      ...Array<PostStatus>(counts.rejected).fill('rejected'),
    ];
    const graduationYear = student.graduationYear ?? 2027;
    for (const status of statuses) {
      const type = rng.pick(types);
      const company = this.pickCompany();
      const service = rng.pick(services);
      const when: YearSeason = { year: 2025, season: rng.pick(['summer', 'winter'] as const) };
      let content: PostContent;
      switch (type) {
        case 'intern_entry_sheet':
          content = this.internEntrySheet(company, when, student);
          break;
        case 'screening_entry_sheet':
          content = this.screeningEntrySheet(company, Math.max(2026, graduationYear), student);
          break;
        case 'intern_experience':
          content = this.internExperience(company, when, student);
          break;
        case 'screening_experience':
          content = this.screeningExperience(company, Math.max(2026, graduationYear)).content;
          break;
        case 'student_word_mouth':
          content = this.studentWordMouth(company, student);
          break;
        case 'company_study':
          content = this.companyStudy(company);
          break;
        case 'recruit_service_review':
          content = this.serviceReview(service);
          break;
        default:
          content = this.quick(company, recent(rng, 20), Math.max(2026, graduationYear)).content;
      }
      const isService = type === 'recruit_service_review';
      const base = {
        type,
        status,
        authorId: student.id,
        companyId: isService ? null : company.id,
        recruitServiceId: isService ? services.indexOf(service) + 1 : null,
        content,
        usefulCount: 0,
        publishedAt: null,
      };
      const latest = plus(REFERENCE_DATE, -HOUR);
      const floor = plus(student.profileCompletedAt ?? student.createdAt, HOUR);
      if (status === 'draft') {
        const createdAt = maxDate(floor, plus(REFERENCE_DATE, -rng.int(2, 25 * 24) * HOUR));
        this.drafts.push({
          ...base,
          partial: true,
          submittedAt: null,
          createdAt,
          updatedAt: minDate(latest, plus(createdAt, rng.int(5, 60 * 48) * 60_000)),
        });
      } else if (status === 'submitted') {
        const submittedAt = maxDate(plus(floor, HOUR), plus(REFERENCE_DATE, -rng.int(2, 6 * 24) * HOUR));
        this.drafts.push({
          ...base,
          submittedAt,
          createdAt: maxDate(floor, plus(submittedAt, -rng.int(10, 60 * 30) * 60_000)),
          updatedAt: submittedAt,
        });
      } else {
        const submittedAt = maxDate(plus(floor, HOUR), plus(REFERENCE_DATE, -rng.int(8, 40) * DAY));
        const reviewedAt = minDate(latest, plus(submittedAt, rng.int(6, 72) * HOUR));
        this.drafts.push({
          ...base,
          rejection: { ...rng.pick(REJECTION_REASONS), reviewedAt },
          submittedAt,
          createdAt: maxDate(floor, plus(submittedAt, -rng.int(10, 60 * 30) * 60_000)),
          updatedAt: reviewedAt,
        });
      }
    }
  }
}

/** A draft is a post the student stopped writing: the last section is still empty. */
/**
 * A draft as a student leaves it between sittings: the last long text not yet written, and of
 * the intern ratings only the first few chosen.
 */
function unfinished(content: Record<string, unknown>): Record<string, unknown> {
  const draft: Record<string, unknown> = { ...content };
  const texts = Object.keys(draft).filter((key) => typeof draft[key] === 'string' && (draft[key] as string).length > 80);
  const last = texts[texts.length - 1];
  if (last) draft[last] = '';
  if (draft.ratings && typeof draft.ratings === 'object') {
    draft.ratings = Object.fromEntries(Object.entries(draft.ratings).slice(0, 4));
  }
  return draft;
}

/** When a summer or winter internship starts: August–September or December–February. */
function internStart(rng: Random, when: YearSeason): Date {
  return when.season === 'summer'
    ? between(rng, tokyoInstant(when.year, 8, 1), tokyoInstant(when.year, 9, 20))
    : between(rng, tokyoInstant(when.year, 12, 1), tokyoInstant(when.year + 1, 2, 10));
}

/**
 * The graduation year of a student taking a selection step on this date: main selection runs
 * from March to June of the year before graduation, early selection from the summer before.
 */
export function graduationYearOfSelection(date: Date): number {
  const tokyo = tokyoWallClock(date);
  const year = tokyo.getUTCFullYear();
  return tokyo.getUTCMonth() + 1 <= 6 ? year + 1 : year + 2;
}

// ---------------------------------------------------------------- the whole data set

export function generateDemoData(options: GenerateOptions): DemoData {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const root = new Random(seed);
  const companyRng = root.fork('companies');
  const peopleRng = root.fork('people');
  const postRng = root.fork('posts');
  const activityRng = root.fork('activity');
  const viewRng = root.fork('views');

  const companyList = generateCompanies(companyRng);
  const companies = companyRows(companyRng, companyList);

  const moderatorId = 1;
  const students = generateStudents(peopleRng);
  const authors = new AuthorPool(postRng.fork('authors'), students);
  const postFactory = new Posts(postRng, companyList, authors, moderatorId);
  postFactory.generatePublished(SERVICES);
  for (const student of students) {
    if (!student.profileCompletedAt) continue;
    const counts =
      student.number === 1
        ? { draft: 1, submitted: 1, rejected: 1 }
        : {
            draft: peopleRng.weighted([
              [0, 5],
              [1, 4],
              [2, 1],
            ] as const),
            submitted: peopleRng.weighted([
              [0, 6],
              [1, 3],
              [2, 1],
            ] as const),
            rejected: peopleRng.weighted([
              [0, 8],
              [1, 2],
            ] as const),
          };
    postFactory.generateUnpublished(student, SERVICES, counts);
  }

  // Ids follow the order in which posts were started, as they would on the live site. Each post
  // is stored through its type's module: a published one as its posts row and detail row, an
  // unpublished one as its working revision (features/posts/types/).
  const drafts = postFactory.drafts.slice().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const posts: PostRow[] = [];
  const internExperiences: InternExperienceRow[] = [];
  const screeningExperiences: ScreeningExperienceRow[] = [];
  const entrySheets: EntrySheetRow[] = [];
  const postRevisions: PostRevisionRow[] = [];
  const moderationEvents: ModerationEventRow[] = [];
  drafts.forEach((draft, index) => {
    const id = index + 1;
    const { content, partial, rejection, ...meta } = draft;
    if (draft.status === 'published') {
      const { intern, screening, entrySheet, ...texts } = toPostRecord(draft.type, content as never);
      posts.push({ ...meta, ...texts, id, revision: 1 });
      if (intern) internExperiences.push({ postId: id, companyId: draft.companyId!, ...intern });
      if (screening) screeningExperiences.push({ postId: id, ...screening });
      if (entrySheet) entrySheets.push({ postId: id, ...entrySheet });
      // Imported posts were never reviewed on the site; the others were approved once.
      if (draft.authorId !== null) {
        moderationEvents.push({ postId: id, revision: 1, moderatorId, action: 'approve', createdAt: draft.publishedAt! });
      }
      return;
    }
    posts.push({ ...meta, id, title: '', sections: [], attributes: {}, revision: 0 });
    const { type: _type, ...fields } = content;
    postRevisions.push({
      postId: id,
      revision: 1,
      status: draft.status,
      content: partial ? unfinished(fields) : fields,
      submittedAt: draft.submittedAt,
      reviewedAt: rejection?.reviewedAt ?? null,
      reviewedBy: rejection ? moderatorId : null,
      rejectionReason: rejection?.reason ?? null,
      rejectionNote: rejection?.note ?? null,
      createdAt: draft.createdAt,
      updatedAt: draft.updatedAt,
    });
    if (rejection) {
      moderationEvents.push({
        postId: id,
        revision: 1,
        moderatorId,
        action: 'reject',
        reason: rejection.reason,
        note: rejection.note,
        createdAt: rejection.reviewedAt,
      });
    }
  });

  const users: UserRow[] = [
    {
      id: moderatorId,
      email: DEMO_MODERATOR_EMAIL,
      passwordHash: options.passwordHash,
      role: 'moderator',
      name: 'シューログ運営事務局',
      university: null,
      faculty: null,
      graduationYear: null,
      profileCompletedAt: tokyoInstant(2023, 4, 1),
      createdAt: tokyoInstant(2023, 4, 1),
      updatedAt: tokyoInstant(2023, 4, 1),
    },
    ...students.map(
      (student): UserRow => ({
        id: student.id,
        email: student.email,
        passwordHash: options.passwordHash,
        role: 'student',
        name: student.name,
        university: student.university,
        faculty: student.faculty,
        graduationYear: student.graduationYear,
        profileCompletedAt: student.profileCompletedAt,
        createdAt: student.createdAt,
        updatedAt: student.profileCompletedAt ?? student.createdAt,
      }),
    ),
  ];

  const activity = generateActivity(activityRng, {
    students,
    companies: companyList,
    posts,
    internExperiences,
    screeningExperiences,
  });

  return {
    prefectures: PREFECTURES.map((p) => ({ id: p.id, name: p.name, kana: p.kana, region: p.region })),
    industries: INDUSTRIES.map((industry, index) => ({ id: index + 1, name: industry.name, sortOrder: index + 1 })),
    companies,
    recruitServices: SERVICES.map((service, index) => ({
      id: index + 1,
      name: service.name,
      kana: service.kana,
      category: service.category,
      url: service.url,
      description: service.description,
      createdAt: tokyoInstant(2023, 4, 1),
      updatedAt: tokyoInstant(2023, 4, 1),
    })),
    users,
    userPreferredIndustries: students.flatMap((student) => student.industries.map((industryId) => ({ userId: student.id, industryId }))),
    userPreferredPrefectures: students.flatMap((student) =>
      student.prefectures.map((prefectureId) => ({ userId: student.id, prefectureId })),
    ),
    posts,
    internExperiences,
    screeningExperiences,
    entrySheets,
    postRevisions,
    moderationEvents,
    ...activity,
    companyViewDays: generateViewDays(viewRng, companyList, options.today ?? REFERENCE_DATE),
  };
}

/** What a quick report of a step and its result is about (就活速報's できごと). */
function quickEventOf(phase: QuickPhase, result: QuickResult): (typeof QUICK_EVENTS)[number] {
  if (result === '内定') return '内定';
  if (phase === 'ES') return 'ES結果';
  if (phase === 'Webテスト') return 'Webテスト';
  if (phase === 'GD') return 'その他';
  return '面接';
}
