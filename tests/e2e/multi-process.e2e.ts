/**
 * Many processes (issue 11): two production processes A and B (dist/main.mjs) on one PostgreSQL
 * database behind nginx, started by scripts/multi-process.ts exactly as an operator would. Every
 * step does something on one process and checks it on the other (A and B are called on their own
 * ports; load-balanced steps go through nginx), so any state kept only in one process's memory
 * fails a test: tokens, signing challenges, captchas, SMS codes, the -410 counter, rate limits, QR
 * sessions, the page cache's catalogue version and the booking of a rental window. Last, a third
 * process whose server-island key differs from the running ones refuses to start.
 *
 * Issue 27: nginx does the static work. The build's files come from nginx, not from a process;
 * anonymous catalogue pages are answered from nginx's own cache and are fresh right after a
 * listing change made through the site; a request with credentials is never answered from that
 * cache nor stored in it; the HTTPS listener speaks HTTP/2.
 *
 * Skipped, saying why, where no PostgreSQL server is named (DATABASE_URL_TEST; .ci/run sets it when
 * the machine's server answers) or nginx is not installed (.ci/run installs it). No browser.
 */
import { spawn } from 'node:child_process';
import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http2 from 'node:http2';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import pg from 'pg';
import { CAPTCHAS_PER_IP_PER_MINUTE, PASSWORD_FAILURES_BEFORE_CAPTCHA } from '../../src/platform/config/constants';
import { CODE_PASSWORD_CAPTCHA_REQUIRED } from '../../src/features/sign-in/constants';
import { closeDatabase, openDatabase, type Db } from '../../src/platform/db/client';
import { appSecrets, captchas, listings, orders, outboxMessages, shops, users } from '../../src/platform/db/schema';
import { ASTRO_KEY_PROCESS_PREFIX, fingerprintOf, readBuiltAstroKey } from '../../src/app/deployment-check';
import { MSG_BAD_CREDENTIALS } from '../../src/features/sign-in/server/password-login';
import { computeRequestSignature, type SignChallenge } from '../../src/features/sign-in/server/request-signing';
import { issueToken } from '../../src/features/sign-in/server/tokens';
import { createUser } from '../../src/features/account/server/users';
import { MSG_CAPTCHA_REQUIRED } from '../../src/features/sign-in/server/verification-codes';
import { findNginx, freePort, processEnv, startMultiProcess, type MultiProcessDeployment } from '../../scripts/multi-process.ts';
import { bookableListingIds } from '../integration/bookable-listings';

const ROOT = process.cwd();
const pgUrl = process.env['DATABASE_URL_TEST'];
const nginxBin = findNginx();

/** spec §5: past this many wrong passwords the answer is -410 until a captcha is solved. */
const WRONG_BEFORE_410 = PASSWORD_FAILURES_BEFORE_CAPTCHA;
/** 409 code of a rental window already taken (MONEY_CODES.windowTaken of the money contract). */
const CODE_WINDOW_TAKEN = 1006;
const RACERS = 24;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface Answer<T> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

let serial = 0;
/** A fresh documentation-range client address; the processes trust X-Forwarded-For (TRUST_PROXY=true). */
const freshIp = (): string => `198.51.100.${(serial += 1) % 250}`;

async function call<T>(origin: string, pathname: string, init: { method?: string; body?: unknown; text?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.text;
  if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${origin}${pathname}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: AbortSignal.timeout(20_000) });
  const text = await response.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${pathname} on ${origin}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** The browser's password field (docs/sign-in-api.md): RSA-OAEP-SHA256 of {password, challenge, ts}. */
function encryptPassword(challenge: SignChallenge, password: string): string {
  const json = JSON.stringify({ password, challenge: challenge.nonce_str, ts: challenge.timestamp });
  return publicEncrypt({ key: challenge.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(json, 'utf8')).toString('base64');
}

interface TokenAnswer {
  token: { token: string; expires_time: number };
  user: { username?: string; nickname?: string };
}

test.describe.serial('two processes behind nginx on one PostgreSQL database', () => {
  test.setTimeout(180_000);
  let deployment: MultiProcessDeployment;
  let A: string;
  let B: string;
  let NGINX: string;
  let db: Db;
  let databaseUrl: string;
  let dbName: string;

  test.beforeAll(async () => {
    test.skip(!pgUrl, 'needs DATABASE_URL_TEST (a PostgreSQL server): many processes share one database');
    test.skip(!nginxBin, 'needs nginx (apt-get install -y nginx; .ci/run installs it)');
    test.setTimeout(240_000);
    process.env['LOG_LEVEL'] = 'warn';
    dbName = `zuhao_multi_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const url = new URL(pgUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    // Both processes start together: migrations and seed take turns under the advisory lock.
    deployment = await startMultiProcess({ processes: 2, databaseUrl, env: { APP_ENV: 'test', SEED_DEMO: 'true', LOG_LEVEL: 'warn' } });
    [A, B] = deployment.processes.map((managed) => managed.url) as [string, string];
    NGINX = deployment.url;
    db = await openDatabase({ databaseUrl, dataDir: '', migrationsDir: path.join(ROOT, 'drizzle') });
  });

  test.afterAll(async () => {
    await deployment?.stop();
    await closeDatabase();
    if (dbName) {
      const dropper = new pg.Client({ connectionString: pgUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await dropper.end();
    }
  });

  /** A slider solved the way a person does, on `issuer`, answered on `checker`: the gap is read from the database. */
  async function solveCaptcha(issuer: string, checker: string, webAction: 'login' | 'sendSms', ip: string): Promise<string> {
    const puzzle = await call<{ captcha_id: string }>(issuer, '/api/v1/common/captcha', { body: {}, headers: { 'x-forwarded-for': ip } });
    expect(puzzle.status, 'captcha issued').toBe(200);
    const [row] = await db.select({ targetX: captchas.targetX }).from(captchas).where(eq(captchas.id, puzzle.body.data.captcha_id));
    const answer = await call<{ verify_key: string }>(checker, '/api/v1/common/captcha/verify', { body: { captcha_id: puzzle.body.data.captcha_id, x: row!.targetX, web_action: webAction } });
    expect(answer.status, `captcha from ${issuer} checked on ${checker}`).toBe(200);
    return answer.body.data.verify_key;
  }

  /** Password login: the challenge from `challenger`, the signed login posted to `poster`. */
  async function passwordLogin(challenger: string, poster: string, username: string, password: string, ip: string, verifyKey?: string): Promise<Answer<TokenAnswer>> {
    const sign = await call<SignChallenge>(challenger, '/api/v1/common/getSign');
    expect(sign.status).toBe(200);
    const challenge = sign.body.data;
    const body: Record<string, unknown> = { username, password: encryptPassword(challenge, password), fingerprint: 'fp-multi-process' };
    if (verifyKey) body['verify_key'] = verifyKey;
    const text = JSON.stringify(body);
    return call<TokenAnswer>(poster, '/api/v1/common/login', {
      method: 'POST',
      text,
      headers: {
        'x-timestamp': String(challenge.timestamp),
        'x-nonce-str': challenge.nonce_str,
        'x-sign': computeRequestSignature(challenge.sign, challenge.timestamp, challenge.nonce_str, text),
        'x-forwarded-for': ip,
      },
    });
  }

  test('a password sign-in made through A (challenge from B) gives a token B accepts; the -410 counter and the captcha cross processes', async () => {
    const ip = freshIp();
    // Three wrong passwords, alternating A and B: each counts, on whichever process.
    for (let i = 0; i < WRONG_BEFORE_410; i += 1) {
      const [challenger, poster] = i % 2 === 0 ? [A, B] : [B, A];
      const wrong = await passwordLogin(challenger, poster, 'renter01', `wrong_${i}`, ip);
      expect(wrong.body, `wrong password ${i + 1}`).toMatchObject({ code: 1, msg: MSG_BAD_CREDENTIALS });
    }
    // The fourth, on B: -410.
    expect((await passwordLogin(A, B, 'renter01', 'wrong_again', ip)).body.code).toBe(CODE_PASSWORD_CAPTCHA_REQUIRED);
    // Even the right password without a captcha, now on A: still -410 (the count is not B's alone).
    expect((await passwordLogin(B, A, 'renter01', 'renter_pass01', ip)).body.code).toBe(CODE_PASSWORD_CAPTCHA_REQUIRED);

    // A captcha issued by A and answered on B gives the verify_key; the login through A then succeeds.
    const verifyKey = await solveCaptcha(A, B, 'login', ip);
    const signedIn = await passwordLogin(B, A, 'renter01', 'renter_pass01', ip, verifyKey);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token = signedIn.body.data.token.token;

    const onB = await call<{ username: string }>(B, '/api/v1/common/userInfo', { headers: { authorization: `Bearer ${token}` } });
    expect(onB.status).toBe(200);
    expect(onB.body.data.username).toBe('renter01');
    // And through nginx, whichever process answers.
    for (let i = 0; i < 4; i += 1) {
      const viaNginx = await call<{ username: string }>(NGINX, '/api/v1/common/userInfo', { headers: { authorization: `Bearer ${token}` } });
      expect(viaNginx.body.data.username).toBe('renter01');
    }
  });

  test('an SMS code sent through A signs in on B, once', async () => {
    const ip = freshIp();
    const phone = `139${String(Date.now()).slice(-8)}`;
    const verifyKey = await solveCaptcha(B, A, 'sendSms', ip);
    const sent = await call(A, '/api/v1/common/sendSms', { body: { mobile: phone, verify_key: verifyKey, action: 'login' }, headers: { 'x-forwarded-for': ip } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [message] = await db.select({ body: outboxMessages.body }).from(outboxMessages).where(eq(outboxMessages.recipient, phone)).orderBy(desc(outboxMessages.id)).limit(1);
    const code = /\d{6}/.exec(message?.body ?? '')?.[0];
    expect(code, 'the code in the sandbox outbox').toBeTruthy();

    // The verify_key was used up on A: B refuses it for another phone.
    const reused = await call(B, '/api/v1/common/sendSms', { body: { mobile: `138${String(Date.now()).slice(-8)}`, verify_key: verifyKey, action: 'login' }, headers: { 'x-forwarded-for': ip } });
    expect(reused.body).toMatchObject({ code: 1, msg: MSG_CAPTCHA_REQUIRED });
    // Sending again at once, through B, hits the 60 s per-phone limit counted on A.
    const again = await call(B, '/api/v1/common/sendSms', { body: { mobile: phone, verify_key: await solveCaptcha(A, B, 'sendSms', ip), action: 'login' }, headers: { 'x-forwarded-for': ip } });
    expect(again.status).toBe(429);

    const signedIn = await call<TokenAnswer & { is_new_user: boolean }>(B, '/api/v1/common/mobileLogin', { body: { mobile: phone, code } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.data.is_new_user).toBe(true);
    const profile = await call(A, '/api/v1/common/userInfo', { headers: { authorization: `Bearer ${signedIn.body.data.token.token}` } });
    expect(profile.status).toBe(200);
    // The code was used up on B: A refuses it.
    const replay = await call(A, '/api/v1/common/mobileLogin', { body: { mobile: phone, code } });
    expect(replay.status).toBe(400);
  });

  test('a per-IP rate limit counts requests on both processes; nginx does not let a client choose its address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < CAPTCHAS_PER_IP_PER_MINUTE; i += 1) {
      statuses.push((await call(i % 2 === 0 ? A : B, '/api/v1/common/captcha', { body: {}, headers: { 'x-forwarded-for': ip } })).status);
    }
    expect(statuses.filter((status) => status === 200), 'puzzles within the limit, half on each process').toHaveLength(CAPTCHAS_PER_IP_PER_MINUTE);
    const overA = await call(A, '/api/v1/common/captcha', { body: {}, headers: { 'x-forwarded-for': ip } });
    const overB = await call(B, '/api/v1/common/captcha', { body: {}, headers: { 'x-forwarded-for': ip } });
    expect([overA.status, overB.status], 'one more on either process').toEqual([429, 429]);
    expect(Number(overB.headers.get('retry-after'))).toBeGreaterThan(0);
    // Through nginx the same forged header is replaced by the real peer (127.0.0.1), whose budget is untouched.
    const forged = await call(NGINX, '/api/v1/common/captcha', { body: {}, headers: { 'x-forwarded-for': ip } });
    expect(forged.status).toBe(200);
  });

  test('a QR session created on A is confirmed on B and polled, through B and nginx, to a token', async () => {
    const init = await fetch(`${A}/api/v1/qr/wechat/init`);
    expect(init.status).toBe(200);
    const cookie = init.headers.getSetCookie().map((value) => value.split(';', 1)[0]).join('; ');
    expect(cookie).toContain('qr_secret=');
    const { data } = (await init.json()) as Envelope<{ session_id: string; sandbox_scan_url: string }>;
    const scanCode = new URL(data.sandbox_scan_url).pathname.split('/').pop()!;

    const pending = await call<{ status: string }>(B, `/api/v1/qr/wechat/status?sessionId=${data.session_id}`, { headers: { cookie } });
    expect(pending.body.data.status).toBe('pending');
    const confirmed = await call(B, '/api/v1/qr/sandbox/confirm', { body: { scan_code: scanCode, identity: 'demo' } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    // The poll cadence limit (250 ms) is kept in the database too: wait it out, then poll via nginx.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const done = await call<{ status: string; token: TokenAnswer }>(NGINX, `/api/v1/qr/wechat/status?sessionId=${data.session_id}`, { headers: { cookie } });
    expect(done.body.data.status).toBe('success');
    const profile = await call<{ username: string }>(A, '/api/v1/common/userInfo', { headers: { authorization: `Bearer ${done.body.data.token.token.token}` } });
    expect(profile.body.data.username).toBe('renter01');
    // Handed out once: B refuses to hand it out again.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const again = await call(B, `/api/v1/qr/wechat/status?sessionId=${data.session_id}`, { headers: { cookie } });
    expect(again.status).toBe(400);
  });

  test('a listing changed while B holds its detail page in the page cache is served fresh by B', async () => {
    const [listingId] = await bookableListingIds(db, 3);
    const page = `/detail/${listingId}.html`;
    const first = await fetch(`${B}${page}`);
    expect(first.status).toBe(200);
    await first.text();
    const cached = await fetch(`${B}${page}`);
    await cached.text();
    expect(cached.headers.get('x-page-cache'), 'B now serves the page from its cache').toBe('hit');

    // The change is written by "A's side" of the deployment: the database, whose trigger raises
    // catalog_version (what the catalogue services do on every listing write).
    const title = `多进程改名 ${randomUUID().slice(0, 8)}`;
    await db.update(listings).set({ title }).where(eq(listings.id, listingId!));
    const fresh = await fetch(`${B}${page}`);
    const html = await fresh.text();
    expect(fresh.headers.get('x-page-cache')).toBe('miss');
    expect(html).toContain(title);
    // And A renders the same, through nginx too.
    expect(await (await fetch(`${A}${page}`)).text()).toContain(title);
    expect(await (await fetch(`${NGINX}${page}`)).text()).toContain(title);
  });

  /** A GET through `origin`; the status, nginx's cache verdict (X-Edge-Cache) and the body. */
  async function page(origin: string, pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; edge: string | null; etag: string | null; html: string }> {
    const response = await fetch(`${origin}${pathname}`, { headers, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
    return { status: response.status, edge: response.headers.get('x-edge-cache'), etag: response.headers.get('etag'), html: await response.text() };
  }

  test('the build\'s files come from nginx itself (precompressed), not from a process', async () => {
    const script = readdirSync(path.join(ROOT, 'dist/client/_astro')).find((name) => name.endsWith('.js'))!;
    const viaNginx = await fetch(`${NGINX}/_astro/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(viaNginx.status).toBe(200);
    await viaNginx.arrayBuffer();
    // nginx's static module: a strong "mtime-size" tag and Last-Modified; a process answers the
    // same file with its own weak tag (platform/edge/static-files.ts) and no Last-Modified.
    expect(viaNginx.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(viaNginx.headers.get('last-modified')).toBeTruthy();
    expect(viaNginx.headers.get('content-encoding'), 'the .gz copy written at build time').toBe('gzip');
    expect(viaNginx.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(viaNginx.headers.get('x-content-type-options')).toBe('nosniff');
    expect(viaNginx.headers.get('x-frame-options')).toBe('DENY');
    const fromProcess = await fetch(`${A}/_astro/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    await fromProcess.arrayBuffer();
    expect(fromProcess.headers.get('etag')).toMatch(/^W\//);
    expect(fromProcess.headers.get('last-modified')).toBeNull();
  });

  test('an anonymous page is answered by nginx from its cache, and is fresh right after a listing change made through the site', async () => {
    // A listing of a shop, changed by its owner through nginx (either process answers).
    const [own] = await db
      .select({ id: listings.id, ownerId: shops.ownerUserId })
      .from(listings)
      .innerJoin(shops, eq(shops.id, listings.shopId))
      .where(and(eq(listings.isListed, true), eq(listings.isRented, false)))
      .orderBy(desc(listings.id))
      .limit(1);
    expect(own, 'a listed listing of some shop').toBeTruthy();
    const detail = `/detail/${own!.id}.html`;
    const token = (await issueToken(db, own!.ownerId, { now: new Date() })).token;

    const first = await page(NGINX, detail);
    expect(first.status).toBe(200);
    const cached = await page(NGINX, detail);
    expect(cached.edge, 'nginx answers the second request itself').toBe('HIT');
    expect(cached.etag).toBe(first.etag);

    // Off the shelf: the very next page request through nginx no longer shows it as for rent.
    const off = await call(NGINX, '/api/v1/seller/listings/state', { body: { id: own!.id, state: 'off_shelf' }, headers: { authorization: `Bearer ${token}` } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const afterOff = await page(NGINX, detail);
    expect(afterOff.edge, 'not the copy stored before the change').not.toBe('HIT');
    expect(afterOff.status === 200 && afterOff.etag === first.etag, 'the page changed').toBe(false);

    // Back on the shelf: the page is back at once, then served by nginx again.
    const on = await call(NGINX, '/api/v1/seller/listings/state', { body: { id: own!.id, state: 'on_shelf' }, headers: { authorization: `Bearer ${token}` } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const back = await page(NGINX, detail);
    expect(back.status).toBe(200);
    expect(back.edge).not.toBe('HIT');
    expect((await page(NGINX, detail)).edge).toBe('HIT');

    // A change written straight to the database (as the timed sweeps do) reaches nginx through the
    // bump's NOTIFY, a moment after the commit.
    const title = `边缘缓存改名 ${randomUUID().slice(0, 8)}`;
    await db.update(listings).set({ title }).where(eq(listings.id, own!.id));
    await expect.poll(async () => (await page(NGINX, detail)).html.includes(title), { timeout: 3_000, intervals: [20, 50, 100] }).toBe(true);
  });

  test('a request with credentials is never answered from nginx\'s cache, and its answer is never stored', async () => {
    const [renter] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'renter01'));
    const token = (await issueToken(db, renter!.id, { now: new Date() })).token;
    const signedIn = { authorization: `Bearer ${token}` };
    const operator = { cookie: 'ops_session=an-operator-session' };
    // A page nobody asked for yet in this run: the signed-in request goes to a process ...
    const pathname = `/zuhao.html?from=${randomUUID().slice(0, 8)}`;
    expect((await page(NGINX, pathname, signedIn)).edge).toBe('BYPASS');
    expect((await page(NGINX, pathname, operator)).edge).toBe('BYPASS');
    // ... and left nothing for the next visitor: the first anonymous request misses.
    expect((await page(NGINX, pathname)).edge).toBe('MISS');
    expect((await page(NGINX, pathname)).edge).toBe('HIT');
    // Once a copy is kept, a signed-in request still never gets it.
    expect((await page(NGINX, pathname, signedIn)).edge).toBe('BYPASS');
    expect((await page(NGINX, pathname, operator)).edge).toBe('BYPASS');
    // The API and POSTs never touch the cache.
    const health = await fetch(`${NGINX}/api/v1/health`);
    expect(health.headers.get('x-edge-cache')).toBeNull();
  });

  test('the HTTPS listener speaks HTTP/2', async () => {
    const session = http2.connect(deployment.tlsUrl, { rejectUnauthorized: false });
    try {
      const { status, edge } = await new Promise<{ status: number; edge: string | undefined }>((resolve, reject) => {
        const request = session.request({ ':path': '/zuhao.html' });
        request.on('response', (headers) => resolve({ status: Number(headers[':status']), edge: headers['x-edge-cache'] as string | undefined }));
        request.on('error', reject);
        request.resume();
        request.end();
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(status).toBe(200);
      expect(edge).toBeTruthy();
    } finally {
      session.close();
    }
  });

  test(`${RACERS} renters racing for one window across A, B and nginx: exactly one order, the rest 409 code ${CODE_WINDOW_TAKEN}`, async () => {
    const listingIds = await bookableListingIds(db, 3);
    const listingId = listingIds[listingIds.length - 1]!;
    const now = new Date();
    const tokens: string[] = [];
    const userIds: number[] = [];
    for (let i = 0; i < RACERS; i += 1) {
      const userId = await db.transaction((tx) => createUser(tx, { username: `mp_race_${i}_${Date.now().toString(36)}`, nickname: '多进程' }, now));
      if (userId === null) throw new Error('username taken');
      userIds.push(userId);
      tokens.push((await issueToken(db, userId, { now })).token);
    }
    await db.update(users).set({ isRealName: true, realName: '测试' }).where(inArray(users.id, userIds));

    const origins = [A, B, NGINX];
    const outcomes = await Promise.all(
      tokens.map((token, i) =>
        call<{ order_no: string }>(origins[i % origins.length]!, '/api/v1/order/create', {
          body: { account_id: listingId, option: 'hourly', hours: 3 },
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': `mp-race-${i}-${randomUUID()}` },
        }),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === 200);
    const refused = outcomes.filter((outcome) => outcome.status !== 200);
    expect(won, 'exactly one order wins the window').toHaveLength(1);
    expect(refused.map((outcome) => [outcome.status, outcome.body.code])).toEqual(Array.from({ length: RACERS - 1 }, () => [409, CODE_WINDOW_TAKEN]));
    const rows = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.listingId, listingId));
    expect(rows.map((row) => row.orderNo)).toEqual([won[0]!.body.data.order_no]);
  });

  test('a process whose server-island key differs from the running ones refuses to start, with a clear message', async () => {
    const builtKey = readBuiltAstroKey(path.join(ROOT, 'dist'));
    expect(builtKey, 'the build carries its key').toMatch(/^[A-Za-z0-9+/]{43}=$/);
    // A and B each keep a row, with one and the same fingerprint.
    const live = await db.select({ value: appSecrets.value }).from(appSecrets).where(like(appSecrets.name, `${ASTRO_KEY_PROCESS_PREFIX}%`));
    expect(live.length, 'A and B each keep a row').toBeGreaterThanOrEqual(2);
    expect(new Set(live.map((row) => row.value.split(' ')[0])).size, 'one fingerprint').toBe(1);

    const startThird = async (env: Record<string, string>): Promise<{ code: number | null; output: string }> => {
      const port = await freePort();
      const child = spawn(process.execPath, [path.join(ROOT, 'dist/main.mjs')], {
        cwd: ROOT,
        env: { ...processEnv({ processes: 1, databaseUrl, env: { APP_ENV: 'test', SEED_DEMO: 'false' } }, port), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGTERM');
        }, 30_000);
        child.once('exit', (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      return { code, output };
    };

    // 1. A live process of another build (another key) is on the database: a third process refuses.
    const intruder = `${ASTRO_KEY_PROCESS_PREFIX}test-${Date.now().toString(36)}`;
    await db.insert(appSecrets).values({ name: intruder, value: `${fingerprintOf('another build key')} ${Date.now()}` });
    try {
      const refused = await startThird({});
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('encrypts server-island props with another key');
      // A and B are unaffected.
      expect((await call(A, '/api/v1/health')).status).toBe(200);
      expect((await call(B, '/api/v1/health')).status).toBe(200);
    } finally {
      await db.delete(appSecrets).where(eq(appSecrets.name, intruder));
    }

    // 2. An ASTRO_KEY at run time that the build was not made with: refused too (Astro reads it at build time).
    const otherKey = Buffer.alloc(32, 7).toString('base64');
    const mismatched = await startThird({ ASTRO_KEY: otherKey });
    expect(mismatched.code).toBe(1);
    expect(mismatched.output).toContain('ASTRO_KEY differs from the key this build encrypts server-island props with');

    // 3. Production on PostgreSQL without ASTRO_KEY: refused.
    // (Everything else production demands is given, so the key is what it stops at.)
    const unkeyed = await startThird({ APP_ENV: 'production', ALLOW_SANDBOX: 'true', CREDENTIALS_KEY: 'ab'.repeat(32), PUBLIC_BASE_URL: 'https://zuhao.example' });
    expect(unkeyed.code).toBe(1);
    expect(unkeyed.output).toContain('ASTRO_KEY is required with DATABASE_URL in production');
  });
});
