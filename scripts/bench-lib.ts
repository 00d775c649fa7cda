/**
 * Pieces shared by the benchmarks that run the production server themselves (scripts/bench.ts,
 * scripts/bench-instant.ts): start dist/main.mjs on a fresh embedded database, wait for its health
 * check, and a keep-alive load generator. Runs on Node 24 with type stripping: no TypeScript-only
 * syntax here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { ENTRY, ROOT } from './build-if-needed.ts';

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when empty. The one definition every bench uses. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * CPU time, in ms, used so far by every process named postgres on this machine (user + system,
 * including exited children the postmaster reaped), read from /proc; null where there is no /proc
 * or no local server. Lets a bench say how an operation's CPU splits between the app and the
 * database when both share the machine's cores.
 */
export function localPostgresCpuMs(): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  let ticks = 0;
  let found = false;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
    // Fields after the name: state is [0]; utime, stime, cutime, cstime are [11]..[14] (proc(5)).
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    found = true;
  }
  // Linux reports in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on here.
  return found ? ticks * 10 : null;
}

/** This process's CPU time so far, in ms (user + system). */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export interface LoadFigures {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  firstError: string;
}

export interface LoadOptions {
  /** Origin, e.g. http://127.0.0.1:4500 */
  base: string;
  urlPath: string;
  durationMs: number;
  /** Keep-alive connections, each with one request in flight at a time. */
  connections: number;
  acceptEncoding: string;
}

export interface AppServer {
  child: ChildProcess;
  base: string;
  stop: () => Promise<void>;
}

/** Polls /api/v1/health until it answers 200; fails if the process exits first or after 60 s. */
export async function waitForHealth(child: ChildProcess, base: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

/**
 * Starts the production entry on 127.0.0.1:`port` with a fresh embedded database in `dataDir`
 * (deleted before and after) and waits until it is healthy. Build first (buildIfNeeded).
 */
export async function startAppServer(port: number, dataDir: string): Promise<AppServer> {
  rmSync(dataDir, { recursive: true, force: true });
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(child, base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, base, stop };
}

/** Keeps `connections` keep-alive requests in flight for `durationMs` and records each latency. */
export async function load(options: LoadOptions): Promise<LoadFigures> {
  const { base, urlPath, durationMs, connections, acceptEncoding } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  const deadline = performance.now() + durationMs;
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const started = performance.now();
      const request = http.get(`${base}${urlPath}`, { agent, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
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
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), errors, firstError };
}
