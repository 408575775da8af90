// The one application error (docs/decisions/021-write-side-conventions.md). Feature code throws
// `new AppError(code)`; this catalog is the one place that gives a code its HTTP status and the
// Japanese message a person reads. The server maps a thrown AppError once, for every route
// (server/route-errors.ts): a JSON error for calls, the Japanese error page for pages.

export const APP_ERRORS = {
  // Requests
  invalid_request: { status: 400, message: 'リクエストの形式が正しくありません。ページを再読み込みしてから、もう一度お試しください。' },
  malformed_form: { status: 400, message: '送信内容を読み取れませんでした。ページを再読み込みしてから、もう一度お試しください。' },
  unsupported_media_type: {
    status: 415,
    message: 'フォームの送信として読み取れませんでした。ページを再読み込みしてから、もう一度お試しください。',
  },
  method_not_allowed: { status: 405, message: 'このURLではその操作を受け付けていません。' },
  validation_failed: { status: 400, message: '入力内容を確認してください。' },
  invalid_csrf_token: {
    status: 422,
    message: 'ページの有効期限が切れました。ページを再読み込みしてから、もう一度お試しください。',
  },
  // Who may do what
  unauthenticated: { status: 401, message: 'ログインが必要です。ログインしてからもう一度お試しください。' },
  forbidden: { status: 403, message: 'このページを表示する権限がありません。' },
  not_found: { status: 404, message: 'お探しのページは見つかりませんでした。' },
  // Accounts
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
  invalid_confirmation_token: {
    status: 400,
    message: 'このリンクは無効か、有効期限が切れているか、すでに使われています。お手数ですが、もう一度お申し込みください。',
  },
  // Favorites and badges
  company_not_found: { status: 404, message: '企業が見つかりませんでした。' },
  unknown_badge_kind: { status: 422, message: 'バッジの指定が正しくありません。' },
  // The write side: a change based on an older revision than the one stored.
  stale_revision: {
    status: 409,
    message: '別のタブで更新されています。最新の内容を読み込んでから、もう一度お試しください。',
  },
  // Posting
  post_in_review: { status: 409, message: 'この投稿は審査中のため、変更できません。審査が終わるまでお待ちください。' },
  recruit_service_not_found: { status: 404, message: '就活サービスが見つかりませんでした。' },
  // Moderation and reports
  already_reviewed: { status: 409, message: 'この投稿はすでに審査済みです' },
  post_not_found: { status: 404, message: '投稿が見つかりませんでした。' },
  tracker_entry_not_found: { status: 404, message: '選考管理に登録された企業が見つかりませんでした。' },
  tracker_event_not_found: { status: 404, message: '予定が見つかりませんでした。' },
  // Clips and 参考になった (issue 16)
  own_post_vote: { status: 403, message: 'ご自身の投稿には「参考になった」を付けられません。' },
  own_post_report: { status: 400, message: 'ご自身の投稿は報告できません。内容を直すときは、マイページの投稿から編集してください。' },
} as const satisfies Record<string, { status: number; message: string }>;

export type AppErrorCode = keyof typeof APP_ERRORS;

/** The JSON body of every error a call answers: { "error": { "code", "message" } }. */
export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Headers the answer must carry (Allow for a 405, Retry-After for a 429). */
  readonly headers: Record<string, string>;
  /** Messages beside form fields, keyed by their full path (validation_failed). */
  readonly fields: Record<string, string> | undefined;

  constructor(
    code: AppErrorCode,
    options: { detail?: string; headers?: Record<string, string>; fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    // The detail is for logs; people read `userMessage`.
    super(options.detail ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.headers = options.headers ?? {};
    this.fields = options.fields;
  }

  get status(): number {
    return APP_ERRORS[this.code].status;
  }

  /** What a person reads, in Japanese. */
  get userMessage(): string {
    return APP_ERRORS[this.code].message;
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.userMessage, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export function isAppError(error: unknown, code?: AppErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}

/** The JSON answer of a call that failed with `error`. */
export function appErrorResponse(error: AppError): Response {
  return new Response(JSON.stringify(error.toBody()), {
    status: error.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...error.headers },
  });
}
