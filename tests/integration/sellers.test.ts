/**
 * Issue 13 "Who sells": the seller application through its endpoints, on PGlite and (when
 * DATABASE_URL_TEST is set) PostgreSQL. An individual owner is approved on submitting once
 * real-name verified; a store or merchant waits for an operator's decision (the service the
 * console will call); every seller call refuses a user without a shop with 403 code 1101.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG_NOT_SELLER, SELLER_CODES, type SellerProfile } from '~/features/sellers/contract/seller';
import { CERTIFICATION_MESSAGES } from '~/features/sellers/rules/seller-certification';
import type { Db } from '~/platform/db/client';
import { listings, orders, sellerCertifications, sellerEarnings, shops, users, walletLedger } from '~/platform/db/schema';
import { MSG_OWN_LISTING } from '~/features/orders/server/booking';
import { POST as createOrderRoute } from '~/pages/api/v1/order/create';
import { POST as payRoute } from '~/pages/api/v1/order/pay';
import { POST as fastForwardRoute } from '~/pages/api/v1/sandbox/orders/fast-forward';
import { MSG_NOT_RUNNING } from '~/features/orders/server/sandbox-clock';
import { MSG_ORDER_NOT_FOUND } from '~/features/orders/server/order-view';
import { ledgerIdentity } from '~/features/sellers/server/settlement';
import { changeBalance } from '~/features/wallet/server/wallet';
import { bookableListingIds } from './bookable-listings';
import { DEMO_USERS } from '~/app/seed/demo';
import { decideCertification, requireSeller, MSG_SAME_TYPE } from '~/features/sellers/server/sellers';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { ALL as certificationOther, POST as certificationRoute } from '~/pages/api/v1/seller/certification/index';
import { POST as withdrawRoute } from '~/pages/api/v1/seller/certification/withdraw';
import { ALL as profileOther, GET as profileRoute } from '~/pages/api/v1/seller/profile';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const DETAILS = { company_name: '杭州峡谷网络科技有限公司', license_no: '91330106MA2KXXXX1A', contact_name: '王小明', contact_phone: '13900001111' };

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`seller application (${label})`, () => {
    let db: Db;
    let serial = 0;
    useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
      db = opened;
    });

    async function newUser(realName: boolean): Promise<{ userId: number; auth: string }> {
      const now = new Date();
      const userId = (await db.transaction((tx) => createUser(tx, { username: `seller_${driver}_${(serial += 1)}`, nickname: '新卖家' }, now)))!;
      if (realName) await db.update(users).set({ isRealName: true, realName: '王小明' }).where(eq(users.id, userId));
      const { token } = await issueToken(db, userId, { now });
      return { userId, auth: `Bearer ${token}` };
    }

    const changeBalanceIn = (userId: number, amountFen: number) =>
      db.transaction((tx) => changeBalance(tx, { userId, kind: 'demo_credit', amountFen, refNo: `seller-test-${userId}` }));

    const apply = (auth: string, body: unknown) => callRoute<SellerProfile>(certificationRoute, '/api/v1/seller/certification', { method: 'POST', authorization: auth, body });
    const profile = (auth: string) => callRoute<SellerProfile>(profileRoute, '/api/v1/seller/profile', { authorization: auth });

    it('needs a signed-in user, and answers 405 to other methods', async () => {
      expectUnauthorized(await callRoute(profileRoute, '/api/v1/seller/profile'));
      expectUnauthorized(await callRoute(certificationRoute, '/api/v1/seller/certification', { method: 'POST', body: { cert_type: 0, shop_name: '我的店' } }));
      const { auth } = await newUser(true);
      expect((await callRoute(profileOther, '/api/v1/seller/profile', { method: 'POST', authorization: auth })).status).toBe(405);
      expect((await callRoute(certificationOther, '/api/v1/seller/certification', { method: 'DELETE', authorization: auth })).status).toBe(405);
    });

    it('a fresh user has no shop: the profile says so and every seller call answers 403 code 1101', async () => {
      const { userId, auth } = await newUser(false);
      const answer = expectOk(await profile(auth));
      expect(answer).toMatchObject({ real_name_verified: false, certification: null, shop: null, commission_percent: { 0: 10, 1: 8, 2: 6 }, earnings_hold_hours: 24 });
      await expect(requireSeller(db, userId)).rejects.toMatchObject({ httpStatus: 403, code: SELLER_CODES.notSeller, message: MSG_NOT_SELLER });
    });

    it('an individual owner must be real-name verified, then is approved at once with a shop of cert_type 0', async () => {
      const unverified = await newUser(false);
      expectError(await apply(unverified.auth, { cert_type: 0, shop_name: '小明的号铺' }), 409, CERTIFICATION_MESSAGES.realNameFirst);
      const verified = await newUser(true);
      const answer = expectOk(await apply(verified.auth, { cert_type: 0, shop_name: '  小明的号铺 ' }));
      expect(answer.certification).toMatchObject({ cert_type: 0, state: 'approved', state_text: '已通过', shop_name: '小明的号铺' });
      expect(answer.shop).toMatchObject({ name: '小明的号铺', cert_type: 0, cert_type_text: '个人号主' });
      expect(await requireSeller(db, verified.userId)).toMatchObject({ userId: verified.userId, certType: 0 });
      expectError(await apply(verified.auth, { cert_type: 0, shop_name: '再来一次' }), 409, MSG_SAME_TYPE);
    });

    it('a store waits for review; withdrawn, rejected with a reason, corrected and approved: the shop then carries the type', async () => {
      const { userId, auth } = await newUser(true);
      const submitted = expectOk(await apply(auth, { cert_type: 1, shop_name: '峡谷小店', details: DETAILS }));
      expect(submitted.certification).toMatchObject({ cert_type: 1, state: 'submitted', details: DETAILS });
      expect(submitted.shop).toBeNull();
      expect(expectOk(await callRoute<SellerProfile>(withdrawRoute, '/api/v1/seller/certification/withdraw', { method: 'POST', authorization: auth })).certification?.state).toBe('draft');
      expectError(await callRoute(withdrawRoute, '/api/v1/seller/certification/withdraw', { method: 'POST', authorization: auth }), 409, CERTIFICATION_MESSAGES.notUnderReview);
      expectOk(await apply(auth, { cert_type: 1, shop_name: '峡谷小店', details: DETAILS }));
      await expect(decideCertification(db, userId, { approve: false, reason: '  ' }, new Date())).rejects.toMatchObject({ httpStatus: 409, message: CERTIFICATION_MESSAGES.reasonRequired });
      const rejected = await decideCertification(db, userId, { approve: false, reason: '营业执照信息不清晰' }, new Date());
      expect(rejected).toMatchObject({ state: 'rejected', reject_reason: '营业执照信息不清晰' });
      expect(expectOk(await profile(auth)).certification).toMatchObject({ state: 'rejected', state_text: '已驳回', reject_reason: '营业执照信息不清晰' });
      expectOk(await apply(auth, { cert_type: 1, shop_name: '峡谷小店', details: { ...DETAILS, contact_name: '王大明' } }));
      const approved = await decideCertification(db, userId, { approve: true }, new Date());
      expect(approved).toMatchObject({ state: 'approved', reject_reason: null });
      // After approval the licence number is shown masked.
      expect(approved.details.license_no).toBe('9133**********XX1A');
      const [shop] = await db.select().from(shops).where(eq(shops.ownerUserId, userId));
      expect(shop).toMatchObject({ name: '峡谷小店', certType: 1 });
      await expect(decideCertification(db, userId, { approve: true }, new Date())).rejects.toMatchObject({ httpStatus: 409, message: CERTIFICATION_MESSAGES.notUnderReview });
    });

    it('an approved seller applying for another type keeps the shop and its type until the new application is approved', async () => {
      const { userId, auth } = await newUser(true);
      expectOk(await apply(auth, { cert_type: 0, shop_name: '升级小铺' }));
      const upgrading = expectOk(await apply(auth, { cert_type: 2, shop_name: '升级商家', details: DETAILS }));
      expect(upgrading.certification).toMatchObject({ cert_type: 2, state: 'submitted' });
      expect(upgrading.shop).toMatchObject({ cert_type: 0, name: '升级小铺' });
      await decideCertification(db, userId, { approve: true }, new Date());
      expect(expectOk(await profile(auth)).shop).toMatchObject({ cert_type: 2, name: '升级商家' });
    });

    it('refuses bad input with a Chinese message and writes nothing', async () => {
      const { userId, auth } = await newUser(true);
      const cases: [unknown, string][] = [
        [{ cert_type: 3, shop_name: '好店铺' }, '请选择认证类型'],
        [{ cert_type: '0', shop_name: '好店铺' }, '请选择认证类型'],
        [{ cert_type: 0 }, '请填写店铺名称'],
        [{ cert_type: 0, shop_name: '店' }, '请填写店铺名称'],
        [{ cert_type: 0, shop_name: '店'.repeat(17) }, '店铺名称不能超过16个字'],
        [{ cert_type: 0, shop_name: '好店\u0000铺' }, '参数包含非法字符'],
        [{ cert_type: 0, shop_name: '好店\u0007铺' }, '店铺名称含有无效字符'],
        [{ cert_type: 1, shop_name: '好店铺' }, '参数 details'],
        [{ cert_type: 1, shop_name: '好店铺', details: { ...DETAILS, license_no: '123' } }, '请输入正确的统一社会信用代码'],
        [{ cert_type: 2, shop_name: '好店铺', details: { ...DETAILS, contact_phone: '1'.repeat(400) } }, '请输入正确的手机号'],
      ];
      for (const [body, msg] of cases) {
        const result = await apply(auth, body);
        expect(result.status, JSON.stringify(body)).toBe(400);
        expect(result.body.msg, JSON.stringify(body)).toContain(msg);
      }
      expect(await db.select().from(sellerCertifications).where(eq(sellerCertifications.userId, userId))).toEqual([]);
    });

    it('a seller cannot rent an account of their own shop (409), and nothing is written', async () => {
      const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERS.owner1.username));
      const [own] = await db.select({ id: listings.id }).from(listings).innerJoin(shops, eq(shops.id, listings.shopId)).where(eq(shops.ownerUserId, owner!.id)).limit(1);
      const { token } = await issueToken(db, owner!.id, { now: new Date() });
      const before = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, owner!.id));
      expectError(
        await callRoute(createOrderRoute, '/api/v1/order/create', { method: 'POST', authorization: `Bearer ${token}`, body: { account_id: own!.id, option: 'hourly', hours: 2 } }),
        409,
        MSG_OWN_LISTING,
      );
      expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, owner!.id))).toEqual(before);
    });

    it('the sandbox time machine ends one rental now, skips its hold and releases the earnings to the owner (renter or owner only)', async () => {
      const renter = await newUser(true);
      await changeBalanceIn(renter.userId, 1_000_000);
      const [listingId] = await bookableListingIds(db, 1);
      const [owner] = await db.select({ ownerUserId: shops.ownerUserId }).from(listings).innerJoin(shops, eq(shops.id, listings.shopId)).where(eq(listings.id, listingId!));
      const order = expectOk(
        await callRoute<{ order_no: string }>(createOrderRoute, '/api/v1/order/create', { method: 'POST', authorization: renter.auth, body: { account_id: listingId, option: 'hourly', hours: 1 } }),
      );
      expectOk(await callRoute(payRoute, '/api/v1/order/pay', { method: 'POST', authorization: renter.auth, body: { order_no: order.order_no, channel: 'wallet' } }));
      const fastForward = (auth: string) =>
        callRoute<{ status: number; earnings: string }>(fastForwardRoute, '/api/v1/sandbox/orders/fast-forward', { method: 'POST', authorization: auth, body: { order_no: order.order_no } });
      const stranger = await newUser(false);
      expectError(await fastForward(stranger.auth), 404, MSG_ORDER_NOT_FOUND);
      expect(expectOk(await fastForward(renter.auth))).toMatchObject({ status: 4, earnings: 'released' });
      const [earning] = await db.select().from(sellerEarnings).innerJoin(orders, eq(orders.id, sellerEarnings.orderId)).where(eq(orders.orderNo, order.order_no));
      expect(earning!.seller_earnings.sellerFen).toBeGreaterThan(0);
      const [credit] = await db.select().from(walletLedger).where(and(eq(walletLedger.kind, 'earning_release'), eq(walletLedger.refNo, order.order_no)));
      expect(credit).toMatchObject({ userId: owner!.ownerUserId, amountFen: earning!.seller_earnings.sellerFen });
      expectError(await fastForward(renter.auth), 409, MSG_NOT_RUNNING);
      expect((await ledgerIdentity(db)).holds).toBe(true);
    });

    it('the demo shops are approved sellers of their type', async () => {
      for (const demo of [DEMO_USERS.merchant, DEMO_USERS.store, DEMO_USERS.owner1]) {
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, demo.username));
        expect(await requireSeller(db, user!.id)).toMatchObject({ certType: demo.shop.certType });
        const [row] = await db.select().from(sellerCertifications).where(eq(sellerCertifications.userId, user!.id));
        expect(row).toMatchObject({ state: 'approved', certType: demo.shop.certType, shopName: demo.shop.name });
      }
    });
  });
}
