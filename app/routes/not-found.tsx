import { ErrorPage } from '../features/site-frame/components/error-page';
import { SHARED_PAGE } from '../lib/shared-page';
import { AppError } from '../lib/app-error';

/** The same page for everyone (docs/decisions/030-shared-pages.md). */
export const handle = SHARED_PAGE;

export function loader() {
  throw new AppError('not_found');
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
