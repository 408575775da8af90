/**
 * How long a notice stays (docs/decisions/083-notifications.md): a year, read or not. The list
 * shows the newest first; a year of notices covers a student's whole 就活 season, and the
 * privacy policy reads this constant.
 */
export const NOTICE_RETENTION_MS = 365 * 24 * 60 * 60_000;
