// Every enumeration of the data model, once (docs/decisions/021-write-side-conventions.md). The
// database enums in schema.ts and the TypeScript types both come from these lists, and this file
// has no imports, so browser code can use the types and lists too.

export const USER_ROLES = ['student', 'moderator'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The emails a visitor or student can ask the site to send, counted together by the email limits
 * (docs/decisions/053-email-limits.md). Sign-up covers the 「すでに登録されています」 email too, a
 * change of address the email to an address another account has.
 */
export const EMAIL_REQUEST_KINDS = ['signup', 'password_reset', 'email_change'] as const;
export type EmailRequestKind = (typeof EMAIL_REQUEST_KINDS)[number];

/** The nine content types of docs/product/content.md#content-types (labels and URLs: features/posts/post-types.ts). */
export const POST_TYPE_KEYS = [
  'intern_entry_sheet',
  'screening_entry_sheet',
  'intern_experience',
  'screening_experience',
  'student_word_mouth',
  'employee_word_mouth',
  'company_study',
  'recruit_service_review',
  'jobhunt_prompt_report',
] as const;
export type PostTypeKey = (typeof POST_TYPE_KEYS)[number];

/** A post's life cycle (docs/product/content.md#life-cycle). */
export const POST_STATUSES = ['draft', 'submitted', 'published', 'rejected'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * A revision of a post: written (draft), sent for review (submitted), then published, sent back
 * (rejected), or replaced by a newer revision before anyone reviewed it (superseded).
 */
export const REVISION_STATUSES = ['draft', 'submitted', 'published', 'rejected', 'superseded'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/**
 * What a moderator did (the append-only audit log, docs/decisions/026-moderation.md): decisions on
 * a post's revision, on readers' reports of a post, and changes to companies and services.
 */
export const MODERATION_ACTIONS = [
  'approve',
  'reject',
  'unpublish',
  'dismiss_reports',
  'create_company',
  'update_company',
  'create_service',
  'update_service',
  'import_employee_reviews',
  'import_companies',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * Where a 社員クチコミ import stands (docs/decisions/054-streamed-imports.md): waiting for its file
 * (queued), reading the whole file without writing (checking), writing (importing); then checked
 * only (dry_run), refused (invalid rows, nothing written), imported, unreadable (the file itself),
 * or interrupted (中断: a restart or an error; what was written stays, a rerun adds the rest).
 */
export const EMPLOYEE_REVIEW_IMPORT_STATUSES = [
  'queued',
  'checking',
  'importing',
  'dry_run',
  'refused',
  'imported',
  'unreadable',
  'interrupted',
] as const;
export type EmployeeReviewImportStatus = (typeof EMPLOYEE_REVIEW_IMPORT_STATUSES)[number];
/** The statuses of an import that is still running (finished_at is null). */
export const RUNNING_IMPORT_STATUSES = ['queued', 'checking', 'importing'] as const satisfies readonly EmployeeReviewImportStatus[];

/**
 * A company import from the 法人番号 data (docs/decisions/077-company-catalogue-import.md): waiting
 * (queued), reading and writing (importing); then checked only (dry_run), imported, unreadable, or
 * interrupted (中断: what was written stays, the same file again finishes it).
 */
export const COMPANY_IMPORT_STATUSES = ['queued', 'importing', 'dry_run', 'imported', 'unreadable', 'interrupted'] as const;
export type CompanyImportStatus = (typeof COMPANY_IMPORT_STATUSES)[number];
export const RUNNING_COMPANY_IMPORT_STATUSES = ['queued', 'importing'] as const satisfies readonly CompanyImportStatus[];

/** The preset reasons for sending a post back (docs/product/content.md#life-cycle; issue 14). */
export const REJECTION_REASONS = [
  'personal_information',
  'defamation',
  'insufficient_content',
  'wrong_company_or_type',
  'duplicate',
  'other',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** Why a reader reports a published post (通報, issue 14). */
export const REPORT_REASONS = [
  'personal_information',
  'defamation',
  'false_information',
  'wrong_company_or_type',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How a moderator closed the reports of a post. */
export const REPORT_RESOLUTIONS = ['unpublished', 'dismissed'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

export const SEASONS = ['summer', 'winter'] as const;
export type Season = (typeof SEASONS)[number];

export const INTERN_FORMATS = ['in_person', 'online'] as const;
export type InternFormat = (typeof INTERN_FORMATS)[number];

export const SCREENING_RESULTS = ['offer', 'rejected', 'declined', 'in_progress'] as const;
export type ScreeningResult = (typeof SCREENING_RESULTS)[number];

export const SCREENING_STEP_KINDS = ['es', 'web_test', 'gd', 'interview'] as const;
export type ScreeningStepKind = (typeof SCREENING_STEP_KINDS)[number];

/** How a selection step's result reached the student (結果連絡, issue 34): silent is no contact at all. */
export const RESULT_CHANNELS = ['phone', 'email', 'mypage', 'silent'] as const;
export type ResultChannel = (typeof RESULT_CHANNELS)[number];

/** A 就活速報's outcome of the step it reports on (通過 / 不合格 / 結果待ち). */
export const STEP_OUTCOMES = ['passed', 'failed', 'waiting'] as const;
export type StepOutcome = (typeof STEP_OUTCOMES)[number];

/**
 * A step of a selection as one key (issue 34): ES, Webテスト, GD, the n-th interview, or the final
 * one. The 選考対策 page counts steps by this key; a 就活速報 names its step with it.
 */
export const SELECTION_STEP_KEYS = [
  'es',
  'web_test',
  'gd',
  'interview_1',
  'interview_2',
  'interview_3',
  'interview_4',
  'interview_5',
  'interview_6',
  'interview_7',
  'interview_8',
  'interview_9',
  'interview_10',
  'final',
] as const;
export type SelectionStepKey = (typeof SELECTION_STEP_KEYS)[number];

export const SELECTION_TYPES = ['intern', 'recruit'] as const;
export type SelectionType = (typeof SELECTION_TYPES)[number];

export const ENTRY_SHEET_RESULTS = ['passed', 'failed', 'unknown'] as const;
export type EntrySheetResult = (typeof ENTRY_SHEET_RESULTS)[number];

export const POINT_REASONS = ['post_published', 'adjustment'] as const;
export type PointReason = (typeof POINT_REASONS)[number];

export const TRACKER_CATEGORIES = ['intern', 'recruit'] as const;
export type TrackerCategory = (typeof TRACKER_CATEGORIES)[number];

/** In the order a selection advances (選考管理, docs/product/companies.md#selection-tracker). */
export const TRACKER_STATUSES = [
  'registered',
  'intern_participated',
  'es_submitted',
  'passed_first_interview',
  'passed_second_or_later_interview',
  'job_offer',
  'entered',
] as const;
export type TrackerStatus = (typeof TRACKER_STATUSES)[number];

/** How a selection ended, when it did: 不合格 or 辞退. */
export const TRACKER_OUTCOMES = ['rejected', 'declined'] as const;
export type TrackerOutcome = (typeof TRACKER_OUTCOMES)[number];

/** The dated events a tracked company can carry (their names: tracker/calendar-feed.ts). */
export const TRACKER_EVENT_KINDS = ['es_deadline', 'web_test_deadline', 'briefing', 'interview'] as const;
export type TrackerEventKind = (typeof TRACKER_EVENT_KINDS)[number];

/**
 * What a notice on /mypage/notifications is about (issue 33): a moderator's decision on the
 * student's post, a new post at a favorite company, a selection board reminder, a badge earned.
 */
export const NOTIFICATION_KINDS = ['moderation', 'new_post', 'reminder', 'badge'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How often the new posts at favorite companies are emailed: 毎日, 毎週 (Mondays), 受け取らない. */
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'off'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
