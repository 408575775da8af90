import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'シューログ';

type RootData = { origin?: string } | undefined;

/** The configured public origin (PUBLIC_ORIGIN) that the root loader passes on, read from the meta function's matches. */
export function originFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === 'root');
  return (root?.loaderData as RootData)?.origin ?? '';
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
    { name: 'twitter:card', content: 'summary' },
  ];
  if (options.path !== undefined && options.origin) {
    const url = options.origin + options.path;
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  if (options.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
