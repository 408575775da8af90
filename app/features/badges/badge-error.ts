/** A failure of the badge engine; `code` is what the HTTP boundary maps to a status. */
export type BadgeErrorCode = 'unknown_badge_kind';

export class BadgeError extends Error {
  readonly code: BadgeErrorCode;

  constructor(code: BadgeErrorCode, message: string) {
    super(message);
    this.name = 'BadgeError';
    this.code = code;
  }
}
