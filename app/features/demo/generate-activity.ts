// What the demo students did besides posting: favorites, clips, useful votes, the selection
// tracker, reward points and the badges all of that earned, plus the page views of the last
// 30 days. Each badge is granted at the moment its action first happened.
import { TRACKER_STATUSES } from '../../db/enums';
import { POST_TYPES } from '../posts/post-types';
import { tokyoDate } from '../../lib/tokyo-time';
import { DAY, HOUR, REFERENCE_DATE, between, maxDate, minDate, plus } from './calendar';
import type {
  BadgeGrantRow,
  ClipRow,
  Company,
  CompanyViewDayRow,
  FavoriteRow,
  InternExperienceRow,
  PointEntryRow,
  PostRow,
  ScreeningExperienceRow,
  Student,
  TrackerEntryRow,
  UsefulVoteRow,
} from './generate';
import type { Random } from './random';
import { POINTS_BY_POST_TYPE } from '../rewards/point-amounts';

export const BADGE = {
  completeRegistration: 101,
  fillMatchCondition: 102,
  firstViewCompany: 103,
  firstClipContent: 104,
  firstVoteUsefulContent: 105,
  firstFavoriteCompany: 106,
  registerInternCompany: 301,
  registerOfferCompany: 302,
  registerEnterCompany: 303,
  updateStatusInternParticipate: 304,
  updateStatusEsSubmit: 305,
  updateStatusPassThrough1stInterview: 306,
  updateStatusPassThrough2ndInterviewOrMore: 307,
  updateStatusJobOffer: 308,
  firstSubmitContent: 409,
  submitMultipleContents: 410,
  firstAcquireReward: 411,
  firstPublishedContent: 412,
  firstClippedOwnContent: 413,
  firstVotedUseful: 414,
} as const;

type ActivityInput = {
  students: Student[];
  companies: Company[];
  posts: PostRow[];
  internExperiences: InternExperienceRow[];
  screeningExperiences: ScreeningExperienceRow[];
};

type TrackerStatus = TrackerEntryRow['status'];

function trackerRank(status: TrackerStatus): number {
  return TRACKER_STATUSES.indexOf(status ?? 'registered');
}

/** Where a screening experience left the student on the tracker's steps. */
function trackerStatusOf(screening: ScreeningExperienceRow): NonNullable<TrackerStatus> {
  if (screening.result === 'offer' || screening.result === 'declined') return 'job_offer';
  const steps = screening.steps ?? [];
  const last = steps[steps.length - 1];
  const round = last?.kind === 'interview' ? (last.round ?? 1) : 0;
  // Rejected at round r, or waiting for round r's result: rounds before r were passed.
  const passed = round - 1;
  if (passed >= 2) return 'passed_second_or_later_interview';
  if (passed === 1) return 'passed_first_interview';
  return 'es_submitted';
}

export function generateActivity(rng: Random, input: ActivityInput) {
  const { students, companies, posts } = input;
  const published = posts.filter((post) => post.status === 'published');
  const favorites: FavoriteRow[] = [];
  const clips: ClipRow[] = [];
  const usefulVotes: UsefulVoteRow[] = [];
  const trackerEntries: TrackerEntryRow[] = [];
  const badgeGrants: BadgeGrantRow[] = [];
  const pointEntries: PointEntryRow[] = [];
  const latest = plus(REFERENCE_DATE, -HOUR);
  // Squared, so that a handful of companies are clearly the students' favourites.
  const popularity = companies.map((company) => company.popularity ** 2.5);
  const postById = new Map(posts.map((post) => [post.id, post]));
  const clipsOf = new Map<number, { at: Date; postId: number }[]>();
  const votesOf = new Map<number, { at: Date; postId: number }[]>();
  const othersClipped = new Map<number, Date>();
  const othersVoted = new Map<number, Date>();
  const voteCount = new Map<number, number>();
  const postWeights = published.map((post) => 1 + (post.usefulCount ?? 0));

  const earlier = (map: Map<number, Date>, key: number, at: Date) => {
    const current = map.get(key);
    if (!current || at < current) map.set(key, at);
  };

  for (const student of students) {
    if (!student.profileCompletedAt) continue;
    const since = plus(student.profileCompletedAt, HOUR);
    // Favorites: popular companies and the student's own match conditions.
    const chosen = new Set<number>();
    const target = rng.int(3, 15);
    const preferred = companies.filter((company) => student.industries.includes(company.industryId));
    for (let tries = 0; chosen.size < target && tries < 200; tries++) {
      const company = preferred.length > 0 && rng.chance(0.4) ? rng.pick(preferred) : (companies[rng.weightedIndex(popularity)] as Company);
      chosen.add(company.id);
    }
    for (const companyId of [...chosen].sort((a, b) => a - b)) {
      favorites.push({ userId: student.id, companyId, createdAt: between(rng, since, latest) });
    }

    const pickPosts = (count: number) => {
      const picked = new Map<number, Date>();
      for (let tries = 0; picked.size < count && tries < 100; tries++) {
        const post = published[rng.weightedIndex(postWeights)] as PostRow;
        if (post.authorId === student.id || picked.has(post.id)) continue;
        const from = maxDate(since, post.publishedAt as Date);
        if (from >= latest) continue;
        picked.set(post.id, between(rng, from, latest));
      }
      return [...picked.entries()].map(([postId, at]) => ({ postId, at }));
    };
    const studentClips = pickPosts(rng.int(0, 12));
    const studentVotes = pickPosts(rng.int(0, 20));
    clipsOf.set(student.id, studentClips);
    votesOf.set(student.id, studentVotes);
    for (const clip of studentClips) {
      clips.push({ userId: student.id, postId: clip.postId, createdAt: clip.at });
      const author = postById.get(clip.postId)?.authorId;
      if (author) earlier(othersClipped, author, clip.at);
    }
    for (const vote of studentVotes) {
      usefulVotes.push({ userId: student.id, postId: vote.postId, createdAt: vote.at });
      voteCount.set(vote.postId, (voteCount.get(vote.postId) ?? 0) + 1);
      const author = postById.get(vote.postId)?.authorId;
      if (author) earlier(othersVoted, author, vote.at);
    }
  }
  // The public count is exactly the votes we hold rows for (the draft count only weighted the picks).
  for (const post of posts) post.usefulCount = voteCount.get(post.id) ?? 0;

  // Reward points: one entry per published post of a student, at its type's amount, credited with
  // the approval (the same moment, as the moderation feature writes them together).
  published
    .filter((post) => post.authorId !== null)
    .sort((a, b) => (a.publishedAt as Date).getTime() - (b.publishedAt as Date).getTime() || a.id - b.id)
    .forEach((post, index) => {
      pointEntries.push({
        id: index + 1,
        userId: post.authorId as number,
        amount: POINTS_BY_POST_TYPE[post.type],
        reason: 'post_published',
        postId: post.id,
        note: null,
        createdAt: post.publishedAt as Date,
      });
    });

  // Selection tracker: the companies a job-hunting student reported on.
  const internByPost = new Map(input.internExperiences.map((row) => [row.postId, row]));
  const screeningByPost = new Map(input.screeningExperiences.map((row) => [row.postId, row]));
  let trackerId = 1;
  for (const student of students) {
    if (!student.profileCompletedAt || (student.graduationYear ?? 0) > 2027) continue;
    const own = published.filter((post) => post.authorId === student.id);
    const entries = new Map<string, TrackerEntryRow>();
    const add = (companyId: number, category: 'intern' | 'recruit', status: NonNullable<TrackerStatus>, at: Date) => {
      const key = `${companyId}:${category}`;
      const existing = entries.get(key);
      if (existing && trackerRank(existing.status) >= trackerRank(status)) return;
      entries.set(key, {
        id: 0,
        userId: student.id,
        companyId,
        category,
        status,
        willEnter: false,
        memo: '',
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
      });
    };
    for (const post of rng.shuffle(own).slice(0, 12)) {
      const intern = internByPost.get(post.id);
      const screening = screeningByPost.get(post.id);
      if (intern) add(intern.companyId, 'intern', 'intern_participated', post.submittedAt as Date);
      if (screening) add(post.companyId as number, 'recruit', trackerStatusOf(screening), post.submittedAt as Date);
      if (entries.size >= 8) break;
    }
    // 2026 graduates have decided where to go by now.
    const offers = [...entries.values()].filter((entry) => entry.category === 'recruit' && entry.status === 'job_offer');
    if (student.graduationYear === 2026 && offers.length > 0) {
      const chosen = rng.pick(offers);
      chosen.willEnter = true;
      chosen.memo = '入社予定。内定者懇親会は3月。';
    }
    for (const entry of [...entries.values()].sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime())) {
      trackerEntries.push({ ...entry, id: trackerId++ });
    }
  }

  // Badges, each at the moment the student first did what earns it.
  for (const student of students) {
    if (!student.profileCompletedAt) continue;
    const grants = new Map<number, Date>();
    const grant = (badge: number | null | undefined, at: Date | undefined) => {
      if (!badge || !at) return;
      const current = grants.get(badge);
      if (!current || at < current) grants.set(badge, at);
    };
    grant(BADGE.completeRegistration, student.profileCompletedAt);
    if (student.industries.length > 0 || student.prefectures.length > 0)
      grant(BADGE.fillMatchCondition, plus(student.profileCompletedAt, 2 * 60_000));

    const favs = favorites.filter((favorite) => favorite.userId === student.id).map((favorite) => favorite.createdAt as Date);
    const firstFavorite = favs.length > 0 ? favs.reduce((a, b) => minDate(a, b)) : undefined;
    grant(BADGE.firstFavoriteCompany, firstFavorite);
    const studentClips = clipsOf.get(student.id) ?? [];
    const studentVotes = votesOf.get(student.id) ?? [];
    const firstOf = (list: { at: Date }[]) => (list.length > 0 ? list.map((item) => item.at).reduce((a, b) => minDate(a, b)) : undefined);
    grant(BADGE.firstClipContent, firstOf(studentClips));
    grant(BADGE.firstVoteUsefulContent, firstOf(studentVotes));
    // Clipping or voting a post means having read it, and reading means visiting its company.
    for (const { postId, at } of [...studentClips, ...studentVotes]) {
      const post = postById.get(postId) as PostRow;
      const viewBadge = POST_TYPES[post.type].viewBadgeId;
      if (viewBadge) grant(viewBadge, plus(at, -2 * 60_000));
      if (post.companyId) grant(BADGE.firstViewCompany, plus(at, -3 * 60_000));
    }
    if (firstFavorite) grant(BADGE.firstViewCompany, plus(firstFavorite, -60_000));

    const mine = posts.filter((post) => post.authorId === student.id);
    const submissions = mine
      .filter((post) => post.submittedAt)
      .map((post) => ({ type: post.type, at: post.submittedAt as Date }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const submission of submissions) grant(POST_TYPES[submission.type].submitBadgeId, submission.at);
    grant(BADGE.firstSubmitContent, submissions[0]?.at);
    grant(BADGE.submitMultipleContents, submissions[2]?.at);
    const publishedMine = mine.filter((post) => post.status === 'published').map((post) => post.publishedAt as Date);
    const firstPublished = publishedMine.length > 0 ? publishedMine.reduce((a, b) => minDate(a, b)) : undefined;
    grant(BADGE.firstPublishedContent, firstPublished);
    grant(BADGE.firstAcquireReward, firstPublished);
    grant(BADGE.firstClippedOwnContent, othersClipped.get(student.id));
    grant(BADGE.firstVotedUseful, othersVoted.get(student.id));

    for (const entry of trackerEntries.filter((row) => row.userId === student.id)) {
      const at = entry.updatedAt as Date;
      const rank = trackerRank(entry.status);
      if (entry.category === 'intern') {
        grant(BADGE.registerInternCompany, entry.createdAt as Date);
        if (entry.status === 'intern_participated') grant(BADGE.updateStatusInternParticipate, at);
      } else {
        if (rank >= trackerRank('es_submitted')) grant(BADGE.updateStatusEsSubmit, at);
        if (rank >= trackerRank('passed_first_interview')) grant(BADGE.updateStatusPassThrough1stInterview, at);
        if (rank >= trackerRank('passed_second_or_later_interview')) grant(BADGE.updateStatusPassThrough2ndInterviewOrMore, at);
        if (rank >= trackerRank('job_offer')) {
          grant(BADGE.updateStatusJobOffer, at);
          grant(BADGE.registerOfferCompany, at);
        }
      }
      if (entry.willEnter) grant(BADGE.registerEnterCompany, at);
    }

    for (const [badgeKindId, acquiredAt] of [...grants.entries()].sort((a, b) => a[0] - b[0])) {
      badgeGrants.push({
        userId: student.id,
        badgeKindId,
        acquiredAt,
        displayedAt: minDate(latest, plus(acquiredAt, rng.int(5, 600) * 1000)),
      });
    }
  }

  return { favorites, clips, usefulVotes, trackerEntries, badgeGrants, pointEntries };
}

/**
 * Views per company and day for the 30 days up to `today`. The counts come from the seed only;
 * `today` just decides which calendar days they are written on, so that "most viewed in the
 * last 30 days" has data whenever the demo is started.
 */
export function generateViewDays(rng: Random, companies: Company[], today: Date): CompanyViewDayRow[] {
  const rows: CompanyViewDayRow[] = [];
  const days = Array.from({ length: 30 }, (_, i) => tokyoDate(plus(today, -i * DAY)));
  for (const company of companies) {
    const base = company.popularity * company.popularity * 4;
    days.forEach((day, i) => {
      // Job hunters browse less at weekends; the weekday is taken from the offset so that the
      // counts do not depend on today's date.
      const weekend = i % 7 === 5 || i % 7 === 6 ? 0.6 : 1;
      const views = Math.round(base * weekend * Math.exp(rng.normal(0, 0.45)));
      if (views > 0) rows.push({ companyId: company.id, day, views });
    });
  }
  return rows;
}
