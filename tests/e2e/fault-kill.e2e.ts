/**
 * Fault test (issue 5): the server process is killed with SIGKILL in the middle of a burst of
 * payments, started again on the same database, and every client then repeats what it was doing
 * with the same Idempotency-Key, as a real client retries after a dropped connection. Afterwards
 * every order is paid exactly once, by exactly one channel, and every wallet's balance equals its
 * ledger's sum (and what the user put in minus what the user paid).
 *
 * The burst mixes the three ways money moves: wallet pays (one transaction), gateway pays (order →
 * sandbox trade → payer confirms → signed notify; the sandbox retries its notify after the restart)
 * and recharges through the gateway. It runs against the production build (dist/main.mjs, built
 * by the Playwright web server) on PostgreSQL (a fresh database on DATABASE_URL_TEST's server) and
 * on PGlite (a fresh data folder). No browser is involved.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { closeDatabase, openDatabase, type Db } from '../../src/platform/db/client';
import { seedDemoData } from '../../src/app/seed/demo';
import { idempotencyKeys, orders, payments, users, walletLedger } from '../../src/platform/db/schema';
import { createOrder } from '../../src/features/orders/server/orders';
import { issueToken } from '../../src/features/sign-in/server/tokens';
import { createUser } from '../../src/features/account/server/users';
import { changeBalance, ledgerSum, readWallet } from '../../src/features/wallet/server/wallet';
import { bookableListingIds } from '../integration/bookable-listings';

/** Playwright runs from the project root (where dist/ and drizzle/ are). */
const ROOT = process.cwd();
const BASE_PORT = Number(process.env['E2E_PORT'] ?? 4399);
const pgUrl = process.env['DATABASE_URL_TEST'];

const RENTERS = 16;
const CREDIT_FEN = 100_000;
const RECHARGE_FEN = 5_000;
/** The server is killed once this share of the burst's clients have finished. */
const KILL_AT_SHARE = 0.3;

type Channel = 'wallet' | 'alipay' | 'wechat';

/** One client's errand: pay an order (wallet or gateway), or recharge through a gateway. */
interface Errand {
  userId: number;
  token: string;
  key: string;
  kind: 'pay' | 'recharge';
  channel: Channel;
  /** The rental order to pay; for a recharge, learnt from the first answer that reaches the client. */
  orderNo: string | null;
}

// ---------------------------------------------------------------------------------------------
// the server process

interface Server {
  child: ChildProcess;
  origin: string;
  output: string[];
}

async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const output: string[] = [];
  // Only the target's own database: never one inherited from the shell.
  const { DATABASE_URL: _inherited, DATA_DIR: _inheritedDir, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/main.mjs')], {
    cwd: ROOT,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', APP_ENV: 'test', SEED_DEMO: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      const response = await fetch(`${origin}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return { child, origin, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer /api/v1/health within 90 s:\n${output.join('')}`);
}

function stopServer(server: Server, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });
}

// ---------------------------------------------------------------------------------------------
// the client

class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body}`);
  }
}

async function call<T>(origin: string, pathname: string, body: unknown, token?: string, key?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  const response = await fetch(`${origin}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiRefusal(response.status, text);
  return (JSON.parse(text) as { data: T }).data;
}

interface Checkout {
  order_no: string;
  pay_no: string;
}

/** What a client does for its errand, from the start: the same key every time, so a repeat is safe. */
async function runErrand(origin: string, errand: Errand): Promise<void> {
  if (errand.kind === 'recharge') {
    const checkout = await call<Checkout>(origin, '/api/v1/account/recharge', { amount: (RECHARGE_FEN / 100).toFixed(2), channel: errand.channel }, errand.token, errand.key);
    errand.orderNo = checkout.order_no;
    await call(origin, '/api/v1/sandbox/pay/confirm', { pay_no: checkout.pay_no });
    return;
  }
  const answer = await call<{ paid: boolean } & Partial<Checkout>>(origin, '/api/v1/order/pay', { order_no: errand.orderNo, channel: errand.channel }, errand.token, errand.key);
  if (!answer.paid) await call(origin, '/api/v1/sandbox/pay/confirm', { pay_no: answer.pay_no });
}

// ---------------------------------------------------------------------------------------------
// the scenario

interface Target {
  /** Server environment naming the database. */
  env: Record<string, string>;
  /** Opens the process-wide handle on the same database (PGlite: only while no server runs). */
  open(): Promise<Db>;
}

async function prepare(db: Db): Promise<Errand[]> {
  const now = new Date();
  const listingIds = await bookableListingIds(db, 3);
  expect(listingIds.length, 'bookable demo listings').toBeGreaterThanOrEqual(RENTERS * 2);
  const errands: Errand[] = [];
  const channels: Channel[] = ['wallet', 'alipay', 'wallet', 'wechat'];
  for (let i = 0; i < RENTERS; i += 1) {
    const userId = await db.transaction((tx) => createUser(tx, { username: `fault_${i}_${Date.now().toString(36)}`, nickname: '断电测试' }, now));
    if (userId === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true, realName: '测试' }).where(eq(users.id, userId));
    await db.transaction((tx) => changeBalance(tx, { userId, kind: 'demo_credit', amountFen: CREDIT_FEN, refNo: `fault-credit-${userId}` }));
    const { token } = await issueToken(db, userId, { now });
    // Two rental orders each (one by wallet, the other by wallet or a gateway) and, for every other renter, a recharge.
    for (const [n, channel] of [channels[0]!, channels[(i % 3) + 1]!].entries()) {
      const order = await createOrder(db, userId, { account_id: listingIds[i * 2 + n]!, option: 'hourly', hours: 3 }, null, now);
      errands.push({ userId, token, key: `fault-pay-${userId}-${n}`, kind: 'pay', channel, orderNo: order.order_no });
    }
    if (i % 2 === 0) errands.push({ userId, token, key: `fault-recharge-${userId}`, kind: 'recharge', channel: i % 4 === 0 ? 'alipay' : 'wechat', orderNo: null });
  }
  return errands;
}

/** Every order of the errands paid once by one channel; every wallet = its ledger = credit + recharges − wallet pays. */
async function verify(db: Db, errands: Errand[]): Promise<void> {
  const orderNos = errands.map((errand) => errand.orderNo!);
  const rows = await db.select().from(orders).where(inArray(orders.orderNo, orderNos));
  expect(rows).toHaveLength(errands.length);
  const userIds = [...new Set(errands.map((errand) => errand.userId))];
  const ledger = await db.select().from(walletLedger).where(inArray(walletLedger.userId, userIds));
  const paidPayments = await db
    .select({ orderId: payments.orderId, n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(inArray(payments.userId, userIds), eq(payments.status, 'paid')))
    .groupBy(payments.orderId);
  const paidByGateway = new Map(paidPayments.map((row) => [row.orderId, row.n]));

  expect(ledger.filter((row) => row.kind === 'pay_surplus'), 'money paid twice and sent back to the balance').toEqual([]);
  const expectedBalance = new Map(userIds.map((userId) => [userId, CREDIT_FEN]));
  for (const errand of errands) {
    const order = rows.find((row) => row.orderNo === errand.orderNo)!;
    expect(order.status, `order ${order.orderNo} (${errand.kind} by ${errand.channel}) paid`).toBe(3);
    expect(order.payChannel).toBe(errand.channel);
    const debits = ledger.filter((row) => row.refNo === order.orderNo && row.kind === 'order_pay');
    const credits = ledger.filter((row) => row.refNo === order.orderNo && row.kind === 'recharge');
    if (errand.channel === 'wallet') {
      expect(debits.map((row) => row.amountFen), `one wallet debit for ${order.orderNo}`).toEqual([-order.totalFen]);
      expect(paidByGateway.has(order.id)).toBe(false);
      expectedBalance.set(errand.userId, expectedBalance.get(errand.userId)! - order.totalFen);
    } else {
      expect(paidByGateway.get(order.id), `one paid gateway payment for ${order.orderNo}`).toBe(1);
      expect(debits).toEqual([]);
      if (errand.kind === 'recharge') {
        expect(credits.map((row) => row.amountFen), `one recharge credit for ${order.orderNo}`).toEqual([RECHARGE_FEN]);
        expectedBalance.set(errand.userId, expectedBalance.get(errand.userId)! + RECHARGE_FEN);
      }
    }
  }
  for (const userId of userIds) {
    const wallet = await readWallet(db, userId);
    expect(wallet.balanceFen, `user ${userId}: balance = ledger sum`).toBe(await ledgerSum(db, userId));
    expect(wallet.balanceFen, `user ${userId}: balance = credit + recharges − wallet pays`).toBe(expectedBalance.get(userId));
    expect(wallet.balanceFen).toBeGreaterThanOrEqual(0);
  }
  // A key is claimed in the transaction that does the work: none is left half-written by the kill.
  const pending = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(inArray(idempotencyKeys.userId, userIds), sql`${idempotencyKeys.response} @> '{"pending": true}'::jsonb`));
  expect(pending).toEqual([]);
}

async function killMidBurstAndRecover(target: Target, port: number): Promise<void> {
  const errands = await prepare(await target.open());
  await closeDatabase();

  // 1. The burst, with SIGKILL once KILL_AT_SHARE of the clients are done.
  let server = await startServer(port, target.env);
  let finished = 0;
  const kill = { sent: null as Promise<void> | null };
  const killAt = Math.ceil(errands.length * KILL_AT_SHARE);
  const outcomes = await Promise.allSettled(
    errands.map(async (errand, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * 7) % 120));
      await runErrand(server.origin, errand);
      finished += 1;
      if (finished >= killAt && !kill.sent) kill.sent = stopServer(server, 'SIGKILL');
    }),
  );
  await (kill.sent ?? stopServer(server, 'SIGKILL'));
  const done = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' && outcome.reason instanceof ApiRefusal ? [outcome.reason.message] : []));
  expect(refusals, 'answers the server gave before it died were all successes').toEqual([]);
  // The kill really fell inside the burst: some clients finished, others lost their connection.
  expect(done).toBeGreaterThanOrEqual(killAt);
  expect(done, 'clients cut off by the kill').toBeLessThan(errands.length);
  test.info().annotations.push({ type: 'burst', description: `${done} of ${errands.length} clients finished before SIGKILL` });

  // 2. Start again on the same database; every client repeats its errand with its key.
  server = await startServer(port, target.env);
  try {
    const repeats = await Promise.allSettled(errands.map((errand) => runErrand(server.origin, errand)));
    expect(repeats.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : [])), 'repeated errands').toEqual([]);

    // 3. Gateway notifies cut off by the kill are delivered again by the sandbox's retries (its
    //    delivery lease is 30 s and the money sweep runs every 30 s).
    await expect
      .poll(
        async () => {
          const states = await Promise.all(
            errands.map((errand) => call<{ order_status: number }>(server.origin, `/api/v1/order/info?order_no=${encodeURIComponent(errand.orderNo!)}`, undefined, errand.token)),
          );
          return states.filter((state) => state.order_status !== 3).length;
        },
        { message: 'orders still waiting for their payment', timeout: 100_000, intervals: [1_000] },
      )
      .toBe(0);
  } finally {
    await stopServer(server, 'SIGTERM');
  }

  // 4. The books.
  try {
    await verify(await target.open(), errands);
  } finally {
    await closeDatabase();
  }
}

test.describe('SIGKILL in the middle of a burst of payments', () => {
  test.setTimeout(240_000);
  // This process opens the database too (to prepare and to check the books): keep its log quiet.
  test.beforeAll(() => {
    process.env['LOG_LEVEL'] = 'warn';
  });

  test('PostgreSQL: every order paid once, every wallet balances', async () => {
    // Skipped only where no PostgreSQL server is named; .ci/run sets DATABASE_URL_TEST whenever the
    // machine's server answers, so CI always runs it.
    test.skip(!pgUrl, 'needs DATABASE_URL_TEST (a PostgreSQL server)');
    const name = `zuhao_fault_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const migrationsDir = path.join(ROOT, 'drizzle');
    try {
      await killMidBurstAndRecover(
        {
          env: { DATABASE_URL: databaseUrl },
          open: () => openDatabase({ databaseUrl, dataDir: '', migrationsDir }, seedDemoData),
        },
        BASE_PORT + 21,
      );
    } finally {
      await closeDatabase();
      const dropper = new pg.Client({ connectionString: pgUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    }
  });

  test('PGlite: the embedded database recovers from the kill with the same books', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zuhao-fault-'));
    const migrationsDir = path.join(ROOT, 'drizzle');
    try {
      await killMidBurstAndRecover(
        {
          env: { DATA_DIR: dataDir },
          open: () => openDatabase({ databaseUrl: null, dataDir, migrationsDir }, seedDemoData),
        },
        BASE_PORT + 22,
      );
    } finally {
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
