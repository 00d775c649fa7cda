/**
 * Issue 13 "Listing an account": the seller's listing endpoints under /api/v1/seller/listings on
 * PGlite and, when DATABASE_URL_TEST is set, PostgreSQL. Ownership (another seller gets 404 on
 * every call), the seller check (403 code 1101), review on and off, price changes beyond the ratio,
 * credentials locked during a running rental, delete-or-unlist, the hall and detail following a
 * change at once, credentials in no public answer, and bad input answered 400 in Chinese.
 */
import type { APIRoute } from 'astro';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '~/platform/config/constants';
import { MSG_NUL_IN_INPUT } from '~/platform/wire/common';
import {
  MSG_CREDENTIALS_LOCKED,
  MSG_LISTING_NOT_FOUND,
  MSG_LISTING_UNLISTED_INSTEAD,
  type ListingCreateInput,
  type Page,
  type SellerListingCredentials,
  type SellerListingDeleteAnswer,
  type SellerListingEdit,
  type SellerListingOptions,
  type SellerListingRow,
  type SellerListingSaved,
  type SellerListingStateAnswer,
} from '~/features/sellers/contract/seller-listings';
import { MSG_NOT_SELLER, SELLER_CODES } from '~/features/sellers/contract/seller';
import type { ListingCard, ListingDetail } from '~/features/catalog/types';
import type { Db, DbOrTx } from '~/platform/db/client';
import { lockListingForRental } from '~/features/orders/server/booking';
import { games, orders, platforms, users, zones } from '~/platform/db/schema';
import { decideListingReview, MSG_NOT_PENDING, MSG_REVIEW_REASON } from '~/features/sellers/server/seller-listings';
import { writeSetting } from '~/features/content/server/site-settings';
import { issueToken } from '~/features/sign-in/server/tokens';
import { storeImageUpload } from '~/platform/db/uploads';
import * as createRoute from '~/pages/api/v1/seller/listings/create';
import * as credentialsRoute from '~/pages/api/v1/seller/listings/credentials';
import * as deleteRoute from '~/pages/api/v1/seller/listings/delete';
import * as detailRoute from '~/pages/api/v1/seller/listings/detail';
import * as listRoute from '~/pages/api/v1/seller/listings/index';
import * as optionsRoute from '~/pages/api/v1/seller/listings/options';
import * as stateRoute from '~/pages/api/v1/seller/listings/state';
import * as updateRoute from '~/pages/api/v1/seller/listings/update';
import { GET as publicDetail } from '~/pages/api/v1/detail/account';
import { GET as hallRoute } from '~/pages/api/v1/zuhao/accounts';
import { GET as shopAccounts } from '~/pages/api/v1/shop/accounts';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const png = (colour: string): Promise<Buffer> => sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer();

describe.each(TEST_DRIVERS)('seller listings on $label', ({ driver, skip }) => {
  let db: Db;
  let owner: { userId: number; auth: string; shopId: number };
  let other: { userId: number; auth: string };
  let renter: { userId: number; auth: string };
  let hafuGame: { id: number; platformId: number; zoneId: number };
  let plainGame: { id: number; platformId: number; zoneId: number };
  let uploads: number[] = [];
  let otherUpload = 0;
  let avatarUpload = 0;
  let serial = 0;

  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });

  async function signIn(username: string): Promise<{ userId: number; auth: string }> {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const { token } = await issueToken(db, user!.id, { now: new Date() });
    return { userId: user!.id, auth: `Bearer ${token}` };
  }

  async function gameParts(hafu: boolean): Promise<{ id: number; platformId: number; zoneId: number }> {
    const [game] = await db.select({ id: games.id }).from(games).where(eq(games.hasHafuCoin, hafu)).orderBy(games.sort, games.id).limit(1);
    const [platform] = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.gameId, game!.id)).orderBy(platforms.id).limit(1);
    const [zone] = await db
      .select({ id: zones.id })
      .from(zones)
      .where(sql`${zones.gameId} = ${game!.id} and (${zones.platformId} = ${platform!.id} or ${zones.platformId} is null)`)
      .orderBy(zones.id)
      .limit(1);
    return { id: game!.id, platformId: platform!.id, zoneId: zone!.id };
  }

  beforeAll(async () => {
    if (skip) return;
    const ownerSession = await signIn('owner01');
    const [shop] = await db.execute<{ id: number }>(sql`select id from shops where owner_user_id = ${ownerSession.userId}`).then((result) => result.rows);
    owner = { ...ownerSession, shopId: Number(shop!.id) };
    other = await signIn('owner02');
    renter = await signIn('renter01');
    hafuGame = await gameParts(true);
    plainGame = await gameParts(false);
    const now = new Date();
    uploads = [];
    for (const colour of ['#c33', '#3c3', '#33c']) uploads.push((await storeImageUpload(db, owner.userId, { purpose: 'listing', bytes: await png(colour) }, now)).id);
    otherUpload = (await storeImageUpload(db, other.userId, { purpose: 'listing', bytes: await png('#999') }, now)).id;
    avatarUpload = (await storeImageUpload(db, owner.userId, { purpose: 'avatar', bytes: await png('#c33') }, now)).id;
  }, 60_000);

  /** A valid form for the plain (non-hafu) game; each call gets a fresh title. */
  function form(overrides: Partial<ListingCreateInput> = {}): ListingCreateInput {
    serial += 1;
    return {
      game_id: plainGame.id,
      platform_id: plainGame.platformId,
      zone_id: plainGame.zoneId,
      title: `测试上架号${driver}${serial} 全皮肤`,
      role_name: '测试角色',
      attrs: [
        { attr_name: '段位', value: '最强王者' },
        { attr_name: '皮肤数量', value: '120' },
      ],
      images: [uploads[0]!, uploads[1]!],
      rental: '4.50',
      rental_period: { daily_rental: true, ten_hour_rental: true, weekly_rental: false, morning_rental: false, afternoon_rental: false, night_rental: true },
      min_rental_period: 2,
      rental_time: '08:00-23:00',
      deposit: '10',
      is_use_bargain: false,
      is_use_vip_discount: true,
      is_insurance: true,
      is_reservation: false,
      login_account: `acct_${driver}_${serial}`,
      login_password: `Secret-${driver}-${serial}!`,
      ...overrides,
    };
  }

  const post = <T,>(route: { POST: APIRoute }, path: string, auth: string, body: unknown): Promise<CallResult<T>> =>
    callRoute<T>(route.POST, `/api/v1/seller/listings/${path}`, { method: 'POST', authorization: auth, body });
  const get = <T,>(route: { GET: APIRoute }, path: string, auth: string): Promise<CallResult<T>> =>
    callRoute<T>(route.GET, `/api/v1/seller/listings${path}`, { authorization: auth });

  async function create(overrides: Partial<ListingCreateInput> = {}): Promise<{ saved: SellerListingSaved; body: ListingCreateInput }> {
    const body = form(overrides);
    return { saved: expectOk(await post<SellerListingSaved>(createRoute, 'create', owner.auth, body)), body };
  }

  async function hallFind(title: string): Promise<ListingCard | undefined> {
    const result = expectOk(await callRoute<Page<ListingCard>>(hallRoute, `/api/v1/zuhao/accounts?keyword=${encodeURIComponent(title)}&page_size=50`));
    return result.list.find((card) => card.title === title);
  }

  async function insertRental(listingId: number, startsAt: Date, endsAt: Date, status: number = ORDER_STATUS.paid, into: DbOrTx = db): Promise<void> {
    serial += 1;
    await into.insert(orders).values({
      orderNo: `T${driver}${Date.now()}${serial}`.slice(0, 32),
      kind: 'rental',
      userId: renter.userId,
      status,
      listingId,
      rentalId: 1,
      rentalOption: 'hourly',
      hours: 2,
      startsAt,
      endsAt,
      originalFen: 900,
      payFen: 900,
      totalFen: 900,
      payDeadline: new Date(startsAt.getTime() + 15 * 60_000),
      paidAt: status === ORDER_STATUS.paid ? startsAt : null,
    });
  }

  it.skipIf(skip)('with review off (the demo seed) a new listing is on the shelf at once: in the hall, the detail and the seller list', async () => {
    await writeSetting(db, 'seller.review_enabled', false);
    const { saved, body } = await create();
    expect(saved.msg).toBe('发布成功');
    expect(saved.listing).toMatchObject({ seller_state: 'on_shelf', review_status: 'approved', is_listed: true, rental_fen: 450, deposit_fen: 1000, min_rental_period: 2, login_account: body.login_account });
    expect(saved.listing.images).toHaveLength(2);
    expect(saved.listing.images[0]).toMatch(/^\/uploads\/\d+-[0-9a-f]{12}\/detail\.webp$/);
    expect(JSON.stringify(saved)).not.toContain(body.login_password);

    const card = await hallFind(body.title);
    expect(card?.id).toBe(saved.listing.id);
    const detail = expectOk(await callRoute<ListingDetail>(publicDetail, `/api/v1/detail/account?account_id=${saved.listing.id}`));
    expect(detail).toMatchObject({ title: body.title, is_listed: true });

    const list = expectOk(await get<Page<SellerListingRow>>(listRoute, '?page_size=50', owner.auth));
    expect(list.list[0]).toMatchObject({ id: saved.listing.id, title: body.title, seller_state: 'on_shelf', review_status: 'approved', rental: '4.50', is_rented: false });
    expect(list.list[0]!.cover).toBe(saved.listing.images[0]);
  });

  it.skipIf(skip)('with review on a new listing waits (审核中), is not in the hall, and a price change beyond the ratio goes back to review', async () => {
    await writeSetting(db, 'seller.review_enabled', true);
    try {
      const { saved, body } = await create();
      expect(saved.listing).toMatchObject({ review_status: 'pending', is_listed: false, seller_state: 'on_shelf' });
      expect(saved.msg).toBe('已提交，审核通过后上架');
      expect(await hallFind(body.title)).toBeUndefined();

      // An approved listing (as an operator would leave it): within the ratio it stays, beyond it it waits.
      await writeSetting(db, 'seller.review_enabled', false);
      const approved = await create();
      await writeSetting(db, 'seller.review_enabled', true);
      const { login_account: _a, login_password: _p, ...rest } = approved.body;
      const small = expectOk(await post<SellerListingSaved>(updateRoute, 'update', owner.auth, { ...rest, id: approved.saved.listing.id, rental: '6.00' }));
      expect(small.listing).toMatchObject({ review_status: 'approved', is_listed: true, rental_fen: 600 });
      const big = expectOk(await post<SellerListingSaved>(updateRoute, 'update', owner.auth, { ...rest, id: approved.saved.listing.id, rental: '20' }));
      expect(big.listing).toMatchObject({ review_status: 'pending', is_listed: false, rental_fen: 2000 });
      expect(big.msg).toContain('审核');
      expect(await hallFind(approved.body.title)).toBeUndefined();
      const row = expectOk(await get<Page<SellerListingRow>>(listRoute, '?state=review&page_size=50', owner.auth)).list.find((item) => item.id === approved.saved.listing.id);
      expect(row).toMatchObject({ review_status: 'pending', review_status_text: '审核中' });

      // The operator's decision: a rejection with its reason for the seller, then an approval puts it in the hall.
      await expect(decideListingReview(db, saved.listing.id, { approve: false, reason: '  ' }, new Date())).rejects.toMatchObject({ httpStatus: 400, message: MSG_REVIEW_REASON });
      expect(await decideListingReview(db, saved.listing.id, { approve: false, reason: '标题含有联系方式' }, new Date())).toMatchObject({ review_status: 'rejected', is_listed: false });
      const rejected = expectOk(await get<Page<SellerListingRow>>(listRoute, '?page_size=50', owner.auth)).list.find((item) => item.id === saved.listing.id);
      expect(rejected).toMatchObject({ review_status: 'rejected', review_reason: '标题含有联系方式' });
      await expect(decideListingReview(db, saved.listing.id, { approve: true }, new Date())).rejects.toMatchObject({ httpStatus: 409, message: MSG_NOT_PENDING });
      expect(await decideListingReview(db, approved.saved.listing.id, { approve: true }, new Date())).toMatchObject({ review_status: 'approved', is_listed: true });
      expect(await hallFind(approved.body.title)).toBeDefined();
    } finally {
      await writeSetting(db, 'seller.review_enabled', false);
    }
  });

  it.skipIf(skip)('taken off the shelf, a listing leaves the hall at once and its detail says it is unavailable; put back, it returns', async () => {
    const { saved, body } = await create();
    expect(await hallFind(body.title)).toBeDefined();
    const off = expectOk(await post<SellerListingStateAnswer>(stateRoute, 'state', owner.auth, { id: saved.listing.id, state: 'off_shelf' }));
    expect(off).toMatchObject({ seller_state: 'off_shelf', is_listed: false, msg: '已下架' });
    expect(await hallFind(body.title)).toBeUndefined();
    const detail = expectOk(await callRoute<ListingDetail>(publicDetail, `/api/v1/detail/account?account_id=${saved.listing.id}`));
    expect(detail).toMatchObject({ is_listed: false, availability: 'unavailable' });

    expectError(await post(stateRoute, 'state', owner.auth, { id: saved.listing.id, state: 'off_shelf' }), 409, '该账号已是已下架状态');
    expectOk(await post(stateRoute, 'state', owner.auth, { id: saved.listing.id, state: 'maintenance' }));
    expect(await hallFind(body.title)).toBeUndefined();
    expectOk(await post(stateRoute, 'state', owner.auth, { id: saved.listing.id, state: 'on_shelf' }));
    expect((await hallFind(body.title))?.id).toBe(saved.listing.id);
  });

  it.skipIf(skip)('new login details are refused 409 while a rental runs; the same details and other fields still save', async () => {
    const { saved, body } = await create();
    const id = saved.listing.id;
    const now = Date.now();
    await insertRental(id, new Date(now - 60 * 60_000), new Date(now + 60 * 60_000));
    const { login_account, login_password, ...rest } = body;
    expectError(await post(updateRoute, 'update', owner.auth, { ...rest, id, login_password: 'NewPassword-1' }), 409, MSG_CREDENTIALS_LOCKED);
    expectError(await post(updateRoute, 'update', owner.auth, { ...rest, id, login_account: 'another_account' }), 409, MSG_CREDENTIALS_LOCKED);
    const same = expectOk(await post<SellerListingSaved>(updateRoute, 'update', owner.auth, { ...rest, id, login_account, login_password, title: `${body.title}改` }));
    expect(same.listing.title).toBe(`${body.title}改`);
    const credentials = expectOk(await get<SellerListingCredentials>(credentialsRoute, `/credentials?id=${id}`, owner.auth));
    expect(credentials).toEqual({ login_account, login_password });
  });

  it.skipIf(skip)('delete with a future order unlists instead; without orders it deletes, and the listing is gone for its seller', async () => {
    const withOrder = await create();
    const now = Date.now();
    await insertRental(withOrder.saved.listing.id, new Date(now + 5 * 60 * 60_000), new Date(now + 7 * 60 * 60_000));
    const unlisted = expectOk(await post<SellerListingDeleteAnswer>(deleteRoute, 'delete', owner.auth, { id: withOrder.saved.listing.id }));
    expect(unlisted).toEqual({ id: withOrder.saved.listing.id, outcome: 'unlisted', msg: MSG_LISTING_UNLISTED_INSTEAD });
    const kept = expectOk(await get<SellerListingEdit>(detailRoute, `/detail?id=${withOrder.saved.listing.id}`, owner.auth));
    expect(kept).toMatchObject({ seller_state: 'off_shelf', is_listed: false });

    const plain = await create();
    // A finished rental in the past does not hold a listing.
    await insertRental(plain.saved.listing.id, new Date(now - 5 * 60 * 60_000), new Date(now - 3 * 60 * 60_000), ORDER_STATUS.finished);
    const deleted = expectOk(await post<SellerListingDeleteAnswer>(deleteRoute, 'delete', owner.auth, { id: plain.saved.listing.id }));
    expect(deleted.outcome).toBe('deleted');
    expectError(await get(detailRoute, `/detail?id=${plain.saved.listing.id}`, owner.auth), 404, MSG_LISTING_NOT_FOUND);
    expectError(await post(stateRoute, 'state', owner.auth, { id: plain.saved.listing.id, state: 'on_shelf' }), 404, MSG_LISTING_NOT_FOUND);
    const list = expectOk(await get<Page<SellerListingRow>>(listRoute, '?page_size=50', owner.auth));
    expect(list.list.some((row) => row.id === plain.saved.listing.id)).toBe(false);
    expect(list.list.some((row) => row.id === withOrder.saved.listing.id)).toBe(true);
    expect(await hallFind(plain.body.title)).toBeUndefined();
    // Renters see it as deleted (spec §8: code -400 sends the detail page to deleted_page).
    expectError(await callRoute(publicDetail, `/api/v1/detail/account?account_id=${plain.saved.listing.id}`), 404, '账号已删除', -400);
  });

  it.skipIf(skip)('another seller gets 404 (the same message as a missing listing) on every listing call', async () => {
    const { saved, body } = await create();
    const id = saved.listing.id;
    const { login_account: _a, login_password: _p, ...rest } = body;
    const refusals = [
      await get(detailRoute, `/detail?id=${id}`, other.auth),
      await get(credentialsRoute, `/credentials?id=${id}`, other.auth),
      await post(updateRoute, 'update', other.auth, { ...rest, id, images: [otherUpload] }),
      await post(stateRoute, 'state', other.auth, { id, state: 'off_shelf' }),
      await post(deleteRoute, 'delete', other.auth, { id }),
    ];
    for (const refusal of refusals) expectError(refusal, 404, MSG_LISTING_NOT_FOUND);
    // The same answer as an id that does not exist at all.
    expectError(await get(detailRoute, '/detail?id=2000000000', owner.auth), 404, MSG_LISTING_NOT_FOUND);
    const theirs = expectOk(await get<Page<SellerListingRow>>(listRoute, '?page_size=50', other.auth));
    expect(theirs.list.some((row) => row.id === id)).toBe(false);
    // Nothing changed.
    expect(expectOk(await get<SellerListingEdit>(detailRoute, `/detail?id=${id}`, owner.auth))).toMatchObject({ seller_state: 'on_shelf', title: body.title });
  });

  it.skipIf(skip)('a signed-in user without a shop gets 403 code 1101 on every listing call; no token gets 401', async () => {
    const calls = [
      await get(listRoute, '', renter.auth),
      await get(optionsRoute, '/options', renter.auth),
      await get(detailRoute, '/detail?id=1', renter.auth),
      await get(credentialsRoute, '/credentials?id=1', renter.auth),
      await post(createRoute, 'create', renter.auth, form()),
      await post(updateRoute, 'update', renter.auth, { ...form(), id: 1 }),
      await post(stateRoute, 'state', renter.auth, { id: 1, state: 'off_shelf' }),
      await post(deleteRoute, 'delete', renter.auth, { id: 1 }),
    ];
    for (const call of calls) expectError(call, 403, MSG_NOT_SELLER, SELLER_CODES.notSeller);
    expect((await callRoute(listRoute.GET, '/api/v1/seller/listings')).status).toBe(401);
  });

  it.skipIf(skip)('wrong methods answer 405', async () => {
    expect((await callRoute(createRoute.ALL, '/api/v1/seller/listings/create', { method: 'GET', authorization: owner.auth })).status).toBe(405);
    expect((await callRoute(listRoute.ALL, '/api/v1/seller/listings', { method: 'DELETE', authorization: owner.auth })).status).toBe(405);
    expect((await callRoute(credentialsRoute.ALL, '/api/v1/seller/listings/credentials', { method: 'POST', authorization: owner.auth, body: {} })).status).toBe(405);
  });

  it.skipIf(skip)('login details appear in no public answer: hall, detail, shop, nor the seller list and edit view (password)', async () => {
    const { saved, body } = await create();
    const answers = [
      (await callRoute(hallRoute, `/api/v1/zuhao/accounts?keyword=${encodeURIComponent(body.title)}`)).text,
      (await callRoute(publicDetail, `/api/v1/detail/account?account_id=${saved.listing.id}`)).text,
      (await callRoute(shopAccounts, `/api/v1/shop/accounts?id=${owner.shopId}&page_size=50`)).text,
    ];
    for (const text of answers) {
      expect(text).not.toContain(body.login_account);
      expect(text).not.toContain(body.login_password);
      expect(text).not.toMatch(/login_|password/);
    }
    expect(answers[0]).toContain(String(saved.listing.id));
    const own = [(await get(listRoute, '?page_size=50', owner.auth)).text, (await get(detailRoute, `/detail?id=${saved.listing.id}`, owner.auth)).text];
    for (const text of own) expect(text).not.toContain(body.login_password);
  });

  it.skipIf(skip)('the hafu game needs the coin amount, the rate and the account type; other games take none', async () => {
    const hafu = { game_id: hafuGame.id, platform_id: hafuGame.platformId, zone_id: hafuGame.zoneId };
    expectError(await post(createRoute, 'create', owner.auth, form({ ...hafu })), 400, '请填写哈夫币数量和兑换比例');
    expectError(await post(createRoute, 'create', owner.auth, form({ ...hafu, game_money: 5_000_000, money_exchange_rate: 400_000 })), 400, '请选择账号类型');
    const { saved } = await create({
      ...hafu,
      game_money: 5_000_000,
      money_exchange_rate: 400_000,
      attrs: [{ attr_name: '账号类型', value: '哈夫币号' }, { attr_name: '段位', value: '黑鹰' }],
    });
    expect(saved.listing).toMatchObject({ game_money: 5_000_000, money_exchange_rate: 400_000 });
    expect(saved.listing.attrs).toContainEqual({ attr_name: '账号类型', value: '哈夫币号' });
    expectError(await post(createRoute, 'create', owner.auth, form({ game_money: 100 })), 400, '该游戏没有哈夫币');
    // The platform and zone must be the game's.
    expectError(await post(createRoute, 'create', owner.auth, form({ platform_id: hafuGame.platformId })), 400, '平台不属于所选游戏');
  });

  it.skipIf(skip)("images: only the caller's own listing uploads, by id or URL; others, avatars and made-up URLs are 400", async () => {
    const third = await storeImageUpload(db, owner.userId, { purpose: 'listing', bytes: await png('#33c') }, new Date());
    // By the card URL the upload answered: stored as the detail URL, first is the cover.
    const { saved } = await create({ images: [third.card_url, uploads[0]!] });
    expect(saved.listing.images[0]).toBe(third.detail_url);
    expect(saved.listing.images).toHaveLength(2);
    for (const images of [[otherUpload], [avatarUpload], [`/uploads/${third.id}-ffffffffffff/card.webp`], ['/covers/sjz-1.svg'], ['https://evil.example/x.png'], []]) {
      const result = await post(createRoute, 'create', owner.auth, form({ images: images as never }));
      expect(result.status, JSON.stringify(images)).toBe(400);
      expect(result.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it.skipIf(skip)('bad input (NUL, control characters, huge numbers, wrong types) is 400 with a Chinese message, never a 500', async () => {
    const cases: [Partial<Record<string, unknown>>, RegExp | string][] = [
      [{ title: 'bad\u0000title' }, MSG_NUL_IN_INPUT],
      [{ title: 'bad\u0001title' }, '标题含有无效字符'],
      [{ role_name: 'x\u007f' }, '角色名含有无效字符'],
      [{ login_password: 'pass\u0007word' }, '登录密码含有无效字符'],
      [{ attrs: [{ attr_name: '段位', value: 'a\u001bb' }] }, '属性值含有无效字符'],
      [{ title: 'x'.repeat(121) }, '标题不能超过120个字'],
      [{ title: 123 }, /标题/],
      [{ rental: 1e20 }, /时租价格/],
      [{ rental: '99999999999999999999' }, /时租价格/],
      [{ rental: '1.234' }, /时租价格/],
      [{ rental: -1 }, /时租价格/],
      [{ deposit: '1e9' }, /押金/],
      [{ min_rental_period: 1e12 }, /最少租赁时长/],
      [{ min_rental_period: 1.5 }, /最少租赁时长/],
      [{ game_money: 1e300 }, /哈夫币/],
      [{ money_exchange_rate: 'abc' }, /兑换比例/],
      [{ game_id: 1e15 }, /游戏/],
      [{ game_id: 'one' }, /游戏/],
      [{ rental_time: '8点-23点' }, /可租时段/],
      [{ is_insurance: 'yes' }, /应为布尔值/],
      [{ images: new Array(9).fill(1) }, '图片最多8张'],
      [{ login_account: undefined }, '请填写登录账号'],
    ];
    for (const [overrides, msg] of cases) {
      const result = await post(createRoute, 'create', owner.auth, { ...form(), ...overrides });
      expect(result.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(result.body.code).toBe(1);
      if (typeof msg === 'string') expect(result.body.msg).toBe(msg);
      else expect(result.body.msg).toMatch(msg);
    }
    expect((await post(stateRoute, 'state', owner.auth, { id: 1e12, state: 'off_shelf' })).status).toBe(400);
    expect((await post(stateRoute, 'state', owner.auth, { id: 1, state: 'deleted' })).status).toBe(400);
    expect((await get(detailRoute, '/detail?id=99999999999', owner.auth)).status).toBe(400);
    expect((await get(listRoute, '?state=gone', owner.auth)).status).toBe(400);
  });

  it.skipIf(skip)('the form options list every game with its platforms, zones and attributes; the hafu game requires 账号类型', async () => {
    const options = expectOk(await get<SellerListingOptions>(optionsRoute, '/options', owner.auth));
    expect(options.games.length).toBeGreaterThan(3);
    const hafu = options.games.find((game) => game.id === hafuGame.id)!;
    expect(hafu.has_hafu_coin).toBe(true);
    expect(hafu.attrs[0]).toEqual({ name: '账号类型', kind: 'choice', choices: ['哈夫币号', '皮肤号'], min: null, max: null, required: true });
    expect(hafu.platforms.length).toBeGreaterThan(0);
    const plain = options.games.find((game) => game.id === plainGame.id)!;
    expect(plain.attrs.some((attr) => attr.name === '账号类型')).toBe(false);
    const rank = plain.attrs.find((attr) => attr.name === '段位')!;
    expect(rank.kind).toBe('choice');
    expect(rank.choices.length).toBeGreaterThan(0);
    expect(plain.attrs.find((attr) => attr.name === '皮肤数量')?.kind).toBe('number');
    // The game's own data (games.listing_attrs): 王者荣耀's ranks best first, its hero and skin bounds.
    expect(rank.choices).toEqual(['荣耀王者', '无双王者', '最强王者', '至尊星耀', '永恒钻石', '尊贵铂金']);
    expect(plain.attrs.map((attr) => [attr.name, attr.min, attr.max])).toEqual([
      ['段位', null, null],
      ['英雄数量', 0, 124],
      ['皮肤数量', 0, 420],
    ]);
  });

  it.skipIf(skip)("the server holds a listing's attributes to its game's choices, and keeps the description the detail page shows", async () => {
    const cases: [Partial<ListingCreateInput>, string][] = [
      [{ attrs: [{ attr_name: '段位', value: '青铜' }] }, '请从列表中选择段位'],
      [{ attrs: [] }, '请选择段位'],
      [{ attrs: [{ attr_name: '段位', value: '最强王者' }, { attr_name: '皮肤数量', value: '9999' }] }, '皮肤数量应在0到420之间'],
      [{ attrs: [{ attr_name: '段位', value: '最强王者' }, { attr_name: '英雄数量', value: '12.5' }] }, '英雄数量应为整数'],
      [{ description: '字'.repeat(501) }, '账号描述不能超过500个字'],
      [{ description: '响铃\u0007' }, '账号描述含有无效字符'],
      [{ description: 42 as unknown as string }, '账号描述应为文字'],
    ];
    for (const [overrides, msg] of cases) expectError(await post(createRoute, 'create', owner.auth, form(overrides)), 400, msg);

    const { saved } = await create({ description: '  全英雄，典藏皮肤\r\n晚上可续租  ' });
    expect(saved.listing.description).toBe('全英雄，典藏皮肤\n晚上可续租');
    const detail = expectOk(await callRoute<ListingDetail>(publicDetail, `/api/v1/detail/account?account_id=${saved.listing.id}`));
    expect(detail.description).toBe('全英雄，典藏皮肤\n晚上可续租');
    // 500 characters as a person counts them (an emoji is one) are accepted.
    const { saved: long } = await create({ description: '😀'.repeat(500) });
    expect(Array.from(long.listing.description)).toHaveLength(500);
  });

  // Only PostgreSQL runs transactions side by side (PGlite has one connection).
  it.skipIf(skip || driver !== 'postgres')('a rental being created while the seller deletes: the delete waits for it and unlists instead (PostgreSQL only: PGlite runs one statement at a time, so nothing can race there)', async () => {
    const { saved } = await create();
    const id = saved.listing.id;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const renting = db.transaction(async (tx) => {
      // User 0 owns no shop: only the lock matters here.
      await lockListingForRental(tx, 0, id);
      locked();
      await gate;
      const now = Date.now();
      await insertRental(id, new Date(now + 60 * 60_000), new Date(now + 3 * 60 * 60_000), ORDER_STATUS.unpaid, tx);
    });
    await holding;
    const deleting = post<SellerListingDeleteAnswer>(deleteRoute, 'delete', owner.auth, { id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await renting;
    expect(expectOk(await deleting).outcome).toBe('unlisted');
  });
});
