import { publicOrigin } from '../lib/meta';
import type { Route } from './+types/robots';

export function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const body = [
    'User-agent: *',
    'Disallow: /mypage',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /dev/',
    'Disallow: /*?*q=',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
