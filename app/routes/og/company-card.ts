import { cardResponse, companyCard } from '../../features/share-cards/cards.server';
import { AppError } from '../../lib/app-error';
import { parseId } from '../../lib/http';
import type { Route } from './+types/company-card';

// GET /og/companies/:companyId/card.png: a company's name, industry and internship rating.
export async function loader({ request, params }: Route.LoaderArgs) {
  const companyId = parseId(params.companyId);
  if (companyId === null) throw new AppError('company_not_found');
  return cardResponse(request, await companyCard(companyId));
}
