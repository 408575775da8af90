// How long sent and failed emails are kept (docs/decisions/079-housekeeping.md), read by the
// pruning and by the privacy policy.
export const EMAIL_JOB_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
