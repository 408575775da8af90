import { formatDate } from '../lib/format';

/**
 * A day as a student reads it (2026年11月29日) in a `<time>` whose `dateTime` holds the instant,
 * so the text and what machines read come from one value. `suffix` follows the date (「 公開」).
 */
export function DateText({ value, className, suffix }: { value: string; className?: string; suffix?: string }) {
  return (
    <time className={className} dateTime={value}>
      {formatDate(value)}
      {suffix}
    </time>
  );
}
