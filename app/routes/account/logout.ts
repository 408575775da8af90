import { redirect } from 'react-router';
import { clearedCookieHeaders, readSessionId } from '../../features/accounts/session-request.server';
import { deleteSession } from '../../features/accounts/sessions.server';
import type { Route } from './+types/logout';

// GET never changes state: only the POST form in the header logs out.
export function loader() {
  return redirect('/');
}

export async function action({ request }: Route.ActionArgs) {
  const id = readSessionId(request);
  if (id) await deleteSession({ id });
  return redirect('/', { headers: clearedCookieHeaders({ notice: 'logged_out' }) });
}
