// The email limits, pure (docs/decisions/053-email-limits.md): how many emails visitors and
// students may make the site send, per recipient address, per client address and per session or
// account, and what they read when a limit is reached. The database side is email-limits.server.ts.
import { DAY, MINUTE } from './session-policy';

export type EmailWindow = { max: number; windowMs: number };

export const EMAIL_LIMITS = {
  /**
   * One recipient address, whoever asks and whatever the email: past this, nothing more goes to
   * it and the answer stays the one of a sent email (it must tell a stranger nothing).
   */
  perRecipient: { max: 5, windowMs: 60 * MINUTE },
  /** One client address (a campus network shares one): past either, 429. */
  perIp: [
    { max: 20, windowMs: 10 * MINUTE },
    { max: 100, windowMs: DAY },
  ],
  /** One visitor's session, or one student's account across its sessions: past either, 429. */
  perRequester: [
    { max: 3, windowMs: 10 * MINUTE },
    { max: 10, windowMs: DAY },
  ],
} as const satisfies {
  perRecipient: EmailWindow;
  perIp: readonly EmailWindow[];
  perRequester: readonly EmailWindow[];
};

/** Requests counted in one window, and the oldest of them (null when none). */
export type WindowCount = { count: number; oldest: Date | null };

/**
 * How long the requester must wait, in whole seconds, before a window it filled frees a place;
 * null while every window has room. Requests past a limit are not recorded, so a window never
 * holds more than its maximum and its oldest request says when a place frees.
 */
export function requesterWaitSeconds(windows: ReadonlyArray<EmailWindow & WindowCount>, now: Date): number | null {
  let waitMs: number | null = null;
  for (const window of windows) {
    if (window.count < window.max) continue;
    const frees = window.oldest ? window.oldest.getTime() + window.windowMs - now.getTime() : window.windowMs;
    waitMs = Math.max(waitMs ?? 0, frees);
  }
  return waitMs === null ? null : Math.max(1, Math.ceil(waitMs / 1000));
}

/** About how long, in Japanese words: 「10分」, 「3時間」 (rounded up, never 「0分」). */
export function waitInWords(seconds: number): string {
  if (seconds < 60 * 60) return `${Math.max(1, Math.ceil(seconds / 60))}分`;
  return `${Math.ceil(seconds / 3600)}時間`;
}

/** What the student reads beside the address when a limit on who asks is reached (429). */
export function emailLimitMessage(retryAfterSeconds: number): string {
  return `メール送信のお申し込みが短時間に続いたため、一時的に受け付けを停止しています。${waitInWords(retryAfterSeconds)}ほど時間をおいてから、もう一度お試しください。`;
}

/**
 * Said with every 「送信しました」: the owner of an address that had its emails learns why none
 * came, and nobody learns whether this address had.
 */
export const RECIPIENT_LIMIT_NOTE = `同じアドレスにお送りするメールは、${waitInWords(EMAIL_LIMITS.perRecipient.windowMs / 1000)}に${EMAIL_LIMITS.perRecipient.max}通までです。`;
