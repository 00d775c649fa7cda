/**
 * Issue 15 "Users: search, view orders and wallet (read-only unless finance), ban and unban with a
 * reason" through the console's calls, on PGlite and PostgreSQL: a ban refuses every sign-in path
 * (password, SMS, QR / third party) with the reason, revokes the tokens and takes the owner's
 * listings out of the hall; unbanning gives back exactly what the ban held; the finance adjustment
 * writes one ops_adjust ledger row and never takes a balance below zero, also under concurrency;
 * each action leaves its audit row; bad input writes nothing. A timed ban is lifted by the sweep at
 * its end, once however many sweeps race. Orders are searched and read.
 */
import { createHash, constants, publicEncrypt } from 'node:crypto';
import type { APIRoute } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '~/platform/wire/common';
import type { ListingCard } from '~/features/catalog/contract/catalog';
import {
  BAN_EXPIRE_REASON,
  BAN_HOLD_REASON,
  MSG_OPS_BAN_DAYS_INVALID,
  MSG_OPS_ADJUST_INSUFFICIENT,
  MSG_OPS_LISTING_HELD_FOR_BAN,
  MSG_OPS_USER_ALREADY_BANNED,
  MSG_OPS_USER_NOT_BANNED,
  bannedSignInMessage,
  type OpsBanResult,
  type OpsOrderDetail,
  type OpsOrderRow,
  type OpsUserDetail,
  type OpsUserRow,
  type OpsWalletAdjustResult,
} from '~/features/console/contract/ops-users';
import { computeRequestSignature } from '~/features/sign-in/server/request-signing';
import type { Db, TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { listings, opsAuditLog, orders, shops, users, verificationCodes, walletLedger } from '~/platform/db/schema';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { confirmSandbox, createQrSession, redeemQrSession } from '~/features/sign-in/server/qr-login';
import { assertNotBanned, type SignInAnswer } from '~/features/sign-in/server/sign-in';
import { liftEndedBans } from '~/features/console/server/users';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { issueToken, resolveToken } from '~/features/sign-in/server/tokens';
import { ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import { GET as usersRoute } from '~/pages/api/v1/ops/users/index';
import { GET as userDetailRoute } from '~/pages/api/v1/ops/users/detail';
import { POST as banRoute } from '~/pages/api/v1/ops/users/ban';
import { POST as unbanRoute } from '~/pages/api/v1/ops/users/unban';
import { POST as adjustRoute } from '~/pages/api/v1/ops/users/wallet-adjust';
import { GET as ordersRoute } from '~/pages/api/v1/ops/orders/index';
import { GET as orderDetailRoute } from '~/pages/api/v1/ops/orders/detail';
import { POST as takeDownRoute } from '~/pages/api/v1/ops/listings/take-down';
import { POST as restoreRoute } from '~/pages/api/v1/ops/listings/restore';
import { GET as getSignRoute } from '~/pages/api/v1/common/getSign';
import { POST as loginRoute } from '~/pages/api/v1/common/login';
import { POST as mobileLoginRoute } from '~/pages/api/v1/common/mobileLogin';
import { GET as userInfoRoute } from '~/pages/api/v1/common/userInfo';
import { GET as hallRoute } from '~/pages/api/v1/zuhao/accounts';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { suiteContext } from './route-context';

interface SignChallenge {
  public_key: string;
  nonce_str: string;
  timestamp: number;
  sign: string;
}

let ipCounter = 0;
const freshIp = (): string => `203.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`console users and orders (${label})`, () => {
    let db: Db;
    let kfCookie = '';
    let kfId = 0;
    let cwCookie = '';
    let renterId = 0;
    let ownerId = 0;
    let shopId = 0;

    let opened: TestDatabase | null = null;
    // Seeding takes long on a loaded machine: a longer hook budget than useSuiteDatabase's.
    beforeAll(async () => {
      opened = await openTestDatabase({ driver, seed: true });
      suiteContext.db = opened.db;
      db = opened.db;
    }, 400_000);
    afterAll(async () => {
      suiteContext.db = null;
      await opened?.close();
    });

    beforeAll(async () => {
      const now = new Date();
      const kf = await createOperator(db, { username: `kftest${driver.slice(0, 2)}`, password: 'ops_test_pass_1', role: 'service', displayName: '测试客服' }, now);
      kfCookie = (await openOperatorSession(db, kf.id, now)).cookie;
      kfId = kf.id;
      const cw = await createOperator(db, { username: `cwtest${driver.slice(0, 2)}`, password: 'ops_test_pass_2', role: 'finance', displayName: '测试财务' }, now);
      cwCookie = (await openOperatorSession(db, cw.id, now)).cookie;
      const [renter] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'renter01'));
      renterId = renter!.id;
      const [owner] = await db.select({ id: users.id, shopId: shops.id }).from(users).innerJoin(shops, eq(shops.ownerUserId, users.id)).where(eq(users.username, 'owner01'));
      ownerId = owner!.id;
      shopId = owner!.shopId;
    }, 60_000);

    const opsGet = <T,>(route: APIRoute, path: string, cookie = kfCookie): Promise<CallResult<T>> => callRoute<T>(route, `/api/v1/ops${path}`, { cookie });
    const opsPost = <T,>(route: APIRoute, path: string, body: unknown, cookie = kfCookie): Promise<CallResult<T>> =>
      callRoute<T>(route, `/api/v1/ops${path}`, { method: 'POST', cookie, body });

    async function passwordLogin(username: string, password: string): Promise<CallResult<SignInAnswer>> {
      const ip = freshIp();
      const challenge = (await callRoute<SignChallenge>(getSignRoute, '/api/v1/common/getSign', { ip })).body.data;
      const encrypted = publicEncrypt(
        { key: challenge.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(JSON.stringify({ password, challenge: challenge.nonce_str, ts: challenge.timestamp }), 'utf8'),
      ).toString('base64');
      const text = JSON.stringify({ username, password: encrypted, fingerprint: 'fp-vitest' });
      return callRoute<SignInAnswer>(loginRoute, '/api/v1/common/login', {
        method: 'POST',
        ip,
        text,
        headers: {
          'x-timestamp': String(challenge.timestamp),
          'x-nonce-str': challenge.nonce_str,
          'x-sign': computeRequestSignature(challenge.sign, challenge.timestamp, challenge.nonce_str, text),
        },
      });
    }

    async function smsLogin(mobile: string): Promise<CallResult<SignInAnswer>> {
      const code = '246810';
      const now = new Date();
      await db.insert(verificationCodes).values({
        channel: 'sms',
        recipient: mobile,
        action: 'login',
        codeHash: createHash('sha256').update(`${mobile}:login:${code}`, 'utf8').digest('hex'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + 300_000),
      });
      return callRoute<SignInAnswer>(mobileLoginRoute, '/api/v1/common/mobileLogin', { method: 'POST', body: { mobile, code }, ip: freshIp() });
    }

    /** The sandbox WeChat / QQ 'demo' identity is renter01's: the third-party QR path end to end. */
    async function qrLogin(platform: 'wechat' | 'qq'): Promise<unknown> {
      const now = new Date();
      const session = await createQrSession(db, { platform, origin: 'http://localhost', fingerprint: 'fp' }, now);
      await confirmSandbox(db, { scanCode: session.scanCode, identity: 'demo' }, now);
      return redeemQrSession(db, { id: session.id, browserSecret: session.browserSecret }, now, 'vitest');
    }

    async function auditRows(userId: number) {
      return db.select().from(opsAuditLog).where(and(eq(opsAuditLog.targetType, 'user'), eq(opsAuditLog.targetId, String(userId)))).orderBy(opsAuditLog.id);
    }

    async function hallHas(title: string): Promise<boolean> {
      const page = expectOk(await callRoute<Page<ListingCard>>(hallRoute, `/api/v1/zuhao/accounts?keyword=${encodeURIComponent(title)}&page_size=50`));
      return page.list.some((card) => card.title === title);
    }

    it('search by username, id, the phone (whole or last 4) and nickname; filters; the phone is masked', async () => {
      const byNameResult = await opsGet<Page<OpsUserRow>>(usersRoute, '/users?q=renter01');
      const row = expectOk(byNameResult).list.find((user) => user.id === renterId)!;
      expect(row).toMatchObject({ username: 'renter01', mobile_masked: '138****0001', status: 'active', shop: null });
      expect(byNameResult.text).not.toContain('13800000001');
      for (const q of [String(renterId), '13800000001', '0001', encodeURIComponent('租号玩家01')]) {
        const page = expectOk(await opsGet<Page<OpsUserRow>>(usersRoute, `/users?q=${q}`));
        expect(page.list.map((user) => user.id), q).toContain(renterId);
      }
      const sellers = expectOk(await opsGet<Page<OpsUserRow>>(usersRoute, '/users?role=seller&page_size=100'));
      expect(sellers.list.every((user) => user.shop !== null)).toBe(true);
      expect(sellers.list.map((user) => user.id)).toContain(ownerId);
      const renters = expectOk(await opsGet<Page<OpsUserRow>>(usersRoute, '/users?role=renter&page_size=100'));
      expect(renters.list.every((user) => user.shop === null)).toBe(true);
      const paged = expectOk(await opsGet<Page<OpsUserRow>>(usersRoute, '/users?page_size=2&page=2'));
      expect(paged.list.length).toBeLessThanOrEqual(2);
      expect(paged.total).toBeGreaterThan(2);

      const detail = expectOk(await opsGet<OpsUserDetail>(userDetailRoute, `/users/detail?id=${renterId}`));
      expect(detail.user.mobile_masked).toBe('138****0001');
      expect(detail.user.email_masked).toBe('r***@example.com');
      expect(detail.wallet.balance_fen).toBeGreaterThanOrEqual(0);
      expect(detail.orders_total).toBeGreaterThanOrEqual(detail.orders.length);
      const ownerDetail = expectOk(await opsGet<OpsUserDetail>(userDetailRoute, `/users/detail?id=${ownerId}`));
      expect(ownerDetail.shop?.id).toBe(shopId);

      expectError(await opsGet(userDetailRoute, '/users/detail?id=99999999'), 404, '用户不存在');
      expect((await opsGet(userDetailRoute, '/users/detail?id=abc')).status).toBe(400);
      expect((await opsGet(usersRoute, '/users?status=nope')).status).toBe(400);
      expect((await opsGet(usersRoute, `/users?q=${'x'.repeat(41)}`)).status).toBe(400);
      expect((await opsGet(usersRoute, '/users?q=%00')).status).toBe(400);
    });

    it('a ban refuses password, SMS and QR sign-in with the reason, revokes tokens; unban restores; audited', async () => {
      const before = await passwordLogin('renter01', 'renter_pass01');
      expect(before.status).toBe(200);
      const oldToken = before.body.data.token.token;
      expect((await resolveToken(db, oldToken, new Date())).ok).toBe(true);

      const reason = '多次恶意投诉，\n经核实为虚假';
      const banned = expectOk(await opsPost<OpsBanResult>(banRoute, '/users/ban', { user_id: renterId, reason }));
      expect(banned.user.status).toBe('banned');
      expect(banned.user.ban_reason).toBe('多次恶意投诉， 经核实为虚假');
      expect(banned.tokens_revoked).toBeGreaterThanOrEqual(1);
      const message = bannedSignInMessage('多次恶意投诉， 经核实为虚假');

      expect(await resolveToken(db, oldToken, new Date())).toEqual({ ok: false, reason: 'revoked' });
      expect((await callRoute(userInfoRoute, '/api/v1/common/userInfo', { authorization: `Bearer ${oldToken}` })).status).toBe(401);
      // A token slipped in at the same instant resolves to no one either.
      const late = await issueToken(db, renterId, { now: new Date() });
      expect((await resolveToken(db, late.token, new Date())).ok).toBe(false);

      expectError(await passwordLogin('renter01', 'renter_pass01'), 403, message);
      // A wrong password is still just a wrong password: the ban is not told to a guesser.
      expect((await passwordLogin('renter01', 'wrong_pass_01')).body.msg).not.toContain('封禁');
      expectError(await smsLogin('13800000001'), 403, message);
      await expect(qrLogin('wechat')).rejects.toMatchObject({ httpStatus: 403, message });
      await expect(qrLogin('qq')).rejects.toMatchObject({ httpStatus: 403, message });

      expectError(await opsPost(banRoute, '/users/ban', { user_id: renterId, reason: '再次' }), 409, MSG_OPS_USER_ALREADY_BANNED);
      const bannedList = expectOk(await opsGet<Page<OpsUserRow>>(usersRoute, '/users?status=banned&page_size=100'));
      expect(bannedList.list.map((user) => user.id)).toContain(renterId);

      expectOk(await opsPost<OpsBanResult>(unbanRoute, '/users/unban', { user_id: renterId, reason: '申诉成功' }));
      expect((await passwordLogin('renter01', 'renter_pass01')).status).toBe(200);
      expect((await smsLogin('13800000001')).status).toBe(200);
      expect(await qrLogin('wechat')).toMatchObject({ kind: 'token' });
      expectError(await opsPost(unbanRoute, '/users/unban', { user_id: renterId, reason: '再次' }), 409, MSG_OPS_USER_NOT_BANNED);

      const audit = await auditRows(renterId);
      const ban = audit.find((row) => row.action === 'user.ban')!;
      expect(ban.before).toMatchObject({ banned_at: null, ban_reason: null });
      expect(ban.after).toMatchObject({ ban_reason: '多次恶意投诉， 经核实为虚假' });
      expect(ban.reason).toBe('多次恶意投诉， 经核实为虚假');
      const unban = audit.find((row) => row.action === 'user.unban')!;
      expect(unban.after).toMatchObject({ banned_at: null, ban_reason: null });
      expect(unban.reason).toBe('申诉成功');
      const detail = expectOk(await opsGet<OpsUserDetail>(userDetailRoute, `/users/detail?id=${renterId}`));
      expect(detail.history.map((row) => row.action)).toEqual(expect.arrayContaining(['user.ban', 'user.unban']));
    });

    it('bad ban input writes nothing; non-service roles and non-operators are refused', async () => {
      const count = async (): Promise<number> => (await auditRows(renterId)).length;
      const start = await count();
      expect((await opsPost(banRoute, '/users/ban', { user_id: renterId, reason: '' })).status).toBe(400);
      expect((await opsPost(banRoute, '/users/ban', { user_id: renterId, reason: 'a\u0000b' })).status).toBe(400);
      expect((await opsPost(banRoute, '/users/ban', { user_id: renterId, reason: 'x'.repeat(201) })).status).toBe(400);
      expect((await opsPost(banRoute, '/users/ban', { user_id: '1', reason: '原因' })).status).toBe(400);
      expect((await opsPost(banRoute, '/users/ban', { user_id: 1e20, reason: '原因' })).status).toBe(400);
      expectError(await opsPost(banRoute, '/users/ban', { user_id: 99999999, reason: '原因' }), 404, '用户不存在');
      expect((await opsPost(banRoute, '/users/ban', { user_id: renterId, reason: '财务无权' }, cwCookie)).status).toBe(403);
      expect((await callRoute(banRoute, '/api/v1/ops/users/ban', { method: 'POST', body: { user_id: renterId, reason: '租客' } })).status).toBe(404);
      expect(await count()).toBe(start);
      const [row] = await db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, renterId));
      expect(row!.bannedAt).toBeNull();
    });

    it("a banned owner's listings leave the hall and exactly the listed ones come back on unban", async () => {
      const own = await db.select().from(listings).where(and(eq(listings.shopId, shopId), eq(listings.isListed, true))).orderBy(listings.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      const [takenDown, shown] = own as [typeof own[0], typeof own[0]];
      // One is taken down by the platform first: the ban must not give it back.
      expectOk(await opsPost(takeDownRoute, '/listings/take-down', { id: takenDown.id, reason: '图片违规' }, await operationsCookie()));
      expect(await hallHas(shown.title)).toBe(true);

      const banned = expectOk(await opsPost<OpsBanResult>(banRoute, '/users/ban', { user_id: ownerId, reason: '出租账号涉嫌盗号' }));
      expect(banned.listings_changed).toBeGreaterThanOrEqual(1);
      expect(await hallHas(shown.title)).toBe(false);
      const [held] = await db.select().from(listings).where(eq(listings.id, shown.id));
      expect(held).toMatchObject({ isListed: false, heldForBan: true, holdReason: BAN_HOLD_REASON });
      const [stillTaken] = await db.select().from(listings).where(eq(listings.id, takenDown.id));
      expect(stillTaken).toMatchObject({ heldForBan: false, holdReason: '图片违规' });
      const listedNow = await db.select({ n: sql<number>`count(*)::int` }).from(listings).where(and(eq(listings.shopId, shopId), eq(listings.isListed, true)));
      expect(Number(listedNow[0]!.n)).toBe(0);
      // The platform's restore does not undo a ban's hold.
      expectError(await opsPost(restoreRoute, '/listings/restore', { id: shown.id }, await operationsCookie()), 409, MSG_OPS_LISTING_HELD_FOR_BAN);

      const unbanned = expectOk(await opsPost<OpsBanResult>(unbanRoute, '/users/unban', { user_id: ownerId, reason: '核实无误' }));
      expect(unbanned.listings_changed).toBe(banned.listings_changed);
      expect(await hallHas(shown.title)).toBe(true);
      const back = await db.select().from(listings).where(and(eq(listings.shopId, shopId), eq(listings.isListed, true)));
      expect(back.map((row) => row.id).sort()).toEqual(own.filter((row) => row.id !== takenDown.id).map((row) => row.id).sort());
      const [takenAfter] = await db.select().from(listings).where(eq(listings.id, takenDown.id));
      expect(takenAfter).toMatchObject({ isListed: false, holdReason: '图片违规' });
      expectOk(await opsPost(restoreRoute, '/listings/restore', { id: takenDown.id }, await operationsCookie()));
    });

    it('a timed ban names its end at sign-in and is lifted by the sweep at that end, once, with the listings; bad lengths are refused', async () => {
      for (const days of [2, '7', 1e20, -1, 7.5]) {
        expectError(await opsPost(banRoute, '/users/ban', { user_id: ownerId, reason: '原因', days }), 400, MSG_OPS_BAN_DAYS_INVALID);
      }
      const listedBefore = await db.select({ id: listings.id }).from(listings).where(and(eq(listings.shopId, shopId), eq(listings.isListed, true)));
      expect(listedBefore.length).toBeGreaterThanOrEqual(1);

      const started = Date.now();
      const banned = expectOk(await opsPost<OpsBanResult>(banRoute, '/users/ban', { user_id: ownerId, reason: '违规出租', days: 3 }));
      const until = new Date(banned.user.banned_until!);
      expect(Math.abs(until.getTime() - started - 3 * 86_400_000)).toBeLessThan(60_000);
      // Every listing not held already is held (off-shelf ones too, so the seller cannot list them meanwhile).
      expect(banned.listings_changed).toBeGreaterThanOrEqual(listedBefore.length);
      const message = bannedSignInMessage('违规出租', formatShanghaiDateTime(until));
      expect(message).toMatch(/^账号已被封禁：违规出租（\d{4}-\d{2}-\d{2} \d{2}:\d{2} 自动解封）$/);
      await expect(assertNotBanned(db, ownerId, new Date(until.getTime() - 1000))).rejects.toMatchObject({ httpStatus: 403, message });
      // At the end itself the user is let in, even before the sweep has run.
      await expect(assertNotBanned(db, ownerId, until)).resolves.toBeUndefined();
      const token = await issueToken(db, ownerId, { now: new Date() });
      expect((await resolveToken(db, token.token, new Date(until.getTime() - 1000))).ok).toBe(false);
      expect((await resolveToken(db, token.token, until)).ok).toBe(true);

      expect(await liftEndedBans(db, new Date(until.getTime() - 1000))).toBe(0);
      // Three processes' sweeps at once: one lifts it.
      const lifted = await Promise.all([liftEndedBans(db, until), liftEndedBans(db, until), liftEndedBans(db, until)]);
      expect(lifted.reduce((sum, n) => sum + n, 0)).toBe(1);
      const [row] = await db.select().from(users).where(eq(users.id, ownerId));
      expect(row).toMatchObject({ bannedAt: null, banReason: null, bannedUntil: null });
      const listedAfter = await db.select({ id: listings.id }).from(listings).where(and(eq(listings.shopId, shopId), eq(listings.isListed, true)));
      expect(listedAfter.map((listing) => listing.id).sort()).toEqual(listedBefore.map((listing) => listing.id).sort());
      const expired = (await auditRows(ownerId)).filter((entry) => entry.action === 'user.ban_expire');
      expect(expired).toHaveLength(1);
      expect(expired[0]).toMatchObject({ operatorId: kfId, reason: BAN_EXPIRE_REASON });
      expect(expired[0]!.before).toMatchObject({ ban_reason: '违规出租', banned_until: until.toISOString() });
      expect(expired[0]!.after).toMatchObject({ banned_at: null, banned_until: null, listings_restored: banned.listings_changed });
      expect(await liftEndedBans(db, new Date(until.getTime() + 60_000))).toBe(0);
    });

    let opsCookieCache = '';
    async function operationsCookie(): Promise<string> {
      if (opsCookieCache) return opsCookieCache;
      const now = new Date();
      const yy = await createOperator(db, { username: `yytest${driver.slice(0, 2)}`, password: 'ops_test_pass_3', role: 'operations', displayName: '测试运营' }, now);
      opsCookieCache = (await openOperatorSession(db, yy.id, now)).cookie;
      return opsCookieCache;
    }

    it('finance credits and debits with an ops_adjust ledger row; never below zero; audited; others refused', async () => {
      const start = (await readWallet(db, renterId)).balanceFen;
      const credit = expectOk(await opsPost<OpsWalletAdjustResult>(adjustRoute, '/users/wallet-adjust', { user_id: renterId, direction: 'credit', amount: '12.34', reason: '活动补偿' }, cwCookie));
      expect(credit).toMatchObject({ status: 'executed', amount_fen: 1234, balance_fen: start + 1234, approval_id: null });
      const [row] = await db.select().from(walletLedger).where(eq(walletLedger.refNo, credit.ref_no!));
      expect(row).toMatchObject({ kind: 'ops_adjust', amountFen: 1234, balanceAfterFen: start + 1234, userId: renterId });
      const debit = expectOk(await opsPost<OpsWalletAdjustResult>(adjustRoute, '/users/wallet-adjust', { user_id: renterId, direction: 'debit', amount: 2, reason: '误充扣回' }, cwCookie));
      expect(debit.balance_fen).toBe(start + 1034);

      const ledgerBefore = await db.select({ n: sql<number>`count(*)::int` }).from(walletLedger).where(eq(walletLedger.userId, renterId));
      expectError(
        await opsPost(adjustRoute, '/users/wallet-adjust', { user_id: renterId, direction: 'debit', amount: ((start + 1034 + 1) / 100).toFixed(2), reason: '扣过头' }, cwCookie),
        409,
        MSG_OPS_ADJUST_INSUFFICIENT,
      );
      for (const amount of [0, -1, '1.001', 'abc', 1e12, '', null, '1000000.01']) {
        expect((await opsPost(adjustRoute, '/users/wallet-adjust', { user_id: renterId, direction: 'credit', amount, reason: '坏金额' }, cwCookie)).status, String(amount)).toBe(400);
      }
      expect((await opsPost(adjustRoute, '/users/wallet-adjust', { user_id: renterId, direction: 'sideways', amount: 1, reason: '方向' }, cwCookie)).status).toBe(400);
      expect((await opsPost(adjustRoute, '/users/wallet-adjust', { user_id: renterId, direction: 'credit', amount: 1, reason: '' }, cwCookie)).status).toBe(400);
      expectError(await opsPost(adjustRoute, '/users/wallet-adjust', { user_id: 99999999, direction: 'credit', amount: 1, reason: '无此人' }, cwCookie), 404, '用户不存在');
      // Customer service reads the wallet but cannot change it.
      expect((await opsPost(adjustRoute, '/users/wallet-adjust', { user_id: renterId, direction: 'credit', amount: 1, reason: '客服' })).status).toBe(403);
      const ledgerAfter = await db.select({ n: sql<number>`count(*)::int` }).from(walletLedger).where(eq(walletLedger.userId, renterId));
      expect(ledgerAfter[0]!.n).toBe(ledgerBefore[0]!.n);
      expect(await ledgerSum(db, renterId)).toBe((await readWallet(db, renterId)).balanceFen);

      const audit = (await auditRows(renterId)).filter((entry) => entry.action === 'wallet.adjust');
      expect(audit).toHaveLength(2);
      expect(audit[0]).toMatchObject({ before: { balance_fen: start }, after: { balance_fen: start + 1234, amount_fen: 1234, ref_no: credit.ref_no }, reason: '活动补偿' });
      expect(audit[1]).toMatchObject({ after: { amount_fen: -200 } });

      const detail = expectOk(await opsGet<OpsUserDetail>(userDetailRoute, `/users/detail?id=${renterId}`));
      expect(detail.ledger[0]).toMatchObject({ kind: 'ops_adjust', kind_text: '平台调账', amount_fen: -200 });
    });

    it('concurrent debits: the balance never goes below zero and equals the ledger', async () => {
      const [fresh] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'renter02'));
      const userId = fresh!.id;
      const start = (await readWallet(db, userId)).balanceFen;
      if (start > 0) expectOk(await opsPost(adjustRoute, '/users/wallet-adjust', { user_id: userId, direction: 'debit', amount: (start / 100).toFixed(2), reason: '清零' }, cwCookie));
      expectOk(await opsPost(adjustRoute, '/users/wallet-adjust', { user_id: userId, direction: 'credit', amount: '1.00', reason: '并发测试' }, cwCookie));
      const results = await Promise.all(
        Array.from({ length: 8 }, () => opsPost(adjustRoute, '/users/wallet-adjust', { user_id: userId, direction: 'debit', amount: '0.30', reason: '并发扣款' }, cwCookie)),
      );
      expect(results.filter((result) => result.status === 200)).toHaveLength(3);
      expect(results.filter((result) => result.status === 409)).toHaveLength(5);
      expect((await readWallet(db, userId)).balanceFen).toBe(10);
      expect(await ledgerSum(db, userId)).toBe(10);
    });

    it('orders: search by user, number and listing; detail with timeline and payments; read-only errors', async () => {
      const mine = expectOk(await opsGet<Page<OpsOrderRow>>(ordersRoute, `/orders?user_id=${renterId}&page_size=100`));
      expect(mine.list.every((order) => order.user.id === renterId)).toBe(true);
      const [any] = await db.select().from(orders).where(eq(orders.kind, 'rental')).orderBy(orders.id).limit(1);
      if (any) {
        const byNo = expectOk(await opsGet<Page<OpsOrderRow>>(ordersRoute, `/orders?q=${any.orderNo}`));
        expect(byNo.list.map((order) => order.id)).toContain(any.id);
        const byPrefix = expectOk(await opsGet<Page<OpsOrderRow>>(ordersRoute, `/orders?q=${any.orderNo.slice(0, -4).toLowerCase()}`));
        expect(byPrefix.list.map((order) => order.id)).toContain(any.id);
        const byListing = expectOk(await opsGet<Page<OpsOrderRow>>(ordersRoute, `/orders?listing_id=${any.listingId}&page_size=100`));
        expect(byListing.list.every((order) => order.listing?.id === any.listingId)).toBe(true);
        const detail = expectOk(await opsGet<OpsOrderDetail>(orderDetailRoute, `/orders/detail?id=${any.id}`));
        expect(detail.order.order_no).toBe(any.orderNo);
        expect(detail.timeline[0]?.kind).toBe('created');
        expect(Array.isArray(detail.payments)).toBe(true);
      }
      const today = new Date().toISOString().slice(0, 10);
      expect((await opsGet(ordersRoute, `/orders?from=${today}&to=${today}&state=paid&kind=rental`)).status).toBe(200);
      expect((await opsGet(ordersRoute, '/orders?from=2026-13-45')).status).toBe(400);
      expect((await opsGet(ordersRoute, '/orders?state=lost')).status).toBe(400);
      expectError(await opsGet(orderDetailRoute, '/orders/detail?id=99999999'), 404, '订单不存在');
      expect((await opsGet(orderDetailRoute, '/orders/detail')).status).toBe(400);
      // finance reads orders too; a renter's token reaches nothing
      expect((await opsGet(ordersRoute, '/orders', cwCookie)).status).toBe(200);
      const renterToken = (await issueToken(db, renterId, { now: new Date() })).token;
      expect((await callRoute(ordersRoute, '/api/v1/ops/orders', { authorization: `Bearer ${renterToken}` })).status).toBe(404);
    });
  });
}
