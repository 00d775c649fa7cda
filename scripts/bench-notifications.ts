/**
 * Notification poll (issue 14 "Measure"): p95 and requests/s of GET /api/v1/notifications/unread
 * with 2,000 signed-in clients polling every 15 s (NOTIFICATION_POLL_MS) on PostgreSQL, against
 * GET /api/v1/health in the same run, paced the same way.
 *
 * The production server (dist/main.mjs, built when the sources changed) runs on a fresh PostgreSQL
 * database (created and dropped here). 2,000 users get a token each and 25 notifications each (5
 * unread, 3 of them popups; 20 read), so the poll reads a realistic index. Two phases per target:
 *   1. paced: every client polls once per 15 s from a random phase, for BENCH_SECONDS (default 30):
 *      the load the issue names (about 133 requests/s); latency under it.
 *   2. saturation: BENCH_CONNECTIONS keep-alive connections (default 32) as fast as answers come,
 *      for 5 s: how many polls a second one process serves, and the ratio to the health check.
 *
 * Run: `npx tsx scripts/bench-notifications.ts` (part of `npm run bench`). DATABASE_URL_TEST
 * (default postgres://postgres@127.0.0.1:5432/test) must allow CREATE DATABASE; without a
 * reachable server the bench says so and exits 0. BENCH_PORT (default 4431) is the server's port.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { NOTIFICATION_POLL_MS } from '../src/features/notifications/constants';
import { adminQuery, closeDatabase, openDatabase } from '../src/platform/db/client';
import { unreadNotifications } from '../src/features/notifications/server/notifications';
import { issueToken } from '../src/features/sign-in/server/tokens';
import { buildIfNeeded, ENTRY, ROOT } from './build-if-needed';
import { percentile, waitForHealth } from './bench-lib';
import { captureStatements, explain } from './bench-plans';
import { postgresReachable } from './postgres-reachable';

const PG_URL = process.env['DATABASE_URL_TEST'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = Number(process.env['BENCH_CLIENTS'] ?? 2_000);
const PACED_MS = Number(process.env['BENCH_SECONDS'] ?? 30) * 1000;
const SATURATION_MS = 5_000;
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 32);
const PORT = Number(process.env['BENCH_PORT'] ?? 4431);
/** Sockets the paced clients share (a browser holds one each; loopback file descriptors are finite). */
const PACED_SOCKETS = 256;

interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  firstError: string;
}

function get(agent: http.Agent, base: string, path: string, token: string | null): Promise<{ ok: boolean; ms: number; problem: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const request = http.get(`${base}${path}`, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ ok: response.statusCode === 200, ms: performance.now() - started, problem: `HTTP ${response.statusCode}` }));
    });
    request.on('error', (error) => resolve({ ok: false, ms: performance.now() - started, problem: error.message }));
  });
}

function summarise(latencies: number[], errors: number, firstError: string, elapsedMs: number): Figures {
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: (latencies.length / elapsedMs) * 1000, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors, firstError };
}

/** Every client requests once per NOTIFICATION_POLL_MS from a random phase, for `durationMs`. */
async function paced(base: string, path: string, tokens: readonly (string | null)[], durationMs: number): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: PACED_SOCKETS });
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  const began = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      let at = Math.random() * NOTIFICATION_POLL_MS;
      while (at < durationMs) {
        const wait = began + at - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const result = await get(agent, base, path, token);
        if (result.ok) latencies.push(result.ms);
        else {
          errors++;
          firstError ||= result.problem;
        }
        at += NOTIFICATION_POLL_MS;
      }
    }),
  );
  const elapsed = performance.now() - began;
  agent.destroy();
  return summarise(latencies, errors, firstError, elapsed);
}

/** CONNECTIONS requests in flight for `durationMs`, clients taken round robin. */
async function saturate(base: string, path: string, tokens: readonly (string | null)[], durationMs: number): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  let next = 0;
  const deadline = performance.now() + durationMs;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const result = await get(agent, base, path, tokens[next++ % tokens.length]!);
        if (result.ok) latencies.push(result.ms);
        else {
          errors++;
          firstError ||= result.problem;
        }
      }
    }),
  );
  const elapsed = performance.now() - began;
  agent.destroy();
  return summarise(latencies, errors, firstError, elapsed);
}

if (!(await postgresReachable(PG_URL))) {
  console.log(`bench-notifications: no PostgreSQL at ${PG_URL.replace(/:[^:@/]+@/, ':***@')}; skipped`);
  process.exit(0);
}
buildIfNeeded();

const dbName = `zuhao_bench_notify_${Date.now().toString(36)}`;
await adminQuery(PG_URL, `CREATE DATABASE "${dbName}"`);
const url = new URL(PG_URL);
url.pathname = `/${dbName}`;
const base = `http://127.0.0.1:${PORT}`;
const { DATABASE_URL: _db, DATA_DIR: _dir, PORT: _port, HOST: _host, ...inherited } = process.env;
const child = spawn(process.execPath, [ENTRY], {
  cwd: ROOT,
  env: { ...inherited, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: url.toString(), SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stopServer = async (): Promise<void> => {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
};

try {
  await waitForHealth(child, base);
  // The server migrated the database; write the clients and their messages beside it.
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '', migrationsDir: `${ROOT}/drizzle` });
  const setupStarted = performance.now();
  await db.execute(sql`insert into users (username, nickname) select 'bench_poll_' || g, '轮询' || g from generate_series(1, ${CLIENTS}) g`);
  const ids = (await db.execute<{ id: number }>(sql`select id from users where username like 'bench_poll_%' order by id`)).rows.map((row) => Number(row.id));
  // 20 read, then 5 unread of which 3 pop up: every poll reads rows, not an empty index.
  await db.execute(sql`
    insert into notifications (user_id, notification_type, title, content, params, popup, read_at, created_at)
    select u.id, 'order_paid', '订单支付成功', '您的订单 T' || u.id || '-' || g || ' 已支付，租期 11-25 10:00 至 11-25 12:00。',
           jsonb_build_object('order_no', 'T' || u.id || '-' || g), g > 22, case when g <= 20 then now() end, now() - make_interval(mins => 30 - g)
    from users u cross join generate_series(1, 25) g
    where u.username like 'bench_poll_%'`);
  const now = new Date();
  const tokens: string[] = [];
  for (const id of ids) tokens.push((await issueToken(db, id, { now })).token);
  await db.execute(sql`analyze`);
  // The plan of the poll's one statement (after the token check), for docs/benchmarks.md.
  const statements = await captureStatements(() => unreadNotifications(db, ids[0]!, { is_today: true }, new Date()));
  for (const statement of statements) console.log(`\nplan of the poll statement:\n${await explain(db, statement)}`);
  await closeDatabase();
  console.log(`setup: ${ids.length} users, ${ids.length * 25} notifications, ${tokens.length} tokens in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

  const poll = '/api/v1/notifications/unread?is_today=true';
  const health = '/api/v1/health';
  const noTokens = tokens.map(() => null);
  // Warm-up: every token once (the token lookup's pages), then the health check.
  await saturate(base, poll, tokens, 1_000);
  await saturate(base, health, noTokens, 500);

  const rows: [string, string, Figures][] = [];
  const pacedMode = `paced: ${CLIENTS} clients / 15 s`;
  const saturationMode = `saturation: ${CONNECTIONS} connections`;
  rows.push(['health (baseline)', pacedMode, await paced(base, health, noTokens, PACED_MS)]);
  rows.push(['notifications/unread', pacedMode, await paced(base, poll, tokens, PACED_MS)]);
  rows.push(['health (baseline)', saturationMode, await saturate(base, health, noTokens, SATURATION_MS)]);
  rows.push(['notifications/unread', saturationMode, await saturate(base, poll, tokens, SATURATION_MS)]);
  // The cheapest signed-in read for comparison: the token check plus one row (what any Bearer call pays).
  rows.push(['common/userInfo (signed-in reference)', saturationMode, await saturate(base, '/api/v1/common/userInfo', tokens, SATURATION_MS)]);

  console.log(`\n## Notification poll (${CLIENTS} signed-in clients, one process on PostgreSQL, ${os.cpus().length} cores shared with PostgreSQL and this load generator)\n`);
  console.log('| endpoint | load | requests | req/s | p50 ms | p95 ms | errors | p95 vs health | req/s vs health |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, mode, figures] of rows) {
    const baseline = rows.find(([other, otherMode]) => other.startsWith('health') && otherMode === mode)![2];
    console.log(
      `| ${name} | ${mode} | ${figures.requests} | ${figures.rps.toFixed(0)} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.errors}${figures.firstError ? ` (${figures.firstError})` : ''} | ${(figures.p95 / baseline.p95).toFixed(2)}× | ${(figures.rps / baseline.rps).toFixed(2)}× |`,
    );
  }
  const offered = (CLIENTS / NOTIFICATION_POLL_MS) * 1000;
  const pollSaturation = rows.find(([name, mode]) => name === 'notifications/unread' && mode === saturationMode)![2].rps;
  console.log(`\n${CLIENTS} clients every 15 s offer ${offered.toFixed(0)} polls/s; one process serves ${pollSaturation.toFixed(0)} polls/s at saturation (${(pollSaturation / offered).toFixed(1)}× headroom).`);
} finally {
  await stopServer();
  await adminQuery(PG_URL, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
}
