/**
 * Complaint arbitration (issue 15 "decide (full refund, partial refund, reject, penalise the owner),
 * which writes the ledger through the wallet service and notifies both sides"; "Tests: arbitration's
 * ledger effects on PGlite and PostgreSQL"): each decision's ledger rows and the ledger identity
 * after it, a decision after the owner's earnings were released (clawback, what the balance cannot
 * cover owed and taken from the next release), concurrent decisions (exactly one), notifications to
 * both sides, the audit row, bad input, the queue and the detail with the login-details access log.
 *
 * Every case opens its own individual owner (10 %) with its own listing and its own renter, so the
 * figures are written out by hand and nothing is shared between cases.
 */
import type { APIContext, APIRoute } from 'astro';
import { and, eq, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MS_PER_HOUR } from '~/platform/config/constants';
import type { Complaint } from '~/features/wallet/contract/money';
import { MSG_OPS_FORBIDDEN } from '~/features/console/contract/ops';
import { MSG_COMPLAINT_DECIDED, type OpsComplaintDecided, type OpsComplaintDetail, type OpsComplaintsPage } from '~/features/complaints/contract';
import type { Page, SellerOrder } from '~/features/sellers/contract/seller-earnings';
import { MSG_NOTHING_REFUNDABLE, MSG_PENALTY_REQUIRED, refundTooLargeMsg } from '~/features/complaints/rules/complaint-decision';
import type { Db } from '~/platform/db/client';
import {
  complaintDecisions,
  complaints,
  credentialReveals,
  games,
  listings,
  notifications,
  opsAuditLog,
  orders,
  ownerCharges,
  sellerEarnings,
  users,
  walletLedger,
} from '~/platform/db/schema';
import { MSG_API_NOT_FOUND } from '~/platform/http/errors';
import { createComplaint } from '~/features/complaints/server/complaints';
import { setListingCredentials } from '~/features/orders/server/credentials';
import { cancelOrder, sweepOrders } from '~/features/orders/server/order-lifecycle';
import { payOrder } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { submitCertification } from '~/features/sellers/server/sellers';
import { ledgerIdentity, releaseDueEarnings } from '~/features/sellers/server/settlement';
import { issueToken } from '~/features/sign-in/server/tokens';
import { storeImageUpload } from '~/platform/db/uploads';
import { createUser } from '~/features/account/server/users';
import { changeBalance, ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import { GET as queueRoute } from '~/pages/api/v1/ops/complaints/index';
import { GET as detailRoute } from '~/pages/api/v1/ops/complaints/detail';
import { POST as decideRoute } from '~/pages/api/v1/ops/complaints/decide';
import { POST as complainRoute } from '~/pages/api/v1/order/complaint';
import { GET as renterComplaintsRoute } from '~/pages/api/v1/order/complaints';
import { GET as credentialsRoute, HEAD as credentialsHead } from '~/pages/api/v1/order/credentials';
import { GET as sellerOrdersRoute } from '~/pages/api/v1/seller/orders';
import { GET as sellerCredentialsRoute } from '~/pages/api/v1/seller/listings/credentials';
import { checkLedger } from '../../scripts/ledger-check';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { suiteContext, useSuiteDatabase } from './route-context';

const SITE = { origin: 'http://localhost' };
const RENT_FEN_PER_HOUR = 1_000;
const DEPOSIT_FEN = 500;
/** Individual owners pay 10 % by default. */
const commissionOf = (netFen: number): number => Math.floor((netFen * 1_000 + 5_000) / 10_000);
const TEXT = '经核实，号主提供的账号无法登录，按平台规则处理。';

let serial = 0;

interface Case {
  owner: number;
  renter: number;
  listingId: number;
  orderNo: string;
  orderId: number;
  complaintId: number;
}

describe.each(TEST_DRIVERS)('complaint arbitration on $label', ({ driver, skip }) => {
  let db: Db;
  let agent = '';
  let agentId = 0;

  useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
    db = opened;
    const operator = await createOperator(db, { username: `kf_${driver}`, password: 'kf_test_pass_01', role: 'service', displayName: '客服测试' });
    agentId = operator.id;
    agent = (await openOperatorSession(db, operator.id, new Date())).cookie;
  });

  const bearer = async (userId: number): Promise<string> => `Bearer ${(await issueToken(db, userId, { now: new Date() })).token}`;
  const asUser = async <T,>(route: APIRoute, path: string, userId: number, init: { method?: string; body?: unknown; ip?: string } = {}): Promise<CallResult<T>> =>
    callRoute<T>(route, path, { ...init, authorization: await bearer(userId) });
  const decide = (body: unknown, cookie = agent): Promise<CallResult<OpsComplaintDecided>> =>
    callRoute<OpsComplaintDecided>(decideRoute, '/api/v1/ops/complaints/decide', { method: 'POST', body, cookie, ip: '10.2.3.4' });
  const detail = (id: number): Promise<CallResult<OpsComplaintDetail>> => callRoute<OpsComplaintDetail>(detailRoute, `/api/v1/ops/complaints/detail?id=${id}`, { cookie: agent });

  async function freshUser(name: string, balanceFen = 0): Promise<number> {
    const n = (serial += 1);
    const id = await db.transaction((tx) =>
      createUser(tx, { username: `oc_${name}_${n}`, nickname: '仲裁测试', mobile: `136${String(50_000_000 + n).padStart(8, '0')}` }, new Date()),
    );
    if (id === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true, realName: '王五' }).where(eq(users.id, id));
    if (balanceFen > 0) await db.transaction((tx) => changeBalance(tx, { userId: id, kind: 'demo_credit', amountFen: balanceFen, refNo: `oc-credit-${n}` }));
    return id;
  }

  async function ownerWithListing(ownerBalanceFen = 0): Promise<{ owner: number; listingId: number }> {
    const owner = await freshUser('owner', ownerBalanceFen);
    const n = (serial += 1);
    const profile = await submitCertification(db, owner, { cert_type: 0, shop_name: `仲裁店${n}` }, new Date());
    const [game] = await db.select({ id: games.id }).from(games).where(eq(games.maintenanceStatus, 0)).orderBy(games.id).limit(1);
    const [row] = await db
      .insert(listings)
      .values({ shopId: profile.shop!.id, gameId: game!.id, title: `仲裁测试账号${n}`, roleName: '测试角色', imgs: ['/covers/test-cover.webp'], rentalFen: RENT_FEN_PER_HOUR, depositFen: DEPOSIT_FEN, minRentalHours: 1 })
      .returning({ id: listings.id });
    await setListingCredentials(db, row!.id, `acct_${n}`, 'secret-pass');
    return { owner, listingId: row!.id };
  }

  async function rent(renter: number, listingId: number, hours: number, now: Date): Promise<{ orderNo: string; orderId: number }> {
    const order = await createOrder(db, renter, { account_id: listingId, option: 'hourly', hours, red_packet_id: null }, null, now);
    const paid = await payOrder(db, renter, { order_no: order.order_no, channel: 'wallet' }, null, SITE, now);
    if (!paid.paid) throw new Error('wallet payment did not pay');
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, order.order_no));
    return { orderNo: order.order_no, orderId: row!.id };
  }

  /** An owner, a listing, a renter who rented it `hours` hours from `now` and complained. */
  async function complainedRental(options: { hours?: number; now?: Date; ownerBalanceFen?: number } = {}): Promise<Case> {
    const now = options.now ?? new Date();
    const { owner, listingId } = await ownerWithListing(options.ownerBalanceFen ?? 0);
    const renter = await freshUser('renter', 100_000);
    const { orderNo, orderId } = await rent(renter, listingId, options.hours ?? 4, now);
    const complaint = await createComplaint(db, renter, { order_no: orderNo, type: 1, content: '账号登录不上去，提示密码错误' }, new Date(Math.max(now.getTime(), Date.now() - 1000)));
    return { owner, renter, listingId, orderNo, orderId, complaintId: complaint.id };
  }

  async function orderOf(c: Case) {
    const [row] = await db.select().from(orders).where(eq(orders.id, c.orderId));
    return row!;
  }
  async function earningOf(c: Case) {
    const [row] = await db.select().from(sellerEarnings).where(eq(sellerEarnings.orderId, c.orderId));
    return row!;
  }
  async function ledgerOf(userId: number, kind: string) {
    return db
      .select({ amountFen: walletLedger.amountFen, refNo: walletLedger.refNo })
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, userId), sql`${walletLedger.kind} = ${kind}`));
  }

  async function expectLedgerHolds(): Promise<void> {
    const identity = await ledgerIdentity(db);
    expect(identity).toMatchObject({ holds: true, mismatchedOrders: 0 });
    expect(identity.rentPaidFen).toBe(identity.sellerFen + identity.commissionFen + identity.refundedFen);
    expect(identity.ownerCollectedFen).toBe(identity.ownerCollectedLedgerFen);
    // npm run ledger:check's own function says the same.
    expect((await checkLedger(db)).holds).toBe(true);
  }

  async function expectWalletsMatchLedger(...userIds: number[]): Promise<void> {
    for (const userId of userIds) expect((await readWallet(db, userId)).balanceFen).toBe(await ledgerSum(db, userId));
  }

  describe.skipIf(skip)('decisions', () => {
    it('a partial refund credits the renter, recomputes the frozen earnings, closes the complaint, notifies both and audits', async () => {
      const c = await complainedRental({ hours: 4 });
      const rentFen = 4 * RENT_FEN_PER_HOUR;
      const renterBefore = (await readWallet(db, c.renter)).balanceFen;

      const decided = expectOk(await decide({ complaint_id: c.complaintId, outcome: 'refund_partial', refund_fen: 1_500, text: TEXT }));
      expect(decided.money).toMatchObject({ refundFen: 1_500, endsRental: false, ownerShareFen: 1_350, commissionDeltaFen: -150, clawbackFen: 0, owedFen: 0 });
      expect(decided.decision).toMatchObject({ outcome: 'refund_partial', outcome_text: '部分退款', refund_fen: 1_500, owner_share_fen: 1_350, penalty_fen: 0, text: TEXT, earnings_state: 'frozen' });

      expect((await readWallet(db, c.renter)).balanceFen).toBe(renterBefore + 1_500);
      expect(await ledgerOf(c.renter, 'complaint_refund')).toEqual([{ amountFen: 1_500, refNo: `${c.orderNo}-C${c.complaintId}` }]);
      const order = await orderOf(c);
      expect(order).toMatchObject({ status: 3, refundFen: 1_500, depositReturnedFen: 0 });
      expect(await earningOf(c)).toMatchObject({ status: 'frozen', rentFen, refundedFen: 1_500, commissionFen: commissionOf(2_500), sellerFen: 2_500 - commissionOf(2_500) });

      const [complaint] = await db.select().from(complaints).where(eq(complaints.id, c.complaintId));
      expect(complaint).toMatchObject({ status: 2, reply: TEXT });

      // Both sides are told, each with the link to where they read it.
      const renterNote = await db.select().from(notifications).where(and(eq(notifications.userId, c.renter), eq(notifications.notificationType, 'complaint_decided')));
      expect(renterNote).toHaveLength(1);
      expect(renterNote[0]!.content).toContain('退还租金 ¥15.00');
      expect(renterNote[0]!.content).toContain(TEXT);
      expect(renterNote[0]!.params).toMatchObject({ order_no: c.orderNo, complaint_id: c.complaintId, link: '/account/complain' });
      const ownerNote = await db.select().from(notifications).where(and(eq(notifications.userId, c.owner), eq(notifications.notificationType, 'complaint_decided')));
      expect(ownerNote).toHaveLength(1);
      expect(ownerNote[0]!.content).toContain('其中由您的收益承担 ¥13.50');
      expect(ownerNote[0]!.params).toMatchObject({ link: `/seller/orders?order_no=${c.orderNo}` });

      const audit = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.targetType, 'complaint'), eq(opsAuditLog.targetId, String(c.complaintId))));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ operatorId: agentId, action: 'complaint.decide', reason: TEXT, ip: '10.2.3.4' });
      expect(audit[0]!.before).toMatchObject({ complaint: { status: 1, reply: null }, order: { refund_fen: 0 }, earnings: { status: 'frozen', refunded_fen: 0 } });
      expect(audit[0]!.after).toMatchObject({ complaint: { status: 2 }, decision: { outcome: 'refund_partial', refund_fen: 1_500 }, order: { refund_fen: 1_500 }, earnings: { refunded_fen: 1_500 } });

      // The renter's 我的投诉 and the owner's 出租订单 carry the decision.
      const mine = expectOk(await asUser<Page<Complaint>>(renterComplaintsRoute, '/api/v1/order/complaints', c.renter)).list.find((row) => row.id === c.complaintId)!;
      expect(mine).toMatchObject({ status: 2, reply: TEXT, decision: { outcome: 'refund_partial', outcome_text: '部分退款', refund: '15.00', refund_fen: 1_500, ended_rental: false, text: TEXT } });
      const sellerPage = expectOk(await asUser<Page<SellerOrder>>(sellerOrdersRoute, `/api/v1/seller/orders?order_no=${c.orderNo}`, c.owner));
      expect(sellerPage.list.map((row) => row.order_no)).toEqual([c.orderNo]);
      expect(sellerPage.list[0]!.complaints[0]).toMatchObject({ status: 2, can_answer: false, decision: { outcome: 'refund_partial', refund_fen: 1_500, owner_share_fen: 1_350, penalty_fen: 0 } });

      await expectWalletsMatchLedger(c.renter, c.owner);
      await expectLedgerHolds();

      // An early cancel afterwards counts the refund already given: 50 % of 4,000 is 2,000, and
      // 1,500 are already back, so 2,000 more still fits (total 3,500 ≤ 4,000).
      const cancelled = await cancelOrder(db, c.renter, c.orderNo, new Date());
      expect(cancelled.order_status).toBe(5);
      expect((await orderOf(c)).refundFen).toBe(1_500 + 2_000);
      await expectLedgerHolds();
    });

    it('a full refund gives back all the rent, ends the running rental with its deposit and frees the listing', async () => {
      const c = await complainedRental({ hours: 3 });
      const before = (await readWallet(db, c.renter)).balanceFen;
      const decided = expectOk(await decide({ complaint_id: c.complaintId, outcome: 'refund_full', text: TEXT }));
      expect(decided.money).toMatchObject({ refundFen: 3_000, endsRental: true, ownerShareFen: 2_700 });
      expect((await readWallet(db, c.renter)).balanceFen).toBe(before + 3_000 + DEPOSIT_FEN);
      expect(await ledgerOf(c.renter, 'deposit_return')).toEqual([{ amountFen: DEPOSIT_FEN, refNo: c.orderNo }]);
      expect(await orderOf(c)).toMatchObject({ status: 5, refundFen: 3_000, depositReturnedFen: DEPOSIT_FEN });
      expect(await earningOf(c)).toMatchObject({ refundedFen: 3_000, commissionFen: 0, sellerFen: 0 });
      const [listing] = await db.select({ isRented: listings.isRented }).from(listings).where(eq(listings.id, c.listingId));
      expect(listing!.isRented).toBe(false);
      const notes = await db.select().from(notifications).where(and(eq(notifications.userId, c.renter), eq(notifications.notificationType, 'deposit_returned')));
      expect(notes).toHaveLength(1);
      // Nothing left to refund: a second complaint cannot be refunded again.
      const second = await createComplaint(db, c.renter, { order_no: c.orderNo, type: 6, content: '还有别的问题需要说明' }, new Date());
      expectError(await decide({ complaint_id: second.id, outcome: 'refund_full', text: TEXT }), 400, MSG_NOTHING_REFUNDABLE);
      expectOk(await decide({ complaint_id: second.id, outcome: 'reject', text: '该订单已全额退款，无需重复处理。' }));
      await expectWalletsMatchLedger(c.renter, c.owner);
      await expectLedgerHolds();
    });

    it('a rejection moves no money, closes the complaint and tells both sides', async () => {
      const c = await complainedRental();
      const ledgerRows = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(walletLedger).where(or(eq(walletLedger.userId, c.renter), eq(walletLedger.userId, c.owner))))[0]!.n;
      const rowsBefore = await ledgerRows();
      const decided = expectOk(await decide({ complaint_id: c.complaintId, outcome: 'reject', text: '经核实账号可以正常登录，投诉不成立。' }));
      expect(decided.money).toMatchObject({ refundFen: 0, penaltyFen: 0 });
      expect(await ledgerRows()).toBe(rowsBefore);
      expect((await orderOf(c)).refundFen).toBe(0);
      const notes = await db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.notificationType, 'complaint_decided'), or(eq(notifications.userId, c.renter), eq(notifications.userId, c.owner))));
      expect(notes.map((n) => n.userId).sort()).toEqual([c.renter, c.owner].sort());
      await expectLedgerHolds();
    });

    it('a penalty while the earnings are frozen is withheld from the share and collected at the release, beside the refund', async () => {
      // Rented 5 h from 30 h ago: over, and its 24 h hold over too once the sweep finishes it.
      const start = new Date(Date.now() - 30 * MS_PER_HOUR);
      const c = await complainedRental({ hours: 5, now: start });
      await sweepOrders(db, new Date(start.getTime() + 5 * MS_PER_HOUR + 60_000));
      expect((await earningOf(c)).status).toBe('frozen');
      // The open complaint holds the release.
      await releaseDueEarnings(db, new Date());
      expect((await earningOf(c)).status).toBe('frozen');

      const decided = expectOk(await decide({ complaint_id: c.complaintId, outcome: 'penalize', refund_fen: 1_000, penalty_fen: 800, text: TEXT }));
      expect(decided.money).toMatchObject({ refundFen: 1_000, ownerShareFen: 900, penaltyFen: 800, penaltyWithheldFen: 800, penaltyNowFen: 0, owedFen: 0 });
      const [charge] = await db.select().from(ownerCharges).where(eq(ownerCharges.complaintId, c.complaintId));
      expect(charge).toMatchObject({ kind: 'penalty', amountFen: 800, collectedFen: 0, sellerUserId: c.owner });
      await expectLedgerHolds();

      // The release credits the share of 4,000 (3,600) and takes the penalty in the same transaction.
      await releaseDueEarnings(db, new Date());
      expect(await earningOf(c)).toMatchObject({ status: 'released', sellerFen: 4_000 - commissionOf(4_000) });
      expect(await ledgerOf(c.owner, 'earning_release')).toEqual([{ amountFen: 3_600, refNo: c.orderNo }]);
      expect(await ledgerOf(c.owner, 'complaint_penalty')).toEqual([{ amountFen: -800, refNo: `K${charge!.id}@${c.orderNo}` }]);
      expect((await readWallet(db, c.owner)).balanceFen).toBe(2_800);
      const [settled] = await db.select().from(ownerCharges).where(eq(ownerCharges.id, charge!.id));
      expect(settled).toMatchObject({ collectedFen: 800 });
      expect(settled!.settledAt).not.toBeNull();
      await expectWalletsMatchLedger(c.renter, c.owner);
      await expectLedgerHolds();
    });

    it('after the earnings were released, the owner share of a refund is a new debit; what the balance cannot cover is owed and taken from the next release', async () => {
      const start = new Date(Date.now() - 40 * MS_PER_HOUR);
      const { owner, listingId } = await ownerWithListing();
      const renter = await freshUser('renter', 100_000);
      const first = await rent(renter, listingId, 5, start);
      await sweepOrders(db, new Date(start.getTime() + 5 * MS_PER_HOUR + 60_000));
      await releaseDueEarnings(db, new Date());
      const [released] = await db.select().from(sellerEarnings).where(eq(sellerEarnings.orderId, first.orderId));
      expect(released).toMatchObject({ status: 'released', sellerFen: 4_500 });
      expect((await readWallet(db, owner)).balanceFen).toBe(4_500);
      // The owner spends all but ¥10 (a withdrawal freezes it).
      await db.transaction((tx) => changeBalance(tx, { userId: owner, kind: 'withdraw', amountFen: -3_500, refNo: `oc-w-${serial}`, frozenDeltaFen: 3_500 }));

      const complaint = await createComplaint(db, renter, { order_no: first.orderNo, type: 3, content: '账号在租期内被号主找回了' }, new Date());
      const decided = expectOk(await decide({ complaint_id: complaint.id, outcome: 'refund_full', text: TEXT }));
      // All ¥50 back to the renter now; the owner's share ¥45 is clawed back: ¥10 now, ¥35 owed.
      expect(decided.money).toMatchObject({ refundFen: 5_000, endsRental: false, clawbackFen: 4_500, clawbackNowFen: 1_000, owedFen: 3_500 });
      expect(decided.decision.charges).toEqual([{ kind: 'clawback', kind_text: '退款分摊扣回', amount_fen: 4_500, collected_fen: 1_000 }]);
      expect((await readWallet(db, owner)).balanceFen).toBe(0);
      // The released row is not rewritten: the split is on the decision.
      const [unchanged] = await db.select().from(sellerEarnings).where(eq(sellerEarnings.orderId, first.orderId));
      expect(unchanged).toEqual(released);
      const [row] = await db.select().from(complaintDecisions).where(eq(complaintDecisions.complaintId, complaint.id));
      expect(row).toMatchObject({ earningsState: 'released', postReleaseRefundFen: 5_000, postReleaseSellerFen: -4_500, postReleaseCommissionFen: -500 });
      await expectWalletsMatchLedger(renter, owner);
      await expectLedgerHolds();

      // The next rental of the owner's listing ends and is released: the ¥35 owed come out of it.
      const second = await rent(renter, listingId, 5, new Date(start.getTime() + 6 * MS_PER_HOUR));
      await sweepOrders(db, new Date(start.getTime() + 11 * MS_PER_HOUR + 60_000));
      await releaseDueEarnings(db, new Date());
      expect(await ledgerOf(owner, 'earning_release')).toHaveLength(2);
      const clawbacks = await ledgerOf(owner, 'refund_clawback');
      expect(clawbacks.map((r) => r.amountFen).sort((a, b) => a - b)).toEqual([-3_500, -1_000]);
      expect(clawbacks.some((r) => r.refNo.endsWith(`@${second.orderNo}`))).toBe(true);
      expect((await readWallet(db, owner)).balanceFen).toBe(4_500 - 3_500);
      const [charge] = await db.select().from(ownerCharges).where(eq(ownerCharges.complaintId, complaint.id));
      expect(charge).toMatchObject({ amountFen: 4_500, collectedFen: 4_500 });
      await expectWalletsMatchLedger(renter, owner);
      await expectLedgerHolds();
    });

    it('deciding twice is 409 the second time, and nothing is paid twice', async () => {
      const c = await complainedRental();
      expectOk(await decide({ complaint_id: c.complaintId, outcome: 'refund_partial', refund_fen: 100, text: TEXT }));
      expectError(await decide({ complaint_id: c.complaintId, outcome: 'refund_partial', refund_fen: 100, text: TEXT }), 409, MSG_COMPLAINT_DECIDED);
      expectError(await decide({ complaint_id: c.complaintId, outcome: 'reject', text: TEXT }), 409, MSG_COMPLAINT_DECIDED);
      expect(await ledgerOf(c.renter, 'complaint_refund')).toHaveLength(1);
    });

    it('two or more agents deciding at once: exactly one decision, 409 for the others (a real race on PostgreSQL)', async () => {
      const c = await complainedRental({ ownerBalanceFen: 10_000 });
      const cookies = await Promise.all(
        [1, 2, 3, 4, 5].map(async (n) => {
          const op = await createOperator(db, { username: `race_${driver}_${serial}_${n}`, password: 'race_pass_0001', role: n === 5 ? 'admin' : 'service', displayName: `客服${n}` });
          return (await openOperatorSession(db, op.id, new Date())).cookie;
        }),
      );
      const bodies = [
        { outcome: 'refund_full' },
        { outcome: 'refund_partial', refund_fen: 700 },
        { outcome: 'penalize', refund_fen: 300, penalty_fen: 2_000 },
        { outcome: 'reject' },
        { outcome: 'refund_partial', refund_fen: 1_000 },
      ];
      const results = await Promise.all(bodies.map((body, i) => decide({ complaint_id: c.complaintId, text: TEXT, ...body }, cookies[i])));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.msg).toBe(MSG_COMPLAINT_DECIDED);
      expect(await db.select().from(complaintDecisions).where(eq(complaintDecisions.complaintId, c.complaintId))).toHaveLength(1);
      expect((await ledgerOf(c.renter, 'complaint_refund')).length).toBeLessThanOrEqual(1);
      expect(await db.select().from(ownerCharges).where(eq(ownerCharges.complaintId, c.complaintId))).toHaveLength(results.find((r) => r.status === 200)!.body.data.money.penaltyFen > 0 ? 1 : 0);
      expect(await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'complaint.decide'), eq(opsAuditLog.targetId, String(c.complaintId))))).toHaveLength(1);
      await expectWalletsMatchLedger(c.renter, c.owner);
      await expectLedgerHolds();
    });

    it('a decision racing the renter’s early cancel: whichever lands first, the rent given back adds up and never passes what was paid', async () => {
      const c = await complainedRental({ hours: 4 });
      const [decided, cancelled] = await Promise.allSettled([
        decide({ complaint_id: c.complaintId, outcome: 'refund_partial', refund_fen: 1_000, text: TEXT }),
        cancelOrder(db, c.renter, c.orderNo, new Date()),
      ]);
      expect(decided.status).toBe('fulfilled');
      expect(cancelled.status).toBe('fulfilled');
      if (decided.status === 'fulfilled') expect(decided.value.status).toBe(200);
      // 50 % of 4,000 on the cancel and 1,000 by the decision, in either order.
      expect(await orderOf(c)).toMatchObject({ status: 5, refundFen: 3_000, depositReturnedFen: DEPOSIT_FEN });
      await expectWalletsMatchLedger(c.renter, c.owner);
      await expectLedgerHolds();
    });

    it('a decision is history: its row cannot be changed or deleted', async () => {
      const c = await complainedRental();
      expectOk(await decide({ complaint_id: c.complaintId, outcome: 'reject', text: TEXT }));
      await expect(db.update(complaintDecisions).set({ outcome: 'refund_full' }).where(eq(complaintDecisions.complaintId, c.complaintId))).rejects.toThrow();
      await expect(db.delete(complaintDecisions).where(eq(complaintDecisions.complaintId, c.complaintId))).rejects.toThrow();
    });

    it('many complaints decided at once across owners keep the identity (PostgreSQL runs them in parallel)', async () => {
      const cases = await Promise.all([0, 1, 2, 3, 4, 5].map(() => complainedRental({ ownerBalanceFen: 5_000 })));
      const outcomes = [
        { outcome: 'refund_full' },
        { outcome: 'refund_partial', refund_fen: 1_234 },
        { outcome: 'reject' },
        { outcome: 'penalize', penalty_fen: 999 },
        { outcome: 'penalize', refund_fen: 4_000, penalty_fen: 7_000 },
        { outcome: 'refund_partial', refund_fen: 1 },
      ];
      const results = await Promise.all(cases.map((c, i) => decide({ complaint_id: c.complaintId, text: TEXT, ...outcomes[i] })));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      await expectWalletsMatchLedger(...cases.flatMap((c) => [c.renter, c.owner]));
      await expectLedgerHolds();
    });
  });

  describe.skipIf(skip)('bad input and who may decide', () => {
    it('refuses what the rule or the contract refuses, with 400/404 and nothing written', async () => {
      const c = await complainedRental();
      const cases: [unknown, number, string | RegExp][] = [
        [{ complaint_id: 2_000_000_000, outcome: 'reject', text: TEXT }, 404, '投诉不存在'],
        [{ complaint_id: c.complaintId, outcome: 'refund_partial', refund_fen: 4_001, text: TEXT }, 400, refundTooLargeMsg(4_000)],
        [{ complaint_id: c.complaintId, outcome: 'penalize', text: TEXT }, 400, MSG_PENALTY_REQUIRED],
        [{ complaint_id: c.complaintId, outcome: 'refund_partial', refund_fen: 100, text: '太短' }, 400, /处理说明需5-500个字/],
        [{ complaint_id: c.complaintId, outcome: 'refund_partial', refund_fen: 100, text: '含有\u0007控制字符的说明' }, 400, /无效字符/],
        [{ complaint_id: c.complaintId, outcome: 'refund_all', text: TEXT }, 400, /请选择处理结果/],
        [{ complaint_id: c.complaintId, outcome: 'refund_partial', refund_fen: 1.5, text: TEXT }, 400, /整数分/],
        [{ complaint_id: c.complaintId, outcome: 'refund_partial', refund_fen: -5, text: TEXT }, 400, /不能为负/],
        [{ complaint_id: c.complaintId, outcome: 'reject', penalty_fen: 100, text: TEXT }, 400, /仅处罚号主时/],
        [{ complaint_id: c.complaintId, outcome: 'refund_full', refund_fen: 100, text: TEXT }, 400, /全额退款无需填写/],
        [{ complaint_id: 'x', outcome: 'reject', text: TEXT }, 400, /complaint_id/],
      ];
      for (const [body, status, msg] of cases) expectError(await decide(body), status, msg);
      expect(await db.select().from(complaintDecisions).where(eq(complaintDecisions.complaintId, c.complaintId))).toEqual([]);
      expect((await orderOf(c)).refundFen).toBe(0);
    });

    it('is the console 404 for a renter and 403 for an operator without the permission', async () => {
      const c = await complainedRental();
      const renterCall = await callRoute(decideRoute, '/api/v1/ops/complaints/decide', { method: 'POST', body: { complaint_id: c.complaintId, outcome: 'reject', text: TEXT }, authorization: await bearer(c.renter) });
      expectError(renterCall, 404, MSG_API_NOT_FOUND);
      const finance = await createOperator(db, { username: `cw_${driver}_${serial}`, password: 'cw_test_pass_01', role: 'finance', displayName: '财务测试' });
      const financeCookie = (await openOperatorSession(db, finance.id, new Date())).cookie;
      expectError(await decide({ complaint_id: c.complaintId, outcome: 'reject', text: TEXT }, financeCookie), 403, MSG_OPS_FORBIDDEN);
      const [row] = await db.select().from(complaints).where(eq(complaints.id, c.complaintId));
      expect(row!.status).toBe(1);
    });
  });

  describe.skipIf(skip)('evidence, the queue and the detail', () => {
    async function tinyPng(seed: number): Promise<Uint8Array> {
      return new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed % 256, g: 90, b: 40 } } }).png().toBuffer());
    }

    it('a renter attaches their own images; anybody else’s is refused', async () => {
      const { listingId } = await ownerWithListing();
      const renter = await freshUser('renter', 50_000);
      const other = await freshUser('other');
      const { orderNo } = await rent(renter, listingId, 2, new Date());
      const mine = await storeImageUpload(db, renter, { purpose: 'complaint', bytes: await tinyPng(serial) }, new Date());
      const theirs = await storeImageUpload(db, other, { purpose: 'complaint', bytes: await tinyPng(serial + 1) }, new Date());
      const complain = (body: unknown) => asUser<Complaint>(complainRoute, '/api/v1/order/complaint', renter, { method: 'POST', body });
      expectError(await complain({ order_no: orderNo, type: 1, content: '登录不上，截图为证', images: [theirs.id] }), 400, '图片无效，请重新上传');
      expectError(await complain({ order_no: orderNo, type: 1, content: '登录不上，截图为证', images: [1, 2, 3, 4, 5, 6, 7] }), 400, '最多上传6张图片');
      const created = expectOk(await complain({ order_no: orderNo, type: 1, content: '登录不上，截图为证', images: [mine.id, mine.detail_url] }));
      expect(created.images).toEqual([mine.detail_url]);
    });

    it('logs every reveal of the login details and shows them, the timeline and both histories in the detail', async () => {
      const c = await complainedRental({ hours: 2 });
      expectOk(await asUser(credentialsRoute, `/api/v1/order/credentials?order_no=${c.orderNo}`, c.renter, { ip: '10.7.7.7' }));
      expectOk(await asUser(credentialsRoute, `/api/v1/order/credentials?order_no=${c.orderNo}`, c.renter, { ip: '10.7.7.8' }));
      // A HEAD shows nothing, so it is not a reveal.
      const headRequest = new Request(`http://localhost/api/v1/order/credentials?order_no=${c.orderNo}`, { method: 'HEAD', headers: { authorization: await bearer(c.renter) } });
      const headAnswer = await credentialsHead({ request: headRequest, url: new URL(headRequest.url), params: {}, locals: suiteContext.locals() } as unknown as APIContext);
      expect(headAnswer.status).toBe(200);
      expectOk(await asUser(sellerCredentialsRoute, `/api/v1/seller/listings/credentials?id=${c.listingId}`, c.owner, { ip: '10.8.8.8' }));
      const logged = await db.select().from(credentialReveals).where(eq(credentialReveals.listingId, c.listingId));
      expect(logged.map((r) => [r.viewer, r.ip, r.orderId])).toEqual([
        ['renter', '10.7.7.7', c.orderId],
        ['renter', '10.7.7.8', c.orderId],
        ['owner', '10.8.8.8', null],
      ]);
      // Append-only: the log cannot be trimmed.
      await expect(db.delete(credentialReveals).where(eq(credentialReveals.listingId, c.listingId))).rejects.toThrow();

      const view = expectOk(await detail(c.complaintId));
      expect(view).toMatchObject({ id: c.complaintId, status: 1, type_name: '账号无法登录', refundable_fen: 2_000, decision: null });
      expect(view.reveals.map((r) => [r.viewer_label, r.ip])).toEqual([
        ['租客', '10.7.7.7'],
        ['租客', '10.7.7.8'],
        ['号主', '10.8.8.8'],
      ]);
      expect(view.order).toMatchObject({ order_no: c.orderNo, pay_fen: 2_000, deposit_fen: DEPOSIT_FEN, refund_fen: 0 });
      expect(view.earnings).toMatchObject({ status: 'frozen', seller_fen: 1_800, commission_fen: 200 });
      const kinds = view.timeline.map((e) => e.kind);
      for (const kind of ['created', 'paid', 'started', 'complaint_filed', 'credentials_viewed']) expect(kinds).toContain(kind);
      expect(view.renter.user.id).toBe(c.renter);
      expect(view.renter).toMatchObject({ rentals: 1, complaints: 1, open: 1 });
      expect(view.owner).toMatchObject({ rentals: 1, complaints: 1, open: 1, owed_fen: 0 });
      expect(view.rule_input).toMatchObject({ rent_fen: 2_000, refunded_fen: 0, commission_bps: 1_000, earnings: 'frozen', rental_open: true });

      expectOk(await decide({ complaint_id: c.complaintId, outcome: 'refund_partial', refund_fen: 500, text: TEXT }));
      const after = expectOk(await detail(c.complaintId));
      expect(after.decision).toMatchObject({ outcome: 'refund_partial', refund_fen: 500, operator: { id: agentId } });
      expect(after.audit.map((a) => a.action)).toEqual(['complaint.decide']);
      expect(after.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['complaint_decided', 'refund']));
      expectError(await detail(2_000_000_000), 404, '投诉不存在');
    });

    it('the queue: open first and oldest first, filters and search by order number or username', async () => {
      const a = await complainedRental();
      const b = await complainedRental();
      const handled = await complainedRental();
      expectOk(await decide({ complaint_id: handled.complaintId, outcome: 'reject', text: TEXT }));
      const page = expectOk(await callRoute<OpsComplaintsPage>(queueRoute, '/api/v1/ops/complaints?page_size=100', { cookie: agent }));
      const ids = page.list.map((row) => row.id);
      expect(ids.indexOf(a.complaintId)).toBeLessThan(ids.indexOf(b.complaintId));
      expect(ids.indexOf(b.complaintId)).toBeLessThan(ids.indexOf(handled.complaintId));
      const firstHandled = page.list.findIndex((row) => row.status === 2);
      expect(page.list.slice(firstHandled).every((row) => row.status === 2)).toBe(true);

      const open = expectOk(await callRoute<OpsComplaintsPage>(queueRoute, '/api/v1/ops/complaints?status=open&page_size=100', { cookie: agent }));
      expect(open.list.every((row) => row.status === 1)).toBe(true);
      const byOrder = expectOk(await callRoute<OpsComplaintsPage>(queueRoute, `/api/v1/ops/complaints?q=${a.orderNo}`, { cookie: agent }));
      expect(byOrder.list.map((row) => row.id)).toEqual([a.complaintId]);
      const [renterRow] = await db.select({ username: users.username }).from(users).where(eq(users.id, b.renter));
      const byRenter = expectOk(await callRoute<OpsComplaintsPage>(queueRoute, `/api/v1/ops/complaints?q=${renterRow!.username}`, { cookie: agent }));
      expect(byRenter.list.map((row) => row.id)).toEqual([b.complaintId]);
      const [ownerRow] = await db.select({ username: users.username }).from(users).where(eq(users.id, handled.owner));
      const byOwner = expectOk(await callRoute<OpsComplaintsPage>(queueRoute, `/api/v1/ops/complaints?q=${ownerRow!.username}&status=handled`, { cookie: agent }));
      expect(byOwner.list).toMatchObject([{ id: handled.complaintId, outcome: 'reject', outcome_text: '驳回投诉' }]);
      const none = expectOk(await callRoute<OpsComplaintsPage>(queueRoute, '/api/v1/ops/complaints?q=%25', { cookie: agent }));
      expect(none.total).toBe(0);
      expectError(await callRoute(queueRoute, '/api/v1/ops/complaints?status=weird', { cookie: agent }), 400, /status/);
      const typed = expectOk(await callRoute<OpsComplaintsPage>(queueRoute, '/api/v1/ops/complaints?type=3&page_size=100', { cookie: agent }));
      expect(typed.list.every((row) => row.type === 3)).toBe(true);
    });
  });
});
