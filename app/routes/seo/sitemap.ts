import { listSitemapEntries, renderUrlSet } from '../../features/seo/sitemap.server';
import { publicOrigin } from '../../lib/config.server';
import type { Route } from './+types/sitemap';

export async function loader({ params }: Route.LoaderArgs) {
  const entries = await listSitemapEntries({ name: params.name });
  if (!entries) throw new Response('Not Found', { status: 404 });
  return new Response(renderUrlSet(publicOrigin(), entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
