// What every /mypage action reads first (not a route): the logged-in student, the posted form and
// which of the page's forms it is (its `intent`, see IntentForm).
import { requireStudent } from '../../features/accounts/session-request.server';
import { readFormData } from '../../lib/form-data.server';

export async function readStudentForm(request: Request) {
  const user = await requireStudent(request);
  const form = await readFormData(request);
  return { user, form, intent: form.get('intent') };
}
