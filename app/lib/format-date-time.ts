// Times of day, apart from format.ts, which nearly every page loads: only the author's pages
// (the draft's 「保存しました 14:32」, /mypage/posts) show them.
import { formatDate } from './format';
import { tokyoWallClock } from './tokyo-time';

/** 14:32 in Japan. */
export function formatTime(value: Date | string): string {
  const japan = tokyoWallClock(value);
  return `${String(japan.getUTCHours()).padStart(2, '0')}:${String(japan.getUTCMinutes()).padStart(2, '0')}`;
}

/** 2026年11月23日 14:32 in Japan. */
export function formatDateTime(value: Date | string): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}
