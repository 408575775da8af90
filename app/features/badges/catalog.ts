// The badge kinds of docs/product/badges.md#badge-kinds (37; an early count of 38 was a miscount) with what the project adds: a Japanese name,
// an icon kind, a color tier by difficulty, the series and how to earn it. Ids and achievement
// keys are fixed (docs/product/badges.md#badge-kinds) and never change: badge_grants stores the id. See docs/decisions/011-badges.md.
import { postingEntryPath } from '../posts/posting-routes';
import { POST_TYPES } from '../posts/post-types';
import type { PostTypeKey } from '../../db/enums';

/** The 15 icon kinds of docs/product/badges.md#icons-colors-and-sizes (spelling included: calender). */
export const BADGE_ICON_KINDS = [
  'sk',
  'star',
  'much',
  'company',
  'clip',
  'good',
  'heart',
  'status',
  'pen',
  'noteCheck',
  'calender',
  'note',
  'chat',
  'megaphone',
  'reward',
] as const;
export type BadgeIconKind = (typeof BADGE_ICON_KINDS)[number];

/** Acquired badges are drawn in their tier; gray is for a badge not acquired yet. */
export const BADGE_TIERS = ['gold', 'silver', 'bronze'] as const;
export type BadgeTier = (typeof BADGE_TIERS)[number];
export type BadgeColor = BadgeTier | 'gray';

export const BADGE_TIER_LABELS: Record<BadgeTier, string> = {
  gold: 'ゴールド',
  silver: 'シルバー',
  bronze: 'ブロンズ',
};

/** docs/product/badges.md#icons-colors-and-sizes. */
export const BADGE_ICON_SIZES = { large: 100, medium: 70, small: 60 } as const;
export type BadgeIconSize = keyof typeof BADGE_ICON_SIZES;

export const BADGE_SERIES = [
  { key: 'basic', hundreds: 1, label: '基本' },
  { key: 'viewing', hundreds: 2, label: '閲覧' },
  { key: 'job_hunting', hundreds: 3, label: '就活状況' },
  { key: 'posting', hundreds: 4, label: '投稿' },
] as const;
export type BadgeSeriesKey = (typeof BADGE_SERIES)[number]['key'];

export type BadgeKind = {
  id: number;
  /** The fixed achievement name (docs/product/badges.md#badge-kinds), e.g. completeRegistration. */
  key: string;
  name: string;
  icon: BadgeIconKind;
  tier: BadgeTier;
  series: BadgeSeriesKey;
  /** How to earn it, one Japanese sentence. */
  howToEarn: string;
  /** For the first-submit badges of a content type: the posting page with campaign parameters. */
  postingHref: string | null;
};

/**
 * Where each content type is posted (docs/product/pages.md#route-table, docs/product/content.md#content-types). Employee word of
 * mouth is imported only, so it has no form.
 */
export const POSTING_PATHS = Object.fromEntries(Object.values(POST_TYPES).map((info) => [info.key, postingEntryPath(info.key)])) as Record<
  PostTypeKey,
  string | null
>;

/** A posting path with the badge page's campaign parameters (docs/product/badges.md#badge-status-page). */
export function badgePostingHref(path: string, badgeKindId: number): string {
  const campaign = `utm_source=badges&utm_medium=badge_detail&utm_campaign=badge_${badgeKindId}`;
  return `${path}${path.includes('?') ? '&' : '?'}${campaign}`;
}

type Entry = [id: number, key: string, name: string, icon: BadgeIconKind, tier: BadgeTier, howToEarn: string];

// Tiers: bronze for a first step anyone takes in a minute, silver for real effort (a post, a
// selection step), gold for an outcome (an offer, three posts, other students' reactions).
// biome-ignore format: a table, one badge a line
const ENTRIES: Entry[] = [
  [101, 'completeRegistration', '会員登録完了', 'sk', 'bronze', '会員登録をして、氏名・大学・卒業年度などのプロフィールを入力すると獲得できます。'],
  [102, 'fillMatchCondition', '希望条件の登録', 'noteCheck', 'bronze', 'マイページで希望する業界や勤務地を登録すると獲得できます。'],
  [103, 'firstViewCompany', 'はじめての企業チェック', 'company', 'bronze', '気になる企業のページをはじめて見ると獲得できます。'],
  [104, 'firstClipContent', 'はじめてのクリップ', 'clip', 'bronze', '体験記やESなどの投稿をはじめてクリップすると獲得できます。'],
  [105, 'firstVoteUsefulContent', 'はじめての「参考になった」', 'good', 'bronze', '役に立った投稿にはじめて「参考になった」を押すと獲得できます。'],
  [106, 'firstFavoriteCompany', 'はじめてのお気に入り', 'heart', 'bronze', '企業をはじめてお気に入りに登録すると獲得できます。'],

  [201, 'firstViewJobtalkWordMouth', '社員クチコミを読んだ', 'chat', 'bronze', '社員クチコミをはじめて読むと獲得できます。'],
  [202, 'firstViewStudentJobtalkWordMouth', '学生クチコミを読んだ', 'chat', 'bronze', '学生クチコミをはじめて読むと獲得できます。'],
  [203, 'firstViewCompanyStudyReport', '企業研究レポートを読んだ', 'note', 'bronze', '企業研究レポートをはじめて読むと獲得できます。'],
  [204, 'firstViewInternEntrySheet', 'インターンESを読んだ', 'note', 'bronze', '先輩のインターンESをはじめて読むと獲得できます。'],
  [205, 'firstViewScreeningEntrySheet', '本選考ESを読んだ', 'note', 'bronze', '先輩の本選考ESをはじめて読むと獲得できます。'],
  [206, 'firstViewInternExperience', 'インターン体験記を読んだ', 'star', 'bronze', 'インターン体験記をはじめて読むと獲得できます。'],
  [207, 'firstViewScreeningExperience', '本選考体験記を読んだ', 'star', 'bronze', '本選考体験記をはじめて読むと獲得できます。'],
  [208, 'firstViewJobhuntPromptReport', '就活速報を読んだ', 'megaphone', 'bronze', '就活速報をはじめて読むと獲得できます。'],

  [301, 'registerInternCompany', 'インターン先の登録', 'calender', 'bronze', '選考管理にインターン先の企業を登録すると獲得できます。'],
  [302, 'registerOfferCompany', '内定先の登録', 'noteCheck', 'gold', '選考管理に内定先の企業を登録すると獲得できます。'],
  [303, 'registerEnterCompany', '入社予定先の登録', 'company', 'gold', '選考管理で入社予定の企業を登録すると獲得できます。'],
  [304, 'updateStatusInternParticipate', 'インターン参加', 'calender', 'silver', '選考管理でインターンのステータスを「参加」に更新すると獲得できます。'],
  [305, 'updateStatusEsSubmit', 'ES提出', 'pen', 'bronze', '選考管理でステータスを「ES提出」に更新すると獲得できます。'],
  [306, 'updateStatusPassThrough1stInterview', '1次面接通過', 'status', 'silver', '選考管理でステータスを「1次面接通過」に更新すると獲得できます。'],
  [307, 'updateStatusPassThrough2ndInterviewOrMore', '2次面接以降通過', 'status', 'silver', '選考管理でステータスを「2次面接以降通過」に更新すると獲得できます。'],
  [308, 'updateStatusJobOffer', '内定獲得', 'reward', 'gold', '選考管理でステータスを「内定」に更新すると獲得できます。'],
  [309, 'updateStatusEnterCompany', '入社決定', 'star', 'gold', '選考管理でステータスを「入社」に更新すると獲得できます。'],

  [401, 'firstSubmitJobhuntPromptReport', 'はじめての就活速報', 'megaphone', 'silver', '就活速報をはじめて投稿すると獲得できます。'],
  [402, 'firstSubmitInternEntrySheet', 'はじめてのインターンES投稿', 'pen', 'silver', 'インターンのESをはじめて投稿すると獲得できます。'],
  [403, 'firstSubmitScreeningEntrySheet', 'はじめての本選考ES投稿', 'pen', 'silver', '本選考のESをはじめて投稿すると獲得できます。'],
  [404, 'firstSubmitInternExperience', 'はじめてのインターン体験記', 'note', 'silver', 'インターン体験記をはじめて投稿すると獲得できます。'],
  [405, 'firstSubmitScreeningExperience', 'はじめての本選考体験記', 'note', 'silver', '本選考体験記をはじめて投稿すると獲得できます。'],
  [406, 'firstSubmitStudentJobtalkWordMouth', 'はじめての学生クチコミ', 'chat', 'silver', '学生クチコミをはじめて投稿すると獲得できます。'],
  [407, 'firstSubmitCompanyStudyReport', 'はじめての企業研究レポート', 'company', 'silver', '企業研究レポートをはじめて投稿すると獲得できます。'],
  [408, 'firstSubmitRecruitServiceReview', 'はじめての就活サービス口コミ', 'chat', 'silver', '使った就活サービスの口コミをはじめて投稿すると獲得できます。'],
  [409, 'firstSubmitContent', 'はじめての投稿', 'pen', 'bronze', '体験記・ES・クチコミなど、どれかひとつをはじめて投稿すると獲得できます。'],
  [410, 'submitMultipleContents', '投稿3件達成', 'much', 'gold', '投稿の数が合計3件以上になると獲得できます。'],
  [411, 'firstAcquireReward', 'はじめての報酬ポイント', 'reward', 'gold', '投稿が公開されて、はじめて報酬ポイントを受け取ると獲得できます。'],
  [412, 'firstPublishedContent', 'はじめての投稿公開', 'noteCheck', 'silver', 'あなたの投稿が審査を通ってはじめて公開されると獲得できます。'],
  [413, 'firstClippedOwnContent', 'はじめてクリップされた', 'clip', 'gold', 'あなたの投稿がほかの学生にはじめてクリップされると獲得できます。'],
  [414, 'firstVotedUseful', 'はじめて「参考になった」をもらった', 'good', 'gold', 'あなたの投稿がほかの学生からはじめて「参考になった」をもらうと獲得できます。'],
];

const POSTING_BY_SUBMIT_BADGE = new Map<number, string>(
  Object.values(POST_TYPES).flatMap((info) => {
    const path = POSTING_PATHS[info.key];
    return info.submitBadgeId !== null && path ? [[info.submitBadgeId, path] as const] : [];
  }),
);

function seriesOf(id: number): BadgeSeriesKey {
  const series = BADGE_SERIES.find((entry) => entry.hundreds === Math.floor(id / 100));
  if (!series) throw new Error(`Badge kind ${id} belongs to no series`);
  return series.key;
}

export const BADGE_KINDS: readonly BadgeKind[] = ENTRIES.map(([id, key, name, icon, tier, howToEarn]) => {
  const path = POSTING_BY_SUBMIT_BADGE.get(id);
  return { id, key, name, icon, tier, series: seriesOf(id), howToEarn, postingHref: path ? badgePostingHref(path, id) : null };
});

export const BADGE_KIND_COUNT = BADGE_KINDS.length;

const BY_ID = new Map(BADGE_KINDS.map((kind) => [kind.id, kind]));
const BY_KEY = new Map(BADGE_KINDS.map((kind) => [kind.key, kind]));

export function badgeKindById(id: number): BadgeKind | undefined {
  return BY_ID.get(id);
}

export function isBadgeKindId(id: unknown): id is number {
  return typeof id === 'number' && BY_ID.has(id);
}

/** The id of an achievement key; throws on a typo so rules cannot silently point nowhere. */
export function badgeId(key: string): number {
  const kind = BY_KEY.get(key);
  if (!kind) throw new Error(`Unknown badge achievement ${key}`);
  return kind.id;
}
