/**
 * Issue 14 collector endpoints (spec §7 activity, user-activity, upload-convert-data): bad input,
 * the 64 KB cap (413 before parsing), the per-IP rate limit, the buffered writer (many requests in
 * one INSERT, answered only once stored) and the conversion stored once per account. On PGlite
 * and, when DATABASE_URL_TEST is set, on PostgreSQL.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { COLLECTOR_BODY_MAX_BYTES, COLLECTOR_REQUESTS_PER_IP_PER_MINUTE, CONVERSION_TYPE } from '~/features/analytics/constants';
import type { Db } from '~/platform/db/client';
import { channelConversions, pageViews, rateLimitCounters, users } from '~/platform/db/schema';
import { ActivityWriter, MSG_CONVERSION_NO_CHANNEL, MSG_CONVERSION_NOT_NEW, activityWriterFor, countConversionsByChannel, flushActivityWriters } from '~/features/analytics/server/analytics';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { POST as activityRoute, ALL as activityOther } from '~/pages/api/v1/collector/activity';
import { POST as userActivityRoute } from '~/pages/api/v1/collector/userActivity';
import { POST as convertRoute, ALL as convertOther } from '~/pages/api/v1/collector/uploadConvertData';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const SESSION = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const report = {
  kind: 'activity',
  name: 'zuhao',
  title: '租号大厅',
  time: 60,
  pageTools: { action: 'interval' },
  userId: 123,
  sem: 'toutiao',
  prevPage: null,
  agent: 'forged',
  path: '/zuhao.html',
  sessionId: SESSION,
};
const click = { kind: 'click', action: 'game_tile', value: { gameId: 3, gameName: '三角洲行动' }, isJump: true, time: 2, path: '/', sessionId: SESSION };
const LANDING = 'https://zu.example/?a=toutiao&b=net1&c=u9&bd_vid=BD123&sourceid=s1';

describe.each(TEST_DRIVERS)('collector on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip }, (opened) => {
    db = opened;
  });

  beforeEach(async () => {
    if (skip) return;
    await db.delete(pageViews);
    await db.delete(channelConversions);
    await db.delete(rateLimitCounters);
  });

  async function newUser(name: string, createdAt = new Date()): Promise<{ id: number; token: string }> {
    const id = (await createUser(db, { username: name, nickname: name }, createdAt))!;
    const { token } = await issueToken(db, id, { now: new Date() });
    return { id, token };
  }

  describe.skipIf(skip)('POST collector/activity and userActivity', () => {
    it('stores an activity report of the spec shape: pageTools becomes action, time kept, user from the token', async () => {
      const { id: userId, token } = await newUser('act_user');
      const result = await callRoute(activityRoute, '/api/v1/collector/activity', {
        method: 'POST',
        body: report,
        authorization: `Bearer ${token}`,
        headers: { 'user-agent': 'UA-1' },
      });
      const { id } = expectOk(result) as { id: number };
      const [row] = await db.select().from(pageViews).where(eq(pageViews.id, id));
      expect(row).toMatchObject({ kind: 'activity', name: 'zuhao', action: 'interval', value: { time: 60 }, userId, agent: 'UA-1', sem: 'toutiao' });
    });

    it('a visitor (no token, or a dead one) is stored with no user', async () => {
      const result = await callRoute(activityRoute, '/api/v1/collector/activity', { method: 'POST', body: report, authorization: 'Bearer nope' });
      expectOk(result);
      const [row] = await db.select().from(pageViews);
      expect(row!.userId).toBeNull();
    });

    it('a click batch from the queue is stored in one call, ids in order', async () => {
      const batch = [click, { ...click, time: 5, now: 1_764_460_800_000 }, { ...click, action: 'rent_button', value: { productId: 9, productName: '号' }, isJump: false }];
      const { ids } = expectOk(await callRoute(activityRoute, '/api/v1/collector/activity', { method: 'POST', body: batch })) as { ids: number[] };
      const rows = await db.select().from(pageViews).orderBy(asc(pageViews.id));
      expect(rows.map((r) => r.id)).toEqual(ids);
      expect(rows.map((r) => r.action)).toEqual(['game_tile', 'game_tile', 'rent_button']);
      // spec §3 click record: the click's own clock is kept beside isJump and time.
      expect(rows[1]!.value).toEqual({ gameId: 3, gameName: '三角洲行动', isJump: true, time: 5, now: 1_764_460_800_000 });
      expect(rows[0]!.value).not.toHaveProperty('now');
    });

    it.each<[string, unknown, number, RegExp]>([
      ['an unknown kind', { ...report, kind: 'purchase' }, 400, /kind/],
      ['a path that is not absolute', { ...report, path: 'zuhao' }, 400, /path/],
      ['a click now that is not whole milliseconds', { ...click, now: 1.5 }, 400, /now/],
      ['a negative time', { ...report, time: -1 }, 400, /time/],
      ['a huge time', { ...report, time: 1e300 }, 400, /time/],
      ['pageTools.action too long', { ...report, pageTools: { action: 'x'.repeat(65) } }, 400, /pageTools\.action/],
      ['a NUL in the title', { ...report, title: 'a\u0000b' }, 400, /./],
      ['a string body', 'hello', 400, /./],
      ['an empty batch', [], 400, /./],
      ['a batch of 21', Array.from({ length: 21 }, () => click), 400, /./],
    ])('refuses %s with a Chinese 4xx and stores nothing', async (_label, body, status, msg) => {
      const result = await callRoute(activityRoute, '/api/v1/collector/activity', { method: 'POST', body });
      expect(result.status).toBe(status);
      expect(result.body.code).toBe(1);
      expect(result.body.msg).toMatch(msg);
      expect(result.body.msg).toMatch(/[\u4e00-\u9fff]/);
      expect(await db.$count(pageViews)).toBe(0);
    });

    it('a GET is 405 with the envelope', async () => {
      const result = await callRoute(activityOther, '/api/v1/collector/activity', { method: 'GET' });
      expect(result.status).toBe(405);
      expect(result.body.msg).toBe('不支持该请求方法');
    });

    it('a body over 64 KB is 413 by its declared length, before it is read', async () => {
      const big = JSON.stringify({ ...report, title: 'x'.repeat(COLLECTOR_BODY_MAX_BYTES) });
      const result = await callRoute(activityRoute, '/api/v1/collector/activity', { method: 'POST', text: big, headers: { 'content-length': String(big.length) } });
      expectError(result, 413, '请求体过大');
      expect(await db.$count(pageViews)).toBe(0);
    });

    it('a body over 64 KB with no declared length is cut off at the cap (413)', async () => {
      const chunks = [new TextEncoder().encode('['), new TextEncoder().encode('"x",'.repeat(COLLECTOR_BODY_MAX_BYTES / 2))];
      const stream = new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      const request = new Request('http://localhost/api/v1/collector/activity', {
        method: 'POST',
        body: stream,
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit);
      const response = await activityRoute({ request, url: new URL(request.url), params: {}, locals: { db } } as never);
      expect(response.status).toBe(413);
    });

    it('the IP past its minute gets 429 with Retry-After; another IP is not affected', async () => {
      await db.insert(rateLimitCounters).values({
        bucket: 'collector:ip:203.0.113.9',
        count: COLLECTOR_REQUESTS_PER_IP_PER_MINUTE,
        windowEndsAt: new Date(Date.now() + 30_000),
      });
      const refused = await callRoute(activityRoute, '/api/v1/collector/activity', { method: 'POST', body: report, ip: '203.0.113.9' });
      expectError(refused, 429, '请求过于频繁，请稍后再试');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expectOk(await callRoute(activityRoute, '/api/v1/collector/activity', { method: 'POST', body: report, ip: '203.0.113.10' }));
      expect(await db.$count(pageViews)).toBe(1);
    });

    it('the rate limit counts every call of the IP (the limit-th passes, the next does not)', async () => {
      await db.insert(rateLimitCounters).values({
        bucket: 'collector:ip:198.51.100.1',
        count: COLLECTOR_REQUESTS_PER_IP_PER_MINUTE - 1,
        windowEndsAt: new Date(Date.now() + 30_000),
      });
      expectOk(await callRoute(userActivityRoute, '/api/v1/collector/userActivity', { method: 'POST', body: [report], ip: '198.51.100.1' }));
      expect((await callRoute(userActivityRoute, '/api/v1/collector/userActivity', { method: 'POST', body: [report], ip: '198.51.100.1' })).status).toBe(429);
    });

    it('userActivity stores the pending batch; a record without a kind is an activity report', async () => {
      const { kind: _k, ...noKind } = report;
      const { ids } = expectOk(
        await callRoute(userActivityRoute, '/api/v1/collector/userActivity', { method: 'POST', body: [noKind, { ...report, time: 300, pageTools: { action: 'hidden' } }] }),
      ) as { ids: number[] };
      expect(ids).toHaveLength(2);
      const rows = await db.select().from(pageViews).orderBy(asc(pageViews.id));
      expect(rows.map((r) => [r.kind, r.action])).toEqual([
        ['activity', 'interval'],
        ['activity', 'hidden'],
      ]);
    });

    it('userActivity refuses one record that is not a batch', async () => {
      const result = await callRoute(userActivityRoute, '/api/v1/collector/userActivity', { method: 'POST', body: report });
      expect(result.status).toBe(400);
    });

    it('concurrent requests share one INSERT and each is answered with its own ids once stored', async () => {
      const writer = activityWriterFor(db);
      const before = writer.inserts;
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          callRoute(activityRoute, '/api/v1/collector/activity', { method: 'POST', body: { ...click, time: i } }),
        ),
      );
      const ids = results.map((r) => (expectOk(r) as { id: number }).id);
      expect(new Set(ids).size).toBe(12);
      // Answered means stored: every id is already in the table.
      const rows = await db.select({ id: pageViews.id, value: pageViews.value }).from(pageViews);
      expect(rows).toHaveLength(12);
      for (const [i, id] of ids.entries()) expect(rows.find((r) => r.id === id)!.value).toMatchObject({ time: i });
      expect(writer.inserts - before).toBeLessThan(12);
    });
  });

  describe.skipIf(skip)('ActivityWriter', () => {
    const row = (path: string, userId: number | null = null) => ({ kind: 'pageview', path, userId });

    it('flushes at maxRows without waiting for the timer', async () => {
      const writer = new ActivityWriter(db, { flushMs: 60_000, maxRows: 3 });
      const started = Date.now();
      const [a, b] = await Promise.all([writer.write([row('/a'), row('/b')]), writer.write([row('/c')])]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(a).toHaveLength(2);
      expect(b).toHaveLength(1);
      expect(writer.inserts).toBe(1);
    });

    it('flush() commits what waits (the shutdown path) and a failing request does not fail the others', async () => {
      const writer = new ActivityWriter(db, { flushMs: 60_000, maxRows: 1_000 });
      const good = writer.write([row('/ok')]);
      const bad = writer.write([row('/bad', 2_000_000_000)]); // no such user: foreign key refused
      const settled = Promise.allSettled([good, bad]);
      await writer.flush();
      const [okResult, badResult] = await settled;
      expect(okResult.status).toBe('fulfilled');
      expect(badResult.status).toBe('rejected');
      expect((await db.select({ path: pageViews.path }).from(pageViews)).map((r) => r.path)).toEqual(['/ok']);
    });

    it('flushActivityWriters commits rows still queued in the shared writer', async () => {
      const pending = activityWriterFor(db).write([row('/shutdown')]);
      await flushActivityWriters();
      await pending;
      expect(await db.$count(pageViews, eq(pageViews.path, '/shutdown'))).toBe(1);
    });
  });

  describe.skipIf(skip)('POST collector/uploadConvertData', () => {
    const convert = (body: unknown, authorization?: string) =>
      callRoute(convertRoute, '/api/v1/collector/uploadConvertData', { method: 'POST', body, ...(authorization ? { authorization } : {}) });

    it('stores the conversion of a new account from a channel once: a repeat answers ok, counted false', async () => {
      const { id, token } = await newUser('conv_new');
      const body = { token, conversion_type: CONVERSION_TYPE, landing_url: LANDING, channel: 'toutiao', net_id: 'net1', uid: 'u9', bd_vid: 'BD123' };
      expect(expectOk(await convert(body))).toEqual({ counted: true });
      expect(expectOk(await convert(body))).toEqual({ counted: false });
      const rows = await db.select().from(channelConversions);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: id, conversionType: 6, channel: 'toutiao', netId: 'net1', uid: 'u9', bdVid: 'BD123', sourceId: 's1', landingUrl: LANDING });
      expect(await countConversionsByChannel(db, new Date(0))).toEqual([{ channel: 'toutiao', count: 1 }]);
    });

    it('two conversions of one account at the same moment store one row', async () => {
      const { token } = await newUser('conv_race');
      const body = { token, conversion_type: 6, landing_url: 'https://zu.example/?qhclickid=Q7' };
      const results = await Promise.all([convert(body), convert(body), convert(body)]);
      const counted = results.map((r) => (expectOk(r) as { counted: boolean }).counted);
      expect(counted.filter(Boolean)).toHaveLength(1);
      expect(await db.$count(channelConversions)).toBe(1);
      expect((await db.select().from(channelConversions))[0]!.qhclickid).toBe('Q7');
    });

    it('takes the Bearer token when the body has none', async () => {
      const { token } = await newUser('conv_bearer');
      expect(expectOk(await convert({ conversion_type: 6, landing_url: LANDING }, `Bearer ${token}`))).toEqual({ counted: true });
    });

    it('no token, or a dead one, is 401 and stores nothing', async () => {
      expectUnauthorized(await convert({ conversion_type: 6, landing_url: LANDING }));
      expectUnauthorized(await convert({ token: 'x'.repeat(43), conversion_type: 6, landing_url: LANDING }));
      expect(await db.$count(channelConversions)).toBe(0);
    });

    it('an account registered more than a day ago does not count (409)', async () => {
      const { token } = await newUser('conv_old', new Date(Date.now() - 25 * 3_600_000));
      expectError(await convert({ token, conversion_type: 6, landing_url: LANDING }), 409, MSG_CONVERSION_NOT_NEW);
    });

    it('a deregistered account does not count (409)', async () => {
      const { id, token } = await newUser('conv_gone');
      await db.update(users).set({ status: 'deleted' }).where(eq(users.id, id));
      const result = await convert({ token, conversion_type: 6, landing_url: LANDING });
      expect([401, 409]).toContain(result.status);
      expect(await db.$count(channelConversions)).toBe(0);
    });

    it('a visit from no channel does not count (400)', async () => {
      const { token } = await newUser('conv_plain');
      expectError(await convert({ token, conversion_type: 6, landing_url: 'https://zu.example/register' }), 400, MSG_CONVERSION_NO_CHANNEL);
    });

    it.each<[string, Record<string, unknown>, RegExp]>([
      ['another conversion type', { conversion_type: 5 }, /转化类型应为 6/],
      ['a type as a string', { conversion_type: '6' }, /转化类型/],
      ['a landing URL that is not http(s)', { landing_url: 'javascript:alert(1)' }, /landing_url/],
      ['a landing URL over 2048 characters', { landing_url: `https://zu.example/?a=x&p=${'y'.repeat(2100)}` }, /landing_url/],
      ['a channel with markup', { channel: '<b>' }, /channel/],
      ['a NUL byte', { channel: 'a\u0000' }, /./],
    ])('refuses %s with 400', async (_label, override, msg) => {
      const { token } = await newUser(`conv_bad_${Math.random().toString(36).slice(2, 8)}`);
      const result = await convert({ token, conversion_type: 6, landing_url: LANDING, ...override });
      expect(result.status).toBe(400);
      expect(result.body.msg).toMatch(msg);
      expect(await db.$count(channelConversions)).toBe(0);
    });

    it('GET is 405', async () => {
      expect((await callRoute(convertOther, '/api/v1/collector/uploadConvertData')).status).toBe(405);
    });
  });
});
