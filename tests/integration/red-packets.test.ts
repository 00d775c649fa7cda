/**
 * Red envelopes (spec §3 couponsInfo, §4 new-user red envelopes, §7 "GET my red packets", §9 page
 * size 100): every way of making an account gives the welcome set, and GET account/redPackets
 * lists one user's envelopes with the status and canUse filters, on the demo seed, an in-memory
 * PGlite and, when DATABASE_URL_TEST is set, a fresh PostgreSQL.
 */
import { constants, createHash, publicEncrypt } from 'node:crypto';
import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MS_PER_DAY } from '~/platform/config/constants';
import { couponFromInfo } from '~/features/orders/rules/coupon';
import type { RedPacket, RedPacketPage } from '~/features/wallet/red-packets-store';
import type { Db } from '~/platform/db/client';
import { DEMO_RED_PACKETS, DEMO_USERS, seedDemoData } from '~/app/seed/demo';
import { qrSessions, redPackets, users, verificationCodes } from '~/platform/db/schema';
import { confirmSandbox, createQrSession } from '~/features/sign-in/server/qr-login';
import { grantRedPackets, NEW_USER_RED_PACKETS } from '~/features/wallet/server/red-packets';
import { computeRequestSignature, type SignChallenge } from '~/features/sign-in/server/request-signing';
import type { SignInAnswer } from '~/features/sign-in/server/sign-in';
import { issueToken } from '~/features/sign-in/server/tokens';
import { signInUserByMobile } from '~/features/sign-in/server/phone-sign-in';
import { createUser } from '~/features/account/server/users';
import { GET as getSignRoute } from '~/pages/api/v1/common/getSign';
import { POST as registerRoute } from '~/pages/api/v1/common/register';
import { GET as redPacketsRoute, ALL as redPacketsOther } from '~/pages/api/v1/account/redPackets';
import { TEST_DRIVERS } from './drivers';
import { callRoute, type CallOptions, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';


let serial = 0;
const freshIp = (): string => `203.0.${Math.floor((serial += 1) / 250)}.${(serial % 250) + 1}`;
const freshPhone = (): string => `137${String(20_000_000 + (serial += 1)).padStart(8, '0')}`;

/** From a fresh address each call, as user agent vitest. */
const call = <T = unknown>(route: APIRoute, path: string, options: CallOptions = {}): Promise<CallResult<T>> =>
  callRoute<T>(route, path, { ...options, headers: { 'user-agent': 'vitest', ...options.headers }, ip: freshIp() });

const listPath = (query: Record<string, string | number> = {}): string =>
  `/api/v1/account/redPackets?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`;

/** A fixed envelope of `fen` off, for the filter tests. */
const fixed = (name: string, fen = 100) => ({ name, type: 2 as const, minOrderAmountFen: 0, discountAmountFen: fen });

describe.each(TEST_DRIVERS)('red envelopes on $label', ({ driver, skip }) => {
  let db: Db;

  async function userIdOf(username: string): Promise<number> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!row) throw new Error(`user ${username} missing`);
    return row.id;
  }

  async function bearerFor(userId: number): Promise<string> {
    const { token } = await issueToken(db, userId, { now: new Date() });
    return `Bearer ${token}`;
  }

  async function list(userId: number, query: Record<string, string | number> = {}): Promise<CallResult<RedPacketPage>> {
    return call<RedPacketPage>(redPacketsRoute, listPath(query), { headers: { authorization: await bearerFor(userId) } });
  }

  /** A user made the one way accounts are made, with a name nobody has. */
  async function freshUser(): Promise<number> {
    const id = await db.transaction((tx) => createUser(tx, { username: `rp_${(serial += 1)}`, nickname: '红包测试' }, new Date()));
    if (id === null) throw new Error('username taken');
    return id;
  }

  async function envelopesOf(userId: number) {
    return db.select().from(redPackets).where(eq(redPackets.userId, userId)).orderBy(redPackets.id);
  }

  function expectWelcomeSet(rows: Awaited<ReturnType<typeof envelopesOf>>, now: Date): void {
    expect(rows.map((row) => row.name)).toEqual(['新人红包·满10减3', '新人红包·9折券', '新人红包·满30减8']);
    expect(rows.map((row) => [row.type, row.minOrderAmountFen, row.discountAmountFen, row.discountPercentage, row.maxDiscountAmountFen])).toEqual([
      [2, 1000, 300, null, null],
      [1, 0, null, 90, 500],
      [2, 3000, 800, null, null],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 1, source: 'new_user', usedAt: null });
      // Valid 30 days from the moment the account was made.
      expect(row.expiresAt.getTime() - row.receivedAt.getTime()).toBe(30 * MS_PER_DAY);
      expect(Math.abs(row.receivedAt.getTime() - now.getTime())).toBeLessThan(60_000);
    }
  }

  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });

  // ------------------------------------------------------------------------------------------
  // the welcome set (spec §4)

  it.skipIf(skip)('a registered user gets exactly the 3 welcome envelopes', async () => {
    const mobile = freshPhone();
    const code = '864209';
    const now = new Date();
    await db.insert(verificationCodes).values({
      channel: 'sms',
      recipient: mobile,
      action: 'register',
      codeHash: createHash('sha256').update(`${mobile}:register:${code}`, 'utf8').digest('hex'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 300_000),
    });
    const challenge = (await call<SignChallenge>(getSignRoute, '/api/v1/common/getSign')).body.data;
    const password = publicEncrypt(
      { key: challenge.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify({ password: 'red_packet_2024', challenge: challenge.nonce_str, ts: challenge.timestamp }), 'utf8'),
    ).toString('base64');
    const text = JSON.stringify({ mobile, password, code, fingerprint: 'fp' });
    const registered = await call<SignInAnswer>(registerRoute, '/api/v1/common/register', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': String(challenge.timestamp),
        'x-nonce-str': challenge.nonce_str,
        'x-sign': computeRequestSignature(challenge.sign, challenge.timestamp, challenge.nonce_str, text),
      },
      text,
    });
    expect(registered.status).toBe(200);
    expect(registered.body.data.is_new_user).toBe(true);
    expectWelcomeSet(await envelopesOf(registered.body.data.user.id), now);

    // What the browser loads right after (spec §7 parameters) are those three, usable.
    const usable = await call<RedPacketPage>(redPacketsRoute, listPath({ status: 1, canUse: '1', page: 1, page_size: 100 }), {
      headers: { authorization: `Bearer ${registered.body.data.token.token}` },
    });
    expect(usable.status).toBe(200);
    expect(usable.body.data.total).toBe(3);
    expect(usable.body.data.list.every((packet) => packet.status === 1)).toBe(true);
  });

  it.skipIf(skip)('a new phone signing in by SMS gets the 3 welcome envelopes, once', async () => {
    const mobile = freshPhone();
    const now = new Date();
    const first = await signInUserByMobile(db, mobile, now);
    expect(first.isNewUser).toBe(true);
    expectWelcomeSet(await envelopesOf(first.userId), now);

    const again = await signInUserByMobile(db, mobile, new Date());
    expect(again).toEqual({ userId: first.userId, isNewUser: false });
    expect(await envelopesOf(first.userId)).toHaveLength(3);
  });

  it.skipIf(skip)('a first-time WeChat identity (QR new) gets the 3 welcome envelopes; the demo identity gets none', async () => {
    const now = new Date();
    const session = await createQrSession(db, { platform: 'wechat', origin: 'https://a.example' }, now);
    await confirmSandbox(db, { scanCode: session.scanCode, identity: 'new' }, now);
    const [row] = await db.select({ userId: qrSessions.userId }).from(qrSessions).where(eq(qrSessions.id, session.id));
    expectWelcomeSet(await envelopesOf(row!.userId!), now);

    const renterId = await userIdOf(DEMO_USERS.renter.username);
    const before = (await envelopesOf(renterId)).length;
    const demo = await createQrSession(db, { platform: 'qq', origin: 'https://a.example', fingerprint: 'fp' }, now);
    await confirmSandbox(db, { scanCode: demo.scanCode, identity: 'demo' }, now);
    expect(await envelopesOf(renterId)).toHaveLength(before);
  });

  it.skipIf(skip)('a username already taken makes no account and gives nothing', async () => {
    const taken = await db.transaction((tx) => createUser(tx, { username: DEMO_USERS.owner1.username, nickname: 'x' }, new Date()));
    expect(taken).toBeNull();
    expect(await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERS.owner1.username))).toHaveLength(1);
  });

  // ------------------------------------------------------------------------------------------
  // GET account/redPackets

  it.skipIf(skip)('couponsInfo is in yuan strings that convert back through couponFromInfo to the same fen', async () => {
    const userId = await freshUser();
    const { body } = await list(userId);
    const byName = new Map(body.data.list.map((packet) => [packet.name, packet]));
    expect(byName.get('新人红包·满10减3')!.couponsInfo).toEqual({
      id: byName.get('新人红包·满10减3')!.id,
      type: 2,
      min_order_amount: '10.00',
      discount_percentage: null,
      max_discount_amount: null,
      discount_amount: '3.00',
    });
    expect(byName.get('新人红包·9折券')!.couponsInfo).toMatchObject({ type: 1, min_order_amount: '0.00', discount_percentage: 90, max_discount_amount: '5.00', discount_amount: null });

    const rows = await envelopesOf(userId);
    for (const row of rows) {
      const packet = body.data.list.find((item) => item.id === row.id)!;
      expect(couponFromInfo(packet.couponsInfo)).toEqual({
        id: row.id,
        type: row.type,
        min_order_amount_fen: row.minOrderAmountFen,
        discount_percentage: row.discountPercentage,
        max_discount_amount_fen: row.maxDiscountAmountFen,
        discount_amount_fen: row.discountAmountFen,
      });
      expect(packet.received_at).toBe(row.receivedAt.toISOString());
      expect(packet.expires_at).toBe(row.expiresAt.toISOString());
    }
  });

  it.skipIf(skip)('status 1 / 2 / 3 and canUse filter usable, used and expired envelopes; expiry is derived at expires_at', async () => {
    const userId = await freshUser();
    await db.delete(redPackets).where(eq(redPackets.userId, userId));
    const now = Date.now();
    const day = (n: number): Date => new Date(now + n * MS_PER_DAY);
    await grantRedPackets(db, userId, [fixed('soon')], { source: 'test', receivedAt: day(-1), expiresAt: day(2) });
    await grantRedPackets(db, userId, [fixed('later')], { source: 'test', receivedAt: day(-3), expiresAt: day(9) });
    await grantRedPackets(db, userId, [fixed('used')], { source: 'test', receivedAt: day(-2), expiresAt: day(5), status: 2 });
    await grantRedPackets(db, userId, [fixed('expired')], { source: 'test', receivedAt: day(-20), expiresAt: day(-1) });
    // Expires this very second: at expires_at it is no longer usable.
    await grantRedPackets(db, userId, [fixed('at the edge')], { source: 'test', receivedAt: day(-5), expiresAt: new Date(now - 1) });

    const names = async (query: Record<string, string | number>): Promise<string[]> => {
      const result = await list(userId, query);
      expect(result.status).toBe(200);
      expect(result.body.data.total).toBe(result.body.data.list.length);
      return result.body.data.list.map((packet) => packet.name);
    };

    // Usable ones soonest to expire first.
    expect(await names({ status: 1 })).toEqual(['soon', 'later']);
    expect(await names({ canUse: '1' })).toEqual(['soon', 'later']);
    expect(await names({ status: 1, canUse: '1', page: 1, page_size: 100 })).toEqual(['soon', 'later']);
    expect(await names({ status: 2 })).toEqual(['used']);
    // Expired ones newest received first.
    expect(await names({ status: 3 })).toEqual(['at the edge', 'expired']);
    expect(await names({ canUse: '0' })).toEqual(['used', 'at the edge', 'expired']);
    expect(await names({ status: 1, canUse: '0' })).toEqual([]);
    // No filter: usable first (soonest expiry first), then the rest newest received first.
    expect(await names({})).toEqual(['soon', 'later', 'used', 'at the edge', 'expired']);

    const all = (await list(userId)).body.data.list;
    expect(Object.fromEntries(all.map((packet: RedPacket) => [packet.name, packet.status]))).toEqual({
      soon: 1,
      later: 1,
      used: 2,
      expired: 3,
      'at the edge': 3,
    });
    // Derived, never written: the row still says unused.
    const [edge] = await db.select().from(redPackets).where(eq(redPackets.name, 'at the edge'));
    expect(edge!.status).toBe(1);
  });

  it.skipIf(skip)('pages default to 1 and 100; page_size 100 is the most, 101 is a 400', async () => {
    const userId = await freshUser();
    const now = new Date();
    await grantRedPackets(db, userId, Array.from({ length: 102 }, (_, i) => fixed(`bulk ${i}`)), {
      source: 'test',
      receivedAt: now,
      expiresAt: new Date(now.getTime() + MS_PER_DAY),
    });

    const first = await list(userId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 105, page: 1, page_size: 100 });
    expect(first.body.data.list).toHaveLength(100);
    const second = await list(userId, { page: 2, page_size: 100 });
    expect(second.body.data.list).toHaveLength(5);
    expect(new Set([...first.body.data.list, ...second.body.data.list].map((packet) => packet.id)).size).toBe(105);
    expect((await list(userId, { page: 3, page_size: 2 })).body.data.list).toHaveLength(2);

    const refusedQueries: Record<string, string | number>[] = [{ page_size: 101 }, { page_size: 0 }, { page: 0 }, { status: 4 }, { canUse: '2' }, { page_size: 'ten' }];
    for (const query of refusedQueries) {
      const refused = await list(userId, query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.code).not.toBe(0);
    }
  });

  it.skipIf(skip)('without a token it is 401; only GET is allowed', async () => {
    const anonymous = await call(redPacketsRoute, listPath({ status: 1, canUse: '1' }));
    expect(anonymous.status).toBe(401);
    expect((await call(redPacketsRoute, listPath(), { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
    const post = await call(redPacketsOther, listPath(), { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it.skipIf(skip)("another user's envelopes are never listed", async () => {
    const alice = await freshUser();
    const bob = await freshUser();
    const aliceIds = new Set((await envelopesOf(alice)).map((row) => row.id));
    const queries: Record<string, string | number>[] = [{}, { status: 1 }, { status: 2 }, { status: 3 }, { canUse: '1' }, { canUse: '0' }];
    for (const query of queries) {
      const { body } = await list(bob, query);
      expect(body.data.list.some((packet) => aliceIds.has(packet.id))).toBe(false);
    }
    expect((await list(bob)).body.data.total).toBe(3);
  });

  // ------------------------------------------------------------------------------------------
  // the demo seed

  it.skipIf(skip)("renter01's demo set: a usable fixed and a usable percentage envelope, one used, one expired; seeding again adds none", async () => {
    const renterId = await userIdOf(DEMO_USERS.renter.username);
    const rows = (await envelopesOf(renterId)).filter((row) => row.source === 'demo');
    expect(rows.map((row) => row.name).sort()).toEqual(DEMO_RED_PACKETS.map((packet) => packet.name).sort());

    const { body } = await list(renterId);
    const demo = body.data.list.filter((packet) => rows.some((row) => row.id === packet.id));
    const usable = demo.filter((packet) => packet.status === 1);
    expect(usable.map((packet) => packet.couponsInfo.type).sort()).toEqual([1, 2]);
    expect(demo.filter((packet) => packet.status === 2)).toHaveLength(1);
    expect(demo.filter((packet) => packet.status === 3)).toHaveLength(1);

    const count = (await envelopesOf(renterId)).length;
    await seedDemoData(db);
    expect(await envelopesOf(renterId)).toHaveLength(count);
  });

  it.skipIf(skip)('the welcome set is what NEW_USER_RED_PACKETS says', () => {
    expect(NEW_USER_RED_PACKETS.map((grant) => grant.name)).toEqual(['新人红包·满10减3', '新人红包·9折券', '新人红包·满30减8']);
  });
});
