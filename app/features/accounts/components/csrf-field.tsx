import { CSRF_PARAM } from '../../../lib/csrf';
import { useCsrfToken } from '../viewer';

/** The hidden authenticity_token every form posts (docs/decisions/004-csrf.md). */
export function CsrfField() {
  const token = useCsrfToken();
  return <input type="hidden" name={CSRF_PARAM} value={token ?? ''} />;
}
