/**
 * Many processes behind nginx (issue 11): requests per second and p95 of the rental hall page, a
 * detail page and the QR status poll, with 1 and then 2 production processes on one PostgreSQL
 * database behind nginx (scripts/multi-process.ts), each against the very same bytes served by that
 * nginx as a static file in the same run (precompressed, gzip_static: the ceiling of this machine
 * for an answer of that size). Prints ratios to the static baseline and of 2 processes to 1, and,
 * with 1 process, the same requests straight to the process (what the nginx hop costs).
 *
 * Issue 27: pages are answered from nginx's own cache (keyed on the catalogue version the processes
 * publish); the "nginx cache" rows count how many answers said X-Edge-Cache: HIT. The same pages
 * requested with a cookie (as a signed-in operator's browser sends) bypass that cache: those rows
 * are what the processes and their own page cache give through nginx.
 *
 * Needs nginx and a PostgreSQL server (DATABASE_URL_TEST, default postgres://postgres@127.0.0.1:5432/test;
 * a fresh database is created and dropped); skips with a message otherwise. Loopback only, bounded:
 * BENCH_CONNECTIONS keep-alive connections (default 20) for BENCH_SECONDS (default 5) per case
 * after a 1 s warm-up. Run: `node scripts/bench-multi.ts` (part of `npm run bench`). Runs on Node 24
 * with type stripping: no TypeScript-only syntax here.
 */
import { mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { buildIfNeeded } from './build-if-needed.ts';
import { findNginx, startMultiProcess } from './multi-process.ts';
import { postgresReachable } from './postgres-reachable.ts';

const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 20);
const DURATION_MS = Number(process.env['BENCH_SECONDS'] ?? 5) * 1000;
const WARMUP_MS = 1000;
/**
 * BENCH_MULTI_PORTS="nginx,https,process1,process2": fixed ports on a machine shared with other
 * runs (free ones when unset).
 */
const FIXED_PORTS = (process.env['BENCH_MULTI_PORTS'] ?? '').split(',').filter(Boolean).map(Number);
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** QR sessions polled round robin: each is polled well under once per 250 ms (the cadence limit) at these rates. */
const QR_SESSIONS = 600;

interface LoadFigures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  /** Answers other than 200 (a QR poll that came too early is a 429). */
  non200: number;
  /** 200 answers nginx sent from its page cache (X-Edge-Cache: HIT). */
  edgeHits: number;
  errors: number;
  firstProblem: string;
  /** Sorted; kept so that slices of one case can be merged. */
  latencies: number[];
  seconds: number;
}

interface Target {
  /** Paths requested round robin (the QR case has one per session). */
  paths: string[];
  headers: Array<Record<string, string>>;
}

/** Keeps CONNECTIONS keep-alive requests in flight against `origin` for `durationMs`; records each latency. */
async function load(origin: string, target: Target, durationMs: number): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let non200 = 0;
  let edgeHits = 0;
  let errors = 0;
  let firstProblem = '';
  let next = 0;
  const deadline = performance.now() + durationMs;
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const index = next++ % target.paths.length;
      const started = performance.now();
      const request = http.get(`${origin}${target.paths[index]}`, { agent, headers: { 'accept-encoding': 'gzip, br', ...target.headers[index] } }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) {
            latencies.push(performance.now() - started);
            if (response.headers['x-edge-cache'] === 'HIT') edgeHits += 1;
          }
          else {
            non200 += 1;
            firstProblem ||= `HTTP ${response.statusCode}`;
          }
          resolve();
        });
      });
      request.setTimeout(10_000, () => request.destroy(new Error('timed out after 10 s')));
      request.on('error', (error) => {
        errors += 1;
        firstProblem ||= error.message;
        resolve();
      });
    });
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) await one();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  return figuresOf(latencies, seconds, { non200, edgeHits, errors, firstProblem });
}

function figuresOf(latencies: number[], seconds: number, counts: Pick<LoadFigures, 'non200' | 'edgeHits' | 'errors' | 'firstProblem'>): LoadFigures {
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), ...counts, latencies, seconds };
}

/**
 * Each target in turn, one-second slices, for `durationMs` each: on a machine shared with other
 * work the load moves from second to second, and a ratio of two cases measured side by side is
 * steadier than one of two cases measured one after the other.
 */
async function loadInTurn(origin: string, targets: Target[], durationMs: number): Promise<LoadFigures[]> {
  const slices = Math.max(1, Math.round(durationMs / 1000));
  const parts: LoadFigures[][] = targets.map(() => []);
  for (let slice = 0; slice < slices; slice += 1) {
    for (const [index, target] of targets.entries()) parts[index]!.push(await load(origin, target, durationMs / slices));
  }
  return parts.map((figures) =>
    figuresOf(
      figures.flatMap((one) => one.latencies),
      figures.reduce((sum, one) => sum + one.seconds, 0),
      {
        non200: figures.reduce((sum, one) => sum + one.non200, 0),
        edgeHits: figures.reduce((sum, one) => sum + one.edgeHits, 0),
        errors: figures.reduce((sum, one) => sum + one.errors, 0),
        firstProblem: figures.find((one) => one.firstProblem)?.firstProblem ?? '',
      },
    ),
  );
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Row {
  processes: number;
  name: string;
  dynamic: LoadFigures;
  staticFile: LoadFigures;
  /** Pages only: the same requests with a cookie, which nginx never answers from its cache. */
  bypass?: LoadFigures;
  /** With one process: the same requests straight to it, without nginx (what the proxy hop costs). */
  direct?: LoadFigures;
}

/** Opens QR_SESSIONS WeChat QR sessions through `origin`; their status paths and cookies. */
async function openQrSessions(origin: string): Promise<Target> {
  const target: Target = { paths: [], headers: [] };
  for (let i = 0; i < QR_SESSIONS; i += 1) {
    const response = await fetch(`${origin}/api/v1/qr/wechat/init`);
    const cookie = response.headers.getSetCookie().map((value) => value.split(';', 1)[0]).join('; ');
    const { data } = (await response.json()) as { data: { session_id: string } };
    target.paths.push(`/api/v1/qr/wechat/status?sessionId=${data.session_id}`);
    target.headers.push({ cookie });
  }
  return target;
}

async function measureDeployment(processes: number, databaseUrl: string, staticDir: string): Promise<Row[]> {
  const deployment = await startMultiProcess({
    processes,
    databaseUrl,
    ...(FIXED_PORTS.length >= 2 + processes ? { port: FIXED_PORTS[0], tlsPort: FIXED_PORTS[1], processPorts: FIXED_PORTS.slice(2, 2 + processes) } : {}),
    env: { APP_ENV: 'test', LOG_LEVEL: 'warn' },
    // The baseline: the same bytes from disk, precompressed (what nginx does best).
    extraLocations: `    location /__static/ {\n      alias ${staticDir}/;\n      gzip_static on;\n    }`,
  });
  const rows: Row[] = [];
  try {
    const origin = deployment.url;
    const hall = (await (await fetch(`${origin}/api/v1/zuhao/accounts?page=1&page_size=20`)).json()) as { data: { list: Array<{ id: number }> } };
    const detailId = hall.data.list[0]?.id;
    if (detailId === undefined) throw new Error('the rental hall API listed no account');
    const cases: Array<{ name: string; target: () => Promise<Target>; file: string; page: boolean }> = [
      { name: 'hall /zuhao.html', target: async () => ({ paths: ['/zuhao.html'], headers: [{}] }), file: 'hall.html', page: true },
      { name: `detail /detail/${detailId}.html`, target: async () => ({ paths: [`/detail/${detailId}.html`], headers: [{}] }), file: 'detail.html', page: true },
      // Opened just before they are polled: a QR code lives 60 s.
      { name: 'QR poll /api/v1/qr/wechat/status', target: () => openQrSessions(origin), file: 'qr.json', page: false },
    ];
    for (const { name, target: prepare, file, page } of cases) {
      const target = await prepare();
      const body = Buffer.from(await (await fetch(`${origin}${target.paths[0]}`, { headers: target.headers[0] })).arrayBuffer());
      writeFileSync(path.join(staticDir, file), body);
      writeFileSync(path.join(staticDir, `${file}.gz`), gzipSync(body, { level: 9 }));
      const staticTarget: Target = { paths: [`/__static/${file}`], headers: [{}] };
      await load(origin, target, WARMUP_MS); // JIT, page modules, page cache, pool connections
      await load(origin, staticTarget, WARMUP_MS);
      const bypassTarget: Target = { paths: target.paths, headers: target.headers.map((headers) => ({ ...headers, cookie: 'bench=1' })) };
      const [staticFile, dynamic] = await loadInTurn(origin, [staticTarget, target], DURATION_MS);
      if (!staticFile || !dynamic) throw new Error('loadInTurn measured nothing');
      // After the pair: the processes' backlog from this one must not slow the nginx-only cases.
      const bypass = page ? await load(origin, bypassTarget, DURATION_MS) : undefined;
      const direct = processes === 1 ? await load(deployment.processes[0]!.url, target, DURATION_MS) : undefined;
      rows.push({ processes, name, dynamic, staticFile, bypass, direct });
      // Let the QR cadence window pass before the next case polls the same sessions.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } finally {
    await deployment.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  const pgUrl = process.env['DATABASE_URL_TEST'] || DEFAULT_PG_URL;
  if (!findNginx()) {
    console.log('\nbench-multi: nginx is not installed (apt-get install -y nginx); skipped.');
    return;
  }
  if (!(await postgresReachable(pgUrl))) {
    console.log(`\nbench-multi: PostgreSQL at ${pgUrl.replace(/:[^:@/]*@/, ':***@')} does not answer; skipped (many processes need a shared database).`);
    return;
  }
  buildIfNeeded();
  const dbName = `zuhao_bench_multi_${Date.now().toString(36)}`;
  await adminQuery(pgUrl, `CREATE DATABASE "${dbName}"`);
  const url = new URL(pgUrl);
  url.pathname = `/${dbName}`;
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'zuhao-bench-static-'));
  // nginx's workers run as nobody when this runs as root.
  chmodSync(staticDir, 0o755);
  const rows: Row[] = [];
  let failed = false;
  try {
    for (const processes of [1, 2]) rows.push(...(await measureDeployment(processes, url.toString(), staticDir)));
  } finally {
    rmSync(staticDir, { recursive: true, force: true });
    await adminQuery(pgUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  }

  console.log(`\n## Many processes behind nginx (${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per case, gzip/br accepted, ${os.cpus().length} cores shared by nginx, the processes, PostgreSQL and this load generator)\n`);
  console.log('| what | processes | served as | req/s | p50 ms | p95 ms | non-200 | errors | nginx cache hits | ratio to static | ratio to 1 process (normalised) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    const single = rows.find((other) => other.processes === 1 && other.name === row.name)!;
    // Against 1 process, each normalised by its own run's static baseline: on a shared machine the
    // static ceiling itself moves between runs, and the ratio should not count that.
    const normalisedToOne = (row.dynamic.rps / row.staticFile.rps / (single.dynamic.rps / single.staticFile.rps)).toFixed(2);
    const fmt = (figures: LoadFigures, label: string, ratioToOne: string): string =>
      `| ${row.name} | ${row.processes} | ${label} | ${figures.rps.toFixed(0)} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.non200} | ${figures.errors} | ${((100 * figures.edgeHits) / Math.max(1, figures.requests)).toFixed(1)}% | ${(figures.rps / row.staticFile.rps).toFixed(3)} | ${ratioToOne} |`;
    console.log(fmt(row.staticFile, 'nginx static file (baseline)', ''));
    console.log(fmt(row.dynamic, row.bypass ? "nginx's page cache (anonymous)" : 'through nginx to the processes', normalisedToOne));
    if (row.bypass) console.log(fmt(row.bypass, "with a cookie: past nginx's cache to the processes", ''));
    if (row.direct) console.log(fmt(row.direct, 'straight to the process (no nginx)', ''));
    for (const [label, figures] of [['static', row.staticFile], ['dynamic', row.dynamic], ['bypass', row.bypass ?? row.dynamic], ['direct', row.direct ?? row.dynamic]] as const) {
      // A QR poll that comes round sooner than 250 ms is answered 429 by design; anything else is a fault.
      const tooEarlyOnly = row.name.startsWith('QR') && figures.firstProblem === 'HTTP 429';
      // Anonymous pages must come from nginx's cache (one expiry per 10 s may reach a process).
      if (label === 'dynamic' && row.bypass && figures.edgeHits < 0.9 * figures.requests) {
        failed = true;
        console.log(`  PROBLEM in ${row.name} (${row.processes} process(es)): only ${figures.edgeHits} of ${figures.requests} answers came from nginx's page cache`);
      }
      if (figures.errors > 0 || (figures.non200 > 0 && !tooEarlyOnly)) {
        failed = true;
        console.log(`  PROBLEM in ${row.name} (${label}, ${row.processes} process(es)): ${figures.non200} non-200, ${figures.errors} errors, first: ${figures.firstProblem}`);
      }
    }
  }
  if (failed) process.exitCode = 1;
}

await main();
