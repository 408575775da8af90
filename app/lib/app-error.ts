// The one application error (docs/decisions/021-write-side-conventions.md). Feature code throws
// `new AppError(code)`; this catalog is the one place that gives a code its HTTP status and the
// Japanese message a person reads. The server maps a thrown AppError once, for every route
// (server/route-errors.ts): a JSON error for calls, the Japanese error page for pages, and the
// refused form for the errors a page's form shows itself (FormErrors below; decision 056).

export const APP_ERRORS = {
  // Requests
  invalid_request: { status: 400, message: 'リクエストの形式が正しくありません。ページを再読み込みしてから、もう一度お試しください。' },
  malformed_form: { status: 400, message: '送信内容を読み取れませんでした。ページを再読み込みしてから、もう一度お試しください。' },
  unsupported_media_type: {
    status: 415,
    message: '送信の形式を読み取れませんでした。ページを再読み込みしてから、もう一度お試しください。',
  },
  method_not_allowed: { status: 405, message: 'このURLではその操作を受け付けていません。' },
  internal_error: { status: 500, message: 'エラーが発生しました。時間をおいてから、もう一度お試しください。' },
  validation_failed: { status: 400, message: '入力内容を確認してください。' },
  foreign_origin: {
    status: 403,
    message: 'ほかのサイトからの送信は受け付けていません。シューログのページを開いてから、もう一度お試しください。',
  },
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
  // The confirmation of a new address: the address went to another account after the link was sent.
  email_change_taken: {
    status: 409,
    message:
      'このメールアドレスは、ほかのアカウントで使われるようになったため変更できませんでした。アカウント設定から別のアドレスをお申し込みください。',
  },
  same_email: { status: 400, message: '現在お使いのメールアドレスです。新しいアドレスを入力してください。' },
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
  // A form's choice that no longer exists (deleted meanwhile, or a tampered id): said beside the field.
  chosen_company_not_found: { status: 400, message: '選んだ企業が見つかりません。もう一度選んでください。' },
  chosen_service_not_found: { status: 400, message: '就活サービスが見つかりませんでした。' },
  // Moderation and reports
  already_reviewed: { status: 409, message: 'この投稿はすでに審査済みです' },
  post_not_found: { status: 404, message: '投稿が見つかりませんでした。' },
  import_running: {
    status: 409,
    message: '別の社員クチコミの取り込みが進んでいます。終わってから、もう一度お試しください。',
  },
  company_import_running: {
    status: 409,
    message: '別の企業の取り込みが進んでいます。終わってから、もう一度お試しください。',
  },
  import_file_too_large: {
    status: 413,
    message: 'ファイルが大きすぎます（512MBまで）。サーバーで npm run import:companies -- ファイル.csv を実行して取り込んでください。',
  },
  tracker_entry_not_found: { status: 404, message: '選考管理に登録された企業が見つかりませんでした。' },
  tracker_event_not_found: { status: 404, message: '予定が見つかりませんでした。' },
  // Clips and 参考になった (issue 16)
  own_post_vote: { status: 403, message: 'ご自身の投稿には「参考になった」を付けられません。' },
  own_post_report: { status: 400, message: 'ご自身の投稿は報告できません。内容を直すときは、マイページの投稿から編集してください。' },
  // Answered by the server before any route (server/: the request guard, the body cap, the fast
  // lanes), and the search box's call (docs/decisions/057-reading-requests.md).
  malformed_url: { status: 400, message: 'URLが正しくありません。' },
  payload_too_large: { status: 413, message: '送信内容が大きすぎます。内容を短くしてから、もう一度お試しください。' },
  unavailable: { status: 503, message: 'しばらくしてからもう一度お試しください。' },
  search_unavailable: { status: 503, message: '検索できませんでした。しばらくしてからもう一度お試しください。' },
  invalid_source: { status: 400, message: 'source には incremental を指定してください。' },
  company_name_too_long: { status: 400, message: '企業名は100文字以内で入力してください。' },
} as const satisfies Record<string, { status: number; message: string }>;

export type AppErrorCode = keyof typeof APP_ERRORS;

/** The JSON body of every error a call answers: { "error": { "code", "message" } }. */
export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/**
 * The AppErrors a page's form shows itself instead of the error page, by code
 * (docs/decisions/056-one-error-shape.md): above the form, or beside `field`; `as` answers with
 * another entry of this catalog (its code, status and message), for a form that words the same
 * error its own way. A page route exports its map as `formErrors`, and the server's one mapping
 * (server/route-errors.ts) answers the action's AppError with the refused form
 * ({ ok: false, errors, values, code }, app/lib/form.ts); every other AppError is the error page.
 */
export type FormErrors = Partial<Record<AppErrorCode, { field?: string; as?: AppErrorCode }>>;

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
