import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import {
  companies,
  entrySheets,
  internExperiences,
  posts,
  recruitServices,
  screeningExperiences,
  users,
  type PostSection,
  type ScreeningStep,
} from '../../db/schema';
import type { RatingItemKey } from '../companies/rating-items';
import type { PostTypeKey } from './post-types';

export type PostDetail = {
  id: number;
  type: PostTypeKey;
  title: string;
  sections: PostSection[];
  attributes: Record<string, string | number | boolean | null>;
  usefulCount: number;
  publishedAt: string;
  company: { id: number; name: string } | null;
  recruitService: { id: number; name: string } | null;
  /** What is shown of the author: never the name or email. */
  author: { graduationYear: number | null; faculty: string | null } | null;
  intern: {
    year: number;
    season: 'summer' | 'winter';
    theme: string;
    format: 'in_person' | 'online';
    days: number;
    ratings: Record<RatingItemKey, number>;
  } | null;
  screening: { graduationYear: number; steps: ScreeningStep[]; result: 'offer' | 'rejected' | 'declined' | 'in_progress' } | null;
  entrySheet: { selectionType: 'intern' | 'recruit'; year: number; result: 'passed' | 'failed' | 'unknown' } | null;
};

/** A published post of the given type, or null (unknown, unpublished or of another type). */
export async function getPost(options: { postId: number; type: PostTypeKey }): Promise<PostDetail | null> {
  const [row] = await db()
    .select({
      post: posts,
      companyName: companies.name,
      serviceName: recruitServices.name,
      authorGraduationYear: users.graduationYear,
      authorFaculty: users.faculty,
      intern: internExperiences,
      screening: screeningExperiences,
      entrySheet: entrySheets,
    })
    .from(posts)
    .leftJoin(companies, eq(companies.id, posts.companyId))
    .leftJoin(recruitServices, eq(recruitServices.id, posts.recruitServiceId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(internExperiences, eq(internExperiences.postId, posts.id))
    .leftJoin(screeningExperiences, eq(screeningExperiences.postId, posts.id))
    .leftJoin(entrySheets, eq(entrySheets.postId, posts.id))
    .where(and(eq(posts.id, options.postId), eq(posts.type, options.type), eq(posts.status, 'published')));
  if (!row) return null;
  const { post, intern, screening, entrySheet } = row;
  return {
    id: post.id,
    type: post.type,
    title: post.title,
    sections: post.sections,
    attributes: post.attributes,
    usefulCount: post.usefulCount,
    publishedAt: (post.publishedAt ?? post.createdAt).toISOString(),
    company: post.companyId && row.companyName ? { id: post.companyId, name: row.companyName } : null,
    recruitService:
      post.recruitServiceId && row.serviceName ? { id: post.recruitServiceId, name: row.serviceName } : null,
    author: post.authorId ? { graduationYear: row.authorGraduationYear, faculty: row.authorFaculty } : null,
    intern: intern
      ? {
          year: intern.year,
          season: intern.season,
          theme: intern.theme,
          format: intern.format,
          days: intern.days,
          ratings: {
            all: intern.ratingAll,
            difficulty: intern.ratingDifficulty,
            industry_understanding: intern.ratingIndustryUnderstanding,
            company_understanding: intern.ratingCompanyUnderstanding,
            mentor: intern.ratingMentor,
            growth: intern.ratingGrowth,
            directly_linked_to_offer: intern.ratingDirectlyLinkedToOffer,
            level: intern.ratingLevel,
            theme: intern.ratingTheme,
          },
        }
      : null,
    screening: screening
      ? { graduationYear: screening.graduationYear, steps: screening.steps, result: screening.result }
      : null,
    entrySheet: entrySheet
      ? { selectionType: entrySheet.selectionType, year: entrySheet.year, result: entrySheet.result }
      : null,
  };
}
