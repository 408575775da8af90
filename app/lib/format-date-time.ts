// Apart from format.ts, which nearly every page loads: only the author's pages show times.
import { formatDate } from './format';

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** 2026年11月23日 14:32 in Japan. */
export function formatDateTime(value: Date | string): string {
  const japan = new Date((typeof value === 'string' ? Date.parse(value) : value.getTime()) + JST_OFFSET_MS);
  const time = `${String(japan.getUTCHours()).padStart(2, '0')}:${String(japan.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatDate(value)} ${time}`;
}
