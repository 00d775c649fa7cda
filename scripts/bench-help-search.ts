/**
 * Help search (issue 16 "Measure: Help search p95 over 500 pages"): p50/p95 and requests/s of
 * GET /api/v1/help/search through the production server (dist/main.mjs, built when the sources
 * changed), with 500 generated help pages (about 1,500 characters of Chinese plain text each) beside
 * the shipped ones, against two baselines measured in the same run on the same server:
 *   - GET /api/v1/help/types: the same HTTP stack, envelope and table, one tiny grouped read (what
 *     a skeptic would call "the cheapest call that still touches help_pages");
 *   - GET /api/v1/help/page?slug=...: one row by its unique index (what reading a page costs).
 * The search has no index to use (docs/decisions.md "Markdown content": ILIKE over stored plain
 * text), so its cost is a scan of every published page's text; the ratios say what that costs.
 *
 * Two loads per target: 1 connection (latency with no queueing) and BENCH_CONNECTIONS keep-alive
 * connections (default 16) as fast as answers come. Queries cycle through a mix: a common two-
 * character word, rarer words, a Latin word, two words, a one-character word (hundreds of hits,
 * capped at 50) and a word found nowhere. Runs on the embedded database (PGlite, the default
 * deployment), and on PostgreSQL when DATABASE_URL_TEST (default postgres://postgres@127.0.0.1:5432/test)
 * answers. Run: `npx tsx scripts/bench-help-search.ts` (part of `npm run bench`). BENCH_SECONDS
 * (default 4) per measurement; BENCH_PORT (default 4433).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { adminQuery, closeDatabase, openDatabase } from '../src/platform/db/client';
import { importShippedHelpPages, searchHelp } from '../src/features/content/server/help';
import { generatedHelpPages } from './help-bench-pages';
import { buildIfNeeded, ENTRY, ROOT } from './build-if-needed';
import { percentile, waitForHealth } from './bench-lib';
import { captureStatements, explain } from './bench-plans';
import { postgresReachable } from './postgres-reachable';

const PAGES = Number(process.env['BENCH_HELP_PAGES'] ?? 500);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 16);
const PORT = Number(process.env['BENCH_PORT'] ?? 4433);
const PG_URL = process.env['DATABASE_URL_TEST'] ?? 'postgres://postgres@127.0.0.1:5432/test';

const QUERIES = ['押金', '哈夫币', '时段 窗口', 'VIP', '实名认证', '号', '完全找不到的词'];

// ---------------------------------------------------------------------------------------------
// Load

interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  firstError: string;
}

function get(agent: http.Agent, base: string, urlPath: string): Promise<{ ok: boolean; ms: number; problem: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(`${base}${urlPath}`, { agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ ok: response.statusCode === 200, ms: performance.now() - started, problem: `HTTP ${response.statusCode}` }));
    });
    request.on('error', (error) => resolve({ ok: false, ms: performance.now() - started, problem: error.message }));
  });
}

/** `connections` requests in flight for `durationMs`, paths taken round robin. */
async function measure(base: string, paths: readonly string[], connections: number, durationMs: number): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  let next = 0;
  const deadline = performance.now() + durationMs;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const result = await get(agent, base, paths[next++ % paths.length]!);
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
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, rps: (latencies.length / elapsed) * 1000, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors, firstError };
}

function startServer(env: Record<string, string>): { base: string; stop: () => Promise<void>; child: ReturnType<typeof spawn> } {
  const { DATABASE_URL: _db, DATA_DIR: _dir, PORT: _port, HOST: _host, ...inherited } = process.env;
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: { ...inherited, PORT: String(PORT), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  return { base: `http://127.0.0.1:${PORT}`, stop, child };
}

async function run(label: string, env: Record<string, string>): Promise<void> {
  const server = startServer(env);
  try {
    await waitForHealth(server.child, server.base);
    const search = QUERIES.map((q) => `/api/v1/help/search?q=${encodeURIComponent(q)}`);
    const targets: [string, string[]][] = [
      ['help/types (baseline)', ['/api/v1/help/types']],
      ['help/page by slug', Array.from({ length: 50 }, (_, i) => `/api/v1/help/page?slug=bench-${i * 10 + 1}`)],
      ['help/search (mix of 7 queries)', search],
    ];
    // Warm-up: every path once, then a second of each.
    for (const [, paths] of targets) await measure(server.base, paths, 4, 1_000);

    const rows: [string, string, Figures][] = [];
    for (const connections of [1, CONNECTIONS]) {
      for (const [name, paths] of targets) rows.push([name, `${connections} conn`, await measure(server.base, paths, connections, SECONDS * 1000)]);
    }
    // Each query alone, unloaded: which shape costs what.
    for (const [index, q] of QUERIES.entries()) rows.push([`search "${q}"`, '1 conn', await measure(server.base, [search[index]!], 1, Math.max(1_000, (SECONDS * 1000) / 2))]);

    console.log(`\n### ${label}: ${PAGES} generated pages + the shipped ones (${os.cpus().length} cores shared with the load generator${label.includes('PostgreSQL') ? ' and PostgreSQL' : ''})\n`);
    console.log('| endpoint | load | requests | req/s | p50 ms | p95 ms | errors | p95 vs types | req/s vs types |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [name, load, figures] of rows) {
      const baseline = rows.find(([other, otherLoad]) => other.startsWith('help/types') && otherLoad === load)![2];
      console.log(
        `| ${name} | ${load} | ${figures.requests} | ${figures.rps.toFixed(0)} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.errors}${figures.firstError ? ` (${figures.firstError})` : ''} | ${(figures.p95 / baseline.p95).toFixed(2)}× | ${(figures.rps / baseline.rps).toFixed(2)}× |`,
      );
    }
  } finally {
    await server.stop();
  }
}

async function seed(db: Parameters<typeof importShippedHelpPages>[0]): Promise<void> {
  const started = performance.now();
  const result = await importShippedHelpPages(db, generatedHelpPages(PAGES), new Date());
  await db.execute(sql`analyze help_pages`);
  const [size] = (await db.execute<{ chars: number }>(sql`select sum(char_length(body_text))::int as chars from help_pages`)).rows;
  console.log(`setup: ${result.inserted.length} pages imported (rendered) in ${((performance.now() - started) / 1000).toFixed(1)} s; ${size?.chars ?? 0} characters of searchable text`);
}

buildIfNeeded();
const migrationsDir = path.join(ROOT, 'drizzle');

// The embedded database: written here first (one process holds PGlite), then served.
const dataDir = path.join(ROOT, '.bench-data', 'help-search');
rmSync(dataDir, { recursive: true, force: true });
try {
  const db = await openDatabase({ databaseUrl: null, dataDir, migrationsDir });
  await seed(db);
  await closeDatabase();
  await run('PGlite (embedded default)', { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (await postgresReachable(PG_URL)) {
  const dbName = `zuhao_bench_help_${Date.now().toString(36)}`;
  await adminQuery(PG_URL, `CREATE DATABASE "${dbName}"`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  try {
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '', migrationsDir });
    await seed(db);
    const statements = await captureStatements(() => searchHelp(db, '押金'));
    for (const statement of statements) console.log(`\nplan of the search statement (q=押金):\n${await explain(db, statement)}`);
    await closeDatabase();
    await run('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await adminQuery(PG_URL, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  }
} else {
  console.log(`\nbench-help-search: no PostgreSQL at ${PG_URL.replace(/:[^:@/]+@/, ':***@')}; PostgreSQL part skipped`);
}
