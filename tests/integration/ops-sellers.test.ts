/**
 * Issue 15 "Sellers and listings" through the console's calls, on PGlite and PostgreSQL: store and
 * merchant certification and listings under review decided with a reason the seller sees, the
 * platform's take-down (gone from the hall, the shop page and the detail at once, renting refused,
 * paid rentals running on, the seller unable to re-list) and restore, a shop put under review, a
 * game in maintenance (维护中 with the notice, renting and renewing refused). Every action leaves
 * one audit row with the record before and after; a decision on something changed since it was
 * read is refused; two decisions at once leave one; bad input writes nothing.
 */
import type { APIRoute } from 'astro';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '~/features/wallet/contract/money';
import type { Page } from '~/platform/wire/common';
import type { GameRef, ListingCard, ListingDetail } from '~/features/catalog/contract/catalog';
import {
  MSG_OPS_STALE_APPLICATION,
  MSG_OPS_STALE_LISTING,
  type OpsApplicationView,
  type OpsApplicationsPage,
  type OpsGameView,
  type OpsListingDecision,
  type OpsListingHoldAnswer,
  type OpsListingRow,
  type OpsReviewItem,
  type OpsShopView,
} from '~/features/sellers/contract/ops-sellers';
import { CERTIFICATION_MESSAGES } from '~/features/sellers/rules/seller-certification';
import { MSG_ALREADY_HELD, MSG_NOT_HELD, heldRelistMessage } from '~/features/sellers/rules/listing-review';
import { MSG_GAME_IN_MAINTENANCE } from '~/features/catalog/rules/availability';
import type { ListingCreateInput, SellerListingEdit, SellerListingRow, SellerListingSaved, SellerListingStateAnswer } from '~/features/sellers/contract/seller-listings';
import type { SellerProfile } from '~/features/sellers/contract/seller';
import type { Db } from '~/platform/db/client';
import { catalogVersion, games, listings, notifications, opsAuditLog, orders, platforms, users, zones } from '~/platform/db/schema';
import { MSG_NOT_PENDING } from '~/features/sellers/server/seller-listings';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { createOrder } from '~/features/orders/server/orders';
import { payOrder } from '~/features/orders/server/order-payment';
import { renewOrder } from '~/features/orders/server/order-lifecycle';
import { writeSetting } from '~/features/content/server/site-settings';
import { issueToken } from '~/features/sign-in/server/tokens';
import { storeImageUpload } from '~/platform/db/uploads';
import { createUser } from '~/features/account/server/users';
import { changeBalance } from '~/features/wallet/server/wallet';
import { GET as applicationsRoute } from '~/pages/api/v1/ops/sellers/applications';
import { POST as decideApplicationRoute } from '~/pages/api/v1/ops/sellers/decide';
import { GET as shopsRoute } from '~/pages/api/v1/ops/sellers/shops';
import { POST as shopReviewRoute } from '~/pages/api/v1/ops/sellers/review';
import { GET as opsListingsRoute } from '~/pages/api/v1/ops/listings/index';
import { GET as reviewQueueRoute } from '~/pages/api/v1/ops/listings/review';
import { POST as decideListingRoute } from '~/pages/api/v1/ops/listings/decide';
import { POST as takeDownRoute } from '~/pages/api/v1/ops/listings/take-down';
import { POST as restoreRoute } from '~/pages/api/v1/ops/listings/restore';
import { GET as opsGamesRoute } from '~/pages/api/v1/ops/games/index';
import { POST as maintenanceRoute } from '~/pages/api/v1/ops/games/maintenance';
import { POST as certificationRoute } from '~/pages/api/v1/seller/certification';
import { POST as withdrawRoute } from '~/pages/api/v1/seller/certification/withdraw';
import { GET as profileRoute } from '~/pages/api/v1/seller/profile';
import { POST as createListingRoute } from '~/pages/api/v1/seller/listings/create';
import { POST as updateListingRoute } from '~/pages/api/v1/seller/listings/update';
import { POST as stateRoute } from '~/pages/api/v1/seller/listings/state';
import { GET as sellerListingsRoute } from '~/pages/api/v1/seller/listings/index';
import { GET as publicDetail } from '~/pages/api/v1/detail/account';
import { GET as hallRoute } from '~/pages/api/v1/zuhao/accounts';
import { GET as gamesRoute } from '~/pages/api/v1/zuhao/games';
import { GET as shopAccountsRoute } from '~/pages/api/v1/shop/accounts';
import { POST as orderCreateRoute } from '~/pages/api/v1/order/create';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const SITE = { origin: 'http://localhost' };
const png = (colour: string): Promise<Buffer> => sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer();

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`console sellers, listings and games (${label})`, () => {
    let db: Db;
    let serial = 0;
    let operatorCookie = '';
    let otherOperatorCookie = '';
    let operatorId = 0;
    let seller: { userId: number; auth: string; shopId: number };
    let game: { id: number; platformId: number; zoneId: number };
    let uploads: number[] = [];

    useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
      db = opened;
    });

    const next = (): number => (serial += 1);

    async function bearer(userId: number): Promise<string> {
      return `Bearer ${(await issueToken(db, userId, { now: new Date() })).token}`;
    }

    async function freshUser(prefix: string, realName = true): Promise<{ userId: number; auth: string }> {
      const userId = await db.transaction((tx) => createUser(tx, { username: `${prefix}${driver.slice(0, 2)}${next()}`, nickname: '测试' }, new Date()));
      if (userId === null) throw new Error('username taken');
      if (realName) await db.update(users).set({ isRealName: true }).where(eq(users.id, userId));
      return { userId, auth: await bearer(userId) };
    }

    const opsGet = <T,>(route: APIRoute, path: string, cookie = operatorCookie): Promise<CallResult<T>> => callRoute<T>(route, `/api/v1/ops${path}`, { cookie });
    const opsPost = <T,>(route: APIRoute, path: string, body: unknown, cookie = operatorCookie): Promise<CallResult<T>> =>
      callRoute<T>(route, `/api/v1/ops${path}`, { method: 'POST', cookie, body });
    const asUser = <T,>(route: APIRoute, path: string, auth: string, body?: unknown): Promise<CallResult<T>> =>
      callRoute<T>(route, `/api/v1${path}`, body === undefined ? { authorization: auth } : { method: 'POST', authorization: auth, body });

    async function auditRows(targetType: string, targetId: number | string) {
      return db
        .select()
        .from(opsAuditLog)
        .where(and(eq(opsAuditLog.targetType, targetType), eq(opsAuditLog.targetId, String(targetId))))
        .orderBy(opsAuditLog.id);
    }

    /** The platform's messages to a seller (a new account also has its welcome envelopes). */
    async function messagesOf(userId: number) {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), inArray(notifications.notificationType, ['seller_certification', 'seller_listing'])))
        .orderBy(notifications.id);
    }

    function listingForm(overrides: Partial<ListingCreateInput> = {}): ListingCreateInput {
      const n = next();
      return {
        game_id: game.id,
        platform_id: game.platformId,
        zone_id: game.zoneId,
        title: `运营审核测试号${driver}${n} 全皮肤`,
        role_name: '审核角色',
        attrs: [{ attr_name: '段位', value: '至尊星耀' }],
        images: [uploads[0]!, uploads[1]!],
        rental: '5.00',
        rental_period: { daily_rental: true, ten_hour_rental: false, weekly_rental: false, morning_rental: false, afternoon_rental: false, night_rental: false },
        min_rental_period: 1,
        rental_time: '00:00-23:59',
        deposit: '0',
        is_use_bargain: false,
        is_use_vip_discount: false,
        is_insurance: false,
        is_reservation: false,
        login_account: `ops_acct_${driver}_${n}`,
        login_password: `Ops-Secret-${n}!`,
        ...overrides,
      };
    }

    async function publish(overrides: Partial<ListingCreateInput> = {}): Promise<{ listing: SellerListingEdit; body: ListingCreateInput }> {
      const body = listingForm(overrides);
      const saved = expectOk(await asUser<SellerListingSaved>(createListingRoute, '/seller/listings/create', seller.auth, body));
      return { listing: saved.listing, body };
    }

    async function hallFind(title: string): Promise<ListingCard | undefined> {
      const page = expectOk(await callRoute<Page<ListingCard>>(hallRoute, `/api/v1/zuhao/accounts?keyword=${encodeURIComponent(title)}&page_size=50`));
      return page.list.find((card) => card.title === title);
    }

    async function shopFind(listingId: number): Promise<boolean> {
      for (let page = 1; ; page += 1) {
        const found = expectOk(await callRoute<Page<ListingCard>>(shopAccountsRoute, `/api/v1/shop/accounts?id=${seller.shopId}&page=${page}&page_size=50`));
        if (found.list.some((card) => card.id === listingId)) return true;
        if (page * 50 >= found.total) return false;
      }
    }

    async function reviewItem(id: number): Promise<OpsReviewItem | undefined> {
      const queue = expectOk(await opsGet<Page<OpsReviewItem>>(reviewQueueRoute, `/listings/review?q=${id}&page_size=100`));
      return queue.list.find((item) => item.id === id);
    }

    async function version(): Promise<number> {
      const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion);
      return Number(row!.version);
    }

    beforeAll(async () => {
      if (skip) return;
      const now = new Date();
      const ops = await createOperator(db, { username: `yytest${driver.slice(0, 2)}`, password: 'ops_test_pass_1', role: 'operations', displayName: '测试运营' }, now);
      operatorId = ops.id;
      operatorCookie = (await openOperatorSession(db, ops.id, now)).cookie;
      const admin = await createOperator(db, { username: `adtest${driver.slice(0, 2)}`, password: 'ops_test_pass_2', role: 'admin', displayName: '测试管理员' }, now);
      otherOperatorCookie = (await openOperatorSession(db, admin.id, now)).cookie;

      const [plain] = await db.select({ id: games.id }).from(games).where(and(eq(games.hasHafuCoin, false), eq(games.maintenanceStatus, 0))).orderBy(games.sort, games.id).limit(1);
      const [platform] = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.gameId, plain!.id)).orderBy(platforms.id).limit(1);
      const [zone] = await db
        .select({ id: zones.id })
        .from(zones)
        .where(sql`${zones.gameId} = ${plain!.id} and (${zones.platformId} = ${platform!.id} or ${zones.platformId} is null)`)
        .orderBy(zones.id)
        .limit(1);
      game = { id: plain!.id, platformId: platform!.id, zoneId: zone!.id };

      // A seller of our own: an individual owner (approved at once), so no demo shop is touched.
      const user = await freshUser('opsseller');
      const profile = expectOk(await asUser<SellerProfile>(certificationRoute, '/seller/certification', user.auth, { cert_type: 0, shop_name: `审核测试铺${driver.slice(0, 2)}` }));
      seller = { ...user, shopId: profile.shop!.id };
      uploads = [];
      for (const colour of ['#c33', '#3c3']) uploads.push((await storeImageUpload(db, seller.userId, { purpose: 'listing', bytes: await png(colour) }, now)).id);
      await writeSetting(db, 'seller.review_enabled', false);
    }, 120_000);

    // -------------------------------------------------------------------------------------------
    // certification

    const storeDetails = (n: number) => ({
      company_name: `测试商贸有限公司${n}`,
      license_no: `91310000MA1K${String(n).padStart(6, '0')}`,
      contact_name: '王五',
      contact_phone: '13800138000',
    });

    async function applyAsStore(): Promise<{ userId: number; auth: string; shopName: string; details: ReturnType<typeof storeDetails> }> {
      const user = await freshUser('opsstore');
      const n = next();
      const shopName = `测试店铺${n}`;
      const details = storeDetails(n);
      expectOk(await asUser(certificationRoute, '/seller/certification', user.auth, { cert_type: 1, shop_name: shopName, details }));
      return { ...user, shopName, details };
    }

    async function application(userId: number): Promise<OpsApplicationView> {
      const page = expectOk(await opsGet<OpsApplicationsPage>(applicationsRoute, '/sellers/applications?page_size=100&state=all'));
      const found = page.list.find((row) => row.user_id === userId);
      if (!found) throw new Error(`no application of ${userId}`);
      return found;
    }

    it('a store application is rejected with a reason the seller reads, resubmitted and approved; each decision audited and told to the seller', async () => {
      const applicant = await applyAsStore();
      const waiting = await application(applicant.userId);
      // The operator sees the licence number in full (the seller sees it masked once approved).
      expect(waiting).toMatchObject({ state: 'submitted', cert_type: 1, shop_name: applicant.shopName, details: applicant.details, real_name_verified: true, current_shop: null });

      const rejected = expectOk(
        await opsPost<OpsApplicationView>(decideApplicationRoute, '/sellers/decide', { user_id: applicant.userId, decision: 'reject', reason: '营业执照\n信息不清晰', seen_submitted_at: waiting.submitted_at }),
      );
      expect(rejected).toMatchObject({ state: 'rejected', reject_reason: '营业执照 信息不清晰' });
      const profile = expectOk(await asUser<SellerProfile>(profileRoute, '/seller/profile', applicant.auth));
      expect(profile.certification).toMatchObject({ state: 'rejected', reject_reason: '营业执照 信息不清晰' });
      expect(profile.shop).toBeNull();

      const [rejectRow] = await auditRows('seller_certification', applicant.userId);
      expect(rejectRow).toMatchObject({ operatorId, action: 'certification.reject', reason: '营业执照 信息不清晰' });
      expect(rejectRow!.before).toMatchObject({ state: 'submitted', reject_reason: null });
      expect(rejectRow!.after).toMatchObject({ state: 'rejected', reject_reason: '营业执照 信息不清晰', shop: null });
      const [told] = await messagesOf(applicant.userId);
      expect(told).toMatchObject({ notificationType: 'seller_certification', title: '卖家认证未通过' });
      expect(told!.content).toContain('营业执照 信息不清晰');

      // Corrected and submitted again; the operator approves the application as now read.
      expectOk(await asUser(certificationRoute, '/seller/certification', applicant.auth, { cert_type: 1, shop_name: applicant.shopName, details: applicant.details }));
      const again = await application(applicant.userId);
      const approved = expectOk(await opsPost<OpsApplicationView>(decideApplicationRoute, '/sellers/decide', { user_id: applicant.userId, decision: 'approve', seen_submitted_at: again.submitted_at }));
      expect(approved).toMatchObject({ state: 'approved', reject_reason: null, current_shop: { name: applicant.shopName, cert_type: 1 } });
      const after = expectOk(await asUser<SellerProfile>(profileRoute, '/seller/profile', applicant.auth));
      expect(after.shop).toMatchObject({ name: applicant.shopName, cert_type: 1 });

      const rows = await auditRows('seller_certification', applicant.userId);
      expect(rows.map((row) => row.action)).toEqual(['certification.reject', 'certification.approve']);
      expect(rows[1]!.after).toMatchObject({ state: 'approved', shop: { cert_type: 1 } });
      expect((await messagesOf(applicant.userId)).map((row) => row.title)).toEqual(['卖家认证未通过', '卖家认证已通过']);

      // Decided is decided: a second decision is 409 and writes nothing.
      expectError(await opsPost(decideApplicationRoute, '/sellers/decide', { user_id: applicant.userId, decision: 'approve', seen_submitted_at: again.submitted_at }), 409, CERTIFICATION_MESSAGES.notUnderReview);
      expect(await auditRows('seller_certification', applicant.userId)).toHaveLength(2);
    });

    it('the queue lists applications under review first, oldest first, and finds one by username, shop name or licence number', async () => {
      const first = await applyAsStore();
      const second = await applyAsStore();
      const page = expectOk(await opsGet<OpsApplicationsPage>(applicationsRoute, '/sellers/applications?page_size=100'));
      const states = page.list.map((row) => row.state);
      expect(states.indexOf('submitted')).toBe(0);
      expect(states.lastIndexOf('submitted')).toBeLessThan(states.findIndex((state) => state !== 'submitted') === -1 ? Infinity : states.findIndex((state) => state !== 'submitted'));
      const ids = page.list.map((row) => row.user_id);
      expect(ids.indexOf(first.userId)).toBeLessThan(ids.indexOf(second.userId));
      expect(page.submitted_total).toBeGreaterThanOrEqual(2);

      const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, first.userId));
      for (const q of [user!.username, first.shopName, first.details.license_no.slice(-8).toLowerCase()]) {
        const found = expectOk(await opsGet<OpsApplicationsPage>(applicationsRoute, `/sellers/applications?q=${encodeURIComponent(q)}`));
        expect(found.list.map((row) => row.user_id)).toContain(first.userId);
        expect(found.list.map((row) => row.user_id)).not.toContain(second.userId);
      }
      const merchants = expectOk(await opsGet<OpsApplicationsPage>(applicationsRoute, '/sellers/applications?cert_type=2&page_size=100'));
      expect(merchants.list.every((row) => row.cert_type === 2)).toBe(true);
    });

    it('a decision on an application withdrawn and submitted again since it was read is refused (409), and nothing is written', async () => {
      const applicant = await applyAsStore();
      const seen = await application(applicant.userId);
      // The applicant withdraws and submits again (a new submitted_at): what the operator saw is not what is there.
      expectOk(await callRoute(withdrawRoute, '/api/v1/seller/certification/withdraw', { method: 'POST', authorization: applicant.auth }));
      await new Promise((resolve) => setTimeout(resolve, 5));
      expectOk(await asUser(certificationRoute, '/seller/certification', applicant.auth, { cert_type: 1, shop_name: `${applicant.shopName}改`, details: applicant.details }));
      expectError(
        await opsPost(decideApplicationRoute, '/sellers/decide', { user_id: applicant.userId, decision: 'approve', seen_submitted_at: seen.submitted_at }),
        409,
        MSG_OPS_STALE_APPLICATION,
      );
      expect(await auditRows('seller_certification', applicant.userId)).toHaveLength(0);
      expect((await application(applicant.userId)).state).toBe('submitted');
    });

    // -------------------------------------------------------------------------------------------
    // listing review

    it('review on: a new listing waits; approved in the console it is in the hall at once, audited, and the seller is told', async () => {
      await writeSetting(db, 'seller.review_enabled', true);
      try {
        const { listing, body } = await publish();
        expect(listing).toMatchObject({ review_status: 'pending', is_listed: false });
        expect(await hallFind(body.title)).toBeUndefined();
        const item = await reviewItem(listing.id);
        expect(item).toMatchObject({ title: body.title, change: { kind: 'new', kind_text: '新发布', from: null }, rental: '5.00', shop: { id: seller.shopId } });
        expect(item!.images).toHaveLength(2);
        expect(JSON.stringify(item)).not.toContain(body.login_password);

        const before = await version();
        const decided = expectOk(await opsPost<OpsListingDecision>(decideListingRoute, '/listings/decide', { id: listing.id, decision: 'approve', seen_updated_at: item!.updated_at }));
        expect(decided).toMatchObject({ review_status: 'approved', is_listed: true });
        expect(await version()).toBeGreaterThan(before);
        expect((await hallFind(body.title))?.id).toBe(listing.id);
        expect(await reviewItem(listing.id)).toBeUndefined();

        const [row] = await auditRows('listing', listing.id);
        expect(row).toMatchObject({ action: 'listing.approve', operatorId, reason: null });
        expect(row!.before).toMatchObject({ review_status: 'pending', is_listed: false, rental_fen: 500 });
        expect(row!.after).toMatchObject({ review_status: 'approved', is_listed: true });
        expect(JSON.stringify([row!.before, row!.after])).not.toContain(body.login_account);
        const told = (await messagesOf(seller.userId)).at(-1)!;
        expect(told).toMatchObject({ notificationType: 'seller_listing', title: '账号审核已通过' });
        expect(told.params).toMatchObject({ listing_id: listing.id });
      } finally {
        await writeSetting(db, 'seller.review_enabled', false);
      }
    });

    it('a big price change shows the approved and the new price; rejected, the seller sees the reason on 我的出租', async () => {
      const { listing, body } = await publish({ rental: '4.00' });
      expect(listing.review_status).toBe('approved');
      await writeSetting(db, 'seller.review_enabled', true);
      try {
        const { login_account: _account, login_password: _password, ...rest } = body;
        const raised = expectOk(await asUser<SellerListingSaved>(updateListingRoute, '/seller/listings/update', seller.auth, { ...rest, id: listing.id, rental: '9.00' }));
        expect(raised.listing).toMatchObject({ review_status: 'pending', is_listed: false });
        const item = await reviewItem(listing.id);
        expect(item?.change).toEqual({ kind: 'price', kind_text: '改价', from: '4.00', from_fen: 400, change_percent: 125 });
        expect(item?.rental).toBe('9.00');

        expectOk(await opsPost(decideListingRoute, '/listings/decide', { id: listing.id, decision: 'reject', reason: '价格涨幅过大，请说明原因', seen_updated_at: item!.updated_at }));
        const mine = expectOk(await asUser<Page<SellerListingRow>>(sellerListingsRoute, '/seller/listings?state=review&page_size=50', seller.auth));
        expect(mine.list.find((row) => row.id === listing.id)).toMatchObject({ review_status: 'rejected', review_reason: '价格涨幅过大，请说明原因', is_listed: false });
        const [row] = await auditRows('listing', listing.id);
        expect(row).toMatchObject({ action: 'listing.reject', reason: '价格涨幅过大，请说明原因' });
        expect(row!.before).toMatchObject({ review_status: 'pending', rental_fen: 900, review_from_rental_fen: 400 });
        expect(row!.after).toMatchObject({ review_status: 'rejected', review_reason: '价格涨幅过大，请说明原因' });
        expect((await messagesOf(seller.userId)).at(-1)!.content).toContain('价格涨幅过大，请说明原因');

        // Saved again it comes back to the queue, still showing the change from the approved price.
        expectOk(await asUser(updateListingRoute, '/seller/listings/update', seller.auth, { ...rest, id: listing.id, rental: '8.00' }));
        expect((await reviewItem(listing.id))?.change).toMatchObject({ kind: 'price', from_fen: 400, change_percent: 100 });
      } finally {
        await writeSetting(db, 'seller.review_enabled', false);
      }
    });

    it('a decision on a listing saved again since it was read is refused (409): nobody approves a title they did not see', async () => {
      await writeSetting(db, 'seller.review_enabled', true);
      try {
        const { listing, body } = await publish();
        const seen = await reviewItem(listing.id);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const { login_account: _account, login_password: _password, ...rest } = body;
        expectOk(await asUser(updateListingRoute, '/seller/listings/update', seller.auth, { ...rest, id: listing.id, title: `${body.title}加微信` }));
        expectError(await opsPost(decideListingRoute, '/listings/decide', { id: listing.id, decision: 'approve', seen_updated_at: seen!.updated_at }), 409, MSG_OPS_STALE_LISTING);
        expect(await auditRows('listing', listing.id)).toHaveLength(0);
        const [row] = await db.select({ reviewStatus: listings.reviewStatus }).from(listings).where(eq(listings.id, listing.id));
        expect(row!.reviewStatus).toBe('pending');
      } finally {
        await writeSetting(db, 'seller.review_enabled', false);
      }
    });

    it('a listing decided twice at once (two operators) gets one decision: the other is 409 and leaves no audit row', async () => {
      await writeSetting(db, 'seller.review_enabled', true);
      try {
        for (let round = 0; round < 3; round += 1) {
          const { listing } = await publish();
          const seen = (await reviewItem(listing.id))!.updated_at;
          const answers = await Promise.all([
            opsPost<OpsListingDecision>(decideListingRoute, '/listings/decide', { id: listing.id, decision: 'approve', seen_updated_at: seen }),
            opsPost<OpsListingDecision>(decideListingRoute, '/listings/decide', { id: listing.id, decision: 'reject', reason: '重复审核', seen_updated_at: seen }, otherOperatorCookie),
          ]);
          const statuses = answers.map((answer) => answer.status).sort();
          expect(statuses).toEqual([200, 409]);
          const lost = answers.find((answer) => answer.status === 409)!;
          expect([MSG_NOT_PENDING, MSG_OPS_STALE_LISTING]).toContain(lost.body.msg);
          const won = answers.find((answer) => answer.status === 200)!.body.data!;
          const rows = await auditRows('listing', listing.id);
          expect(rows).toHaveLength(1);
          const [stored] = await db.select({ reviewStatus: listings.reviewStatus }).from(listings).where(eq(listings.id, listing.id));
          expect(stored!.reviewStatus).toBe(won.review_status);
        }
      } finally {
        await writeSetting(db, 'seller.review_enabled', false);
      }
    });

    it('a shop put under review: its new listings wait even with review off, and lifted they do not', async () => {
      const on = expectOk(await opsPost<OpsShopView>(shopReviewRoute, '/sellers/review', { shop_id: seller.shopId, review_listings: true }));
      expect(on).toMatchObject({ id: seller.shopId, review_listings: true });
      try {
        expectError(await opsPost(shopReviewRoute, '/sellers/review', { shop_id: seller.shopId, review_listings: true }), 409, '该店铺已是此审核设置');
        const { listing } = await publish();
        expect(listing).toMatchObject({ review_status: 'pending', is_listed: false });
        const shops = expectOk(await opsGet<Page<OpsShopView>>(shopsRoute, `/sellers/shops?q=${seller.shopId}`));
        expect(shops.list[0]).toMatchObject({ id: seller.shopId, review_listings: true, cert_type: 0 });
        expect(shops.list[0]!.pending).toBeGreaterThanOrEqual(1);
      } finally {
        expectOk(await opsPost(shopReviewRoute, '/sellers/review', { shop_id: seller.shopId, review_listings: false }));
      }
      const { listing } = await publish();
      expect(listing).toMatchObject({ review_status: 'approved', is_listed: true });
      expect((await auditRows('shop', seller.shopId)).map((row) => row.action)).toEqual(['shop.review_on', 'shop.review_off']);
    });

    // -------------------------------------------------------------------------------------------
    // take-down and restore

    it('taken down: gone from the hall, the shop page and the detail at once, renting and renewing refused, a paid rental runs on; the seller sees why and cannot re-list; restored, it is back', async () => {
      const { listing, body } = await publish();
      const renter = await freshUser('opsrenter');
      await db.transaction((tx) => changeBalance(tx, { userId: renter.userId, kind: 'demo_credit', amountFen: 100_000, refNo: `ops-sellers-${driver}-${next()}` }));
      const now = new Date();
      const order = await createOrder(db, renter.userId, { account_id: listing.id, option: 'hourly', hours: 2 }, null, now);
      const paid = await payOrder(db, renter.userId, { order_no: order.order_no, channel: 'wallet' }, null, SITE, now);
      expect(paid.paid).toBe(true);
      expect(await shopFind(listing.id)).toBe(true);

      const before = await version();
      const held = expectOk(await opsPost<OpsListingHoldAnswer>(takeDownRoute, '/listings/take-down', { id: listing.id, reason: '图片含有违规内容' }));
      expect(held).toEqual({ id: listing.id, held: true, hold_reason: '图片含有违规内容', is_listed: false });
      expect(await version()).toBeGreaterThan(before);
      expect(await hallFind(body.title)).toBeUndefined();
      expect(await shopFind(listing.id)).toBe(false);
      const detail = await callRoute(publicDetail, `/api/v1/detail/account?account_id=${listing.id}`);
      expect(detail.status).toBe(404);
      expect(detail.body.code).toBe(-400);

      // Renting is refused like an account gone from the market; the paid rental keeps running.
      const other = await freshUser('opsrenter');
      const refused = await callRoute(orderCreateRoute, '/api/v1/order/create', { method: 'POST', authorization: other.auth, body: { account_id: listing.id, option: 'hourly', hours: 1, reserved: true } });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe(-400);
      const [running] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, order.order_no));
      expect(running!.status).toBe(3);
      await expect(renewOrder(db, renter.userId, { order_no: order.order_no, hours: 1 }, null, new Date())).rejects.toMatchObject({ httpStatus: 404, code: -400 });

      // The seller reads the reason, cannot put it back on the shelf, may take it off.
      const mine = expectOk(await asUser<Page<SellerListingRow>>(sellerListingsRoute, '/seller/listings?state=review&page_size=50', seller.auth));
      expect(mine.list.find((row) => row.id === listing.id)).toMatchObject({ platform_hold: { reason: '图片含有违规内容' }, is_listed: false });
      const onShelf = expectOk(await asUser<Page<SellerListingRow>>(sellerListingsRoute, '/seller/listings?state=on_shelf&page_size=50', seller.auth));
      expect(onShelf.list.map((row) => row.id)).not.toContain(listing.id);
      const relist = await asUser<SellerListingStateAnswer>(stateRoute, '/seller/listings/state', seller.auth, { id: listing.id, state: 'on_shelf' });
      expectError(relist, 409, heldRelistMessage('图片含有违规内容'));
      expect(expectOk(await asUser<SellerListingStateAnswer>(stateRoute, '/seller/listings/state', seller.auth, { id: listing.id, state: 'off_shelf' }))).toMatchObject({ is_listed: false });
      expectError(await opsPost(takeDownRoute, '/listings/take-down', { id: listing.id, reason: '再次下架' }), 409, MSG_ALREADY_HELD);
      expect((await messagesOf(seller.userId)).at(-1)).toMatchObject({ title: '账号已被平台下架' });

      // Restored: the seller's own choice applies again (off the shelf here), then 上架 works.
      const restored = expectOk(await opsPost<OpsListingHoldAnswer>(restoreRoute, '/listings/restore', { id: listing.id, reason: '卖家已更换图片' }));
      expect(restored).toEqual({ id: listing.id, held: false, hold_reason: null, is_listed: false });
      expectError(await opsPost(restoreRoute, '/listings/restore', { id: listing.id }), 409, MSG_NOT_HELD);
      expect(expectOk(await asUser<SellerListingStateAnswer>(stateRoute, '/seller/listings/state', seller.auth, { id: listing.id, state: 'on_shelf' }))).toMatchObject({ is_listed: true });
      expect((await hallFind(body.title))?.id).toBe(listing.id);
      expectOk(await callRoute<ListingDetail>(publicDetail, `/api/v1/detail/account?account_id=${listing.id}`));

      const rows = await auditRows('listing', listing.id);
      expect(rows.map((row) => [row.action, row.reason])).toEqual([
        ['listing.take_down', '图片含有违规内容'],
        ['listing.restore', '卖家已更换图片'],
      ]);
      expect(rows[0]!.before).toMatchObject({ held: false, is_listed: true });
      expect(rows[0]!.after).toMatchObject({ held: true, hold_reason: '图片含有违规内容', is_listed: false });
      expect(rows[1]!.after).toMatchObject({ held: false, hold_reason: null });
      expect((await messagesOf(seller.userId)).at(-1)).toMatchObject({ title: '账号已恢复' });
    });

    it('the console search finds listings by id, title and shop, and by state', async () => {
      const { listing, body } = await publish();
      expectOk(await opsPost(takeDownRoute, '/listings/take-down', { id: listing.id, reason: '测试搜索' }));
      for (const q of [String(listing.id), body.title.slice(0, 8), `审核测试铺${driver.slice(0, 2)}`]) {
        const found = expectOk(await opsGet<Page<OpsListingRow>>(opsListingsRoute, `/listings?q=${encodeURIComponent(q)}&page_size=100`));
        expect(found.list.map((row) => row.id)).toContain(listing.id);
      }
      const heldOnes = expectOk(await opsGet<Page<OpsListingRow>>(opsListingsRoute, `/listings?state=held&shop_id=${seller.shopId}&page_size=100`));
      expect(heldOnes.list.find((row) => row.id === listing.id)).toMatchObject({ hold_reason: '测试搜索', is_listed: false, shop: { id: seller.shopId } });
      expect(heldOnes.list.every((row) => row.hold_reason !== null)).toBe(true);
      const listedOnes = expectOk(await opsGet<Page<OpsListingRow>>(opsListingsRoute, `/listings?state=listed&shop_id=${seller.shopId}&page_size=100`));
      expect(listedOnes.list.every((row) => row.is_listed)).toBe(true);
      expect(listedOnes.list.map((row) => row.id)).not.toContain(listing.id);
    });

    // -------------------------------------------------------------------------------------------
    // game maintenance

    it('a game in maintenance shows 维护中 with the notice, renting and renewing are refused, and back out it is rentable; audited', async () => {
      const { listing } = await publish();
      const renter = await freshUser('opsrenter');
      await db.transaction((tx) => changeBalance(tx, { userId: renter.userId, kind: 'demo_credit', amountFen: 100_000, refNo: `ops-sellers-${driver}-${next()}` }));
      const now = new Date();
      const order = await createOrder(db, renter.userId, { account_id: listing.id, option: 'hourly', hours: 1 }, null, now);
      expect((await payOrder(db, renter.userId, { order_no: order.order_no, channel: 'wallet' }, null, SITE, now)).paid).toBe(true);

      const before = await version();
      const on = expectOk(await opsPost<OpsGameView>(maintenanceRoute, '/games/maintenance', { id: game.id, maintenance: true, notice: '版本更新，预计18:00恢复' }));
      expect(on).toMatchObject({ id: game.id, in_maintenance: true, maintenance_status: 1, is_suspended: 1, maintenance_notice: '版本更新，预计18:00恢复' });
      expect(await version()).toBeGreaterThan(before);
      try {
        const publicGame = expectOk(await callRoute<GameRef[]>(gamesRoute, '/api/v1/zuhao/games')).find((row) => row.id === game.id);
        expect(publicGame).toMatchObject({ maintenance_status: 1, is_suspended: 1, maintenance_notice: '版本更新，预计18:00恢复' });
        const detail = expectOk(await callRoute<ListingDetail>(publicDetail, `/api/v1/detail/account?account_id=${listing.id}`));
        expect(detail).toMatchObject({ availability: 'maintenance', game: { maintenance_notice: '版本更新，预计18:00恢复' } });

        const other = await freshUser('opsrenter');
        const refused = await callRoute(orderCreateRoute, '/api/v1/order/create', { method: 'POST', authorization: other.auth, body: { account_id: listing.id, option: 'hourly', hours: 1, reserved: true } });
        expectError(refused, 409, MSG_GAME_IN_MAINTENANCE);
        await expect(renewOrder(db, renter.userId, { order_no: order.order_no, hours: 1 }, null, new Date())).rejects.toMatchObject({ httpStatus: 409, message: MSG_GAME_IN_MAINTENANCE });
        const [running] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, order.order_no));
        expect(running!.status).toBe(3);

        // Sent again: the notice changes (game.maintenance_update).
        expectOk(await opsPost(maintenanceRoute, '/games/maintenance', { id: game.id, maintenance: true, notice: '延长至20:00' }));
        const listed = expectOk(await opsGet<OpsGameView[]>(opsGamesRoute, '/games')).find((row) => row.id === game.id);
        expect(listed).toMatchObject({ in_maintenance: true, maintenance_notice: '延长至20:00' });
        expect(listed!.running_rentals).toBeGreaterThanOrEqual(1);
      } finally {
        const off = expectOk(await opsPost<OpsGameView>(maintenanceRoute, '/games/maintenance', { id: game.id, maintenance: false }));
        expect(off).toMatchObject({ in_maintenance: false, maintenance_notice: null });
      }
      expectError(await opsPost(maintenanceRoute, '/games/maintenance', { id: game.id, maintenance: false }), 409, '该游戏不在维护中');
      const renewed = await renewOrder(db, renter.userId, { order_no: order.order_no, hours: 1 }, null, new Date());
      expect((renewed as OrderView).order_no).toBe(order.order_no);
      const publicGame = expectOk(await callRoute<GameRef[]>(gamesRoute, '/api/v1/zuhao/games')).find((row) => row.id === game.id);
      expect(publicGame).toMatchObject({ maintenance_status: 0, maintenance_notice: null });
      const rows = await auditRows('game', game.id);
      expect(rows.map((row) => row.action)).toEqual(['game.maintenance_on', 'game.maintenance_update', 'game.maintenance_off']);
      expect(rows[0]!.before).toEqual({ maintenance_status: 0, is_suspended: 0, maintenance_notice: null });
      expect(rows[0]!.after).toEqual({ maintenance_status: 1, is_suspended: 1, maintenance_notice: '版本更新，预计18:00恢复' });
    });

    // -------------------------------------------------------------------------------------------
    // bad input

    it('bad input is a 400 (or 404/409) with a Chinese message and writes nothing', async () => {
      await writeSetting(db, 'seller.review_enabled', true);
      try {
        const { listing } = await publish();
        const seen = (await reviewItem(listing.id))!.updated_at;
        const [{ n: auditBefore }] = (await db.select({ n: sql<number>`count(*)::int` }).from(opsAuditLog)) as [{ n: number }];
        const cases: [APIRoute, string, unknown, number, string | RegExp][] = [
          [decideListingRoute, '/listings/decide', { id: listing.id, decision: 'reject', seen_updated_at: seen }, 400, /驳回原因/],
          [decideListingRoute, '/listings/decide', { id: listing.id, decision: 'reject', reason: '   ', seen_updated_at: seen }, 400, '请填写驳回原因'],
          [decideListingRoute, '/listings/decide', { id: listing.id, decision: 'reject', reason: '长'.repeat(201), seen_updated_at: seen }, 400, '驳回原因不能超过200字'],
          [decideListingRoute, '/listings/decide', { id: listing.id, decision: 'reject', reason: '含\u0007控制符', seen_updated_at: seen }, 400, '驳回原因含有无效字符'],
          [decideListingRoute, '/listings/decide', { id: listing.id, decision: 'maybe', seen_updated_at: seen }, 400, /请选择通过或驳回|参数/],
          [decideListingRoute, '/listings/decide', { id: listing.id, decision: 'approve', seen_updated_at: 'yesterday' }, 400, /seen_at|刷新/],
          [decideListingRoute, '/listings/decide', { id: 2_147_483_648, decision: 'approve', seen_updated_at: seen }, 400, /参数/],
          [decideListingRoute, '/listings/decide', { id: '12', decision: 'approve', seen_updated_at: seen }, 400, /参数/],
          [decideListingRoute, '/listings/decide', { id: 2_147_483_647, decision: 'approve', seen_updated_at: seen }, 404, '账号不存在'],
          [takeDownRoute, '/listings/take-down', { id: listing.id }, 400, /下架原因/],
          [takeDownRoute, '/listings/take-down', { id: listing.id, reason: '' }, 400, '请填写下架原因'],
          [restoreRoute, '/listings/restore', { id: listing.id }, 409, MSG_NOT_HELD],
          [maintenanceRoute, '/games/maintenance', { id: game.id, maintenance: 'yes' }, 400, /maintenance/],
          [maintenanceRoute, '/games/maintenance', { id: game.id, maintenance: true, notice: '长'.repeat(101) }, 400, '维护说明不能超过100字'],
          [maintenanceRoute, '/games/maintenance', { id: 2_147_483_647, maintenance: true }, 404, '游戏不存在'],
          [decideApplicationRoute, '/sellers/decide', { user_id: seller.userId, decision: 'approve' }, 400, /seen_at|刷新|参数/],
          [decideApplicationRoute, '/sellers/decide', { user_id: 2_147_483_647, decision: 'approve', seen_submitted_at: seen }, 404, '没有进行中的卖家申请'],
          [shopReviewRoute, '/sellers/review', { shop_id: seller.shopId }, 400, /review_listings|参数/],
          [shopReviewRoute, '/sellers/review', { shop_id: 2_147_483_647, review_listings: true }, 404, '店铺不存在'],
        ];
        for (const [route, path, body, status, msg] of cases) {
          const answer = await opsPost(route, path, body);
          expect({ path, body, status: answer.status }).toEqual({ path, body, status });
          if (typeof msg === 'string') expect(answer.body.msg).toBe(msg);
          else expect(answer.body.msg).toMatch(msg);
        }
        for (const [route, path] of [
          [reviewQueueRoute, '/listings/review?page=0'],
          [opsListingsRoute, '/listings?state=nonsense'],
          [opsListingsRoute, '/listings?game_id=99999999999'],
          [applicationsRoute, '/sellers/applications?cert_type=7'],
          [shopsRoute, `/sellers/shops?q=${'长'.repeat(41)}`],
        ] as const) {
          expect((await opsGet(route, path)).status).toBe(400);
        }
        const [{ n: auditAfter }] = (await db.select({ n: sql<number>`count(*)::int` }).from(opsAuditLog)) as [{ n: number }];
        expect(auditAfter).toBe(auditBefore);
        const [row] = await db.select({ reviewStatus: listings.reviewStatus, heldAt: listings.heldAt }).from(listings).where(eq(listings.id, listing.id));
        expect(row).toEqual({ reviewStatus: 'pending', heldAt: null });
      } finally {
        await writeSetting(db, 'seller.review_enabled', false);
      }
    });

    it('a taken-down listing being rented at the same moment: either the rental lands first or it is refused; the hold always lands', async () => {
      const { listing } = await publish();
      const renter = await freshUser('opsrenter');
      await db.transaction((tx) => changeBalance(tx, { userId: renter.userId, kind: 'demo_credit', amountFen: 100_000, refNo: `ops-sellers-${driver}-${next()}` }));
      const [rent, hold] = await Promise.allSettled([
        createOrder(db, renter.userId, { account_id: listing.id, option: 'hourly', hours: 1 }, null, new Date()),
        opsPost<OpsListingHoldAnswer>(takeDownRoute, '/listings/take-down', { id: listing.id, reason: '并发测试' }),
      ]);
      expect(hold.status === 'fulfilled' && hold.value.status).toBe(200);
      if (rent.status === 'rejected') expect(rent.reason).toMatchObject({ httpStatus: 404, code: -400 });
      const [row] = await db.select({ isListed: listings.isListed, holdReason: listings.holdReason }).from(listings).where(eq(listings.id, listing.id));
      expect(row).toEqual({ isListed: false, holdReason: '并发测试' });
    });
  });
}
