import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { POST_TYPES } from './features/posts/post-types';

// The URL table, written out by hand. It mirrors docs/product/pages.md#route-table;
// later features add their rows here.
export default [
  index('routes/home.tsx'),

  // Companies and search
  route('companies', 'routes/companies.tsx'),
  route('companies/:companyId', 'routes/company.tsx'),
  // 選考対策 (issue 34, docs/decisions/084-selection-insight.md): a company's selection flow, the
  // questions asked and how results came; and the questions of every company, searchable.
  route('companies/:companyId/selection', 'routes/company-selection.tsx'),
  route('interview_questions', 'routes/interview-questions.tsx'),
  route('companies/:companyId/:type', 'routes/company-posts.tsx'),
  // Every company's entry sheets (searchable by question) and internship experiences (issue 16).
  route('entry_sheets', 'routes/post-list.tsx', { id: 'post-list-entry-sheets' }),
  route('intern_experiences', 'routes/post-list.tsx', { id: 'post-list-intern-experiences' }),
  route('api/company', 'routes/api/company.ts'),

  // Comparison of internship evaluations (docs/product/pages.md#comparison-page)
  route('companies/:baseCompanyId/intern/compare/:companyId', 'routes/compare.tsx'),
  route('companies/:baseCompanyId/intern/compare', 'routes/compare.tsx', { id: 'routes/compare-by-query' }),

  // Job-hunting services
  route('recruit_services', 'routes/recruit-services.tsx'),
  route('recruit_services/:serviceId', 'routes/recruit-service.tsx'),
  route('badges', 'routes/badges.tsx'),
  // One badge: the page a shared badge links to, with the badge's share card (issue 18).
  route('badges/:badgeId', 'routes/badge.tsx'),
  // The site's terms and privacy policy (issue 18), linked from sign-up and the footer.
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),

  // Share cards (og:image, docs/decisions/043-share-cards.md), drawn on the server.
  route('og/site.png', 'routes/og/site-card.ts'),
  route('og/companies/:companyId/card.png', 'routes/og/company-card.ts'),
  route('og/badges/:badgeId/card.png', 'routes/og/badge-card.ts'),

  // For search engines
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap-index.ts'),
  route('sitemaps/:name', 'routes/seo/sitemap.ts'),

  // One page per post, /{type}/{id}, for every content type of docs/product/content.md#content-types.
  ...Object.values(POST_TYPES).map((info) => route(`${info.slug}/:postId`, 'routes/post.tsx', { id: `post-${info.slug}` })),

  // Posting (docs/product/content.md#content-types; docs/decisions/025-posting.md): every form is one module, its
  // content type taken from the URL; three types choose their subject on a page first.
  route('entry_sheets/new', 'routes/posting/post-form.tsx', { id: 'posting/entry-sheet' }),
  route('intern_experiences/select_company', 'routes/posting/select-company.tsx', { id: 'posting/select-intern-company' }),
  route('intern_experiences/new', 'routes/posting/post-form.tsx', { id: 'posting/intern-experience' }),
  route('screening_experiences/select_company', 'routes/posting/select-company.tsx', { id: 'posting/select-screening-company' }),
  route('screening_experiences/new', 'routes/posting/post-form.tsx', { id: 'posting/screening-experience' }),
  route('word_mouths/new', 'routes/posting/post-form.tsx', { id: 'posting/word-mouth' }),
  route('company_studies/new', 'routes/posting/post-form.tsx', { id: 'posting/company-study' }),
  route('recruit_service_reviews/recruit_service_list', 'routes/posting/service-list.tsx'),
  route('recruit_service_reviews/new', 'routes/posting/post-form.tsx', { id: 'posting/service-review' }),
  route('jobhunt_prompt_reports/new', 'routes/posting/post-form.tsx', { id: 'posting/quick-report' }),
  route('mypage/posts/:postId/edit', 'routes/posting/post-form.tsx', { id: 'posting/edit' }),
  route('api/v1/admin/company_imports', 'routes/api/admin-company-imports.ts'),
  route('api/v1/student/drafts', 'routes/api/drafts.ts'),
  route('api/v1/student/drafts/:postId', 'routes/api/draft.ts'),

  // Accounts (docs/decisions/009-accounts.md)
  route('signup', 'routes/account/signup.tsx'),
  // Links from emails that prove an address (docs/decisions/040-email-confirmation.md).
  route('signup/confirm/:token', 'routes/account/signup-confirm.tsx'),
  route('email_change/:token', 'routes/account/email-change-confirm.tsx'),
  route('login', 'routes/account/login.tsx'),
  route('logout', 'routes/account/logout.ts'),
  route('password_reset', 'routes/account/password-reset.tsx'),
  route('password_reset/:token', 'routes/account/password-reset-edit.tsx'),

  // My page: one page per part under one layout with its tabs; later parts (posts, points,
  // clips, selections) add theirs (docs/decisions/023-routes-by-area.md).
  layout('routes/mypage/layout.tsx', [
    route('mypage', 'routes/mypage/profile.tsx'),
    route('mypage/favorite_companies', 'routes/mypage/favorite-companies.tsx'),
    route('mypage/posts', 'routes/mypage/posts.tsx'),
    route('mypage/points', 'routes/mypage/points.tsx'),
    route('mypage/clips', 'routes/mypage/clips.tsx'),
    route('mypage/selections', 'routes/mypage/selections.tsx'),
    route('mypage/account', 'routes/mypage/account.tsx'),
    // お知らせ and their settings (issue 33, docs/decisions/083-notifications.md).
    route('mypage/notifications', 'routes/mypage/notifications.tsx'),
    route('mypage/notifications/settings', 'routes/mypage/notification-settings.tsx'),
  ]),
  route('api/v1/student/notifications/read', 'routes/api/notifications-read.ts'),
  // A notification email's one-click unsubscribe (RFC 8058): signed, no login.
  route('notifications/unsubscribe/:token', 'routes/notifications-unsubscribe.tsx'),

  // Favorites and badges (docs/product/calls.md)
  route('mypage/favorites', 'routes/mypage/favorites.ts'),
  route('mypage/favorites/:companyId', 'routes/mypage/favorite.ts'),
  // Clips and 参考になった (issue 16, docs/decisions/034-clips-and-votes.md): PUT on, DELETE off.
  route('api/v1/student/posts/:postId/clip', 'routes/api/post-clip.ts'),
  route('api/v1/student/posts/:postId/useful_vote', 'routes/api/post-useful-vote.ts'),
  // The selection tracker (issue 17, docs/decisions/035-selection-tracker.md): a company page's
  // 「選考管理に追加」, and the private calendar feed of the tracker's events.
  route('api/v1/student/tracker/companies/:companyId/:category', 'routes/api/tracker-entry.ts'),
  route('calendar/:feed', 'routes/calendar-feed.ts'),
  route('api/v1/student/badges/acquire', 'routes/api/badges-acquire.ts'),
  route('api/v1/student/badges/display_acquired', 'routes/api/badges-display-acquired.ts'),

  // The admin area (管理画面) for moderators; server/moderator-area.ts closes every route under
  // /admin to everyone else with the 404 of an unknown URL (docs/decisions/026-moderation.md).
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/queue.tsx'),
    route('posts/:postId', 'routes/admin/review.tsx'),
    route('reports', 'routes/admin/reports.tsx'),
    route('companies', 'routes/admin/companies.tsx'),
    route('companies/new', 'routes/admin/company-form.tsx', { id: 'admin/company-new' }),
    route('companies/import', 'routes/admin/company-import.tsx'),
    route('companies/:companyId/edit', 'routes/admin/company-form.tsx', { id: 'admin/company-edit' }),
    route('services', 'routes/admin/services.tsx'),
    route('services/new', 'routes/admin/service-form.tsx', { id: 'admin/service-new' }),
    route('services/:serviceId/edit', 'routes/admin/service-form.tsx', { id: 'admin/service-edit' }),
    route('employee_reviews', 'routes/admin/employee-reviews.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
  ]),

  // Outside production only (the loader answers 404 in production).
  route('dev/widgets', 'routes/dev/widgets.tsx'),
  route('dev/outbox', 'routes/dev/outbox.tsx'),

  // Everything else: the Japanese 404 page, with status 404.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
