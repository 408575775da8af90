import { listSitemapFiles, renderSitemapIndex } from '../features/seo/sitemap.server';
import { publicOrigin } from '../lib/meta';
import type { Route } from './+types/sitemap-index';

export async function loader({ request }: Route.LoaderArgs) {
  const files = await listSitemapFiles();
  return new Response(renderSitemapIndex(publicOrigin(request), files), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
