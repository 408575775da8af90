import { asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { companies, posts, recruitServices } from '../../db/schema';
import { POST_TYPES } from '../posts/post-types';
import type { PostTypeKey } from '../../db/enums';

/** The sitemap protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapFile = { name: string; lastModified: Date | null };
export type SitemapEntry = { path: string; lastModified: Date | null };

/** The files of the sitemap index: static pages, companies in chunks, posts in chunks. */
export async function listSitemapFiles(options: { perFile?: number } = {}): Promise<SitemapFile[]> {
  const perFile = options.perFile ?? SITEMAP_MAX_URLS;
  const [companyStats] = await db()
    .select({ n: count(), latest: max(companies.updatedAt) })
    .from(companies)
    .where(isNull(companies.closedAt));
  const [postStats] = await db()
    .select({ n: count(), latest: max(posts.publishedAt) })
    .from(posts)
    .where(eq(posts.status, 'published'));
  const files: SitemapFile[] = [{ name: 'pages.xml', lastModified: null }];
  const companyFiles = Math.ceil(Number(companyStats?.n ?? 0) / perFile);
  for (let i = 1; i <= companyFiles; i++) files.push({ name: `companies-${i}.xml`, lastModified: companyStats?.latest ?? null });
  const postFiles = Math.ceil(Number(postStats?.n ?? 0) / perFile);
  for (let i = 1; i <= postFiles; i++) files.push({ name: `posts-${i}.xml`, lastModified: postStats?.latest ?? null });
  return files;
}

/** The URLs of one sitemap file, or null for a name that is not one. */
export async function listSitemapEntries(options: { name: string; perFile?: number }): Promise<SitemapEntry[] | null> {
  const perFile = options.perFile ?? SITEMAP_MAX_URLS;
  if (options.name === 'pages.xml') {
    const services = await db()
      .select({ id: recruitServices.id, updatedAt: recruitServices.updatedAt })
      .from(recruitServices)
      .orderBy(asc(recruitServices.id));
    return [
      { path: '/', lastModified: null },
      { path: '/companies', lastModified: null },
      { path: '/entry_sheets', lastModified: null },
      { path: '/intern_experiences', lastModified: null },
      { path: '/recruit_services', lastModified: null },
      ...services.map((service) => ({ path: `/recruit_services/${service.id}`, lastModified: service.updatedAt })),
    ];
  }
  const match = /^(companies|posts)-([1-9][0-9]{0,5})\.xml$/.exec(options.name);
  if (!match) return null;
  const offset = (Number(match[2]) - 1) * perFile;
  if (match[1] === 'companies') {
    // Keyset-friendly: ids are dense enough that OFFSET on the primary key stays cheap.
    const rows = await db()
      .select({ id: companies.id, updatedAt: companies.updatedAt })
      .from(companies)
      // Closed corporations leave the sitemap (decision 077); their pages stay.
      .where(isNull(companies.closedAt))
      .orderBy(asc(companies.id))
      .limit(perFile)
      .offset(offset);
    return rows.length === 0 ? null : rows.map((row) => ({ path: `/companies/${row.id}`, lastModified: row.updatedAt }));
  }
  const rows = await db()
    .select({ id: posts.id, type: posts.type, updatedAt: sql<Date>`coalesce(${posts.publishedAt}, ${posts.updatedAt})` })
    .from(posts)
    .where(eq(posts.status, 'published'))
    .orderBy(asc(posts.id))
    .limit(perFile)
    .offset(offset);
  return rows.length === 0
    ? null
    : rows.map((row) => ({
        path: `/${POST_TYPES[row.type as PostTypeKey].slug}/${row.id}`,
        lastModified: new Date(row.updatedAt),
      }));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);
}

function lastmod(date: Date | null): string {
  return date ? `<lastmod>${new Date(date).toISOString()}</lastmod>` : '';
}

export function renderSitemapIndex(origin: string, files: SitemapFile[]): string {
  const items = files.map(
    (file) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${file.name}`)}</loc>${lastmod(file.lastModified)}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</sitemapindex>\n`;
}

export function renderUrlSet(origin: string, entries: SitemapEntry[]): string {
  const items = entries.map((entry) => `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod(entry.lastModified)}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</urlset>\n`;
}
