import { eq } from 'drizzle-orm';
import { posts } from '../../db/schema';
import { publishedPostPage } from '../posts/published-post-page.server';

export type ServiceReviewPage = {
  total: number;
  page: number;
  pageCount: number;
  reviews: Array<{ id: number; title: string; excerpt: string; rating: number | null; publishedAt: string }>;
};

export async function listServiceReviews(options: { serviceId: number; page: number; perPage: number }): Promise<ServiceReviewPage> {
  const { rows, ...counts } = await publishedPostPage(eq(posts.recruitServiceId, options.serviceId), options);
  return {
    ...counts,
    reviews: rows.map(({ id, title, excerpt, attributes, publishedAt }) => ({
      id,
      title,
      excerpt,
      rating: typeof attributes.rating === 'number' ? attributes.rating : null,
      publishedAt,
    })),
  };
}
