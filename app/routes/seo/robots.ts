import { publicOrigin } from '../../lib/config.server';

export function loader() {
  const origin = publicOrigin();
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
