// What the calls on a post's reactions share (not a route): PUT sets the clip or the vote, DELETE
// takes it back, for the logged-in student and a post id of the URL. The server's one CSRF check
// has run.
import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { AppError } from '../../lib/app-error';
import { allowMethods, parseId } from '../../lib/http';

export async function readReactionCall(request: Request, postIdParam: string | undefined) {
  allowMethods(request, 'PUT', 'DELETE');
  const student = await requireStudentForCall(request);
  const postId = parseId(postIdParam);
  if (postId === null) throw new AppError('post_not_found');
  return { userId: student.id, postId, on: request.method === 'PUT' };
}

/** The answer of a reaction call: the state after it, never cached. */
export const REACTION_ANSWER_HEADERS = { 'Cache-Control': 'no-store' } as const;
