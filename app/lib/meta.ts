import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'シューログ';

/** Title, description and OGP tags of a page: 「{page} | シューログ」. */
export function pageMeta(options: { title?: string; description: string; type?: 'website' | 'article' }): MetaDescriptor[] {
  const title = options.title ? `${options.title} | ${SITE_NAME}` : `${SITE_NAME} | 先輩の就活体験記・ES・クチコミ`;
  return [
    { title },
    { name: 'description', content: options.description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: options.description },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'ja_JP' },
    { name: 'twitter:card', content: 'summary' },
  ];
}
