/**
 * `npm run bench`: figures for docs/benchmarks.md, each printed as a ratio against a baseline
 * measured in the same run on the same server.
 *
 * 1. JavaScript each page loads, gzipped: before the load event (what runs before the browser is
 *    idle) and after the network settles with no interaction (everything before a first click).
 * 2. Requests per second and latency of server-rendered pages (home, rental hall, detail) against
 *    the very same HTML served as a static file by the same server, at the same concurrency.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildIfNeeded, ENTRY, ROOT } from './build-if-needed.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4500);
const BASE = `http://127.0.0.1:${PORT}`;
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const JS_BUDGET_BYTES = 100 * 1024;
const CONTENT_PAGES = new Set(['help', '404', 'ContactUs', 'download']);
/** Pages whose rendering cost is compared with the same HTML served as a static file. */
const THROUGHPUT_PAGES: Array<{ name: string; path: string }> = [
  { name: 'home', path: '/' },
  { name: 'hall', path: '/zuhao.html' },
  { name: 'detail', path: '/detail/1.html' },
];
const PAGES: Array<{ name: string; path: string }> = [
  { name: 'home', path: '/' },
  { name: 'help', path: '/help' },
  { name: '404', path: '/no-such-page' },
  { name: 'ContactUs', path: '/ContactUs' },
  { name: 'download', path: '/download' },
  { name: 'hall', path: '/zuhao.html' },
  { name: 'detail', path: '/detail/1.html' },
];

async function waitForHealth(child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${BASE}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

interface JsFigures {
  beforeLoad: number;
  beforeInteraction: number;
  files: number;
  inlineScript: number;
}

async function measureJavaScript(): Promise<Map<string, JsFigures>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results = new Map<string, JsFigures>();
  try {
    for (const page of PAGES) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      let loaded = false;
      const figures: JsFigures = { beforeLoad: 0, beforeInteraction: 0, files: 0, inlineScript: 0 };
      const pending: Promise<void>[] = [];
      tab.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        const before = !loaded;
        pending.push(
          response.body().then((body) => {
            const gzipped = gzipSync(body).length;
            figures.files += 1;
            figures.beforeInteraction += gzipped;
            if (before) figures.beforeLoad += gzipped;
          }),
        );
      });
      tab.on('load', () => {
        loaded = true;
      });
      await tab.goto(BASE + page.path, { waitUntil: 'load' });
      await tab.waitForLoadState('networkidle');
      await Promise.all(pending);
      const inline = await tab.evaluate(() => Array.from(document.querySelectorAll('script:not([src])'), (script) => script.textContent ?? '').join(''));
      figures.inlineScript = gzipSync(Buffer.from(inline)).length;
      results.set(page.name, figures);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

interface LoadFigures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  firstError: string;
}

/** Keeps CONCURRENCY keep-alive requests in flight for DURATION_MS and records each latency. */
async function load(urlPath: string, durationMs: number): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  const deadline = performance.now() + durationMs;
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get(`${BASE}${urlPath}`, { agent, headers: { 'accept-encoding': 'gzip, br' } }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - started);
          else {
            errors++;
            firstError ||= `HTTP ${response.statusCode}`;
          }
          resolve();
        });
      });
      request.on('error', (error) => {
        errors++;
        firstError ||= error.message;
        resolve();
      });
    });
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) await one();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), errors, firstError };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  buildIfNeeded();
  const dataDir = path.join(ROOT, '.bench-data');
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const staticDir = path.join(ROOT, 'dist', 'client', '__bench');
  let failed = false;
  try {
    await waitForHealth(server);

    console.log('\n## JavaScript per page (gzip)\n');
    console.log('| page | before load | before interaction | files | inline script |');
    console.log('| --- | --- | --- | --- | --- |');
    const js = await measureJavaScript();
    for (const [name, figures] of js) {
      console.log(`| ${name} | ${kb(figures.beforeLoad)} | ${kb(figures.beforeInteraction)} | ${figures.files} | ${figures.inlineScript} B |`);
      if (figures.beforeInteraction > JS_BUDGET_BYTES) {
        failed = true;
        console.log(`  OVER BUDGET: ${name} loads more than ${kb(JS_BUDGET_BYTES)} before interaction`);
      }
      if (CONTENT_PAGES.has(name) && figures.beforeLoad > 0) {
        failed = true;
        console.log(`  OVER BUDGET: content page ${name} loads JavaScript files before the browser is idle`);
      }
    }

    // Each page against the very same HTML saved where the static-file handler serves it.
    mkdirSync(staticDir, { recursive: true });
    console.log(`\n## Server-rendered pages against the same HTML as a static file (${CONCURRENCY} connections, ${DURATION_MS / 1000} s each, gzip/br accepted)\n`);
    console.log('| page | served as | req/s | p50 ms | p95 ms | errors | ratio to static |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const { name, path: pagePath } of THROUGHPUT_PAGES) {
      const html = await (await fetch(BASE + pagePath)).text();
      const staticPath = `/__bench/${name}.html`;
      writeFileSync(path.join(staticDir, `${name}.html`), html);
      await load(pagePath, 1000); // warm-up: JIT, page module, database, caches
      await load(staticPath, 1000);
      const rendered = await load(pagePath, DURATION_MS);
      const staticFile = await load(staticPath, DURATION_MS);
      for (const [label, figures] of [['static file (baseline)', staticFile], ['server-rendered', rendered]] as const) {
        console.log(`| ${name} | ${label} | ${figures.rps.toFixed(0)} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.errors} | ${(figures.rps / staticFile.rps).toFixed(3)} |`);
        if (figures.errors > 0) {
          failed = true;
          console.log(`  ERRORS during the load test of ${name}, first: ${figures.firstError}`);
        }
      }
    }
  } finally {
    rmSync(staticDir, { recursive: true, force: true });
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();
