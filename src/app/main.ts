/**
 * Production entry (dist/main.mjs). @astrojs/node neither compresses nor caches hashed assets, and
 * its middleware loads on the first request; this entry therefore validates config, takes the data
 * folder lock, migrates and seeds BEFORE listening, then serves Astro's handler behind compression.
 *
 * Two kinds of request never enter Astro. Files of dist/client are answered from memory
 * in their precompressed copies (static-files.ts), and a page-cache hit is answered here
 * (page-fast-path.ts) with the one cache the Astro middleware fills. Both write their answer whole,
 * before compression is wrapped around the response, so nothing is compressed twice.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import { cacheControlFor } from '~/platform/edge/cache-control';
import { securityHeadersFor } from '~/platform/edge/security-headers';
import { ConfigError, appConfig } from '~/platform/config/config';
import { openAppDatabase } from '~/app/boot';
import { installProviders } from '~/app/providers';
import { SHIPPED_HELP_DIR } from '~/features/content/server';
import { closeDatabase, getDb } from '~/platform/db/client';
import { flushActivityWriters } from '~/features/analytics/server';
import { checkDeployment } from '~/app/deployment-check';
import { log } from '~/platform/config/log';
import { answerFromPageCache } from '~/platform/edge/page-fast-path';
import { startEdgeVersionFeed } from '~/platform/edge/edge-version-feed';
import { StaticFiles } from '~/platform/edge/static-files';
import { withResponsePacing } from '~/platform/edge/response-pacing';
import { lingerBeforeClose } from '~/platform/edge/lingering-close';
import { runHousekeeping } from '~/app/jobs/housekeeping';
import { sweepMoney } from '~/app/jobs/money-sweep';
import { closeChatHubs } from '~/features/chat/server';
import { ORDER_SWEEP_INTERVAL_MS } from '~/platform/config/constants';

/** How often expired sign-in state is deleted. */
const PRUNE_INTERVAL_MS = 10 * 60_000;

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: (err?: unknown) => void) => void;

async function main(): Promise<void> {
  const config = appConfig();
  installProviders(config);
  // This file runs as dist/server/main.mjs, a chunk of Astro's own server build.
  const serverDir = path.dirname(fileURLToPath(import.meta.url));
  const distDir = path.resolve(serverDir, '..');
  const projectDir = path.resolve(distDir, '..');

  await openAppDatabase(config, {
    databaseUrl: config.DATABASE_URL ?? null,
    migrationUrl: config.DATABASE_MIGRATION_URL ?? null,
    namedStatements: config.DATABASE_NAMED_STATEMENTS,
    dataDir: path.resolve(projectDir, config.DATA_DIR),
    migrationsDir: config.MIGRATIONS_DIR ? path.resolve(config.MIGRATIONS_DIR) : path.join(projectDir, 'drizzle'),
  }, { helpDir: path.join(projectDir, SHIPPED_HELP_DIR) });
  await checkDeployment(config, { distDir }); // every process must share the server-island key
  // Published before the first request: nginx keys its page cache on it (edge-version.ts).
  const stopEdgeVersionFeed = config.EDGE_VERSION_DIR ? await startEdgeVersionFeed(await getDb(), path.resolve(config.EDGE_VERSION_DIR)) : null;

  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = pathToFileURL(path.join(serverDir, 'entry.mjs')).href;
  const { handler } = (await import(entry)) as { handler: NodeHandler };
  // Server-sent events (the chat's streams) are never compressed: compression buffers
  // what is written until a block fills, which would hold each event back instead of sending it.
  const compress = compression({
    threshold: 1024,
    filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  }) as unknown as NodeHandler;
  const staticFiles = new StaticFiles(path.join(distDir, 'client'), cacheControlFor);

  const toAstro = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const cacheControl = cacheControlFor((req.url ?? '/').split('?')[0]!);
    if (cacheControl) res.setHeader('Cache-Control', cacheControl);
    // Streamed bodies (launcher downloads) wait for this response to drain: platform/edge/response-pacing.ts.
    withResponsePacing(res, () => compress(req, res, () => handler(req, res)));
  };
  // Set before anything answers: static files, page-cache hits, pages, API answers and errors alike.
  const securityHeaders = securityHeadersFor(config.APP_ENV);
  const respond = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    try {
      if ((await staticFiles.serve(req, res)) || (await answerFromPageCache(req, res))) return;
    } catch (error) {
      log.warn('answer before Astro failed', { url: req.url, error: error instanceof Error ? error.message : String(error) });
      if (res.headersSent) return void res.destroy();
    }
    toAstro(req, res);
  };

  const server = http.createServer((req, res) => void respond(req, res));
  server.keepAliveTimeout = 65_000;
  lingerBeforeClose(server);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info('server listening', { url: `http://${config.HOST}:${port}`, database: config.DATABASE_URL ? 'postgresql' : 'pglite' });

  // Expired challenges, codes, QR sessions and limits are deleted every few minutes (every process
  // may do it; the deletes are idempotent).
  const prune = (): void => {
    void getDb()
      .then((db) => runHousekeeping(db, new Date()))
      .then((deleted) => deleted > 0 && log.info('housekeeping deleted rows', { deleted }))
      .catch((error: unknown) => log.warn('housekeeping failed', { error: error instanceof Error ? error.message : String(error) }));
  };
  prune();
  const pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  // Orders end, unpaid ones time out and sandbox notifies are retried by the clock, not by requests.
  let sweeping = false;
  const sweep = (): void => {
    if (sweeping) return;
    sweeping = true;
    void getDb()
      .then((db) => sweepMoney(db, new Date()))
      .catch((error: unknown) => log.warn('money sweep failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => (sweeping = false));
  };
  sweep();
  const sweepTimer = setInterval(sweep, ORDER_SWEEP_INTERVAL_MS);
  sweepTimer.unref();

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    clearInterval(pruneTimer);
    clearInterval(sweepTimer);
    log.info('shutting down', { signal });
    server.close();
    // Open chat streams end now (their browsers reconnect to another process) instead of holding
    // the close until the 5 s cut; the chat's listening connection stops with them.
    await closeChatHubs().catch((error: unknown) =>
      log.warn('closing chat streams failed', { error: error instanceof Error ? error.message : String(error) }),
    );
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
    // Collector rows queued by requests still in flight are committed before the database closes.
    await flushActivityWriters().catch((error: unknown) =>
      log.warn('flushing collector rows failed', { error: error instanceof Error ? error.message : String(error) }),
    );
    await stopEdgeVersionFeed?.().catch(() => undefined);
    await closeDatabase();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch(async (error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else log.error('failed to start', { error: error instanceof Error ? error.message : String(error) });
  await closeDatabase().catch(() => undefined);
  process.exit(1);
});
