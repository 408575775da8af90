// A student's recommendations on the top page (docs/decisions/069-shared-top-page.md), kept a
// minute per process like the visitors' list they are topped up from: what the student changes
// themselves (a favorite, the match conditions) ends them at once, in every process, through the
// same database notifications as the personal rows (docs/decisions/071-personal-rows-in-memory.md).
// Other students' favorites and the companies' counts move them within the minute, as for visitors.
import { changeMark } from '../../db/changes.server';
import { onUserChanged } from '../accounts/personal-rows.server';
import { forMs, registeredMap } from '../../lib/caches.server';
import type { RecommendedCompany } from '../../lib/recommended-company';
import { listRecommendedCompaniesForStudent } from '../recommendations/list-recommended-companies.server';

const TTL_MS = 60_000;
const MAX_STUDENTS = 20_000;

const kept = registeredMap<number, { until: number; limit: number; companies: RecommendedCompany[] }>({
  name: 'student recommendations',
  holds: "a student's recommended companies (co-favorites and match conditions, topped up with the visitors' list)",
  feeds: "the personal call of the top page, which brings a student's おすすめ企業 (decision 069)",
  lifetime: forMs(TTL_MS),
  invalidatedBy:
    "the student's own favorites and match conditions (the notifications of decision 071, heard by every process); all of it when this process may have missed one",
  bound: `${MAX_STUDENTS.toLocaleString('en-US')} students, the first stored go first`,
});

onUserChanged((userId) => {
  if (userId === null) kept.clear();
  else kept.delete(userId);
});

export async function recommendationsForStudent(options: { userId: number; limit: number }): Promise<RecommendedCompany[]> {
  const now = Date.now();
  const hit = kept.get(options.userId);
  if (hit && hit.until > now && hit.limit >= options.limit) return hit.companies.slice(0, options.limit);
  const mark = changeMark();
  const companies = await listRecommendedCompaniesForStudent(options);
  // Kept only if this process heard every change and none came while the list was made.
  if (mark !== null && changeMark() === mark) {
    kept.delete(options.userId);
    kept.set(options.userId, { until: now + TTL_MS, limit: options.limit, companies });
    if (kept.size > MAX_STUDENTS) kept.delete(kept.keys().next().value as number);
  }
  return companies;
}
