/**
 * 我的足迹 (issue 16; spec §7 account "footprints") through the endpoints, on the demo seed: a
 * signed-in view of the detail page (detail/accountState) records one row per listing per Shanghai
 * day, the list is newest first and paged, the user clears one or all, and housekeeping drops
 * rows past 90 days. Another user's footprint cannot be seen or deleted.
 */
import type { APIRoute } from 'astro';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MS_PER_DAY } from '~/platform/config/constants';
import { FOOTPRINT_KEEP_DAYS } from '~/features/account/constants';
import type { FootprintClearResult, FootprintPage } from '~/features/account/contract/footprints';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { footprints, listings, users } from '~/platform/db/schema';
import { MSG_FOOTPRINT_NOT_FOUND, recordFootprint } from '~/features/account/server/footprints';
import { runHousekeeping } from '~/app/jobs/housekeeping';
import { issueToken } from '~/features/sign-in/server/tokens';
import { GET as getAccountState } from '~/pages/api/v1/detail/accountState';
import { GET as getFootprints, ALL as footprintsOther } from '~/pages/api/v1/account/footprints';
import { POST as postDelete } from '~/pages/api/v1/account/footprintDelete';
import { POST as postClear } from '~/pages/api/v1/account/footprintClear';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized, type CallOptions, type CallResult } from './endpoint-call';
import { suiteContext } from './route-context';

const call = <T = unknown>(route: APIRoute, path: string, options: CallOptions = {}): Promise<CallResult<T>> =>
  callRoute<T>(route, path, { ...options, method: options.method ?? 'POST', headers: { 'content-type': 'application/json' } });

describe.each(TEST_DRIVERS)('footprints on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  let listed: number[];
  let serial = 0;

  async function freshUser(): Promise<{ id: number; auth: string }> {
    serial += 1;
    const [user] = await db.insert(users).values({ username: `footprint_${serial}`, nickname: `足迹测试${serial}` }).returning({ id: users.id });
    const { token } = await issueToken(db, user!.id, { now: new Date() });
    return { id: user!.id, auth: `Bearer ${token}` };
  }

  const list = async (auth: string, query = ''): Promise<FootprintPage> =>
    expectOk(await call<FootprintPage>(getFootprints, `/api/v1/account/footprints${query}`, { method: 'GET', authorization: auth }));
  const view = async (auth: string, id: number): Promise<void> => {
    expectOk(await call(getAccountState, `/api/v1/detail/accountState?account_id=${id}`, { method: 'GET', authorization: auth }));
  };

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    const rows = await db.select({ id: listings.id }).from(listings).where(eq(listings.isListed, true)).orderBy(asc(listings.id));
    listed = rows.map((row) => row.id);
  }, 300_000);

  afterAll(async () => {
    suiteContext.db = null;
    await testDb?.close();
  });

  it.skipIf(skip).each([
    ['GET account/footprints', getFootprints, '/api/v1/account/footprints', 'GET', undefined],
    ['POST account/footprintDelete', postDelete, '/api/v1/account/footprintDelete', 'POST', { id: 1 }],
    ['POST account/footprintClear', postClear, '/api/v1/account/footprintClear', 'POST', {}],
  ] as const)('%s without a token → 401', async (_label, route, path, method, body) => {
    expectUnauthorized(await call(route, path, { method, body }));
  });

  it.skipIf(skip)('a signed-in view records one footprint per account per day, newest first', async () => {
    const me = await freshUser();
    await view(me.auth, listed[0]!);
    await view(me.auth, listed[1]!);
    await view(me.auth, listed[0]!); // again the same day: still one row, now the newest
    const page = await list(me.auth);
    expect(page.total).toBe(2);
    expect(page.list.map((item) => item.listing.id)).toEqual([listed[0], listed[1]]);
    expect(page.list[0]!.viewed_day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await db.select().from(footprints).where(eq(footprints.userId, me.id))).toHaveLength(2);
  });

  it.skipIf(skip)('views on two Shanghai days are two rows; the day boundary is Shanghai midnight', async () => {
    const me = await freshUser();
    // 15:59 UTC is 23:59 in Shanghai; 16:01 UTC is 00:01 the next day.
    await recordFootprint(db, me.id, listed[2]!, new Date('2026-11-20T15:59:00Z'));
    await recordFootprint(db, me.id, listed[2]!, new Date('2026-11-20T16:01:00Z'));
    await recordFootprint(db, me.id, listed[2]!, new Date('2026-11-20T12:00:00Z')); // an older view arriving late moves nothing
    const rows = await db.select().from(footprints).where(eq(footprints.userId, me.id)).orderBy(asc(footprints.viewedDay));
    expect(rows.map((row) => [row.viewedDay, row.viewedAt.toISOString()])).toEqual([
      ['2026-11-20', '2026-11-20T15:59:00.000Z'],
      ['2026-11-21', '2026-11-20T16:01:00.000Z'],
    ]);
  });

  it.skipIf(skip)('pages, and refuses a bad page size', async () => {
    const me = await freshUser();
    for (const id of listed.slice(0, 5)) await view(me.auth, id);
    const second = await list(me.auth, '?page=2&page_size=2');
    expect(second).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(second.list.map((item) => item.listing.id)).toEqual([listed[2], listed[1]]);
    expect((await call(getFootprints, '/api/v1/account/footprints?page_size=51', { method: 'GET', authorization: me.auth })).status).toBe(400);
    expect((await call(footprintsOther, '/api/v1/account/footprints', { method: 'DELETE', authorization: me.auth })).status).toBe(405);
  });

  it.skipIf(skip)('deletes one (only the caller’s) and clears all', async () => {
    const me = await freshUser();
    const other = await freshUser();
    await view(me.auth, listed[3]!);
    await view(me.auth, listed[4]!);
    await view(other.auth, listed[3]!);
    const mine = await list(me.auth);
    const theirs = await list(other.auth);
    expect(theirs.total).toBe(1);
    // Another user's footprint is "not found", and stays.
    expectError(await call(postDelete, '/api/v1/account/footprintDelete', { authorization: me.auth, body: { id: theirs.list[0]!.id } }), 404, MSG_FOOTPRINT_NOT_FOUND);
    expect((await list(other.auth)).total).toBe(1);
    expect(expectOk(await call<FootprintClearResult>(postDelete, '/api/v1/account/footprintDelete', { authorization: me.auth, body: { id: mine.list[0]!.id } }))).toEqual({ deleted: 1 });
    expect((await list(me.auth)).list.map((item) => item.listing.id)).toEqual([listed[3]]);
    expect((await call(postDelete, '/api/v1/account/footprintDelete', { authorization: me.auth, body: { id: 'x' } })).status).toBe(400);
    expect(expectOk(await call<FootprintClearResult>(postClear, '/api/v1/account/footprintClear', { authorization: me.auth, body: {} }))).toEqual({ deleted: 1 });
    expect((await list(me.auth)).total).toBe(0);
    expect((await list(other.auth)).total).toBe(1);
  });

  it.skipIf(skip)('footprintClear reads no body, but a large one is refused with 413 (declared or streamed) and clears nothing', async () => {
    const me = await freshUser();
    await view(me.auth, listed[5]!);
    const big = JSON.stringify({ pad: 'x'.repeat(1_100_000) });
    const declared = await callRoute(postClear, '/api/v1/account/footprintClear', { method: 'POST', authorization: me.auth, text: big, headers: { 'content-type': 'application/json', 'content-length': String(big.length) } });
    expectError(declared, 413, '请求体过大');
    const streamed = await callRoute(postClear, '/api/v1/account/footprintClear', { method: 'POST', authorization: me.auth, text: big });
    expectError(streamed, 413, '请求体过大');
    expect((await list(me.auth)).total).toBe(1);
    // an empty body, or the `{}` clients send out of habit, is fine
    expect(expectOk(await callRoute<FootprintClearResult>(postClear, '/api/v1/account/footprintClear', { method: 'POST', authorization: me.auth }))).toEqual({ deleted: 1 });
  });

  it.skipIf(skip)('housekeeping drops footprints older than 90 days and the list hides them meanwhile', async () => {
    const me = await freshUser();
    const now = new Date();
    await recordFootprint(db, me.id, listed[5]!, new Date(now.getTime() - (FOOTPRINT_KEEP_DAYS + 1) * MS_PER_DAY));
    await recordFootprint(db, me.id, listed[6]!, new Date(now.getTime() - (FOOTPRINT_KEEP_DAYS - 1) * MS_PER_DAY));
    expect((await list(me.auth)).list.map((item) => item.listing.id)).toEqual([listed[6]]);
    expect(await db.select().from(footprints).where(eq(footprints.userId, me.id))).toHaveLength(2);
    await runHousekeeping(db, now);
    expect((await db.select().from(footprints).where(eq(footprints.userId, me.id))).map((row) => row.listingId)).toEqual([listed[6]]);
  });

  it.skipIf(skip)('a view of a missing listing records nothing and answers 404', async () => {
    const me = await freshUser();
    expect((await call(getAccountState, '/api/v1/detail/accountState?account_id=987654', { method: 'GET', authorization: me.auth })).status).toBe(404);
    expect((await list(me.auth)).total).toBe(0);
  });
});
