import { siteCardResponse } from '../../features/share-cards/cards.server';
import type { Route } from './+types/site-card';

// GET /og/site.png: the share card of every page without one of its own.
export function loader({ request }: Route.LoaderArgs) {
  return siteCardResponse(request);
}
