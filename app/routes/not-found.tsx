import { ErrorPage } from '../features/site-frame/components/error-page';

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
