import { describe, expect, it } from 'vitest';
import { POST_TYPES } from '../posts/post-types';
import {
  BADGE_ICON_KINDS,
  BADGE_ICON_SIZES,
  BADGE_KIND_COUNT,
  BADGE_KINDS,
  BADGE_SERIES,
  BADGE_TIERS,
  POSTING_PATHS,
  badgeId,
  badgeKindById,
  badgePostingHref,
  isBadgeKindId,
} from './catalog';

// The ids and achievement keys of docs/product/badges.md#badge-kinds, copied as they are written there.
const SPEC_TABLE = `
101 completeRegistration; 102 fillMatchCondition; 103 firstViewCompany; 104 firstClipContent; 105 firstVoteUsefulContent; 106 firstFavoriteCompany
201 firstViewJobtalkWordMouth; 202 firstViewStudentJobtalkWordMouth; 203 firstViewCompanyStudyReport; 204 firstViewInternEntrySheet; 205 firstViewScreeningEntrySheet; 206 firstViewInternExperience; 207 firstViewScreeningExperience; 208 firstViewJobhuntPromptReport
301 registerInternCompany; 302 registerOfferCompany; 303 registerEnterCompany; 304 updateStatusInternParticipate; 305 updateStatusEsSubmit; 306 updateStatusPassThrough1stInterview; 307 updateStatusPassThrough2ndInterviewOrMore; 308 updateStatusJobOffer; 309 updateStatusEnterCompany
401 firstSubmitJobhuntPromptReport; 402 firstSubmitInternEntrySheet; 403 firstSubmitScreeningEntrySheet; 404 firstSubmitInternExperience; 405 firstSubmitScreeningExperience; 406 firstSubmitStudentJobtalkWordMouth; 407 firstSubmitCompanyStudyReport; 408 firstSubmitRecruitServiceReview; 409 firstSubmitContent; 410 submitMultipleContents; 411 firstAcquireReward; 412 firstPublishedContent; 413 firstClippedOwnContent; 414 firstVotedUseful
`;
const SPEC_PAIRS = [...SPEC_TABLE.matchAll(/(\d{3}) (\w+)/g)].map((match) => [Number(match[1]), match[2]] as const);

describe('the badge catalog', () => {
  // The first product description and the issue said 38, but the first specification's table (which won) lists 6 + 8 + 9 + 14 = 37
  // kinds; see docs/decisions/011-badges.md.
  it('has exactly the kinds of docs/product/badges.md#badge-kinds with their ids and achievement keys, in order', () => {
    expect(SPEC_PAIRS).toHaveLength(37);
    expect(BADGE_KINDS.map((kind) => [kind.id, kind.key])).toEqual(SPEC_PAIRS);
    expect(BADGE_KIND_COUNT).toBe(SPEC_PAIRS.length);
  });

  it('has unique ids, keys and names', () => {
    expect(new Set(BADGE_KINDS.map((kind) => kind.id)).size).toBe(SPEC_PAIRS.length);
    expect(new Set(BADGE_KINDS.map((kind) => kind.key)).size).toBe(SPEC_PAIRS.length);
    expect(new Set(BADGE_KINDS.map((kind) => kind.name)).size).toBe(SPEC_PAIRS.length);
  });

  it('uses only the 15 icon kinds and the three tiers, and uses every icon kind', () => {
    expect(BADGE_ICON_KINDS).toHaveLength(15);
    for (const kind of BADGE_KINDS) {
      expect(BADGE_ICON_KINDS).toContain(kind.icon);
      expect(BADGE_TIERS).toContain(kind.tier);
    }
    expect(new Set(BADGE_KINDS.map((kind) => kind.icon)).size).toBe(15);
  });

  it('puts each kind in the series of its hundreds', () => {
    const labels = Object.fromEntries(BADGE_SERIES.map((series) => [series.key, series.label]));
    const expected: Record<number, string> = { 1: '基本', 2: '閲覧', 3: '就活状況', 4: '投稿' };
    for (const kind of BADGE_KINDS) expect(labels[kind.series]).toBe(expected[Math.floor(kind.id / 100)]);
  });

  it('has a Japanese name and a sentence on how to earn each kind', () => {
    for (const kind of BADGE_KINDS) {
      expect(kind.name).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(kind.howToEarn).toMatch(/獲得できます。$/);
    }
  });

  it('links each first-submit badge of a content type to its posting page with campaign parameters', () => {
    const linked = BADGE_KINDS.filter((kind) => kind.postingHref !== null).map((kind) => kind.id);
    expect(linked).toEqual([401, 402, 403, 404, 405, 406, 407, 408]);
    for (const info of Object.values(POST_TYPES)) {
      if (info.submitBadgeId === null) continue;
      const href = badgeKindById(info.submitBadgeId)?.postingHref;
      expect(href).toBe(badgePostingHref(POSTING_PATHS[info.key]!, info.submitBadgeId));
    }
    expect(badgeKindById(402)?.postingHref).toBe(
      '/entry_sheets/new?selection_type=intern&utm_source=badges&utm_medium=badge_detail&utm_campaign=badge_402',
    );
    expect(badgeKindById(406)?.postingHref).toBe('/word_mouths/new?utm_source=badges&utm_medium=badge_detail&utm_campaign=badge_406');
    for (const id of linked) {
      const href = badgeKindById(id)!.postingHref!;
      expect(href.match(/\?/g)).toHaveLength(1);
      const url = new URL(href, 'https://example.com');
      expect(url.origin + url.pathname + url.search).toBe(`https://example.com${href}`);
      expect(url.searchParams.get('utm_source')).toBe('badges');
      expect(url.searchParams.get('utm_medium')).toBe('badge_detail');
      expect(url.searchParams.get('utm_campaign')).toBe(`badge_${id}`);
    }
  });

  it('uses the posting routes of docs/product/pages.md#route-table', () => {
    const specRoutes = [
      '/entry_sheets/new?selection_type=intern',
      '/entry_sheets/new?selection_type=recruit',
      '/intern_experiences/select_company',
      '/screening_experiences/select_company',
      '/word_mouths/new',
      '/company_studies/new',
      '/recruit_service_reviews/recruit_service_list',
    ];
    for (const route of specRoutes) expect(Object.values(POSTING_PATHS)).toContain(route);
  });

  it('looks kinds up by id and key', () => {
    expect(badgeId('firstFavoriteCompany')).toBe(106);
    expect(() => badgeId('noSuchBadge')).toThrow();
    expect(isBadgeKindId(101)).toBe(true);
    expect(isBadgeKindId(100)).toBe(false);
    expect(isBadgeKindId('101')).toBe(false);
  });

  it('has the icon sizes of docs/product/badges.md#icons-colors-and-sizes', () => {
    expect(BADGE_ICON_SIZES).toEqual({ large: 100, medium: 70, small: 60 });
  });
});
