import { listSitemapFiles, renderSitemapIndex } from '../../features/seo/sitemap.server';
import { publicOrigin } from '../../lib/config.server';

export async function loader() {
  const files = await listSitemapFiles();
  return new Response(renderSitemapIndex(publicOrigin(), files), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
