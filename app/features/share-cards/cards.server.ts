// The three kinds of share card and their facts (docs/decisions/043-share-cards.md), and the one
// answer every card route gives: a PNG with an ETag, cached by browsers and crawlers for a day
// (a card's URL carries its content's hash, so a changed company gets a new URL), or for a
// minute when the site card stands in for a card too many others wait before (decision 055).
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import { AppError } from '../../lib/app-error';
import { forMs, registeredMap } from '../../lib/caches.server';
import { etagMatches } from '../../lib/page-cache.server';
import { BADGE_TIER_LABELS, badgeKindById } from '../badges/catalog';
import { BadgeIcon } from '../badges/components/badge-icon';
import { badgeCardSvg, type CompanyCardFacts, companyCardSvg } from './card-svg';
import { cardRenderer, type RenderedCard } from './render-card.server';

export async function companyCardFacts(companyId: number): Promise<CompanyCardFacts | null> {
  const [row] = await selectRows<{
    name: string;
    industry_name: string;
    prefecture_name: string;
    rating: number | null;
    report_count: number;
    post_count: number;
  }>(
    sql`SELECT c.name, i.name AS industry_name, p.name AS prefecture_name, c.intern_rating_average AS rating,
               c.intern_report_count AS report_count, c.published_post_count AS post_count
          FROM companies c JOIN industries i ON i.id = c.industry_id JOIN prefectures p ON p.id = c.prefecture_id
         WHERE c.id = ${companyId}`,
  );
  if (!row) return null;
  return {
    name: row.name,
    industryName: row.industry_name,
    prefectureName: row.prefecture_name,
    rating: row.rating === null ? null : Math.round(Number(row.rating) * 10) / 10,
    reportCount: Number(row.report_count),
    postCount: Number(row.post_count),
  };
}

/** A company's card for 10 s, as long as visitors' pages are kept (decision 010): no query per fetch. */
const COMPANY_CARD_TTL_MS = 10_000;
const MAX_COMPANY_CARDS = 1_000;
const companyCards = registeredMap<number, { svg: string; until: number }>({
  name: 'company card SVGs',
  holds: "a company's share card as SVG, drawn from its name, numbers and rating, by company",
  feeds: "the company card (/og/companies/…/card.png), the company page's og:image",
  lifetime: forMs(COMPANY_CARD_TTL_MS),
  invalidatedBy: 'nothing',
  bound: `${MAX_COMPANY_CARDS} companies, the least recently drawn go first`,
});

export async function companyCard(companyId: number, now = Date.now()): Promise<string> {
  const kept = companyCards.get(companyId);
  if (kept && kept.until > now) return kept.svg;
  const facts = await companyCardFacts(companyId);
  if (!facts) throw new AppError('company_not_found');
  const svg = companyCardSvg(facts);
  companyCards.delete(companyId);
  companyCards.set(companyId, { svg, until: now + COMPANY_CARD_TTL_MS });
  while (companyCards.size > MAX_COMPANY_CARDS) companyCards.delete(companyCards.keys().next().value!);
  return svg;
}

export function badgeCard(badgeKindId: number): string {
  const badge = badgeKindById(badgeKindId);
  if (!badge) throw new AppError('not_found');
  // The medal the site shows, as markup; the card draws it in the tier's color.
  const iconSvg = renderToStaticMarkup(createElement(BadgeIcon, { icon: badge.icon, color: badge.tier, size: 'large' }));
  return badgeCardSvg({ name: badge.name, tier: badge.tier, tierLabel: BADGE_TIER_LABELS[badge.tier], iconSvg });
}

/** Browsers and crawlers keep a card a day: its URL changes with what it shows. */
const CARD_CACHE_CONTROL = 'public, max-age=86400';
/**
 * The site card given in a company's or badge's place while too many cards wait to be drawn:
 * kept a minute, so the card itself is asked for again soon.
 */
const FALLBACK_CACHE_CONTROL = 'public, max-age=60';

function pngResponse(request: Request, card: RenderedCard, cacheControl: string): Response {
  const headers = { 'Content-Type': 'image/png', 'Cache-Control': cacheControl, ETag: card.etag };
  if (etagMatches(request.headers.get('If-None-Match') ?? undefined, card.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(card.png), { headers: { ...headers, 'Content-Length': String(card.png.length) } });
}

/** The PNG answer of a card route (the site card in its place when the line is full), or 304 when the browser has it already. */
export async function cardResponse(request: Request, svg: string): Promise<Response> {
  const { card, fallback } = await cardRenderer().card(svg);
  return pngResponse(request, card, fallback ? FALLBACK_CACHE_CONTROL : CARD_CACHE_CONTROL);
}

/** The site card's answer: drawn once per process and kept. */
export async function siteCardResponse(request: Request): Promise<Response> {
  return pngResponse(request, await cardRenderer().siteCard(), CARD_CACHE_CONTROL);
}
