/**
 * Issue 28 "the seller with 100+ listings": 我的出租's bulk endpoints (POST seller/listings/bulk-state
 * and bulk-price) and the list's search, filters and per-row figures, on PGlite and, when
 * DATABASE_URL_TEST is set, PostgreSQL. A bulk call is all or none: another seller's id refuses it
 * with 404 naming the id, a rule of the single-item calls (the platform hold) refuses it with 409,
 * and in both cases none of the caller's own listings changed. Bad input is 400 in Chinese.
 */
import type { APIRoute } from 'astro';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, SellerListingBulkAnswer, SellerListingRow } from '~/features/sellers/contract/seller-listings';
import { MSG_NOT_SELLER, SELLER_CODES } from '~/features/sellers/contract/seller';
import type { Db } from '~/platform/db/client';
import { games, listingCredentials, listingReviews, listingStats, listings, pageViews, shops, users } from '~/platform/db/schema';
import { writeSetting } from '~/features/content/server/site-settings';
import { issueToken } from '~/features/sign-in/server/tokens';
import * as bulkPriceRoute from '~/pages/api/v1/seller/listings/bulk-price';
import * as bulkStateRoute from '~/pages/api/v1/seller/listings/bulk-state';
import * as listRoute from '~/pages/api/v1/seller/listings/index';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

describe.each(TEST_DRIVERS)('seller listings in bulk on $label', ({ driver, skip }) => {
  let db: Db;
  let owner: { userId: number; auth: string; shopId: number };
  let other: { userId: number; auth: string; shopId: number };
  let renter: { auth: string };

  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });

  async function signIn(username: string): Promise<{ userId: number; auth: string; shopId: number }> {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const { token } = await issueToken(db, user!.id, { now: new Date() });
    const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.ownerUserId, user!.id));
    return { userId: user!.id, auth: `Bearer ${token}`, shopId: shop?.id ?? 0 };
  }

  beforeAll(async () => {
    if (skip) return;
    owner = await signIn('owner01');
    other = await signIn('owner02');
    renter = await signIn('renter01');
  }, 60_000);

  const post = <T,>(route: { POST: APIRoute }, path: string, auth: string, body: unknown): Promise<CallResult<T>> =>
    callRoute<T>(route.POST, `/api/v1/seller/listings/${path}`, { method: 'POST', authorization: auth, body });
  const list = (auth: string, query: string): Promise<CallResult<Page<SellerListingRow>>> => callRoute<Page<SellerListingRow>>(listRoute.GET, `/api/v1/seller/listings${query}`, { authorization: auth });

  /** `n` of the shop's listings, oldest first, that are not held, deleted or in another test's way. */
  async function ownListings(shopId: number, n: number, skipFirst = 0): Promise<(typeof listings.$inferSelect)[]> {
    return db
      .select()
      .from(listings)
      .where(and(eq(listings.shopId, shopId), sql`${listings.sellerState} <> 'deleted'`, sql`${listings.heldAt} is null`))
      .orderBy(listings.id)
      .limit(n)
      .offset(skipFirst);
  }

  async function states(ids: number[]): Promise<Record<number, { sellerState: string; rentalFen: number; isListed: boolean; reviewStatus: string }>> {
    const rows = await db
      .select({ id: listings.id, sellerState: listings.sellerState, rentalFen: listings.rentalFen, isListed: listings.isListed, reviewStatus: listings.reviewStatus })
      .from(listings)
      .where(inArray(listings.id, ids));
    return Object.fromEntries(rows.map(({ id, ...rest }) => [id, rest]));
  }

  async function setShelf(ids: number[], sellerState: 'on_shelf' | 'off_shelf'): Promise<void> {
    await db.update(listings).set({ sellerState, isListed: sellerState === 'on_shelf', reviewStatus: 'approved', heldAt: null, holdReason: null }).where(inArray(listings.id, ids));
  }

  it.skipIf(skip)('bulk 下架 then 上架 moves every named listing in one call, and counts those already so', async () => {
    const rows = await ownListings(owner.shopId, 3);
    const ids = rows.map((row) => row.id);
    await setShelf(ids, 'on_shelf');
    await setShelf([ids[2]!], 'off_shelf');

    const off = expectOk(await post<SellerListingBulkAnswer>(bulkStateRoute, 'bulk-state', owner.auth, { ids, state: 'off_shelf' }));
    expect(off).toEqual({ changed: [ids[0], ids[1]], unchanged: [ids[2]], pending_review: [], msg: '已下架2个账号，1个原本就已下架' });
    for (const state of Object.values(await states(ids))) expect(state).toMatchObject({ sellerState: 'off_shelf', isListed: false });

    const on = expectOk(await post<SellerListingBulkAnswer>(bulkStateRoute, 'bulk-state', owner.auth, { ids, state: 'on_shelf' }));
    expect(on.changed).toEqual(ids);
    expect(on.msg).toBe('已上架3个账号');
    for (const state of Object.values(await states(ids))) expect(state).toMatchObject({ sellerState: 'on_shelf', isListed: true });
  });

  it.skipIf(skip)("another seller's listing among the ids refuses the whole call with 404 naming it; nothing is written", async () => {
    const mine = (await ownListings(owner.shopId, 2)).map((row) => row.id);
    const [theirs] = await ownListings(other.shopId, 1);
    await setShelf(mine, 'on_shelf');
    const before = await states([...mine, theirs!.id]);

    expectError(await post(bulkStateRoute, 'bulk-state', owner.auth, { ids: [...mine, theirs!.id], state: 'off_shelf' }), 404, `编号 ${theirs!.id}：账号不存在`);
    expectError(await post(bulkPriceRoute, 'bulk-price', owner.auth, { ids: [theirs!.id, ...mine], rental: '3.30' }), 404, `编号 ${theirs!.id}：账号不存在`);
    // A missing listing answers exactly the same (nothing tells the two apart).
    expectError(await post(bulkStateRoute, 'bulk-state', owner.auth, { ids: [...mine, 2_000_000_000], state: 'off_shelf' }), 404, '编号 2000000000：账号不存在');
    expect(await states([...mine, theirs!.id])).toEqual(before);
  });

  it.skipIf(skip)('a rule of the single-item call (a listing the platform took down cannot go back on the shelf) refuses the batch with 409; none of it is written', async () => {
    const rows = await ownListings(owner.shopId, 3, 3);
    const ids = rows.map((row) => row.id);
    await setShelf(ids, 'off_shelf');
    const held = ids[1]!;
    await db.update(listings).set({ heldAt: new Date(), holdReason: '图片与账号不符' }).where(eq(listings.id, held));
    try {
      expectError(
        await post(bulkStateRoute, 'bulk-state', owner.auth, { ids, state: 'on_shelf' }),
        409,
        `编号 ${held}：该账号已被平台下架（原因：图片与账号不符），请联系客服恢复后再上架`,
      );
      for (const state of Object.values(await states(ids))) expect(state.sellerState).toBe('off_shelf');
      // 下架 of a held listing is allowed, as on the single call.
      expect(expectOk(await post<SellerListingBulkAnswer>(bulkStateRoute, 'bulk-state', owner.auth, { ids: [held], state: 'off_shelf' })).unchanged).toEqual([held]);
    } finally {
      await db.update(listings).set({ heldAt: null, holdReason: null }).where(eq(listings.id, held));
    }
  });

  it.skipIf(skip)('bulk 改价 sets one price; with review on a change beyond the ratio goes back to review and leaves the hall', async () => {
    const rows = await ownListings(owner.shopId, 2, 6);
    const ids = rows.map((row) => row.id);
    await setShelf(ids, 'on_shelf');
    await db.update(listings).set({ rentalFen: 1_000 }).where(inArray(listings.id, ids));

    const same = expectOk(await post<SellerListingBulkAnswer>(bulkPriceRoute, 'bulk-price', owner.auth, { ids, rental: '12.00' }));
    expect(same).toEqual({ changed: ids, unchanged: [], pending_review: [], msg: '已改价2个账号' });
    for (const state of Object.values(await states(ids))) expect(state).toMatchObject({ rentalFen: 1_200, reviewStatus: 'approved', isListed: true });

    await writeSetting(db, 'seller.review_enabled', true);
    try {
      const big = expectOk(await post<SellerListingBulkAnswer>(bulkPriceRoute, 'bulk-price', owner.auth, { ids, rental: 30 }));
      expect(big.pending_review).toEqual(ids);
      expect(big.msg).toBe('已改价2个账号，其中2个价格变动较大，审核通过后生效');
      for (const state of Object.values(await states(ids))) expect(state).toMatchObject({ rentalFen: 3_000, reviewStatus: 'pending', isListed: false });
      const [remembered] = await db.select({ from: listings.reviewFromRentalFen }).from(listings).where(eq(listings.id, ids[0]!));
      expect(remembered!.from).toBe(1_200);
    } finally {
      await writeSetting(db, 'seller.review_enabled', false);
      await setShelf(ids, 'on_shelf');
    }
  });

  it.skipIf(skip)('bad input is 400 with a Chinese message, never a 500', async () => {
    const [row] = await ownListings(owner.shopId, 1);
    const id = row!.id;
    const stateCases: [unknown, string | RegExp][] = [
      [{ ids: [], state: 'off_shelf' }, '请至少选择1个账号'],
      [{ ids: [id, id], state: 'off_shelf' }, '账号不能重复'],
      [{ ids: Array.from({ length: 51 }, (_, index) => index + 1), state: 'off_shelf' }, '一次最多操作50个账号'],
      [{ ids: [id], state: 'maintenance' }, '目标状态无效'],
      [{ ids: [id], state: 'deleted' }, '目标状态无效'],
      [{ ids: 'all', state: 'off_shelf' }, '请选择账号'],
      [{ ids: [1e12], state: 'off_shelf' }, /[\u4e00-\u9fff]/],
      [{ ids: [id] }, '目标状态无效'],
    ];
    for (const [body, msg] of stateCases) {
      const result = await post(bulkStateRoute, 'bulk-state', owner.auth, body);
      expect(result.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (typeof msg === 'string') expect(result.body.msg).toBe(msg);
      else expect(result.body.msg).toMatch(msg);
    }
    const priceCases: [unknown, string | RegExp][] = [
      [{ ids: [id], rental: '0' }, '时租价格应在0.01元到5000元之间'],
      [{ ids: [id], rental: '5000.01' }, '时租价格应在0.01元到5000元之间'],
      [{ ids: [id], rental: 'abc' }, /时租价格/],
      [{ ids: [id], rental: '1.234' }, /时租价格/],
      [{ ids: [id] }, '请填写时租价格'],
      [{ ids: [], rental: '3' }, '请至少选择1个账号'],
    ];
    for (const [body, msg] of priceCases) {
      const result = await post(bulkPriceRoute, 'bulk-price', owner.auth, body);
      expect(result.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (typeof msg === 'string') expect(result.body.msg).toBe(msg);
      else expect(result.body.msg).toMatch(msg);
    }
    expect((await callRoute(bulkStateRoute.ALL, '/api/v1/seller/listings/bulk-state', { method: 'GET', authorization: owner.auth })).status).toBe(405);
  });

  it.skipIf(skip)('a renter who is not a seller gets 403 code 1101; no token is 401', async () => {
    expectError(await post(bulkStateRoute, 'bulk-state', renter.auth, { ids: [1], state: 'off_shelf' }), 403, MSG_NOT_SELLER, SELLER_CODES.notSeller);
    expectError(await post(bulkPriceRoute, 'bulk-price', renter.auth, { ids: [1], rental: '3' }), 403, MSG_NOT_SELLER, SELLER_CODES.notSeller);
    expect((await callRoute(bulkStateRoute.POST, '/api/v1/seller/listings/bulk-state', { method: 'POST', body: { ids: [1], state: 'off_shelf' } })).status).toBe(401);
  });

  it.skipIf(skip)('the list searches title, login account and 编号, filters by game and state, and pages on the server', async () => {
    const [first] = await ownListings(owner.shopId, 1, 10);
    const [credentials] = await db.select({ account: listingCredentials.loginAccount }).from(listingCredentials).where(eq(listingCredentials.listingId, first!.id));

    const byAccount = expectOk(await list(owner.auth, `?q=${encodeURIComponent(credentials!.account)}&page_size=50`));
    expect(byAccount.list.map((row) => row.id)).toContain(first!.id);
    expect(byAccount.list.every((row) => row.login_account?.includes(credentials!.account) || row.title.includes(credentials!.account))).toBe(true);

    const fragment = Array.from(first!.title).slice(1, 5).join('');
    const byTitle = expectOk(await list(owner.auth, `?q=${encodeURIComponent(fragment)}&page_size=50`));
    expect(byTitle.list.map((row) => row.id)).toContain(first!.id);

    const byId = expectOk(await list(owner.auth, `?q=${first!.id}`));
    expect(byId.list.map((row) => row.id)).toContain(first!.id);
    // Another seller's listing is never found, whatever is typed.
    const [theirs] = await ownListings(other.shopId, 1);
    expect(expectOk(await list(owner.auth, `?q=${theirs!.id}`)).list.map((row) => row.id)).not.toContain(theirs!.id);
    // LIKE's own characters are taken literally.
    expect(expectOk(await list(owner.auth, '?q=%25')).total).toBe(0);

    const [game] = await db.select({ id: games.id }).from(games).where(eq(games.id, first!.gameId));
    const byGame = expectOk(await list(owner.auth, `?game_id=${game!.id}&page_size=50`));
    expect(byGame.list.length).toBeGreaterThan(0);
    expect(byGame.list.every((row) => row.game_id === game!.id)).toBe(true);
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(and(eq(listings.shopId, owner.shopId), eq(listings.gameId, game!.id), sql`${listings.sellerState} <> 'deleted'`));
    expect(byGame.total).toBe(counted!.n);

    await db.update(listings).set({ isRented: true }).where(eq(listings.id, first!.id));
    const rented = expectOk(await list(owner.auth, '?state=rented&page_size=50'));
    expect(rented.list.every((row) => row.is_rented)).toBe(true);
    expect(rented.list.map((row) => row.id)).toContain(first!.id);

    const all = expectOk(await list(owner.auth, '?page_size=5&page=2'));
    expect(all.list).toHaveLength(5);
    expect(all.page).toBe(2);

    const badQueries = ['?q=' + 'x'.repeat(65), '?game_id=abc', '?state=gone', '?q=%01'];
    for (const query of badQueries) {
      const result = await list(owner.auth, query);
      expect(result.status, query).toBe(400);
      expect(result.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it.skipIf(skip)("each row carries its detail-page views, listing_stats rentals and its reviews' average", async () => {
    const [row] = await ownListings(owner.shopId, 1, 12);
    const id = row!.id;
    await db.insert(pageViews).values([
      { path: `/detail/${id}.html`, kind: 'pageview' },
      { path: `/detail/${id}.html`, kind: 'pageview' },
      { path: `/detail/${id}.html`, kind: 'click' },
    ]);
    await db.insert(listingStats).values({ listingId: id, rentals: 7 }).onConflictDoUpdate({ target: listingStats.listingId, set: { rentals: 7 } });
    const reviewers = await db.select({ id: users.id }).from(users).where(inArray(users.username, ['renter01', 'renter02'])).orderBy(users.id);
    await db.delete(listingReviews).where(eq(listingReviews.listingId, id));
    await db.insert(listingReviews).values([
      { listingId: id, userId: reviewers[0]!.id, rating: 5, content: '很好' },
      { listingId: id, userId: reviewers[1]!.id, rating: 4, content: '不错' },
    ]);

    const found = expectOk(await list(owner.auth, `?q=${id}`)).list.find((item) => item.id === id)!;
    expect(found).toMatchObject({ views: 2, rentals: 7, avg_rating: 4.5, review_count: 2 });
  });
});
