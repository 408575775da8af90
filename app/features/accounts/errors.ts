// The failures of the accounts feature. Feature code throws AccountError with a code; this file
// is the one place that maps a code to an HTTP status and a Japanese message.

export type AccountErrorCode =
  | 'invalid_csrf_token'
  | 'email_taken'
  | 'invalid_credentials'
  | 'rate_limited'
  | 'invalid_reset_token'
  | 'unauthenticated'
  | 'forbidden';

export const ACCOUNT_ERRORS: Record<AccountErrorCode, { status: number; message: string }> = {
  invalid_csrf_token: {
    status: 422,
    message: 'ページの有効期限が切れました。ページを再読み込みしてから、もう一度お試しください。',
  },
  email_taken: { status: 409, message: 'このメールアドレスはすでに登録されています。ログインしてください。' },
  invalid_credentials: { status: 401, message: 'メールアドレスまたはパスワードが正しくありません。' },
  rate_limited: {
    status: 429,
    message: 'ログインの試行回数が多すぎます。しばらく時間をおいてから、もう一度お試しください。',
  },
  invalid_reset_token: {
    status: 400,
    message: 'このリンクは無効か、有効期限が切れています。もう一度パスワードの再設定をお申し込みください。',
  },
  unauthenticated: { status: 401, message: 'ログインしてください。' },
  forbidden: { status: 403, message: 'このページを表示する権限がありません。' },
};

export class AccountError extends Error {
  readonly code: AccountErrorCode;
  constructor(code: AccountErrorCode) {
    super(code);
    this.name = 'AccountError';
    this.code = code;
  }
  get status(): number {
    return ACCOUNT_ERRORS[this.code].status;
  }
  get japaneseMessage(): string {
    return ACCOUNT_ERRORS[this.code].message;
  }
}

export function isAccountError(error: unknown, code?: AccountErrorCode): error is AccountError {
  return error instanceof AccountError && (code === undefined || error.code === code);
}
