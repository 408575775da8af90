import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { countUnreadNotices, markNoticesRead } from '../../features/notifications/notices.server';
import { AppError } from '../../lib/app-error';
import { allowMethods, callOnlyLoader, json } from '../../lib/http';
import { readJsonObject } from '../../lib/form-data.server';
import type { Route } from './+types/notifications-read';

const MAX_IDS = 100;

// POST /api/v1/student/notifications/read {ids: [...]} marks the notices a student has just seen
// on /mypage/notifications as read (issue 33); {all: true} marks every one. Idempotent: the answer
// says how many changed and how many stay unread, for the header's count.
export async function action({ request }: Route.ActionArgs) {
  allowMethods(request, 'POST');
  const student = await requireStudentForCall(request);
  const body = await readJsonObject(request);
  const ids = body.all === true ? 'all' : body.ids;
  if (
    ids !== 'all' &&
    !(Array.isArray(ids) && ids.length <= MAX_IDS && ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0))
  ) {
    throw new AppError('invalid_request');
  }
  const marked = await markNoticesRead({ userId: student.id, ids: ids as number[] | 'all' });
  const unread = await countUnreadNotices({ userId: student.id });
  return json({ marked, unread_notices: unread }, { headers: { 'Cache-Control': 'no-store' } });
}

export const loader = callOnlyLoader('POST');
