import { count } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { companies } from '../../db/schema';

export async function countCompanies(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(companies);
  return Number(row?.n ?? 0);
}
