/**
 * 找相似 (issue 16) through GET zuhao/besimilar on the demo seed plus listings made here: only
 * listed accounts of the same game, never the account itself, within the price band; the most
 * shared attributes first; an account with nothing like it gets an empty list (the page's honest
 * empty state); a missing account is 404 -400.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BESIMILAR_PRICE_BAND_PERCENT, CODE_ACCOUNT_DELETED } from '~/features/catalog/constants';
import type { BesimilarPage } from '~/features/catalog/contract/besimilar';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { games, listingAttrs, listings, shops } from '~/platform/db/schema';
import { GET as getBesimilar } from '~/pages/api/v1/zuhao/besimilar';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectOk } from './endpoint-call';
import { suiteContext } from './route-context';

describe.each(TEST_DRIVERS)('找相似 on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  let shopId: number;
  let gameId: number;

  const similar = async (id: number, query = ''): Promise<BesimilarPage> =>
    expectOk(await callRoute<BesimilarPage>(getBesimilar, `/api/v1/zuhao/besimilar?account_id=${id}${query}`));

  async function listing(title: string, rentalFen: number, attrs: Record<string, string> = {}, listed = true): Promise<number> {
    const [row] = await db
      .insert(listings)
      .values({ shopId, gameId, title, roleName: '测试', rentalFen, ...(listed ? {} : { isListed: false, sellerState: 'off_shelf' as const }) })
      .returning({ id: listings.id });
    const entries = Object.entries(attrs);
    if (entries.length > 0) await db.insert(listingAttrs).values(entries.map(([attrName, value]) => ({ listingId: row!.id, attrName, value })));
    return row!.id;
  }

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    const [shop] = await db.select({ id: shops.id }).from(shops).limit(1);
    // A game of its own, so the seed's listings do not crowd the ranking.
    const [game] = await db.insert(games).values({ name: '相似测试游戏', slug: 'besimilar-test', icon: '/images/games/none.png' }).returning({ id: games.id });
    shopId = shop!.id;
    gameId = game!.id;
  }, 300_000);

  afterAll(async () => {
    suiteContext.db = null;
    await testDb?.close();
  });

  it.skipIf(skip)('same game, listed, in the price band, not itself; most shared attributes first', async () => {
    const source = await listing('原账号', 1000, { 段位: '王者', 皮肤: '100+' });
    const twoShared = await listing('两项相同', 1400, { 段位: '王者', 皮肤: '100+' });
    const oneShared = await listing('一项相同', 1000, { 段位: '王者', 皮肤: '50+' });
    const noneShared = await listing('无相同', 900, { 段位: '青铜' });
    const tooDear = await listing('太贵', 1000 + (1000 * BESIMILAR_PRICE_BAND_PERCENT) / 100 + 1, { 段位: '王者', 皮肤: '100+' });
    const unlisted = await listing('已下架', 1000, { 段位: '王者', 皮肤: '100+' }, false);
    const page = await similar(source);
    expect(page.source).toMatchObject({ id: source, title: '原账号', game_name: '相似测试游戏', rental_fen: 1000 });
    expect(page.list.map((card) => card.id)).toEqual([twoShared, oneShared, noneShared]);
    expect(page.total).toBe(3);
    expect(page.list.map((card) => card.id)).not.toContain(tooDear);
    expect(page.list.map((card) => card.id)).not.toContain(unlisted);
    // An unlisted account (an old order's) still finds its like.
    expect((await similar(unlisted)).list.map((card) => card.id)).toContain(twoShared);
    const second = await similar(source, '&page=2&page_size=2');
    expect(second.list.map((card) => card.id)).toEqual([noneShared]);
  });

  it.skipIf(skip)('an account with nothing like it answers an empty list', async () => {
    const lonely = await listing('孤品', 9_000_000);
    expect(await similar(lonely)).toMatchObject({ list: [], total: 0 });
  });

  it.skipIf(skip)('a missing account is 404 -400; bad input is 400', async () => {
    const gone = await callRoute(getBesimilar, '/api/v1/zuhao/besimilar?account_id=987654');
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(CODE_ACCOUNT_DELETED);
    expect((await callRoute(getBesimilar, '/api/v1/zuhao/besimilar?account_id=abc')).status).toBe(400);
    expect((await callRoute(getBesimilar, '/api/v1/zuhao/besimilar?account_id=1&page_size=999')).status).toBe(400);
    expect((await db.select().from(listings).where(eq(listings.id, 987654))).length).toBe(0);
  });
});
