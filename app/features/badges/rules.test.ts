import { describe, expect, it } from 'vitest';
import { POST_TYPES } from '../posts/post-types';
import { POST_TYPE_KEYS } from '../../db/enums';
import { BADGE_KINDS } from './catalog';
import type { TrackerStatus } from '../../db/enums';
import { badgesEarnedBy, type Activity } from './rules';

const facts = { userId: 7 };
const earned = (activity: Activity, extra: Partial<typeof facts & { submittedPostCount: number }> = {}) =>
  badgesEarnedBy(activity, { ...facts, ...extra });

describe('badge rules', () => {
  it('awards the basic badges', () => {
    expect(earned({ type: 'registration_completed' })).toEqual([101]);
    expect(earned({ type: 'match_conditions_saved', industryCount: 2, prefectureCount: 0 })).toEqual([102]);
    expect(earned({ type: 'match_conditions_saved', industryCount: 0, prefectureCount: 1 })).toEqual([102]);
    expect(earned({ type: 'match_conditions_saved', industryCount: 0, prefectureCount: 0 })).toEqual([]);
    expect(earned({ type: 'company_viewed', companyId: 1 })).toEqual([103]);
    expect(earned({ type: 'content_clipped', postId: 1 })).toEqual([104]);
    expect(earned({ type: 'content_voted_useful', postId: 1 })).toEqual([105]);
    expect(earned({ type: 'favorite_added', companyId: 1 })).toEqual([106]);
  });

  it('awards the view badge of each content type (201–208), none for service reviews', () => {
    const ids = POST_TYPE_KEYS.flatMap((postType) => earned({ type: 'post_viewed', postType }));
    expect(ids.sort()).toEqual([201, 202, 203, 204, 205, 206, 207, 208]);
    expect(earned({ type: 'post_viewed', postType: 'recruit_service_review' })).toEqual([]);
    expect(earned({ type: 'post_viewed', postType: 'intern_experience' })).toEqual([206]);
  });

  it('awards the submit badge of the type, the first-post badge, and 410 from the third post', () => {
    expect(earned({ type: 'post_submitted', postType: 'student_word_mouth' }, { submittedPostCount: 1 })).toEqual([406, 409]);
    expect(earned({ type: 'post_submitted', postType: 'jobhunt_prompt_report' }, { submittedPostCount: 2 })).toEqual([401, 409]);
    expect(earned({ type: 'post_submitted', postType: 'company_study' }, { submittedPostCount: 3 })).toEqual([407, 409, 410]);
    expect(earned({ type: 'post_submitted', postType: 'recruit_service_review' })).toEqual([408, 409]);
    for (const info of Object.values(POST_TYPES)) {
      if (info.submitBadgeId === null) continue;
      expect(earned({ type: 'post_submitted', postType: info.key })).toContain(info.submitBadgeId);
    }
  });

  it('awards publishing, reward and the reactions of other students only', () => {
    expect(earned({ type: 'post_published', postType: 'intern_experience' })).toEqual([412]);
    expect(earned({ type: 'reward_acquired', amount: 500 })).toEqual([411]);
    expect(earned({ type: 'reward_acquired', amount: -100 })).toEqual([]);
    expect(earned({ type: 'own_post_clipped', postId: 1, byUserId: 8 })).toEqual([413]);
    expect(earned({ type: 'own_post_clipped', postId: 1, byUserId: 7 })).toEqual([]);
    expect(earned({ type: 'own_post_voted_useful', postId: 1, byUserId: 8 })).toEqual([414]);
    expect(earned({ type: 'own_post_voted_useful', postId: 1, byUserId: 7 })).toEqual([]);
  });

  it('derives the tracker badges from the entry state, steps included', () => {
    const tracker = (category: 'intern' | 'recruit', status: TrackerStatus, willEnter = false) =>
      earned({ type: 'tracker_status_updated', companyId: 1, category, status, willEnter }).sort();
    expect(tracker('intern', 'registered')).toEqual([301]);
    expect(tracker('intern', 'intern_participated')).toEqual([301, 304]);
    expect(tracker('recruit', 'registered')).toEqual([]);
    expect(tracker('recruit', 'es_submitted')).toEqual([305]);
    expect(tracker('recruit', 'passed_first_interview')).toEqual([305, 306]);
    expect(tracker('recruit', 'passed_second_or_later_interview')).toEqual([305, 306, 307]);
    expect(tracker('recruit', 'job_offer')).toEqual([302, 305, 306, 307, 308]);
    expect(tracker('recruit', 'job_offer', true)).toEqual([302, 303, 305, 306, 307, 308]);
    expect(tracker('recruit', 'entered')).toEqual([302, 303, 305, 306, 307, 308, 309]);
    expect(
      earned({ type: 'tracker_company_registered', companyId: 1, category: 'intern', status: 'registered', willEnter: false }),
    ).toEqual([301]);
  });

  it('can award every badge kind through some activity', () => {
    const activities: Activity[] = [
      { type: 'registration_completed' },
      { type: 'match_conditions_saved', industryCount: 1, prefectureCount: 1 },
      { type: 'company_viewed', companyId: 1 },
      { type: 'favorite_added', companyId: 1 },
      { type: 'content_clipped', postId: 1 },
      { type: 'content_voted_useful', postId: 1 },
      ...POST_TYPE_KEYS.map((postType) => ({ type: 'post_viewed', postType }) as const),
      ...POST_TYPE_KEYS.map((postType) => ({ type: 'post_submitted', postType }) as const),
      { type: 'tracker_status_updated', companyId: 1, category: 'intern', status: 'intern_participated', willEnter: false },
      { type: 'tracker_status_updated', companyId: 1, category: 'recruit', status: 'entered', willEnter: true },
      { type: 'post_published', postType: 'company_study' },
      { type: 'reward_acquired', amount: 500 },
      { type: 'own_post_clipped', postId: 1, byUserId: 9 },
      { type: 'own_post_voted_useful', postId: 1, byUserId: 9 },
    ];
    const all = new Set(activities.flatMap((activity) => earned(activity, { submittedPostCount: 3 })));
    expect([...all].sort()).toEqual(BADGE_KINDS.map((kind) => kind.id));
  });
});
