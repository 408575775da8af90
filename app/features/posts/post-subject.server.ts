// What a post is about: a company or a job-hunting service (either may be absent). One join for
// the queries that show a post with the name of its subject (Drizzle's dynamic query building).
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { companies, posts, recruitServices } from '../../db/schema';

/** Joins a query that reads `posts` (built with `.$dynamic()`) to its company and its service, both optional. */
export function withPostSubject<T extends PgSelect>(query: T) {
  return query
    .leftJoin(companies, eq(companies.id, posts.companyId))
    .leftJoin(recruitServices, eq(recruitServices.id, posts.recruitServiceId));
}
