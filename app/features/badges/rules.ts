// Which badges an activity earns (docs/product/badges.md#what-earns-each-badge). Pure: the engine (record-activity.server.ts)
// and the backfill both ask these rules, so a live grant and a re-evaluation never disagree.
// See docs/decisions/011-badges.md for the choices where the first specification only gave names.
import { TRACKER_STATUSES, type TrackerCategory, type TrackerStatus } from '../../db/enums';
import { POST_TYPES } from '../posts/post-types';
import type { PostTypeKey } from '../../db/enums';
import { badgeId } from './catalog';

/** A tracker entry as it is after the change (選考管理, docs/product/companies.md#selection-tracker). */
type TrackerState = { category: TrackerCategory; status: TrackerStatus; willEnter: boolean };

/** What a student did. Features report these through recordActivity. */
export type Activity =
  | { type: 'registration_completed' }
  | { type: 'match_conditions_saved'; industryCount: number; prefectureCount: number }
  | { type: 'company_viewed'; companyId: number }
  | { type: 'favorite_added'; companyId: number }
  | { type: 'content_clipped'; postId: number }
  | { type: 'content_voted_useful'; postId: number }
  | { type: 'post_viewed'; postType: PostTypeKey }
  | ({ type: 'tracker_company_registered'; companyId: number } & TrackerState)
  | ({ type: 'tracker_status_updated'; companyId: number } & TrackerState)
  | { type: 'post_submitted'; postType: PostTypeKey }
  | { type: 'post_published'; postType: PostTypeKey }
  | { type: 'reward_acquired'; amount: number }
  /** Someone clipped a post of this student (the student is the author). */
  | { type: 'own_post_clipped'; postId: number; byUserId: number }
  /** Someone voted a post of this student useful. */
  | { type: 'own_post_voted_useful'; postId: number; byUserId: number };

export type ActivityType = Activity['type'];

/** What the rules need beyond the activity itself; the engine reads it from the database. */
export type ActivityFacts = {
  /** The student (whose badges these are). */
  userId: number;
  /** For post_submitted: the student's submitted posts, this one included. */
  submittedPostCount?: number;
};

/** Posts a student must have submitted for 410 submitMultipleContents (docs/product/badges.md#what-earns-each-badge: 3 or more). */
export const MULTIPLE_CONTENTS_THRESHOLD = 3;

const rank = (status: TrackerStatus) => TRACKER_STATUSES.indexOf(status);

/**
 * A tracker entry's badges follow from its state, not from the step that changed: moving a
 * screening straight to 内定 also means the interviews before it were passed, and the backfill,
 * which sees only the current state, reaches the same answer.
 */
function trackerBadges(state: TrackerState): number[] {
  const ids: number[] = [];
  if (state.category === 'intern') {
    ids.push(badgeId('registerInternCompany'));
    if (state.status === 'intern_participated') ids.push(badgeId('updateStatusInternParticipate'));
  } else {
    const reached = rank(state.status);
    if (reached >= rank('es_submitted')) ids.push(badgeId('updateStatusEsSubmit'));
    if (reached >= rank('passed_first_interview')) ids.push(badgeId('updateStatusPassThrough1stInterview'));
    if (reached >= rank('passed_second_or_later_interview')) ids.push(badgeId('updateStatusPassThrough2ndInterviewOrMore'));
    if (reached >= rank('job_offer')) ids.push(badgeId('registerOfferCompany'), badgeId('updateStatusJobOffer'));
    if (reached >= rank('entered')) ids.push(badgeId('updateStatusEnterCompany'));
  }
  if (state.willEnter || state.status === 'entered') ids.push(badgeId('registerEnterCompany'));
  return ids;
}

/** The badge kind ids an activity earns (before knowing which the student already has). */
export function badgesEarnedBy(activity: Activity, facts: ActivityFacts): number[] {
  switch (activity.type) {
    case 'registration_completed':
      return [badgeId('completeRegistration')];
    case 'match_conditions_saved':
      return activity.industryCount > 0 || activity.prefectureCount > 0 ? [badgeId('fillMatchCondition')] : [];
    case 'company_viewed':
      return [badgeId('firstViewCompany')];
    case 'favorite_added':
      return [badgeId('firstFavoriteCompany')];
    case 'content_clipped':
      return [badgeId('firstClipContent')];
    case 'content_voted_useful':
      return [badgeId('firstVoteUsefulContent')];
    case 'post_viewed': {
      const viewBadge = POST_TYPES[activity.postType].viewBadgeId;
      return viewBadge === null ? [] : [viewBadge];
    }
    case 'tracker_company_registered':
    case 'tracker_status_updated':
      return trackerBadges(activity);
    case 'post_submitted': {
      const ids: number[] = [];
      const submitBadge = POST_TYPES[activity.postType].submitBadgeId;
      if (submitBadge !== null) ids.push(submitBadge);
      ids.push(badgeId('firstSubmitContent'));
      if ((facts.submittedPostCount ?? 0) >= MULTIPLE_CONTENTS_THRESHOLD) ids.push(badgeId('submitMultipleContents'));
      return ids;
    }
    case 'post_published':
      return [badgeId('firstPublishedContent')];
    case 'reward_acquired':
      return activity.amount > 0 ? [badgeId('firstAcquireReward')] : [];
    case 'own_post_clipped':
      // Clipping one's own post earns nothing for the author.
      return activity.byUserId === facts.userId ? [] : [badgeId('firstClippedOwnContent')];
    case 'own_post_voted_useful':
      return activity.byUserId === facts.userId ? [] : [badgeId('firstVotedUseful')];
  }
}
