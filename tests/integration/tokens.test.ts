/**
 * Sign-in tokens (issue 4 "Tokens"; spec §3 token info, §6 Bearer token, §7 "GET user info" and
 * "POST logout", §8 the 401 message) on the demo seed, on an in-memory PGlite and, when
 * DATABASE_URL_TEST is set, on a fresh PostgreSQL database.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerToken } from '~/features/sign-in/server/auth-gate';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { authTokens, users } from '~/platform/db/schema';
import { hashToken, issueToken, resolveToken, revokeAllTokens, revokeToken, TOKEN_TTL_S } from '~/features/sign-in/server/tokens';
import type { UserInfo } from '~/features/account/server/users';
import { GET as getUserInfo, ALL as userInfoOther } from '~/pages/api/v1/common/userInfo';
import { POST as postLogout, ALL as logoutOther } from '~/pages/api/v1/common/logout';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectUnauthorized, type CallResult } from './endpoint-call';
import { suiteContext } from './route-context';


const userInfo = (authorization?: string): Promise<CallResult<UserInfo>> =>
  callRoute<UserInfo>(getUserInfo, '/api/v1/common/userInfo', { authorization });
const logout = (authorization?: string): Promise<CallResult<null>> =>
  callRoute<null>(postLogout, '/api/v1/common/logout', { method: 'POST', authorization });

/** A Db whose every use fails the test: proves a call never reached the database. */
const untouchableDb = new Proxy({}, {
  get(_target, key) {
    throw new Error(`the database was touched (${String(key)})`);
  },
}) as Db;

describe('bearerToken', () => {
  const withAuth = (value?: string): Request =>
    new Request('http://localhost/', value === undefined ? {} : { headers: { authorization: value } });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER abc', 'abc'],
    ['  Bearer   abc  ', 'abc'],
  ])('reads %j as the token', (header, token) => {
    expect(bearerToken(withAuth(header))).toBe(token);
  });

  it.each([undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'abc', 'Bearer a b', 'Bearerabc'])(
    'finds no token in %j',
    (header) => {
      expect(bearerToken(withAuth(header))).toBeNull();
    },
  );
});

describe('resolveToken without a database', () => {
  it.each([
    ['missing', null, 'missing'],
    ['empty', '', 'missing'],
    ['too short', 'abc', 'unknown'],
    ['not base64url', `${'a'.repeat(42)}=`, 'unknown'],
    ['too long', 'a'.repeat(44), 'unknown'],
  ] as const)('a %s token is refused before any query', async (_label, token, reason) => {
    expect(await resolveToken(untouchableDb, token, new Date())).toEqual({ ok: false, reason });
  });
});

describe.each(TEST_DRIVERS)('tokens on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  let renterId: number;
  let deletedUserId: number;

  async function userIdOf(username: string): Promise<number> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!row) throw new Error(`seed user ${username} missing`);
    return row.id;
  }

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    renterId = await userIdOf('renter01');
    deletedUserId = await userIdOf('deleted01');
  }, 120_000);

  afterAll(async () => {
    suiteContext.db = null;
    await testDb?.close();
  });

  it.skipIf(skip)('an issued token resolves to its user and expires_time is in seconds, 7 days on', async () => {
    const now = new Date('2026-03-01T08:00:00.123Z');
    const issued = await issueToken(db, renterId, { now, userAgent: 'vitest' });
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.expires_time).toBe(Math.floor(now.getTime() / 1000) + 7 * 24 * 3600);
    expect(TOKEN_TTL_S).toBe(604_800);

    const lookup = await resolveToken(db, issued.token, new Date(now.getTime() + 1000));
    expect(lookup).toMatchObject({ ok: true, userId: renterId });
    if (!lookup.ok) throw new Error('unreachable');
    const [row] = await db.select().from(authTokens).where(eq(authTokens.id, lookup.tokenId));
    expect(row?.userId).toBe(renterId);
    expect(row?.userAgent).toBe('vitest');
    expect(row?.lastUsedAt?.getTime()).toBe(now.getTime() + 1000);
  });

  it.skipIf(skip)('two tokens issued at the same instant differ', async () => {
    const now = new Date();
    const a = await issueToken(db, renterId, { now });
    const b = await issueToken(db, renterId, { now });
    expect(a.token).not.toBe(b.token);
  });

  it.skipIf(skip)('the database holds only the SHA-256 of the token, in no column the raw token', async () => {
    const { token } = await issueToken(db, renterId, { now: new Date(), userAgent: 'hash-check' });
    const [row] = await db.select().from(authTokens).where(eq(authTokens.tokenHash, hashToken(token)));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const dump = await db.execute<{ line: string }>(sql`select row_to_json(t)::text as line from auth_tokens t`);
    expect(dump.rows.length).toBeGreaterThan(0);
    for (const { line } of dump.rows) expect(line).not.toContain(token);
  });

  it.skipIf(skip)('a token is expired from its expires_time on, and valid one millisecond before', async () => {
    const now = new Date();
    const { token, expires_time } = await issueToken(db, renterId, { now });
    const expiresAtMs = now.getTime() + TOKEN_TTL_S * 1000;
    expect(expires_time).toBe(Math.floor(expiresAtMs / 1000));
    expect((await resolveToken(db, token, new Date(expiresAtMs - 1))).ok).toBe(true);
    expect(await resolveToken(db, token, new Date(expiresAtMs))).toEqual({ ok: false, reason: 'expired' });
    expect(await resolveToken(db, token, new Date(expiresAtMs + 86_400_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it.skipIf(skip)('an expired token gets the same 401 as any other', async () => {
    // Issued 8 days ago: expired now, when the endpoint reads the clock.
    const { token } = await issueToken(db, renterId, { now: new Date(Date.now() - 8 * 86_400_000) });
    expectUnauthorized(await userInfo(`Bearer ${token}`));
  });

  it.skipIf(skip)('a well-formed token never issued is unknown', async () => {
    expect(await resolveToken(db, 'A'.repeat(43), new Date())).toEqual({ ok: false, reason: 'unknown' });
  });

  it.skipIf(skip)('userInfo answers the profile with the mobile masked and no password hash', async () => {
    const { token } = await issueToken(db, renterId, { now: new Date() });
    const result = await userInfo(`Bearer ${token}`);
    expect(result.status).toBe(200);
    expect(result.body.code).toBe(0);
    expect(result.body.data).toEqual({
      id: renterId,
      username: 'renter01',
      nickname: '租号玩家01',
      avatar: null,
      mobile: '138****0001',
      is_real_name: false,
      real_name: null,
      email: 'r***@example.com',
      has_email: true,
      has_pay_password: false,
      has_password: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Object.keys(result.body.data)).not.toContain('password_hash');
    expect(Object.keys(result.body.data)).not.toContain('passwordHash');
    expect(result.text).not.toContain('13800000001');
    expect(result.text).not.toContain('scrypt');
    expect(result.text).not.toContain('renter01@example.com');
  });

  it.skipIf(skip)('the Bearer scheme is read in any case', async () => {
    const { token } = await issueToken(db, renterId, { now: new Date() });
    expect((await userInfo(`bearer ${token}`)).status).toBe(200);
  });

  it.skipIf(skip)('logout revokes the token: it resolves as revoked and userInfo then answers 401', async () => {
    const { token } = await issueToken(db, renterId, { now: new Date() });
    expect((await userInfo(`Bearer ${token}`)).status).toBe(200);

    const out = await logout(`Bearer ${token}`);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ code: 0, msg: 'ok', data: null });

    expect(await resolveToken(db, token, new Date())).toEqual({ ok: false, reason: 'revoked' });
    expectUnauthorized(await userInfo(`Bearer ${token}`));
  });

  it.skipIf(skip)('logout revokes only the token presented', async () => {
    const now = new Date();
    const kept = await issueToken(db, renterId, { now });
    const dropped = await issueToken(db, renterId, { now });
    expect((await logout(`Bearer ${dropped.token}`)).status).toBe(200);
    expect((await resolveToken(db, kept.token, new Date())).ok).toBe(true);
  });

  it.skipIf(skip)('a second logout with the same token is 401', async () => {
    const { token } = await issueToken(db, renterId, { now: new Date() });
    expect((await logout(`Bearer ${token}`)).status).toBe(200);
    expectUnauthorized(await logout(`Bearer ${token}`));
    expect(await revokeToken(db, token, new Date())).toBe(false);
  });

  it.skipIf(skip)('missing, garbage and unknown tokens all get the one 401, with no hint which', async () => {
    const cases = [
      undefined,
      '',
      'Bearer',
      'Basic cmVudGVyMDE6cGFzcw==',
      'Bearer not-a-token',
      `Bearer ${'x'.repeat(500)}`,
      `Bearer ${'A'.repeat(43)}`,
    ];
    const texts = new Set<string>();
    for (const authorization of cases) {
      for (const result of [await userInfo(authorization), await logout(authorization)]) {
        expectUnauthorized(result);
        texts.add(result.text);
      }
    }
    // Every refusal has the very same body.
    expect(texts.size).toBe(1);
  });

  it.skipIf(skip)('a deleted user\'s token answers 401', async () => {
    const { token } = await issueToken(db, deletedUserId, { now: new Date() });
    expectUnauthorized(await userInfo(`Bearer ${token}`));
  });

  it.skipIf(skip)('revokeAllTokens ends every session of one user and no one else\'s', async () => {
    const now = new Date();
    const otherId = await userIdOf('renter02');
    const first = await issueToken(db, otherId, { now });
    const second = await issueToken(db, otherId, { now });
    const renters = await issueToken(db, renterId, { now });
    expect(await revokeAllTokens(db, otherId, now)).toBe(2);
    expect(await resolveToken(db, first.token, now)).toEqual({ ok: false, reason: 'revoked' });
    expect(await resolveToken(db, second.token, now)).toEqual({ ok: false, reason: 'revoked' });
    expect((await resolveToken(db, renters.token, now)).ok).toBe(true);
  });

  it.skipIf(skip)('deleting a user deletes their tokens', async () => {
    const [temp] = await db
      .insert(users)
      .values({ username: 'temp_token_user', nickname: '临时用户' })
      .returning({ id: users.id });
    const { token } = await issueToken(db, temp!.id, { now: new Date() });
    await db.delete(users).where(eq(users.id, temp!.id));
    expect(await resolveToken(db, token, new Date())).toEqual({ ok: false, reason: 'unknown' });
  });

  it.skipIf(skip)('GET on logout is 405 and POST on userInfo is 405, each naming its method', async () => {
    const get = await callRoute(logoutOther, '/api/v1/common/logout');
    expect(get.status).toBe(405);
    expect(get.body.code).toBe(1);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const post = await callRoute(userInfoOther, '/api/v1/common/userInfo', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
