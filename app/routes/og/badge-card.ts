import { badgeCard, cardResponse } from '../../features/share-cards/cards.server';
import { AppError } from '../../lib/app-error';
import { parseId } from '../../lib/http';
import type { Route } from './+types/badge-card';

// GET /og/badges/:badgeId/card.png: the medal, its name and 「バッジを獲得しました」.
export function loader({ request, params }: Route.LoaderArgs) {
  const badgeId = parseId(params.badgeId);
  if (badgeId === null) throw new AppError('not_found');
  return cardResponse(request, badgeCard(badgeId));
}
