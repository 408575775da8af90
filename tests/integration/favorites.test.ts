import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../app/db/client.server';
import { badgeGrants, favorites } from '../../app/db/schema';
import { addFavorite } from '../../app/features/favorites/add-favorite.server';
import * as addRoute from '../../app/routes/mypage/favorites';
import * as removeRoute from '../../app/routes/mypage/favorite';
import { callRoute, sessionRequest } from '../support/call-route';
import { isAppError } from '../../app/lib/app-error';
import { listFavorites } from '../../app/features/favorites/list-favorites.server';
import { removeFavorite } from '../../app/features/favorites/remove-favorite.server';
import { createCompany, createLoggedInStudent, createStudent, favoriteCompany, industryIdOf, prefectureIdOf } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

let companyIds: number[] = [];

const favoriteRows = (userId: number) => db().select().from(favorites).where(eq(favorites.userId, userId));
const badgeRows = (userId: number) => db().select().from(badgeGrants).where(eq(badgeGrants.userId, userId));

setUpTestDatabase();

beforeAll(async () => {
  const software = industryIdOf('ソフトウェア');
  const bank = industryIdOf('銀行');
  const tokyo = prefectureIdOf('東京都');
  companyIds = [
    (await createCompany({ name: '株式会社青葉システムズ', kana: 'アオバシステムズ', industryId: software, prefectureId: tokyo }))
      .companyId,
    (await createCompany({ name: 'なにわ銀行株式会社', kana: 'ナニワギンコウ', industryId: bank, prefectureId: prefectureIdOf('大阪府') }))
      .companyId,
    (await createCompany({ name: '株式会社みらいラボ', kana: 'ミライラボ', industryId: software, prefectureId: tokyo })).companyId,
  ];
});

describe('addFavorite', () => {
  it('adds once, grants 106 on the first favorite only', async () => {
    const { userId } = await createStudent();
    const [first, second] = companyIds as [number, number];
    expect(await addFavorite({ userId, companyId: first })).toEqual({ added: true, newBadgeKindIds: [106] });
    expect(await addFavorite({ userId, companyId: first })).toEqual({ added: false, newBadgeKindIds: [] });
    expect(await addFavorite({ userId, companyId: second })).toEqual({ added: true, newBadgeKindIds: [] });
    expect(await favoriteRows(userId)).toHaveLength(2);
    expect((await badgeRows(userId)).map((row) => row.badgeKindId)).toEqual([106]);
  });

  it('throws company_not_found for an unknown company and changes nothing', async () => {
    const { userId } = await createStudent();
    await expect(addFavorite({ userId, companyId: 999_999 })).rejects.toSatisfy((error) => isAppError(error, 'company_not_found'));
    expect(await favoriteRows(userId)).toEqual([]);
    expect(await badgeRows(userId)).toEqual([]);
  });

  it('keeps one row and one badge under 50 concurrent identical calls', async () => {
    const { userId } = await createStudent();
    const results = await Promise.all(Array.from({ length: 50 }, () => addFavorite({ userId, companyId: companyIds[0]! })));
    expect(results.filter((result) => result.added)).toHaveLength(1);
    expect(results.flatMap((result) => result.newBadgeKindIds)).toEqual([106]);
    expect(await favoriteRows(userId)).toHaveLength(1);
    expect(await badgeRows(userId)).toHaveLength(1);
  });

  it('runs inside the caller’s transaction', async () => {
    const { userId } = await createStudent();
    await expect(
      db().transaction(async (tx) => {
        await addFavorite({ tx, userId, companyId: companyIds[0]! });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await favoriteRows(userId)).toEqual([]);
    expect(await badgeRows(userId)).toEqual([]);
  });
});

describe('removeFavorite', () => {
  it('is idempotent and keeps the badge', async () => {
    const { userId } = await createStudent();
    await addFavorite({ userId, companyId: companyIds[0]! });
    expect(await removeFavorite({ userId, companyId: companyIds[0]! })).toEqual({ removed: true });
    expect(await removeFavorite({ userId, companyId: companyIds[0]! })).toEqual({ removed: false });
    expect(await removeFavorite({ userId, companyId: 999_999 })).toEqual({ removed: false });
    expect(await favoriteRows(userId)).toEqual([]);
    expect(await badgeRows(userId)).toHaveLength(1);
  });

  it('is safe under 50 concurrent identical calls and touches only the caller’s row', async () => {
    const { userId } = await createStudent();
    const { userId: other } = await createStudent();
    await addFavorite({ userId, companyId: companyIds[1]! });
    await addFavorite({ userId: other, companyId: companyIds[1]! });
    const results = await Promise.all(Array.from({ length: 50 }, () => removeFavorite({ userId, companyId: companyIds[1]! })));
    expect(results.filter((result) => result.removed)).toHaveLength(1);
    expect(await favoriteRows(userId)).toEqual([]);
    expect(await favoriteRows(other)).toHaveLength(1);
  });

  it('survives adds and removes racing each other', async () => {
    const { userId } = await createStudent();
    const companyId = companyIds[2]!;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? addFavorite({ userId, companyId }) : removeFavorite({ userId, companyId }))),
    );
    expect((await favoriteRows(userId)).length).toBeLessThanOrEqual(1);
    expect(await badgeRows(userId)).toHaveLength(1);
  });
});

describe('listing favorites', () => {
  it('lists the student’s favorites newest first with name, industry, prefecture and date', async () => {
    const { userId } = await createStudent();
    const { userId: other } = await createStudent();
    const [a, b, c] = companyIds as [number, number, number];
    await favoriteCompany({ userId, companyId: a, at: new Date('2025-04-01T00:00:00Z') });
    await favoriteCompany({ userId, companyId: b, at: new Date('2025-04-03T00:00:00Z') });
    await favoriteCompany({ userId: other, companyId: c, at: new Date('2025-04-02T00:00:00Z') });
    expect(await listFavorites({ userId })).toEqual([
      { companyId: b, name: 'なにわ銀行株式会社', industryName: '銀行', prefectureName: '大阪府', addedAt: '2025-04-03T00:00:00.000Z' },
      {
        companyId: a,
        name: '株式会社青葉システムズ',
        industryName: 'ソフトウェア',
        prefectureName: '東京都',
        addedAt: '2025-04-01T00:00:00.000Z',
      },
    ]);
    expect(await listFavorites({ userId: (await createStudent()).userId })).toEqual([]);
  });
});

describe('the favorite calls', () => {
  const add = (sessionId: string | null, companyId: string | null) =>
    callRoute(
      addRoute,
      sessionRequest('/mypage/favorites', {
        sessionId,
        method: 'POST',
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(companyId === null ? {} : { company_id: companyId }),
      }),
    );
  const remove = (sessionId: string | null, companyId: string) =>
    callRoute(removeRoute, sessionRequest(`/mypage/favorites/${companyId}`, { sessionId, method: 'DELETE' }), { companyId });

  it('answers 401 to visitors, 404 JSON to unknown companies, 405 to other methods, and is idempotent', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const companyId = String(companyIds[0]);
    expect((await add(null, companyId)).status).toBe(401);
    expect(await (await remove(null, companyId)).json()).toMatchObject({ error: { code: 'unauthenticated' } });
    for (const bad of ['999999', 'abc', '', null, '0', '-1']) {
      const response = await add(sessionId, bad);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'company_not_found' } });
    }
    const get = await callRoute(addRoute, sessionRequest('/mypage/favorites', { sessionId }));
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
    const responses = await Promise.all(Array.from({ length: 50 }, () => add(sessionId, companyId)));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(await favoriteRows(userId)).toHaveLength(1);
    const removed = await remove(sessionId, companyId);
    expect(await removed.json()).toEqual({ favorited: false, company_id: companyIds[0], removed: true });
    expect(await favoriteRows(userId)).toEqual([]);
  });
});
