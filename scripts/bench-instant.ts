/**
 * Issue 12 ("Speed"): how close the production server comes to a static server holding the same
 * bytes in memory. Part of `npm run bench`; alone: `node scripts/bench-instant.ts` (builds when
 * the sources changed, starts dist/main.mjs on a fresh embedded database, measures, stops).
 *
 * 1. Requests per second (10 keep-alive connections, Accept-Encoding "br, gzip", BENCH_SECONDS
 *    each after a 1 s warm-up) for the rental hall page, the home and detail pages and the largest
 *    hashed JavaScript file the hall page references, from the app and from an in-memory static
 *    server (scripts/bench-static-server.ts, its own process) answering the very bytes and
 *    headers the app sent (each content-encoding variant) and the build's files, precompressed.
 *    Targets: hall at least 40 % and the hashed asset at least 60 % of the static server's req/s
 *    (printed as PASS/FAIL; a miss does not fail the run, an error does).
 * 2. Lighthouse (mobile form factor, simulated throttling: its defaults; performance only) on
 *    Debian's Chromium, the median of BENCH_LIGHTHOUSE_RUNS runs (default 3) of each page from the
 *    app and from the static copy (the saved HTML, every other path from dist/client).
 *
 * Ports: BENCH_INSTANT_PORT (app, default 4520) and BENCH_INSTANT_STATIC_PORT (default app + 1).
 * CHROMIUM_PATH overrides /usr/bin/chromium. Runs on Node 24 with type stripping: no
 * TypeScript-only syntax here.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { load, startAppServer, type AppServer, type LoadFigures } from './bench-lib.ts';
import type { Encoding, SavedPage, SavedResponse, StaticServerSetup } from './bench-static-server.ts';
import { buildIfNeeded, ROOT } from './build-if-needed.ts';

const APP_PORT = Number(process.env.BENCH_INSTANT_PORT ?? 4520);
const STATIC_PORT = Number(process.env.BENCH_INSTANT_STATIC_PORT ?? APP_PORT + 1);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const WARMUP_MS = 1000;
const CONNECTIONS = 10;
const ACCEPT_ENCODING = 'br, gzip';
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Issue 12's targets: the app's req/s as a share of the in-memory static server's. */
const HALL_TARGET_RATIO = 0.4;
const ASSET_TARGET_RATIO = 0.6;
const PAGES: Array<{ name: string; path: string }> = [
  { name: 'home', path: '/' },
  { name: 'hall', path: '/zuhao.html' },
  { name: 'detail', path: '/detail/1.html' },
];
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];
/** Hop-by-hop or per-answer headers a saved answer does not repeat (Node sets its own). */
const UNSAVED_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

/** One raw GET: status, headers and the body bytes as sent (not decompressed). */
function getRaw(base: string, urlPath: string, acceptEncoding: string): Promise<SavedResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${urlPath}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !UNSAVED_HEADERS.has(name)) headers[name] = value;
        }
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The page as the app serves it (warmed up first, so a cached page is saved as cached). */
async function savePage(base: string, urlPath: string): Promise<SavedPage> {
  await load({ base, urlPath, durationMs: WARMUP_MS, connections: CONNECTIONS, acceptEncoding: ACCEPT_ENCODING });
  const variants = {} as Record<Encoding, SavedResponse>;
  for (const encoding of ENCODINGS) {
    const saved = await getRaw(base, urlPath, encoding);
    if (saved.status !== 200) throw new Error(`GET ${urlPath} answered ${saved.status}`);
    variants[encoding] = saved;
  }
  return { path: urlPath, variants };
}

/**
 * The largest /_astro/*.js file of the build (on disk, uncompressed): ReactDOM's client since the
 * hall stopped loading React for signed-out visitors (issue 12), the heaviest asset a page fetches.
 */
function largestScript(clientDir: string): { urlPath: string; bytes: number } {
  let largest = { urlPath: '', bytes: -1 };
  for (const name of readdirSync(path.join(clientDir, '_astro'))) {
    if (!name.endsWith('.js')) continue;
    const urlPath = `/_astro/${name}`;
    const bytes = statSync(path.join(clientDir, urlPath)).size;
    if (bytes > largest.bytes) largest = { urlPath, bytes };
  }
  if (!largest.urlPath) throw new Error('dist/client/_astro holds no .js file');
  return largest;
}

interface StaticServer {
  child: ChildProcess;
  base: string;
  files: number;
  notFound: () => Promise<Record<string, number>>;
  stop: () => Promise<void>;
}

async function startStaticServer(pages: SavedPage[], clientDir: string): Promise<StaticServer> {
  const child = fork(path.join(import.meta.dirname, 'bench-static-server.ts'), [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const setup: StaticServerSetup = { type: 'setup', port: STATIC_PORT, clientDir, pages };
  const files = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the static server exited with ${code}`)));
    child.once('message', (message: { type: string; files: number }) => resolve(message.files));
    child.send(setup);
  });
  const notFound = (): Promise<Record<string, number>> =>
    new Promise((resolve) => {
      child.once('message', (message: { notFound: Record<string, number> }) => resolve(message.notFound));
      child.send({ type: 'report' });
    });
  return { child, base: `http://127.0.0.1:${STATIC_PORT}`, files, notFound, stop };
}

interface Comparison {
  name: string;
  urlPath: string;
  app: LoadFigures;
  baseline: LoadFigures;
}

async function compareThroughput(name: string, urlPath: string, app: string, baseline: string): Promise<Comparison> {
  const measure = (base: string, durationMs: number): Promise<LoadFigures> =>
    load({ base, urlPath, durationMs, connections: CONNECTIONS, acceptEncoding: ACCEPT_ENCODING });
  await measure(app, WARMUP_MS); // JIT, page module, database, caches
  await measure(baseline, WARMUP_MS);
  return { name, urlPath, app: await measure(app, DURATION_MS), baseline: await measure(baseline, DURATION_MS) };
}

interface LighthouseFigures {
  score: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
}

/** What the last Lighthouse run reported about itself, printed under its table. */
let environment = '';

/**
 * One Lighthouse run in a Chromium of its own: a browser reused across runs sometimes records no
 * navigation start (NO_NAVSTART), and a fresh one is what the Lighthouse CLI does anyway. A run
 * that fails that way is retried once.
 */
async function runLighthouse(url: string, attempt = 1): Promise<LighthouseFigures> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  let lhr;
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    lhr = result.lhr;
  } finally {
    chrome.kill();
  }
  if (lhr.runtimeError) {
    const problem = `Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt > 1) throw new Error(problem);
    console.log(`  (${problem}; running it again)`);
    return runLighthouse(url, attempt + 1);
  }
  environment = `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, benchmark index ${lhr.environment.benchmarkIndex}`;
  const audits = lhr.audits;
  const metric = (id: string): number => {
    const value = audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse measured no ${id} on ${url}`);
    return value;
  };
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error(`Lighthouse gave ${url} no performance score`);
  return { score: score * 100, tbtMs: metric('total-blocking-time'), lcpMs: metric('largest-contentful-paint'), fcpMs: metric('first-contentful-paint') };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure's median over the runs (each metric on its own). */
function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  return {
    score: median(runs.map((run) => run.score)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
  };
}

const fixed = (value: number, digits = 0): string => value.toFixed(digits);

async function main(): Promise<void> {
  buildIfNeeded();
  const clientDir = path.join(ROOT, 'dist', 'client');
  let failed = false;
  let app: AppServer | undefined;
  let baseline: StaticServer | undefined;
  try {
    app = await startAppServer(APP_PORT, mkdtempSync(path.join(os.tmpdir(), 'bench-instant-')));
    const saved: SavedPage[] = [];
    for (const page of PAGES) saved.push(await savePage(app.base, page.path));
    const asset = largestScript(clientDir);
    baseline = await startStaticServer(saved, clientDir);

    console.log(`\n## Requests per second: the app against an in-memory static server with the same bytes (${CONNECTIONS} connections, Accept-Encoding "${ACCEPT_ENCODING}", ${DURATION_MS / 1000} s each after a ${WARMUP_MS / 1000} s warm-up)\n`);
    for (const page of saved) {
      const variants = ENCODINGS.map((encoding) => {
        const sent = page.variants[encoding].headers['content-encoding'] ?? 'identity';
        return `${encoding} ${page.variants[encoding].body.byteLength} B${sent === encoding ? '' : ` (sent as ${sent})`}`;
      });
      const cache = page.variants.br.headers['x-page-cache'];
      console.log(`Saved ${page.path}: ${variants.join(', ')}${cache ? `; x-page-cache: ${cache}` : ''}`);
    }
    console.log(`Hashed asset: ${asset.urlPath} (${(asset.bytes / 1024).toFixed(1)} KB uncompressed, the largest JS file of the build); the static server holds ${baseline.files} files of dist/client.\n`);
    console.log('| what | path | app req/s | static req/s | app p50 / p95 ms | static p50 / p95 ms | ratio app / static | target |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    const cases: Array<{ name: string; urlPath: string; target?: number }> = [
      { name: 'hall (page cache)', urlPath: '/zuhao.html', target: HALL_TARGET_RATIO },
      { name: 'hashed JS asset', urlPath: asset.urlPath, target: ASSET_TARGET_RATIO },
      { name: 'home', urlPath: '/' },
      { name: 'detail', urlPath: '/detail/1.html' },
    ];
    const verdicts: string[] = [];
    for (const { name, urlPath, target } of cases) {
      const result = await compareThroughput(name, urlPath, app.base, baseline.base);
      const ratio = result.app.rps / result.baseline.rps;
      const verdict = target === undefined ? '' : `≥ ${fixed(target * 100)} %: ${ratio >= target ? 'PASS' : 'FAIL'}`;
      console.log(`| ${name} | ${urlPath} | ${fixed(result.app.rps)} | ${fixed(result.baseline.rps)} | ${fixed(result.app.p50, 1)} / ${fixed(result.app.p95, 1)} | ${fixed(result.baseline.p50, 1)} / ${fixed(result.baseline.p95, 1)} | ${fixed(ratio, 3)} | ${verdict} |`);
      if (target !== undefined) verdicts.push(`${ratio >= target ? 'PASS' : 'FAIL'}: ${name} at ${fixed(ratio * 100, 1)} % of the static server's req/s (target ≥ ${fixed(target * 100)} %)`);
      for (const [side, figures] of [['app', result.app], ['static', result.baseline]] as const) {
        if (figures.errors > 0) {
          failed = true;
          console.log(`  ERRORS: ${figures.errors} while loading ${urlPath} from the ${side} server, first: ${figures.firstError}`);
        }
      }
    }
    console.log('');
    for (const verdict of verdicts) console.log(verdict);

    console.log(`\n## Lighthouse, mobile (simulated throttling), performance: median of ${LIGHTHOUSE_RUNS} runs (each figure on its own, a fresh Chromium per run), app / static copy\n`);
    const runs = new Map<string, LighthouseFigures[]>();
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      // Interleaved (app, static, app, ...) so drift on the machine hits both sides alike.
      for (const page of PAGES) {
        for (const [side, base] of [['app', app.base], ['static', baseline.base]] as const) {
          const key = `${page.name} ${side}`;
          runs.set(key, [...(runs.get(key) ?? []), await runLighthouse(base + page.path)]);
        }
      }
    }
    console.log('| page | score app / static | TBT ms app / static | LCP ms app / static | FCP ms app / static |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const page of PAGES) {
      const a = medianFigures(runs.get(`${page.name} app`)!);
      const s = medianFigures(runs.get(`${page.name} static`)!);
      console.log(`| ${page.name} ${page.path} | ${fixed(a.score)} / ${fixed(s.score)} | ${fixed(a.tbtMs)} / ${fixed(s.tbtMs)} | ${fixed(a.lcpMs)} / ${fixed(s.lcpMs)} | ${fixed(a.fcpMs)} / ${fixed(s.fcpMs)} |`);
    }
    console.log(`\n${environment}`);
    const missing = Object.entries(await baseline.notFound());
    if (missing.length > 0) {
      console.log(`\nThe static copy answered 404 (not a file of dist/client) for: ${missing.map(([urlPath, count]) => `${urlPath} (${count}x)`).join(', ')}`);
    }
  } finally {
    await baseline?.stop();
    await app?.stop();
  }
  if (failed) process.exitCode = 1;
}

await main();
