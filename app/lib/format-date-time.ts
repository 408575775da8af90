// Times of day, apart from format.ts, which nearly every page loads: only the author's pages
// (the draft's 「保存しました 14:32」, /mypage/posts) show them.
import { formatDate, JST_OFFSET_MS } from './format';

/** 14:32 in Japan. */
export function formatTime(value: Date | string): string {
  const japan = new Date((typeof value === 'string' ? Date.parse(value) : value.getTime()) + JST_OFFSET_MS);
  return `${String(japan.getUTCHours()).padStart(2, '0')}:${String(japan.getUTCMinutes()).padStart(2, '0')}`;
}

/** 2026年11月23日 14:32 in Japan. */
export function formatDateTime(value: Date | string): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}
