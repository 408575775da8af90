import { listSitemapEntries, renderUrlSet } from '../../features/seo/sitemap.server';
import { publicOrigin } from '../../lib/config.server';
import type { Route } from './+types/sitemap';
import { AppError } from '../../lib/app-error';

export async function loader({ params }: Route.LoaderArgs) {
  const entries = await listSitemapEntries({ name: params.name });
  if (!entries) throw new AppError('not_found');
  return new Response(renderUrlSet(publicOrigin(), entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
