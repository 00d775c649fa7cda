/**
 * "Cannot log in" in one click (issue 26; docs/decisions.md "Cannot log in in one click"), on
 * PGlite and PostgreSQL: the report refunds everything paid exactly once (parallel clicks and the
 * end-of-rental sweep racing it), the window after the first reveal, another user's token, the
 * owner's answer, the auto take-down, the renter abuse rule and the operator's reversal, with the
 * ledger identity (`npm run ledger:check`) after each and listing_stats.login_failures equal to a
 * recount.
 *
 * Every case opens its own owner (individual, 10 %), listing and renter, so nothing is shared.
 */
import type { APIRoute } from 'astro';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LoginFailureReport, OrderView } from '~/features/wallet/contract/money';
import type { Db } from '~/platform/db/client';
import { complaintDecisions, complaints, credentialReveals, games, listingStats, listings, loginFailureCases, notifications, orders, ownerCharges, users, walletLedger } from '~/platform/db/schema';
import { MSG_LOGIN_FAILURE_REPORTED, MSG_LOGIN_FAILURE_WINDOW_OVER, MSG_LOGIN_FAILURE_NOT_REVEALED, MSG_LOGIN_FAILURE_PLAYED, MSG_LOGIN_FAILURE_NOT_RUNNING } from '~/features/orders/rules/login-failure';
import { LOGIN_FAILURE_PAUSE_REASON, LOGIN_FAILURE_TAKEDOWN_REASON, reportLoginFailure } from '~/features/orders/server/login-failure';
import { setListingCredentials } from '~/features/orders/server/credentials';
import { renewOrder, sweepOrders } from '~/features/orders/server/order-lifecycle';
import { payOrder } from '~/features/orders/server/order-payment';
import { createOrder, getOwnOrderView } from '~/features/orders/server/orders';
import { submitCertification } from '~/features/sellers/server/sellers';
import { recountListingStats } from '~/features/catalog/server/listing-record';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { changeBalance, readWallet } from '~/features/wallet/server/wallet';
import { POST as reportRoute } from '~/pages/api/v1/order/loginFailure';
import { POST as answerRoute } from '~/pages/api/v1/seller/loginFailure/answer';
import { POST as resolveRoute } from '~/pages/api/v1/ops/complaints/loginFailure';
import { POST as decideRoute } from '~/pages/api/v1/ops/complaints/decide';
import { GET as queueRoute } from '~/pages/api/v1/ops/complaints/index';
import { GET as detailRoute } from '~/pages/api/v1/ops/complaints/detail';
import { GET as sellerOrdersRoute } from '~/pages/api/v1/seller/orders';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import type { OpsComplaintDetail, OpsComplaintsPage, OpsLoginFailureView } from '~/features/complaints/contract';
import { MSG_LOGIN_FAILURE_NOT_DISPUTED, MSG_LOGIN_FAILURE_REVERSED, MSG_LOGIN_FAILURE_USE_CASE } from '~/features/complaints/contract';
import type { Page, SellerComplaint, SellerOrder } from '~/features/sellers/contract/seller-earnings';
import { MSG_LOGIN_FAILURE_ANSWERED, MSG_LOGIN_FAILURE_ANSWER_LATE, MSG_LOGIN_FAILURE_CASE_NOT_FOUND } from '~/features/sellers/server/seller-orders';
import { MSG_LOGIN_FAILURE_WITHDRAWN } from '~/features/orders/rules/login-failure';
import { checkLedger } from '../../scripts/ledger-check';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const SITE = { origin: 'http://localhost' };
const RENT_FEN_PER_HOUR = 1_000;
const DEPOSIT_FEN = 500;
const MIN = 60_000;
const HOUR = 60 * MIN;

let serial = 0;

export interface Rental {
  owner: number;
  renter: number;
  listingId: number;
  orderNo: string;
  orderId: number;
  /** When it was paid and started. */
  at: Date;
}

describe.each(TEST_DRIVERS)('cannot log in in one click on $label', ({ driver, skip }) => {
  let db: Db;

  let agent = '';

  useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
    db = opened;
    const operator = await createOperator(db, { username: `lf_kf_${driver}`, password: 'kf_test_pass_01', role: 'service', displayName: '客服测试' });
    agent = (await openOperatorSession(db, operator.id, new Date())).cookie;
  });

  const answer = async (userId: number, body: unknown): Promise<CallResult<SellerComplaint>> =>
    callRoute<SellerComplaint>(answerRoute as APIRoute, '/api/v1/seller/loginFailure/answer', { method: 'POST', body, authorization: await bearer(userId) });
  const resolve = (body: unknown): Promise<CallResult<OpsLoginFailureView>> =>
    callRoute<OpsLoginFailureView>(resolveRoute as APIRoute, '/api/v1/ops/complaints/loginFailure', { method: 'POST', body, cookie: agent, ip: '10.2.3.4' });

  const bearer = async (userId: number): Promise<string> => `Bearer ${(await issueToken(db, userId, { now: new Date() })).token}`;
  const report = async (userId: number, orderNo: string): Promise<CallResult<LoginFailureReport>> =>
    callRoute<LoginFailureReport>(reportRoute as APIRoute, '/api/v1/order/loginFailure', { method: 'POST', body: { order_no: orderNo }, authorization: await bearer(userId) });

  async function freshUser(name: string, balanceFen = 0): Promise<number> {
    const n = (serial += 1);
    const id = await db.transaction((tx) => createUser(tx, { username: `lf_${name}_${n}`, nickname: '上号测试', mobile: `137${String(60_000_000 + n).padStart(8, '0')}` }, new Date()));
    if (id === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true, realName: '赵六' }).where(eq(users.id, id));
    if (balanceFen > 0) await db.transaction((tx) => changeBalance(tx, { userId: id, kind: 'demo_credit', amountFen: balanceFen, refNo: `lf-credit-${driver}-${n}` }));
    return id;
  }

  async function ownerWithListing(ownerBalanceFen = 0): Promise<{ owner: number; listingId: number }> {
    const owner = await freshUser('owner', ownerBalanceFen);
    const n = (serial += 1);
    const profile = await submitCertification(db, owner, { cert_type: 0, shop_name: `上号店${n}` }, new Date());
    const [game] = await db.select({ id: games.id }).from(games).where(eq(games.maintenanceStatus, 0)).orderBy(games.id).limit(1);
    const [row] = await db
      .insert(listings)
      .values({ shopId: profile.shop!.id, gameId: game!.id, title: `上号测试账号${n}`, roleName: '测试角色', imgs: ['/covers/test-cover.webp'], rentalFen: RENT_FEN_PER_HOUR, depositFen: DEPOSIT_FEN, minRentalHours: 1 })
      .returning({ id: listings.id });
    await setListingCredentials(db, row!.id, `acct_${n}`, 'secret-pass');
    return { owner, listingId: row!.id };
  }

  /** A renter who rented the listing `hours` hours starting at `at` (paid from the wallet). */
  async function rent(listing: { owner: number; listingId: number }, at: Date, hours = 2, renterId?: number): Promise<Rental> {
    const renter = renterId ?? (await freshUser('renter', 100_000));
    const order = await createOrder(db, renter, { account_id: listing.listingId, option: 'hourly', hours, red_packet_id: null }, null, at);
    const paid = await payOrder(db, renter, { order_no: order.order_no, channel: 'wallet' }, null, SITE, at);
    if (!paid.paid) throw new Error('wallet payment did not pay');
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, order.order_no));
    return { ...listing, renter, orderNo: order.order_no, orderId: row!.id, at };
  }

  /** The renter opens the login details at `at` (the reveal the window counts from). */
  async function reveal(rental: Rental, at: Date): Promise<void> {
    await db.insert(credentialReveals).values({ listingId: rental.listingId, orderId: rental.orderId, userId: rental.renter, viewer: 'renter', createdAt: at });
  }

  async function ledgerOf(orderNo: string): Promise<{ kind: string; amountFen: number; userId: number }[]> {
    return db
      .select({ kind: walletLedger.kind, amountFen: walletLedger.amountFen, userId: walletLedger.userId })
      .from(walletLedger)
      .where(inArray(walletLedger.refNo, [orderNo, `${orderNo}-LF`]));
  }

  async function expectLedgerHolds(): Promise<void> {
    const check = await checkLedger(db);
    expect(check.lines.join('\n'), 'ledger identity').toBeTruthy();
    expect(check.holds, check.lines.join('\n')).toBe(true);
  }

  async function expectLoginFailuresRecount(listingId: number): Promise<number> {
    const [before] = await db.select({ n: listingStats.loginFailures }).from(listingStats).where(eq(listingStats.listingId, listingId));
    await recountListingStats(db, new Date());
    const [after] = await db.select({ n: listingStats.loginFailures }).from(listingStats).where(eq(listingStats.listingId, listingId));
    expect(before?.n ?? 0).toBe(after?.n ?? 0);
    return after?.n ?? 0;
  }

  it("a report within 15 minutes of the first reveal stops the rental and gives everything back at once, with the owner's compensation", async () => {
    const listing = await ownerWithListing(10_000);
    const start = new Date(Date.now() - 10 * MIN);
    const rental = await rent(listing, start, 2);
    await reveal(rental, new Date(start.getTime() + MIN));
    await reveal(rental, new Date(start.getTime() + 3 * MIN));
    const before = await readWallet(db, rental.renter);

    // The button is offered, with what a report gives back.
    const view: OrderView = await getOwnOrderView(db, rental.renter, rental.orderNo, new Date());
    expect(view.actions.can_report_login_failure).toBe(true);
    expect(view.login_failure).toMatchObject({ refund_fen: 2 * RENT_FEN_PER_HOUR + DEPOSIT_FEN, compensation_fen: 400, case: null });
    expect(view.login_failure!.report_until).toBe(new Date(start.getTime() + MIN + 15 * MIN).toISOString());

    const answer = expectOk(await report(rental.renter, rental.orderNo));
    expect(answer).toMatchObject({ refund_fen: 2_500, compensation_fen: 400 });
    expect(answer.order.order_status).toBe(5);
    expect(answer.order.actions.can_report_login_failure).toBe(false);
    expect(answer.order.login_failure!.case).toMatchObject({ status: 'decided' });

    // Money: rent and deposit back, compensation on top; the owner pays the compensation.
    const after = await readWallet(db, rental.renter);
    expect(after.balanceFen - before.balanceFen).toBe(2_500 + 400);
    const rows = await ledgerOf(rental.orderNo);
    const mine = rows.filter((row) => row.userId === rental.renter && row.kind !== 'order_pay');
    expect(mine.map((row) => [row.kind, row.amountFen]).sort()).toEqual([
      ['deposit_return', 500],
      ['login_failure_comp', 400],
      ['order_refund', 2_000],
    ]);
    const [charge] = await db.select().from(ownerCharges).where(eq(ownerCharges.orderId, rental.orderId));
    expect(charge).toMatchObject({ kind: 'penalty', amountFen: 400, collectedFen: 400, sellerUserId: listing.owner });
    expect((await readWallet(db, listing.owner)).balanceFen).toBe(10_000 - 400);

    // The order, the complaint (handled, decided by the rule), the case, the listing.
    const [order] = await db.select().from(orders).where(eq(orders.id, rental.orderId));
    expect(order).toMatchObject({ status: 5, refundFen: 2_000, depositReturnedFen: 500 });
    const [complaint] = await db.select().from(complaints).where(eq(complaints.orderId, rental.orderId));
    expect(complaint).toMatchObject({ status: 2, type: 1 });
    const [decision] = await db.select().from(complaintDecisions).where(eq(complaintDecisions.complaintId, complaint!.id));
    expect(decision).toMatchObject({ operatorId: null, outcome: 'penalize', refundFen: 2_000, penaltyFen: 400, endedRental: true });
    const [made] = await db.select().from(loginFailureCases).where(eq(loginFailureCases.orderId, rental.orderId));
    expect(made).toMatchObject({ status: 'decided', rentRefundFen: 2_000, depositRefundFen: 500, compensationFen: 400, tookDown: false, firstRevealAt: new Date(start.getTime() + MIN) });
    const [listingRow] = await db.select().from(listings).where(eq(listings.id, listing.listingId));
    expect(listingRow).toMatchObject({ isRented: false, isListed: false, holdReason: LOGIN_FAILURE_PAUSE_REASON });

    // The owner hears it, with a link to their own order page.
    const told = await db.select().from(notifications).where(and(eq(notifications.userId, listing.owner), eq(notifications.notificationType, 'seller_login_failure')));
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ order_no: rental.orderNo, case_id: made!.id });
    expect(String(told[0]!.params['link'])).toContain('/seller');

    expect(await expectLoginFailuresRecount(listing.listingId)).toBe(1);
    await expectLedgerHolds();
  });

  it('five parallel clicks and the end-of-rental sweep racing them refund exactly once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const listing = await ownerWithListing(0);
      // An hour's rental that started 59 minutes ago: the report's clock is inside it, the sweep's past its end.
      const start = new Date(Date.now() - 59 * MIN);
      const rental = await rent(listing, start, 1);
      await reveal(rental, new Date(Date.now() - 5 * MIN));
      const before = await readWallet(db, rental.renter);
      const reportNow = new Date();
      const sweepNow = new Date(start.getTime() + HOUR + MIN);
      const settle = <T,>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> =>
        promise.then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        );
      const clicks = Array.from({ length: 5 }, () => settle(reportLoginFailure(db, rental.renter, rental.orderNo, reportNow)));
      const racing = round === 1 ? [settle(sweepOrders(db, sweepNow)), ...clicks] : [...clicks, settle(sweepOrders(db, sweepNow))];
      const outcomes = await Promise.all(racing);
      const reports = outcomes.filter((_outcome, index) => (round === 1 ? index > 0 : index < 5));
      const won = reports.filter((o) => o.ok);
      expect(won.length).toBeLessThanOrEqual(1);
      for (const lost of reports.filter((o) => !o.ok)) {
        const error = (lost as { error: { httpStatus?: number; message?: string } }).error;
        expect(error.httpStatus).toBe(409);
        expect([MSG_LOGIN_FAILURE_REPORTED, MSG_LOGIN_FAILURE_NOT_RUNNING]).toContain(error.message);
      }
      const sweep = outcomes[round === 1 ? 0 : 5]!;
      expect(sweep.ok).toBe(true);
      await sweepOrders(db, sweepNow);

      const rows = (await ledgerOf(rental.orderNo)).filter((row) => row.userId === rental.renter);
      const kinds = rows.map((row) => row.kind);
      // Each (kind, order) at most once, whichever path ended the rental.
      expect(new Set(kinds).size).toBe(kinds.length);
      const after = await readWallet(db, rental.renter);
      const [order] = await db.select().from(orders).where(eq(orders.id, rental.orderId));
      if (won.length === 1) {
        expect(order!.status).toBe(5);
        expect(after.balanceFen - before.balanceFen).toBe(1_000 + 500 + 200);
      } else {
        // The sweep came first: the rental finished, only the deposit came back, and no report was made.
        expect(order!.status).toBe(4);
        expect(after.balanceFen - before.balanceFen).toBe(500);
        expect(await db.select().from(loginFailureCases).where(eq(loginFailureCases.orderId, rental.orderId))).toHaveLength(0);
      }
      await expectLoginFailuresRecount(listing.listingId);
      await expectLedgerHolds();
    }
  });

  it('five parallel clicks through the endpoint: one refund, four 409', async () => {
    const listing = await ownerWithListing(0);
    const rental = await rent(listing, new Date(Date.now() - 5 * MIN), 3);
    await reveal(rental, new Date(Date.now() - 2 * MIN));
    const before = await readWallet(db, rental.renter);
    const results = await Promise.all(Array.from({ length: 5 }, () => report(rental.renter, rental.orderNo)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 200)) expectError(refused, 409, MSG_LOGIN_FAILURE_REPORTED);
    expect((await readWallet(db, rental.renter)).balanceFen - before.balanceFen).toBe(3_000 + 500 + 600);
    await expectLedgerHolds();
  });

  it("refused: past the window, before any reveal, after a renewal, or another user's order", async () => {
    const listing = await ownerWithListing(0);
    // Revealed 16 minutes ago: too late.
    const late = await rent(listing, new Date(Date.now() - 30 * MIN), 1);
    await reveal(late, new Date(Date.now() - 16 * MIN));
    await reveal(late, new Date(Date.now() - MIN));
    expectError(await report(late.renter, late.orderNo), 409, MSG_LOGIN_FAILURE_WINDOW_OVER);
    await sweepOrders(db, new Date(Date.now() + 2 * HOUR));

    // Never revealed.
    const unseen = await rent(listing, new Date(), 1);
    expectError(await report(unseen.renter, unseen.orderNo), 409, MSG_LOGIN_FAILURE_NOT_REVEALED);
    // Another user's token: the same 404 as an unknown order.
    const stranger = await freshUser('stranger');
    await reveal(unseen, new Date());
    const foreign = await report(stranger, unseen.orderNo);
    expect(foreign.status).toBe(404);
    // Renewed: something was played.
    await renewOrder(db, unseen.renter, { order_no: unseen.orderNo, hours: 1 }, null, new Date());
    expectError(await report(unseen.renter, unseen.orderNo), 409, MSG_LOGIN_FAILURE_PLAYED);
    // Nothing changed by the refusals.
    expect(await db.select().from(loginFailureCases).where(inArray(loginFailureCases.orderId, [late.orderId, unseen.orderId]))).toHaveLength(0);
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, unseen.orderId));
    expect(order!.status).toBe(3);
    await expectLedgerHolds();
  });

  it('the second standing failure within 7 days takes the listing off the shelf and tells the owner 下架', async () => {
    const listing = await ownerWithListing(0);
    const first = await rent(listing, new Date(Date.now() - 20 * MIN), 1);
    await reveal(first, new Date(Date.now() - 10 * MIN));
    expectOk(await report(first.renter, first.orderNo));
    // The owner fixed it; the listing is rented again and fails again.
    await db.update(listings).set({ heldAt: null, holdReason: null, isListed: true }).where(eq(listings.id, listing.listingId));
    const second = await rent(listing, new Date(Date.now() - 5 * MIN), 1);
    await reveal(second, new Date(Date.now() - 4 * MIN));
    expectOk(await report(second.renter, second.orderNo));
    const [row] = await db.select().from(listings).where(eq(listings.id, listing.listingId));
    expect(row).toMatchObject({ isListed: false, holdReason: LOGIN_FAILURE_TAKEDOWN_REASON });
    const [made] = await db.select().from(loginFailureCases).where(eq(loginFailureCases.orderId, second.orderId));
    expect(made!.tookDown).toBe(true);
    const held = await db.select().from(notifications).where(and(eq(notifications.userId, listing.owner), eq(notifications.notificationType, 'seller_listing')));
    expect(held.some((n) => n.title.includes('下架'))).toBe(true);
    expect(await expectLoginFailuresRecount(listing.listingId)).toBe(2);
    await expectLedgerHolds();
  });

  /** A listing rented and reported: the case and its complaint. */
  async function reported(ownerBalanceFen = 0, renterId?: number): Promise<Rental & { caseId: number; complaintId: number }> {
    const listing = await ownerWithListing(ownerBalanceFen);
    const rental = await rent(listing, new Date(Date.now() - 10 * MIN), 2, renterId);
    await reveal(rental, new Date(Date.now() - 5 * MIN));
    const made = expectOk(await report(rental.renter, rental.orderNo));
    const [row] = await db.select().from(loginFailureCases).where(eq(loginFailureCases.id, made.case_id));
    return { ...rental, caseId: made.case_id, complaintId: row!.complaintId };
  }

  it('the owner answers 已修改密码 once: the paused listing goes back on the shelf; another seller gets 404; a second answer 409', async () => {
    const r = await reported();
    const stranger = await ownerWithListing();
    expectError(await answer(stranger.owner, { case_id: r.caseId, answer: 'fixed' }), 404, MSG_LOGIN_FAILURE_CASE_NOT_FOUND);
    // The seller's order page shows the report with its answer window.
    const orders_ = expectOk(await callRoute<Page<SellerOrder>>(sellerOrdersRoute as APIRoute, `/api/v1/seller/orders?order_no=${r.orderNo}`, { authorization: await bearer(r.owner) }));
    expect(orders_.list[0]!.complaints[0]!.login_failure).toMatchObject({ case_id: r.caseId, status: 'decided', can_answer: true, compensation_fen: 400 });

    const fixed = expectOk(await answer(r.owner, { case_id: r.caseId, answer: 'fixed' }));
    expect(fixed.login_failure).toMatchObject({ status: 'fixed', can_answer: false });
    expect(fixed.answers.map((a) => a.content)).toEqual(['已修改密码']);
    const [listing] = await db.select().from(listings).where(eq(listings.id, r.listingId));
    expect(listing).toMatchObject({ isListed: true, heldAt: null, holdReason: null });
    expectError(await answer(r.owner, { case_id: r.caseId, answer: 'dispute', content: '我没有改过密码，租客在说谎' }), 409, MSG_LOGIN_FAILURE_ANSWERED);
    await expectLedgerHolds();
  });

  it('the owner answers after 2 hours: 409; a dispute without a statement: 400', async () => {
    const r = await reported();
    expectError(await answer(r.owner, { case_id: r.caseId, answer: 'dispute' }), 400, /申诉说明/);
    await db.update(loginFailureCases).set({ createdAt: new Date(Date.now() - 2 * HOUR - MIN) }).where(eq(loginFailureCases.id, r.caseId));
    expectError(await answer(r.owner, { case_id: r.caseId, answer: 'fixed' }), 409, MSG_LOGIN_FAILURE_ANSWER_LATE);
  });

  it('the owner disputes: the complaint opens in the queue, the ordinary decide refuses it, an operator upholds it', async () => {
    const r = await reported();
    const disputed = expectOk(await answer(r.owner, { case_id: r.caseId, answer: 'dispute', content: '账号密码正确，附登录截图为证' }));
    expect(disputed).toMatchObject({ status: 1, login_failure: { status: 'disputed' } });
    const queue = expectOk(await callRoute<OpsComplaintsPage>(queueRoute as APIRoute, `/api/v1/ops/complaints?status=open&q=${r.orderNo}`, { cookie: agent }));
    expect(queue.list[0]).toMatchObject({ id: r.complaintId, type_name: '一键无法登录', login_failure_status_text: '号主申诉中，等待平台处理', outcome: 'penalize' });
    const detail = expectOk(await callRoute<OpsComplaintDetail>(detailRoute as APIRoute, `/api/v1/ops/complaints/detail?id=${r.complaintId}`, { cookie: agent }));
    expect(detail.login_failure).toMatchObject({ case_id: r.caseId, can_uphold: true, can_reverse: true, compensation_fen: 400 });
    expect(detail.decision?.operator.display_name).toContain('系统');
    expectError(
      await callRoute(decideRoute as APIRoute, '/api/v1/ops/complaints/decide', { method: 'POST', body: { complaint_id: r.complaintId, outcome: 'reject', text: '证据不足，驳回投诉' }, cookie: agent, ip: '10.2.3.4' }),
      409,
      MSG_LOGIN_FAILURE_USE_CASE,
    );
    const upheld = expectOk(await resolve({ complaint_id: r.complaintId, action: 'uphold', reason: '截图无法证明租期内可登录，维持判定' }));
    expect(upheld).toMatchObject({ status: 'upheld', can_uphold: false, can_reverse: true });
    const [complaint] = await db.select().from(complaints).where(eq(complaints.id, r.complaintId));
    expect(complaint!.status).toBe(2);
    expectError(await resolve({ complaint_id: r.complaintId, action: 'uphold', reason: '再次维持判定，理由同上' }), 409, MSG_LOGIN_FAILURE_NOT_DISPUTED);
    await expectLedgerHolds();
  });

  it("an operator reverses: the owner gets the compensation back, the renter's compensation comes back from the balance, the refund stays, the ledger balances", async () => {
    const r = await reported(10_000);
    const renterBefore = (await readWallet(db, r.renter)).balanceFen;
    const ownerBefore = (await readWallet(db, r.owner)).balanceFen;
    expect(ownerBefore).toBe(10_000 - 400);
    const reversed = expectOk(await resolve({ complaint_id: r.complaintId, action: 'reverse', reason: '号主提供的视频证明账号可正常登录' }));
    expect(reversed).toMatchObject({ status: 'reversed', compensation_back_fen: 400, owner_returned_fen: 400, can_reverse: false });
    expect((await readWallet(db, r.owner)).balanceFen).toBe(10_000);
    expect((await readWallet(db, r.renter)).balanceFen).toBe(renterBefore - 400);
    expect(await db.select().from(ownerCharges).where(eq(ownerCharges.orderId, r.orderId))).toHaveLength(0);
    // The rental's refund is not touched.
    const [order] = await db.select().from(orders).where(eq(orders.id, r.orderId));
    expect(order).toMatchObject({ status: 5, refundFen: 2_000, depositReturnedFen: 500 });
    const [listing] = await db.select().from(listings).where(eq(listings.id, r.listingId));
    expect(listing).toMatchObject({ isListed: true, holdReason: null });
    expect(await expectLoginFailuresRecount(r.listingId)).toBe(0);
    expectError(await resolve({ complaint_id: r.complaintId, action: 'reverse', reason: '重复撤销测试一下' }), 409, MSG_LOGIN_FAILURE_REVERSED);
    await expectLedgerHolds();
  });

  it("a reversal with the owner's charge not collected and the renter's balance spent: nothing goes below zero, the ledger balances", async () => {
    const r = await reported(0);
    const [charge] = await db.select().from(ownerCharges).where(eq(ownerCharges.orderId, r.orderId));
    expect(charge).toMatchObject({ amountFen: 400, collectedFen: 0 });
    // The renter spends all but 1 yuan.
    const balance = (await readWallet(db, r.renter)).balanceFen;
    await db.transaction((tx) => changeBalance(tx, { userId: r.renter, kind: 'ops_adjust', amountFen: -(balance - 100), refNo: `lf-spend-${driver}-${r.caseId}` }));
    const reversed = expectOk(await resolve({ complaint_id: r.complaintId, action: 'reverse', reason: '号主证据确凿，撤销判定' }));
    expect(reversed).toMatchObject({ compensation_back_fen: 100, owner_returned_fen: 0 });
    expect((await readWallet(db, r.renter)).balanceFen).toBe(0);
    expect((await readWallet(db, r.owner)).balanceFen).toBe(0);
    await expectLedgerHolds();
  });

  it("two reports reversed within 30 days withdraw the renter's button (not offered, 403)", async () => {
    const renter = await freshUser('abuser', 200_000);
    for (let i = 0; i < 2; i += 1) {
      const r = await reported(0, renter);
      expectOk(await resolve({ complaint_id: r.complaintId, action: 'reverse', reason: '号主证据显示账号可正常登录' }));
    }
    const listing = await ownerWithListing();
    const third = await rent(listing, new Date(Date.now() - 5 * MIN), 1, renter);
    await reveal(third, new Date(Date.now() - MIN));
    // The card no longer offers it; the endpoint refuses it.
    expect((await getOwnOrderView(db, renter, third.orderNo, new Date())).actions.can_report_login_failure).toBe(false);
    expectError(await report(renter, third.orderNo), 403, MSG_LOGIN_FAILURE_WITHDRAWN);
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, third.orderId));
    expect(order!.status).toBe(3);
    await expectLedgerHolds();
  });
});
