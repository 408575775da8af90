import type { PostSection } from '../../db/schema';
import type { Viewer } from '../../lib/viewer';

export const VISITOR_EXCERPT_LENGTH = 100;

/**
 * The one rule deciding whether a viewer reads posts in full: logged-in members do. The shared
 * post page is cached once per audience (docs/decisions/030-shared-pages.md), and the server
 * tells members from visitors by this same rule: a live session with a user.
 */
export function canReadFullText(viewer: Viewer): boolean {
  return viewer !== null;
}

export type VisibleSection = PostSection & { truncated: boolean };

/**
 * The sections as a member (fullText, canReadFullText) or a visitor may see them. Cut on the server, so the hidden part never
 * reaches a visitor's browser.
 */
export function visibleSections(sections: PostSection[], fullText: boolean): VisibleSection[] {
  if (fullText) return sections.map((section) => ({ ...section, truncated: false }));
  return sections.map((section) => {
    const chars = Array.from(section.body);
    if (chars.length <= VISITOR_EXCERPT_LENGTH) return { ...section, truncated: false };
    return { ...section, body: chars.slice(0, VISITOR_EXCERPT_LENGTH).join(''), truncated: true };
  });
}
