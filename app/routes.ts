import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { POST_TYPES } from './features/posts/post-types';

// The URL table, written out by hand. It mirrors SPEC.md section 2 and PRODUCT.md section 3;
// later features add their rows here.
export default [
  index('routes/home.tsx'),

  // Companies and search
  route('companies', 'routes/companies.tsx'),
  route('companies/:companyId', 'routes/company.tsx'),
  route('companies/:companyId/:type', 'routes/company-posts.tsx'),
  route('api/company', 'routes/api/company.ts'),

  // Comparison of internship evaluations (SPEC.md section 2)
  route('companies/:baseCompanyId/intern/compare/:companyId', 'routes/compare.tsx'),
  route('companies/:baseCompanyId/intern/compare', 'routes/compare.tsx', { id: 'routes/compare-by-query' }),

  // Job-hunting services
  route('recruit_services', 'routes/recruit-services.tsx'),
  route('recruit_services/:serviceId', 'routes/recruit-service.tsx'),
  route('badges', 'routes/badges.tsx'),

  // For search engines
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap-index.ts'),
  route('sitemaps/:name', 'routes/seo/sitemap.ts'),

  // One page per post, /{type}/{id}, for every content type of PRODUCT.md section 2.
  ...Object.values(POST_TYPES).map((info) => route(`${info.slug}/:postId`, 'routes/post.tsx', { id: `post-${info.slug}` })),

  // Accounts (docs/decisions/009-accounts.md)
  route('signup', 'routes/account/signup.tsx'),
  route('login', 'routes/account/login.tsx'),
  route('logout', 'routes/account/logout.ts'),
  route('password_reset', 'routes/account/password-reset.tsx'),
  route('password_reset/:token', 'routes/account/password-reset-edit.tsx'),

  // My page: one page per part under one layout with its tabs; later parts (posts, points,
  // clips, selections) add theirs (docs/decisions/023-routes-by-area.md).
  layout('routes/mypage/layout.tsx', [
    route('mypage', 'routes/mypage/profile.tsx'),
    route('mypage/favorite_companies', 'routes/mypage/favorite-companies.tsx'),
  ]),

  // Favorites and badges (SPEC.md section 7)
  route('mypage/favorites', 'routes/mypage/favorites.ts'),
  route('mypage/favorites/:companyId', 'routes/mypage/favorite.ts'),
  route('api/v1/student/badges/acquire', 'routes/api/badges-acquire.ts'),
  route('api/v1/student/badges/display_acquired', 'routes/api/badges-display-acquired.ts'),

  // Outside production only (the loader answers 404 in production).
  route('dev/widgets', 'routes/dev/widgets.tsx'),
  route('dev/outbox', 'routes/dev/outbox.tsx'),

  // Everything else: the Japanese 404 page, with status 404.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
