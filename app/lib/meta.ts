import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'シューログ';

/** The size of every share card (app/features/share-cards/card-svg.ts draws them). */
export const CARD_SIZE = { width: 1200, height: 630 } as const;
const SITE_CARD = { path: '/og/site.png', alt: 'シューログ 先輩の就活ログで、次の一歩を決めよう' };

/**
 * A short, stable hash of what a card shows (FNV-1a, base 36), for its URL: a changed company
 * gets a new card URL, so caches that keep the old picture for a day are not asked for it.
 */
export function contentVersion(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

type RootData = { origin?: string } | undefined;

/** The configured public origin (PUBLIC_ORIGIN) that the root loader passes on, read from the meta function's matches. */
export function originFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === 'root');
  return (root?.loaderData as RootData)?.origin ?? '';
}

/**
 * The tags of a page that search engines leave out (noindex): an account page, a form, /mypage,
 * /admin. Its title and description still name it in the tab and in a shared link.
 */
export function privatePageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  title: string,
  description: string,
): MetaDescriptor[] {
  return pageMeta({ origin: originFromMatches(matches), title, description, noindex: true });
}

/** Title, description, canonical and OGP tags of a page: 「{page} | シューログ」. */
export function pageMeta(options: {
  title?: string;
  description: string;
  /** Path and query of the canonical URL, e.g. /companies/12. */
  path?: string;
  origin?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
  /**
   * The page's share card (og:image, 1200 × 630, docs/decisions/043-share-cards.md): a path of
   * this site and its text for those who cannot see it. Without one, the site's card.
   */
  image?: { path: string; alt: string };
}): MetaDescriptor[] {
  const title = options.title ? `${options.title} | ${SITE_NAME}` : `${SITE_NAME} | 先輩の就活体験記・ES・クチコミ`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: options.description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: options.description },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'ja_JP' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (options.origin) {
    const image = options.image ?? SITE_CARD;
    const url = options.origin + image.path;
    tags.push(
      { property: 'og:image', content: url },
      { property: 'og:image:type', content: 'image/png' },
      { property: 'og:image:width', content: String(CARD_SIZE.width) },
      { property: 'og:image:height', content: String(CARD_SIZE.height) },
      { property: 'og:image:alt', content: image.alt },
      { name: 'twitter:image', content: url },
      { name: 'twitter:image:alt', content: image.alt },
    );
  }
  if (options.path !== undefined && options.origin) {
    const url = options.origin + options.path;
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  if (options.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
