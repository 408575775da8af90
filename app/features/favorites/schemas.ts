// The favorite heart's calls (docs/product/calls.md#favorite-calls), checked by a zod schema like every form and call
// of the site (docs/decisions/021-write-side-conventions.md): form fields company_id and
// authenticity_token (the token is the server's CSRF check's).
import { z } from '../../lib/zod';
import { parseId } from '../../lib/http';

/** A company's id as its URL writes it: 12abc, 0, -1 or 1e3 name no company. */
const companyId = z.string().transform((value, context) => {
  const id = parseId(value);
  if (id === null) {
    context.addIssue({ code: 'custom', message: '企業が見つかりませんでした。' });
    return z.NEVER;
  }
  return id;
});

/** POST /mypage/favorites: the company the heart was tapped on. */
export const addFavoriteSchema = z.object({ company_id: companyId });
