// The whole product's data model. See docs/decisions/003-schema.md for why it is shaped this way.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COMPANY_IMPORT_STATUSES,
  DIGEST_FREQUENCIES,
  EMAIL_REQUEST_KINDS,
  EMPLOYEE_REVIEW_IMPORT_STATUSES,
  ENTRY_SHEET_RESULTS,
  INTERN_FORMATS,
  MODERATION_ACTIONS,
  NOTIFICATION_KINDS,
  POINT_REASONS,
  POST_STATUSES,
  POST_TYPE_KEYS,
  REJECTION_REASONS,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
  REVISION_STATUSES,
  SCREENING_RESULTS,
  SEASONS,
  SELECTION_TYPES,
  TRACKER_CATEGORIES,
  TRACKER_EVENT_KINDS,
  TRACKER_OUTCOMES,
  TRACKER_STATUSES,
  USER_ROLES,
  type ScreeningStepKind,
  type ResultChannel,
} from './enums';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- reference data

/** The 47 prefectures; the id is the JIS X 0401 code (1 = 北海道 … 47 = 沖縄県). */
export const prefectures = pgTable('prefectures', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull().unique(),
  kana: text('kana').notNull(),
  region: text('region').notNull(),
});

export const industries = pgTable('industries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sortOrder: smallint('sort_order').notNull().default(0),
});

// ---------------------------------------------------------------- companies

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Reading in full-width katakana (フリガナ). */
    kana: text('kana').notNull(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    prefectureId: smallint('prefecture_id')
      .notNull()
      .references(() => prefectures.id),
    url: text('url'),
    employeeCount: integer('employee_count'),
    foundedYear: smallint('founded_year'),
    description: text('description').notNull().default(''),
    /** The 13-digit 法人番号 of an imported company (docs/decisions/077-company-catalogue-import.md). */
    corporateNumber: text('corporate_number'),
    /**
     * When the corporation's registration was closed (登記記録の閉鎖), by the 法人番号 data: the
     * company leaves search, lists and the sitemap; its page and posts stay.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Denormalised from published posts by refreshCompanyStats, in the same transaction as
     * the change, so lists can sort by them without aggregating a million posts.
     */
    publishedPostCount: integer('published_post_count').notNull().default(0),
    internReportCount: integer('intern_report_count').notNull().default(0),
    /** Average 総合評価 of published intern experiences, null without any. */
    internRatingAverage: real('intern_rating_average'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_updated_idx').on(t.updatedAt),
    index('companies_industry_idx').on(t.industryId),
    index('companies_prefecture_idx').on(t.prefectureId),
    index('companies_kana_idx').on(t.kana),
    uniqueIndex('companies_corporate_number_key').on(t.corporateNumber),
    // Imports match a company added by hand (no 法人番号) by its exact name and prefecture.
    index('companies_unnumbered_name_idx').on(t.name).where(sql`${t.corporateNumber} IS NULL`),
    check('companies_corporate_number_check', sql`${t.corporateNumber} ~ '^[0-9]{13}$'`),
    check('companies_employee_count_check', sql`${t.employeeCount} IS NULL OR ${t.employeeCount} >= 0`),
    check('companies_founded_year_check', sql`${t.foundedYear} IS NULL OR ${t.foundedYear} BETWEEN 1600 AND 2100`),
  ],
);

/** Job-hunting services (就活サービス) that students review. */
export const recruitServices = pgTable('recruit_services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  kana: text('kana').notNull(),
  category: text('category').notNull(),
  url: text('url'),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- accounts

export const userRole = pgEnum('user_role', USER_ROLES);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull().default('student'),
    name: text('name'),
    university: text('university'),
    faculty: text('faculty'),
    /** The spring the student graduates, e.g. 2027 for 2027年卒. */
    graduationYear: smallint('graduation_year'),
    /** 学部 (undergraduate), 大学院 (graduate) or 既卒 (alumni, no year needed): issue 18. */
    graduationKind: text('graduation_kind').notNull().default('undergraduate'),
    profileCompletedAt: timestamp('profile_completed_at', { withTimezone: true }),
    /** When the owner was last emailed about repeated failed logins (at most once a day). */
    loginAlertSentAt: timestamp('login_alert_sent_at', { withTimezone: true }),
    /** Renewing the calendar feed's URL counts this up: the old URL stops (decision 035). */
    calendarFeedVersion: integer('calendar_feed_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** Match conditions (希望条件): the industries and prefectures a student wants. */
export const userPreferredIndustries = pgTable(
  'user_preferred_industries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.industryId] })],
);

export const userPreferredPrefectures = pgTable(
  'user_preferred_prefectures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prefectureId: smallint('prefecture_id')
      .notNull()
      .references(() => prefectures.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.prefectureId] })],
);

/**
 * Server-side sessions. The cookie carries a random id; only its SHA-256 is stored, so a
 * leaked database does not hand out live sessions.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Failed logins, one row each, so that every app process sees the same counts (rate limits
 * per IP and per account; see docs/decisions/009-accounts.md). Old rows are deleted as new ones
 * come in.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    /** The normalised email that was tried, whether or not an account has it. */
    email: text('email').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_ip_idx').on(t.ip, t.failedAt), index('login_failures_email_idx').on(t.email, t.failedAt)],
);

/** One-time password reset links. Only the SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Links that prove an address is its owner's (issue 18, docs/decisions/040-email-confirmation.md):
 * sign-up ('signup', the password's hash kept until the link is used; null when the address had
 * an account already and its owner was told instead) and a logged-in member's new address
 * ('email_change'). Only the SHA-256 of the token is stored; a link works once, until it expires.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    /** The (normalised) address the link was sent to: the new one for a change. */
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash'),
    /**
     * Sign-up: the page of this site to return to once the account exists (the article the
     * student signed up to read), checked by safeReturnPath when stored and again when used.
     * Kept here, not in the link, so it works in another browser (docs/decisions/048).
     */
    returnTo: text('return_to'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('email_confirmations_email_idx').on(t.email, t.createdAt),
    index('email_confirmations_user_idx').on(t.userId),
    check('email_confirmations_purpose_check', sql`${t.purpose} IN ('signup', 'email_change')`),
    check('email_confirmations_user_check', sql`(${t.purpose} = 'email_change') = (${t.userId} IS NOT NULL)`),
  ],
);

export const emailRequestKind = pgEnum('email_request_kind', EMAIL_REQUEST_KINDS);

/**
 * Emails that visitors and students asked for, one row a request, counted by the email limits
 * (docs/decisions/053-email-limits.md) in every process. Rows older than a day count for nothing
 * and are deleted as new ones come.
 */
export const emailRequests = pgTable(
  'email_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: emailRequestKind('kind').notNull(),
    /**
     * The SHA-256 of the normalised address the email was for (the table keeps no address); null
     * when that address had reached its limit and nothing went (the request still counts for
     * whoever asked).
     */
    recipientHash: text('recipient_hash'),
    ip: text('ip').notNull(),
    /** Who asked: `user:<id>` for a student, `session:<SHA-256 of the session id>` for a visitor. */
    requester: text('requester').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_requests_recipient_idx').on(t.recipientHash, t.requestedAt),
    index('email_requests_ip_idx').on(t.ip, t.requestedAt),
    index('email_requests_requester_idx').on(t.requester, t.requestedAt),
    index('email_requests_requested_at_idx').on(t.requestedAt),
  ],
);

/** Emails written instead of sent when SMTP_URL is unset, shown at /dev/outbox outside production. */
export const outboxEmails = pgTable('outbox_emails', {
  id: serial('id').primaryKey(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/**
 * Emails waiting to leave, a durable queue (docs/decisions/027-email-queue.md): a row is written
 * in the transaction of what it reports, taken by one sender at a time (FOR UPDATE SKIP LOCKED
 * and a lease), retried with backoff while the mail server fails, and marked sent. The dedupe key
 * makes a doubled enqueue one email. A sent email's body is cleared (a reset link is a credential).
 */
export const emailJobs = pgTable(
  'email_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** A notification email's one-click unsubscribe URL (RFC 8058); null for account emails. */
    unsubscribeUrl: text('unsubscribe_url'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_jobs_dedupe_key').on(t.dedupeKey),
    index('email_jobs_pending_idx').on(t.runAt).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

// ---------------------------------------------------------------- posts (投稿)

export const postType = pgEnum('post_type', POST_TYPE_KEYS);

export const postStatus = pgEnum('post_status', POST_STATUSES);

/** A section of a post. `limit` is an entry sheet question's character limit (「400字以内」), when it had one. */
export type PostSection = { heading: string; body: string; limit?: number };

/**
 * Every content type shares this table: author, company (or service), status and free-text
 * sections. Structured fields that are queried live in the per-type detail tables below;
 * small per-type attributes that are only displayed live in `attributes`.
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    type: postType('type').notNull(),
    status: postStatus('status').notNull().default('draft'),
    /** Null for imported employee word of mouth and for the posts of a student who left (退会). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    recruitServiceId: integer('recruit_service_id').references(() => recruitServices.id, {
      onDelete: 'cascade',
    }),
    title: text('title').notNull().default(''),
    sections: jsonb('sections').$type<PostSection[]>().notNull().default([]),
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    usefulCount: integer('useful_count').notNull().default(0),
    /**
     * The revision readers see (post_revisions.revision); 0 until the post is first published.
     * Imported posts and the demo data are published at 1 without a revision row.
     */
    revision: integer('revision').notNull().default(0),
    /**
     * The key the posting form made up for the draft that became this post, so that a doubled or
     * retried first save (or a form sent twice) creates one post (docs/decisions/025-posting.md).
     */
    draftKey: uuid('draft_key'),
    /**
     * The id an imported post has in its source (社員クチコミ's CSV), so that importing the same
     * file again changes nothing.
     */
    importSourceId: text('import_source_id'),
    /** When the post was first sent for review (its revisions keep every later time). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_company_type_published_idx')
      .on(t.companyId, t.type, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    index('posts_published_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published'`),
    index('posts_service_idx').on(t.recruitServiceId).where(sql`${t.recruitServiceId} IS NOT NULL`),
    index('posts_author_idx').on(t.authorId, t.updatedAt.desc()),
    uniqueIndex('posts_author_draft_key').on(t.authorId, t.draftKey),
    uniqueIndex('posts_import_source_key').on(t.importSourceId),
    index('posts_submitted_idx').on(t.submittedAt).where(sql`${t.status} = 'submitted'`),
    // A draft may not have its company (or service) yet; anything submitted has exactly one.
    check(
      'posts_subject_check',
      sql`(${t.type} = 'recruit_service_review' AND ${t.companyId} IS NULL
          AND (${t.recruitServiceId} IS NOT NULL OR ${t.status} = 'draft'))
        OR (${t.type} <> 'recruit_service_review' AND ${t.recruitServiceId} IS NULL
          AND (${t.companyId} IS NOT NULL OR ${t.status} = 'draft'))`,
    ),
    // Null: imported employee word of mouth, or a student's post kept after 退会 (decision 041). A
    // draft always has its author (退会 deletes drafts).
    check('posts_author_check', sql`${t.authorId} IS NOT NULL OR ${t.status} <> 'draft'`),
    check('posts_published_check', sql`${t.status} <> 'published' OR ${t.publishedAt} IS NOT NULL`),
  ],
);

export const revisionStatus = pgEnum('revision_status', REVISION_STATUSES);
export const rejectionReasonCode = pgEnum('rejection_reason_code', REJECTION_REASONS);
export const moderationAction = pgEnum('moderation_action', MODERATION_ACTIONS);

/**
 * The versions an author writes of a post (docs/decisions/022-post-revisions.md). `content` is
 * the post type's content (features/posts/types/), partial while a draft; it becomes the
 * published post (posts and its detail table) when a moderator approves it. A published post
 * that is being revised keeps showing its published revision while the next one is reviewed.
 * At most one revision of a post is open (draft or submitted) at a time; a rejected revision is
 * closed, and editing it starts the next revision (so the moderator can see what changed).
 */
export const postRevisions = pgTable(
  'post_revisions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    status: revisionStatus('status').notNull().default('draft'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    /** Bumped by every save; a save based on an older value is stale (AppError stale_revision, 409). */
    lockVersion: integer('lock_version').notNull().default(1),
    /**
     * The id the posting form gave its latest save, so that a tab whose answer was lost (a closed
     * page, a dropped connection) can tell its own save from another tab's (docs/decisions/025-posting.md).
     */
    lastSaveId: uuid('last_save_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: rejectionReasonCode('rejection_reason'),
    rejectionNote: text('rejection_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.revision] }),
    uniqueIndex('post_revisions_open_key').on(t.postId).where(sql`${t.status} IN ('draft', 'submitted')`),
    index('post_revisions_queue_idx').on(t.submittedAt).where(sql`${t.status} = 'submitted'`),
    check('post_revisions_revision_check', sql`${t.revision} >= 1`),
    check('post_revisions_rejected_check', sql`${t.status} <> 'rejected' OR ${t.rejectionReason} IS NOT NULL`),
  ],
);

/**
 * Every moderator action, append-only: a trigger (migration 0008) refuses UPDATE, DELETE and
 * TRUNCATE, so the log is what happened, whoever writes code later. A decision on a post names
 * the post and its revision; a change to a company or a service names that; `detail` holds what
 * changed (the fields of a company, the counts of an import).
 */
export const moderationEvents = pgTable(
  'moderation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: integer('post_id').references(() => posts.id),
    revision: integer('revision'),
    companyId: integer('company_id').references(() => companies.id),
    recruitServiceId: integer('recruit_service_id').references(() => recruitServices.id),
    moderatorId: integer('moderator_id')
      .notNull()
      .references(() => users.id),
    action: moderationAction('action').notNull(),
    reason: rejectionReasonCode('reason'),
    note: text('note'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_events_post_idx').on(t.postId, t.createdAt),
    index('moderation_events_created_idx').on(t.createdAt.desc()),
    check(
      'moderation_events_subject_check',
      sql`(${t.action}::text IN ('approve', 'reject', 'unpublish', 'dismiss_reports')) = (${t.postId} IS NOT NULL AND ${t.revision} IS NOT NULL)`,
    ),
  ],
);

export const employeeReviewImportStatus = pgEnum('employee_review_import_status', EMPLOYEE_REVIEW_IMPORT_STATUSES);

/** A refused row as an import's report keeps it: its line, what identifies it, and why. */
export type RefusedImportRow = { line: number; sourceId: string; companyId: number | null; title: string; reasons: string[] };

/**
 * The 社員クチコミ imports (docs/decisions/054-streamed-imports.md): one row per uploaded file (or
 * command-line run), written as the file is read in batches, so that the page shows its progress
 * and its report. At most one runs at a time on a site (the partial unique index); the report
 * keeps the first 100 refused rows and counts the rest. heartbeat_at moves while the process
 * running it lives: a row left running by a process that died is marked interrupted.
 */
export const employeeReviewImports = pgTable(
  'employee_review_imports',
  {
    id: serial('id').primaryKey(),
    /** Null for the command line (and once the moderator's account is gone). */
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    dryRun: boolean('dry_run').notNull(),
    skipInvalid: boolean('skip_invalid').notNull(),
    status: employeeReviewImportStatus('status').notNull().default('queued'),
    /** How far the current pass (checking or importing) has read the file. */
    bytesRead: integer('bytes_read').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    /** Valid rows whose source id is not stored yet (what a real run would write). */
    ready: integer('ready').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    /** Valid rows whose source id is stored already (取込済み). */
    skipped: integer('skipped').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    refusedRows: jsonb('refused_rows').$type<RefusedImportRow[]>().notNull().default([]),
    /** Why the file could not be read (status unreadable). */
    fileError: text('file_error'),
    createdAt: createdAt(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('employee_review_imports_one_running').on(sql`(true)`).where(sql`${t.finishedAt} IS NULL`),
    index('employee_review_imports_moderator_idx').on(t.moderatorId),
    check('employee_review_imports_finished_check', sql`(${t.finishedAt} IS NULL) = (${t.status} IN ('queued', 'checking', 'importing'))`),
  ],
);

export const companyImportStatus = pgEnum('company_import_status', COMPANY_IMPORT_STATUSES);

/** A line an import could not use, as its report keeps it (the first 100). */
export type RefusedCompanyLine = { line: number; corporateNumber: string; name: string; reason: string };

/** What a company import counted (docs/decisions/077-company-catalogue-import.md). */
export type CompanyImportCounts = {
  /** Lines read. */
  lines: number;
  /** Lines of the kinds asked for, latest records, not excluded: the corporations considered. */
  considered: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Companies hidden because their registration was closed. */
  closed: number;
  /** Lines left out: older records, other kinds, 検索対象除外, closed corporations not in the catalogue. */
  notLatest: number;
  otherKinds: number;
  excluded: number;
  closedUnknown: number;
  /** Lines that could not be used (no prefecture in Japan, a malformed number, a name too long). */
  refused: number;
  /** Companies imported without a reading (フリガナ), for a moderator to add. */
  withoutReading: number;
};

/**
 * The company imports from the 法人番号公表サイト's data (docs/decisions/077-company-catalogue-import.md):
 * one row per file, written as the file is read in batches, so that the page and the command line
 * show its progress. One runs at a time on a site; heartbeat_at moves while its process lives.
 */
export const companyImports = pgTable(
  'company_imports',
  {
    id: serial('id').primaryKey(),
    /** Null for the command line (and once the moderator's account is gone). */
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull(),
    dryRun: boolean('dry_run').notNull(),
    /** The 法人種別 codes imported (301 株式会社 by default). */
    kinds: text('kinds').array().notNull(),
    status: companyImportStatus('status').notNull().default('queued'),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    counts: jsonb('counts').$type<CompanyImportCounts>(),
    refusedLines: jsonb('refused_lines').$type<RefusedCompanyLine[]>().notNull().default([]),
    fileError: text('file_error'),
    createdAt: createdAt(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_imports_one_running').on(sql`(true)`).where(sql`${t.finishedAt} IS NULL`),
    index('company_imports_moderator_idx').on(t.moderatorId),
    check('company_imports_finished_check', sql`(${t.finishedAt} IS NULL) = (${t.status} IN ('queued', 'importing'))`),
  ],
);

export const reportReason = pgEnum('report_reason', REPORT_REASONS);
export const reportResolution = pgEnum('report_resolution', REPORT_RESOLUTIONS);

/**
 * Readers' reports (通報) of a published post: one per student and post. A moderator closes all
 * open reports of a post at once, by unpublishing it or dismissing them.
 */
export const postReports = pgTable(
  'post_reports',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reportReason('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: reportResolution('resolution'),
  },
  (t) => [
    uniqueIndex('post_reports_post_reporter_key').on(t.postId, t.reporterId),
    index('post_reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} IS NULL`),
    check('post_reports_resolution_check', sql`(${t.resolvedAt} IS NULL) = (${t.resolution} IS NULL)`),
  ],
);

export const season = pgEnum('season', SEASONS);
export const internFormat = pgEnum('intern_format', INTERN_FORMATS);

const rating = (name: string) => smallint(name).notNull();

/**
 * Intern experience (インターン体験記): its program and the nine ratings that the comparison page
 * averages. company_id is copied from the post so that the per-company, per-season average is
 * one index range scan.
 */
export const internExperiences = pgTable(
  'intern_experiences',
  {
    postId: integer('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    season: season('season').notNull(),
    theme: text('theme').notNull(),
    format: internFormat('format').notNull(),
    days: smallint('days').notNull(),
    ratingAll: rating('rating_all'),
    ratingDifficulty: rating('rating_difficulty'),
    ratingIndustryUnderstanding: rating('rating_industry_understanding'),
    ratingCompanyUnderstanding: rating('rating_company_understanding'),
    ratingMentor: rating('rating_mentor'),
    ratingGrowth: rating('rating_growth'),
    ratingDirectlyLinkedToOffer: rating('rating_directly_linked_to_offer'),
    ratingLevel: rating('rating_level'),
    ratingTheme: rating('rating_theme'),
    /** The internship's selection as steps, when the author gave them (issue 34). */
    steps: jsonb('steps').$type<SelectionStep[]>().notNull().default([]),
  },
  (t) => [
    index('intern_experiences_company_season_idx').on(t.companyId, t.year, t.season),
    check('intern_experiences_year_check', sql`${t.year} BETWEEN 1000 AND 9999`),
    check('intern_experiences_days_check', sql`${t.days} BETWEEN 1 AND 365`),
    check(
      'intern_experiences_ratings_check',
      sql`LEAST(${t.ratingAll}, ${t.ratingDifficulty}, ${t.ratingIndustryUnderstanding}, ${t.ratingCompanyUnderstanding},
        ${t.ratingMentor}, ${t.ratingGrowth}, ${t.ratingDirectlyLinkedToOffer}, ${t.ratingLevel}, ${t.ratingTheme}) >= 1
       AND GREATEST(${t.ratingAll}, ${t.ratingDifficulty}, ${t.ratingIndustryUnderstanding}, ${t.ratingCompanyUnderstanding},
        ${t.ratingMentor}, ${t.ratingGrowth}, ${t.ratingDirectlyLinkedToOffer}, ${t.ratingLevel}, ${t.ratingTheme}) <= 5`,
    ),
  ],
);

export const screeningResult = pgEnum('screening_result', SCREENING_RESULTS);

/**
 * One step of a selection as a 体験記 stores it; `final` marks the last interview of the selection
 * (最終面接). The date, the questions asked and how the result came (結果連絡: days after the step,
 * by which channel) are optional (issue 34). An intern experience's selection steps have no body.
 */
export type SelectionStep = {
  kind: ScreeningStepKind;
  round?: number;
  final?: boolean;
  /** YYYY-MM-DD */
  date?: string;
  questions?: string[];
  resultDays?: number;
  resultVia?: ResultChannel;
};

/** One step of a screening experience: a selection step with what happened in it. */
export type ScreeningStep = SelectionStep & { body: string };

/** Screening experience (本選考体験記): graduation year, steps taken and the result. */
export const screeningExperiences = pgTable('screening_experiences', {
  postId: integer('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  graduationYear: smallint('graduation_year').notNull(),
  steps: jsonb('steps').$type<ScreeningStep[]>().notNull().default([]),
  result: screeningResult('result').notNull(),
});

export const selectionType = pgEnum('selection_type', SELECTION_TYPES);
export const entrySheetResult = pgEnum('entry_sheet_result', ENTRY_SHEET_RESULTS);

/** Entry sheet (ES): questions and answers are the post's sections (heading = question). */
export const entrySheets = pgTable('entry_sheets', {
  postId: integer('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  selectionType: selectionType('selection_type').notNull(),
  year: smallint('year').notNull(),
  result: entrySheetResult('result').notNull().default('unknown'),
});

// ---------------------------------------------------------------- student activity

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('favorites_company_idx').on(t.companyId)],
);

/** Clips (クリップ): a student's private bookmarks of published posts. */
export const clips = pgTable(
  'clips',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('clips_post_idx').on(t.postId),
    index('clips_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** 参考になった votes: once per student per post. */
export const usefulVotes = pgTable(
  'useful_votes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('useful_votes_post_idx').on(t.postId)],
);

/**
 * Badge grants. The (user, badge kind) key makes a grant idempotent: INSERT … ON CONFLICT DO
 * NOTHING RETURNING announces only new rows. displayed_at stays null until the popup has shown it.
 */
export const badgeGrants = pgTable(
  'badge_grants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeKindId: smallint('badge_kind_id').notNull(),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
    displayedAt: timestamp('displayed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.badgeKindId] }),
    index('badge_grants_undisplayed_idx').on(t.userId).where(sql`${t.displayedAt} IS NULL`),
  ],
);

export const pointReason = pgEnum('point_reason', POINT_REASONS);

/**
 * Reward points ledger (報酬ポイント), append-only: a trigger (migration 0011) refuses to change or
 * delete an entry (a correction is a new entry), except what the foreign keys do when a post or
 * the student's account is deleted. One row per cause; the unique key stops double payment.
 */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: pointReason('reason').notNull(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_entries_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('point_entries_post_reason_key').on(t.userId, t.reason, t.postId).where(sql`${t.postId} IS NOT NULL`),
  ],
);

export const trackerCategory = pgEnum('tracker_category', TRACKER_CATEGORIES);
export const trackerStatus = pgEnum('tracker_status', TRACKER_STATUSES);
export const trackerOutcome = pgEnum('tracker_outcome', TRACKER_OUTCOMES);

/** Selection tracker (選考管理): one row per student, company and category. */
export const trackerEntries = pgTable(
  'tracker_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    category: trackerCategory('category').notNull(),
    status: trackerStatus('status').notNull().default('registered'),
    /** The company the student decided to enter (入社予定). */
    willEnter: boolean('will_enter').notNull().default(false),
    /** Ended (不合格 / 辞退): kept and shown muted; null while the selection goes on. */
    outcome: trackerOutcome('outcome'),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tracker_entries_user_company_category_key').on(t.userId, t.companyId, t.category)],
);

/** Every change of a tracker entry's step or outcome, with the day the student gave it. */
export const trackerSteps = pgTable(
  'tracker_steps',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => trackerEntries.id, { onDelete: 'cascade' }),
    status: trackerStatus('status').notNull(),
    outcome: trackerOutcome('outcome'),
    /** The day it happened, as the student says (today by default). */
    on: date('on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('tracker_steps_entry_idx').on(t.entryId, t.id)],
);

export const trackerEventKind = pgEnum('tracker_event_kind', TRACKER_EVENT_KINDS);

/** A dated event of a tracked company (ES締切, Webテスト締切, 説明会, 面接), in Asia/Tokyo. */
export const trackerEvents = pgTable(
  'tracker_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: trackerEventKind('kind').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:MM', or null for the whole day. */
    time: text('time'),
    place: text('place').notNull().default(''),
    url: text('url').notNull().default(''),
    memo: text('memo').notNull().default(''),
    /** When the date was last set (added, or moved): no reminder is sent for a time already past then. */
    dateSetAt: timestamp('date_set_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tracker_events_user_date_idx').on(t.userId, t.date),
    index('tracker_events_company_idx').on(t.companyId),
    index('tracker_events_date_idx').on(t.date),
  ],
);

/**
 * Company page views, counted per company and day: one small upsert per view instead of a row,
 * and "most viewed in the last 30 days" reads at most 30 rows per company.
 */
export const companyViewDays = pgTable(
  'company_view_days',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] }), index('company_view_days_day_idx').on(t.day)],
);

// ---------------------------------------------------------------- reading tools (issue 16)

/**
 * One row per published post, with what its list filters and sorts on (docs/decisions/
 * 032-post-lists.md): the year, season, result and job type its content type records, the
 * company's industry, and the 参考になった count. Kept by database triggers (migration 0014) from
 * the posts and their detail tables, so that no write path can forget it; the vote keeps
 * `useful_count` in the same transaction as posts.useful_count.
 */
export const postListings = pgTable(
  'post_listings',
  {
    postId: integer('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    type: postType('type').notNull(),
    /** The cross-company list the post belongs to: 'entry_sheet' for both ES types, else its type. */
    family: text('family').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id'),
    /** ES: the year it was submitted; internship: the program's year; screening: the graduation year. */
    year: smallint('year'),
    season: season('season'),
    /** ES: passed / failed / unknown; screening: offer / rejected / declined / in_progress. */
    result: text('result'),
    /** 職種・コース as the author wrote it. */
    jobType: text('job_type'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    usefulCount: integer('useful_count').notNull().default(0),
  },
  (t) => [
    index('post_listings_company_idx').on(t.companyId, t.type, t.publishedAt.desc(), t.postId.desc()),
    // The orders per family and per family and industry carry every filtered column (INCLUDE,
    // which Drizzle cannot write), so that a filtered page and its count read the index alone:
    // migration 0014.
  ],
);

/**
 * Every question of every published entry sheet, for the search by question (docs/decisions/
 * 033-entry-sheet-search.md): its text as written, its search key (the site's normalisation, SQL
 * function question_search_key) and the key's character pairs as integers under a GIN index,
 * so that a 2- to 10-character query is an index lookup. Kept by the same triggers as
 * post_listings.
 */
export const entrySheetQuestions = pgTable(
  'entry_sheet_questions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    type: postType('type').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id'),
    year: smallint('year'),
    result: text('result'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    question: text('question').notNull(),
    charLimit: smallint('char_limit'),
    searchKey: text('search_key').notNull(),
    bigrams: integer('bigrams').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.position] }),
    index('entry_sheet_questions_bigrams_idx').using('gin', t.bigrams),
    index('entry_sheet_questions_company_idx').on(t.companyId, t.publishedAt.desc()),
    // The newest-first indexes, overall and per industry, carry the search key and the filtered
    // columns (INCLUDE, which Drizzle cannot write): migration 0014.
  ],
);

// ---------------------------------------------------------------- 選考対策 (issue 34)
// What the posts say about each company's selection, as rows: written by sync_selection_insight
// (migration 0030) at commit whenever a post is published, changed or taken down, never by a
// feature, so that the 選考対策 page and the question search read a company's rows and never the
// posts (docs/decisions/084-selection-insight.md).

/** One reported selection (a 本選考体験記, or an インターン体験記 with its steps): its flow as step keys. */
export const selectionReports = pgTable(
  'selection_reports',
  {
    postId: integer('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    type: postType('type').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    graduationYear: smallint('graduation_year'),
    /** The steps' keys in order, joined by commas (es,web_test,interview_1,final). */
    flow: text('flow').notNull(),
    /**
     * A 本選考体験記's result (null for an internship): only a selection seen to its end (内定 or
     * 辞退) shows the company's whole flow; one that stopped early shows where it stopped.
     */
    result: text('result'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('selection_reports_company_idx').on(t.companyId, t.type)],
);

/**
 * One step a student reported: a step of a 体験記 (position 1…) or the step a 就活速報 is about
 * (position 0), with whether it was passed where that is known, and how its result came.
 */
export const selectionStepReports = pgTable(
  'selection_step_reports',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    type: postType('type').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    graduationYear: smallint('graduation_year'),
    step: text('step').notNull(),
    passed: boolean('passed'),
    resultDays: smallint('result_days'),
    resultVia: text('result_via'),
    stepDate: date('step_date', { mode: 'string' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] }), index('selection_step_reports_company_idx').on(t.companyId, t.step)],
);

/** One question asked in a reported step (聞かれた質問), with the search key of the ES search. */
export const selectionQuestions = pgTable(
  'selection_questions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    ord: smallint('ord').notNull(),
    type: postType('type').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    industryId: integer('industry_id'),
    graduationYear: smallint('graduation_year'),
    step: text('step').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    question: text('question').notNull(),
    searchKey: text('search_key').notNull(),
    bigrams: integer('bigrams').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.position, t.ord] }),
    index('selection_questions_bigrams_idx').using('gin', t.bigrams),
    index('selection_questions_company_idx').on(t.companyId, t.publishedAt.desc()),
    // The newest-first index with the filtered columns (INCLUDE, which Drizzle cannot write): migration 0030.
  ],
);

// ---------------------------------------------------------------- notifications (お知らせ, issue 33)

export const notificationKind = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const digestFrequency = pgEnum('digest_frequency', DIGEST_FREQUENCIES);

/**
 * A student's notices (docs/decisions/083-notifications.md): what /mypage/notifications lists and
 * the header counts while unread. The text is written when the notice is made (a moderator's
 * decision reads as it was decided); `dedupe_key` makes each notice once per student, whoever
 * makes it and however often. A new post's notice waits for the digest (`digested_at`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    title: text('title').notNull(),
    detail: text('detail').notNull().default(''),
    /** The site path the notice leads to. */
    link: text('link').notNull().default(''),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** A badge's notice: its title is the catalog's name, read when listed (badges stay a leaf). */
    badgeKindId: smallint('badge_kind_id'),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** A new post's notice: when the digest took it (emailed, or not to be emailed). */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
    index('notifications_undigested_idx').on(t.userId).where(sql`${t.kind} = 'new_post' AND ${t.digestedAt} IS NULL`),
    index('notifications_post_idx').on(t.postId).where(sql`${t.postId} IS NOT NULL`),
  ],
);

/** A student's choices of notification emails; no row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digest: digestFrequency('digest').notNull().default('daily'),
  /** Reminders of the selection board's events, by kind of event. */
  remindEsDeadline: boolean('remind_es_deadline').notNull().default(true),
  remindWebTestDeadline: boolean('remind_web_test_deadline').notNull().default(true),
  remindBriefing: boolean('remind_briefing').notNull().default(true),
  remindInterview: boolean('remind_interview').notNull().default(true),
  /** An ES締切's second reminder, three days before. */
  remindEsThreeDays: boolean('remind_es_three_days').notNull().default(true),
  /** Emails of the reminders (the notices on the site follow the kinds above). */
  reminderEmails: boolean('reminder_emails').notNull().default(true),
  /** Emails of moderators' decisions on the student's posts. */
  moderationEmails: boolean('moderation_emails').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * The jobs run at fixed times (the digests, the reminders): the latest time (`slot`) a process
 * claimed, whether its run finished, and the lease of the process running it, so that one
 * process runs each slot and a run cut short is taken up again (docs/decisions/083-notifications.md).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  slot: timestamp('slot', { withTimezone: true }).notNull(),
  /** The slot of the run before: the reminders due since then are this run's. */
  previousSlot: timestamp('previous_slot', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});
