import { describe, expect, it } from 'vitest';
import { EMAIL_LIMITS, emailLimitMessage, RECIPIENT_LIMIT_NOTE, requesterWaitSeconds, waitInWords } from './email-limits';
import { DAY, MINUTE } from './session-policy';

const now = new Date('2026-04-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const tenMinutes = { max: 3, windowMs: 10 * MINUTE };
const day = { max: 10, windowMs: DAY };

describe('requesterWaitSeconds', () => {
  it('lets a request through while every window has room', () => {
    expect(requesterWaitSeconds([{ ...tenMinutes, count: 2, oldest: ago(MINUTE) }], now)).toBeNull();
    expect(requesterWaitSeconds([], now)).toBeNull();
  });

  it('waits until the oldest request of a full window leaves it', () => {
    expect(requesterWaitSeconds([{ ...tenMinutes, count: 3, oldest: ago(4 * MINUTE) }], now)).toBe(6 * 60);
    // A fraction of a second is a whole second: never 0, which would say "now".
    expect(requesterWaitSeconds([{ ...tenMinutes, count: 3, oldest: ago(10 * MINUTE - 10) }], now)).toBe(1);
  });

  it('takes the longest wait of the full windows', () => {
    const waits = [
      { ...tenMinutes, count: 3, oldest: ago(5 * MINUTE) },
      { ...day, count: 10, oldest: ago(20 * 60 * MINUTE) },
    ];
    expect(requesterWaitSeconds(waits, now)).toBe(4 * 60 * 60);
    expect(requesterWaitSeconds([{ ...tenMinutes, count: 1, oldest: ago(MINUTE) }, waits[1]!], now)).toBe(4 * 60 * 60);
  });
});

describe('what the student reads', () => {
  it('says about how long to wait, rounded up, in minutes or hours', () => {
    expect(waitInWords(1)).toBe('1分');
    expect(waitInWords(61)).toBe('2分');
    expect(waitInWords(600)).toBe('10分');
    expect(waitInWords(3600)).toBe('1時間');
    expect(waitInWords(4 * 3600 + 1)).toBe('5時間');
    expect(emailLimitMessage(540)).toBe(
      'メール送信のお申し込みが短時間に続いたため、一時的に受け付けを停止しています。9分ほど時間をおいてから、もう一度お試しください。',
    );
  });

  it('states the limit per address with every answer, from the policy', () => {
    expect(EMAIL_LIMITS.perRecipient).toEqual({ max: 5, windowMs: 60 * MINUTE });
    expect(RECIPIENT_LIMIT_NOTE).toBe('同じアドレスにお送りするメールは、1時間に5通までです。');
  });
});
