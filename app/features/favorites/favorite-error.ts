/** A failure of the favorites domain; `code` is what the HTTP boundary maps to a status. */
export type FavoriteErrorCode = 'company_not_found';

export class FavoriteError extends Error {
  readonly code: FavoriteErrorCode;

  constructor(code: FavoriteErrorCode, message: string) {
    super(message);
    this.name = 'FavoriteError';
    this.code = code;
  }
}
