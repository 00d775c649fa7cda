/**
 * Many processes behind nginx (issue 11): N identical production processes (dist/main.mjs) on one
 * PostgreSQL database, each on its own port with the same environment (DATABASE_URL, ASTRO_KEY,
 * TRUST_PROXY=true), and nginx in front of them from deploy/nginx/zuhao.conf.template, run as an
 * ordinary child (own prefix, pid, logs and temp files in a temp folder; `daemon off`), so stopping
 * this script stops everything it started.
 *
 * Used by tests/e2e/multi-process.e2e.ts and scripts/bench-multi.ts through startMultiProcess(),
 * and from the shell:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/zuhao node scripts/multi-process.ts --processes 2
 *
 * which builds when needed, prints nginx's URL and runs until Ctrl-C. Options: --processes N,
 * --port P (nginx; default 4320), --tls-port P (nginx's HTTPS with HTTP/2; default 4319),
 * --database-url URL. nginx serves dist/client and the pages it may cache itself (issue 27); the
 * processes publish the catalogue version it keys them on into <prefix>/edge-version. Runs on
 * Node 24 with type stripping: no TypeScript-only syntax here.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, ENTRY, ROOT } from './build-if-needed.ts';

export const NGINX_TEMPLATE = path.join(ROOT, 'deploy', 'nginx', 'zuhao.conf.template');
/** The build's files, served by nginx itself (issue 27). */
export const CLIENT_DIR = path.join(ROOT, 'dist', 'client');
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;

export interface MultiProcessOptions {
  /** How many identical processes (at least 1). */
  processes: number;
  /** The one PostgreSQL database every process shares. */
  databaseUrl: string;
  /** nginx's port; a free one when omitted. */
  port?: number;
  /** nginx's HTTPS port (HTTP/2, a self-signed certificate made at start); a free one when omitted. */
  tlsPort?: number;
  /** The processes' ports, one each; free ones when omitted. */
  processPorts?: number[];
  /** More environment for every process (APP_ENV, SEED_DEMO, LOG_LEVEL ...), the same for all. */
  env?: Record<string, string>;
  /** Server-island key for every process; default: ASTRO_KEY of this environment, when set. */
  astroKey?: string;
  /** nginx workers (default 1: on a small machine the Node processes need the cores). */
  nginxWorkers?: number | 'auto';
  /** Extra location blocks for nginx's server (the benchmark's static baseline). */
  extraLocations?: string;
  /** The nginx binary; default NGINX_BIN, /usr/sbin/nginx or nginx on PATH. */
  nginxBin?: string;
}

export interface ManagedProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** stdout and stderr so far (for failure messages). */
  output: string[];
}

export interface MultiProcessDeployment {
  /** nginx, load-balancing over every process. */
  url: string;
  /** The same nginx over HTTPS with HTTP/2 (self-signed certificate: clients must not verify it). */
  tlsUrl: string;
  processes: ManagedProcess[];
  nginx: ManagedProcess;
  /** Folder of nginx's config, pid, logs and temp files (removed by stop()). */
  prefix: string;
  /** Stops nginx, then every process (SIGTERM, SIGKILL after 10 s), and removes the prefix. */
  stop(): Promise<void>;
}

/** The nginx binary, or null when none is installed. */
export function findNginx(explicit: string | undefined = process.env['NGINX_BIN']): string | null {
  for (const candidate of [explicit, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  return found || null;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface NginxConfigInput {
  prefix: string;
  port: number;
  upstreamPorts: number[];
  workers?: number | 'auto';
  extraLocations?: string;
  /** The HTTPS listener; none when omitted. */
  tls?: { port: number; certificate: string; key: string };
  /** The processes' EDGE_VERSION_DIR; default <prefix>/edge-version. */
  edgeVersionDir?: string;
  /** default dist/client of this checkout. */
  clientDir?: string;
}

/** The processes' EDGE_VERSION_DIR inside nginx's prefix. */
export function edgeVersionDirIn(prefix: string): string {
  return path.join(prefix, 'edge-version');
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, valid for a week, written into `dir`
 * (openssl, which Debian's nginx depends on). Enough for HTTP/2, which browsers speak over TLS only.
 */
export function makeSelfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, 'tls-cert.pem');
  const key = path.join(dir, 'tls-key.pem');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '7', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', certificate],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a self-signed certificate: ${made.stderr || made.error?.message}`);
  return { certificate, key };
}

/** deploy/nginx/zuhao.conf.template with its placeholders filled. */
export function renderNginxConfig(input: NginxConfigInput): string {
  const values: Record<string, string> = {
    PREFIX: input.prefix,
    WORKER_PROCESSES: String(input.workers ?? 1),
    LISTEN: `${HOST}:${input.port}`,
    TLS: input.tls
      ? [
          `    listen ${HOST}:${input.tls.port} ssl http2 reuseport;`,
          `    ssl_certificate ${input.tls.certificate};`,
          `    ssl_certificate_key ${input.tls.key};`,
          '    ssl_protocols TLSv1.2 TLSv1.3;',
          '    ssl_session_cache shared:tls:1m;',
        ].join('\n')
      : '',
    CLIENT_DIR: input.clientDir ?? CLIENT_DIR,
    EDGE_VERSION_DIR: input.edgeVersionDir ?? edgeVersionDirIn(input.prefix),
    UPSTREAM_SERVERS: input.upstreamPorts.map((port) => `    server ${HOST}:${port} max_fails=3 fail_timeout=5s;`).join('\n'),
    EXTRA_LOCATIONS: input.extraLocations ?? '',
  };
  const config = readFileSync(NGINX_TEMPLATE, 'utf8').replace(/@@([A-Z_]+)@@/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`unknown placeholder ${match} in ${NGINX_TEMPLATE}`);
    return value;
  });
  return config;
}

function spawnManaged(command: string, args: string[], env: NodeJS.ProcessEnv, port: number): ManagedProcess {
  const output: string[] = [];
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer): void => {
    output.push(chunk.toString());
    // The last lines are what explains a failure; a long-running CLI must not grow forever.
    if (output.length > 500) output.splice(0, output.length - 500);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, port, url: `http://${HOST}:${port}`, output };
}

/**
 * One dist/main.mjs on a free port with `env` (HOST and PORT set here), resolved once it is
 * healthy: for tests that need a process configured unlike the shared e2e server (production mode,
 * another provider). Stop it with stopManaged().
 */
export async function startEntry(env: NodeJS.ProcessEnv): Promise<ManagedProcess> {
  const port = await freePort();
  const managed = spawnManaged(process.execPath, [ENTRY], { ...env, HOST, PORT: String(port) }, port);
  await waitForHealth(managed);
  return managed;
}

/** Resolves once `url`/api/v1/health answers 200; rejects when the process exits or time runs out. */
export async function waitForHealth(managed: ManagedProcess, url: string = managed.url, timeoutMs: number = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (managed.child.exitCode !== null || managed.child.signalCode !== null) {
      throw new Error(`process on port ${managed.port} exited (${managed.child.exitCode ?? managed.child.signalCode}):\n${managed.output.join('')}`);
    }
    try {
      const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nothing answered ${url}/api/v1/health within ${timeoutMs / 1000} s:\n${managed.output.join('')}`);
}

/** SIGTERM, then SIGKILL if it has not exited after STOP_GRACE_MS. */
export function stopManaged(managed: ManagedProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const { child } = managed;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * The environment of every process: this one's, minus any database of its own, plus the
 * deployment's (with `edgeVersionDir`, the folder where they publish the catalogue version nginx
 * keys cached pages on).
 */
export function processEnv(options: MultiProcessOptions, port: number, edgeVersionDir?: string): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, DATA_DIR: _dir, ASTRO_KEY: _key, PORT: _port, HOST: _host, ...inherited } = process.env;
  const astroKey = options.astroKey ?? process.env['ASTRO_KEY'];
  return {
    ...inherited,
    LOG_LEVEL: 'warn',
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    TRUST_PROXY: 'true',
    ...(astroKey ? { ASTRO_KEY: astroKey } : {}),
    ...(edgeVersionDir ? { EDGE_VERSION_DIR: edgeVersionDir } : {}),
    HOST,
    PORT: String(port),
  };
}

/** Starts the processes together (migrations and seed take turns under the advisory lock), then nginx. */
export async function startMultiProcess(options: MultiProcessOptions): Promise<MultiProcessDeployment> {
  if (!Number.isInteger(options.processes) || options.processes < 1) throw new Error(`--processes must be a whole number ≥ 1, not ${options.processes}`);
  const nginxBin = options.nginxBin ?? findNginx();
  if (!nginxBin) throw new Error('nginx is not installed (apt-get install -y nginx, or set NGINX_BIN)');
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run npm run build first`);

  const ports = options.processPorts ?? [];
  while (ports.length < options.processes) ports.push(await freePort());
  const nginxPort = options.port ?? (await freePort());
  const tlsPort = options.tlsPort ?? (await freePort());

  const processes: ManagedProcess[] = [];
  let nginx: ManagedProcess | null = null;
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'zuhao-nginx-'));
  // When run as root, nginx's workers drop to `nobody`, who must be able to read the prefix.
  chmodSync(prefix, 0o755);
  const edgeVersionDir = edgeVersionDirIn(prefix);

  const stop = async (): Promise<void> => {
    if (nginx) await stopManaged(nginx);
    await Promise.all(processes.map((managed) => stopManaged(managed)));
    rmSync(prefix, { recursive: true, force: true });
  };

  try {
    for (const port of ports.slice(0, options.processes)) {
      processes.push(spawnManaged(process.execPath, [ENTRY], processEnv(options, port, edgeVersionDir), port));
    }
    await Promise.all(processes.map((managed) => waitForHealth(managed)));

    const configPath = path.join(prefix, 'nginx.conf');
    writeFileSync(
      configPath,
      renderNginxConfig({
        prefix,
        port: nginxPort,
        tls: { port: tlsPort, ...makeSelfSignedCertificate(prefix) },
        edgeVersionDir,
        upstreamPorts: processes.map((managed) => managed.port),
        workers: options.nginxWorkers,
        extraLocations: options.extraLocations,
      }),
    );
    // -e: the error log before the config is read (the default is under /var/log, not writable
    // by an ordinary user); daemon off: nginx stays this script's child.
    nginx = spawnManaged(nginxBin, ['-p', prefix, '-c', configPath, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'], process.env, nginxPort);
    try {
      await waitForHealth(nginx, `http://${HOST}:${nginxPort}`, 20_000);
    } catch (error) {
      const log = existsSync(path.join(prefix, 'error.log')) ? readFileSync(path.join(prefix, 'error.log'), 'utf8') : '';
      throw new Error(`${error instanceof Error ? error.message : String(error)}\nnginx error.log:\n${log}`, { cause: error });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://${HOST}:${nginxPort}`, tlsUrl: `https://${HOST}:${tlsPort}`, processes, nginx, prefix, stop };
}

// ---------------------------------------------------------------------------------------------
// the command line

function argValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

async function cli(): Promise<void> {
  const args = process.argv.slice(2);
  const processes = Number(argValue(args, '--processes') ?? 2);
  const port = Number(argValue(args, '--port') ?? 4320);
  const tlsPort = Number(argValue(args, '--tls-port') ?? 4319);
  const databaseUrl = argValue(args, '--database-url') ?? process.env['DATABASE_URL'];
  if (!databaseUrl) {
    console.error('Many processes share one PostgreSQL database: set DATABASE_URL or pass --database-url postgres://...');
    process.exit(2);
  }
  buildIfNeeded();
  const deployment = await startMultiProcess({ processes, port, tlsPort, databaseUrl });
  console.log(`${processes} process(es) behind nginx: ${deployment.url} (HTTP/2: ${deployment.tlsUrl}, self-signed)`);
  for (const managed of deployment.processes) console.log(`  process ${managed.url} (pid ${managed.child.pid})`);
  console.log('Ctrl-C stops nginx and every process.');

  let stopping = false;
  const shutdown = (reason: string, code: number): void => {
    if (stopping) return;
    stopping = true;
    console.log(`stopping (${reason})`);
    void deployment.stop().then(() => process.exit(code));
  };
  process.on('SIGINT', () => shutdown('SIGINT', 0));
  process.on('SIGTERM', () => shutdown('SIGTERM', 0));
  for (const managed of [...deployment.processes, deployment.nginx]) {
    managed.child.stdout!.pipe(process.stdout);
    managed.child.stderr!.pipe(process.stderr);
    managed.child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`a child on port ${managed.port} exited (${code ?? signal}):\n${managed.output.join('')}`);
      shutdown('a child exited', 1);
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await cli();
}
