/**
 * What keeps the version nginx keys its page cache on (edge-version.ts) current: every process
 * publishes each catalogue version it reads, so a process never answers a page rendered under a
 * version nginx does not key on yet. Three more feeds cover commits no page read follows:
 *
 * - the bump trigger's NOTIFY (migration 0013), which reaches every process a moment after the
 *   commit;
 * - every request other than GET and HEAD: the middleware (src/middleware.ts) reads the version
 *   after the handler committed and before the answer leaves, so whoever changed a listing through
 *   the site sees the change on the next page, wherever nginx sends it;
 * - a read every EDGE_VERSION_POLL_MS, should the listening connection be lost unnoticed (timed
 *   jobs such as the end-of-rental sweep commit without a request).
 */
import type { Db } from '~/platform/db/client';
import { canListen, listenToChannel } from '~/platform/db/listen';
import { log } from '~/platform/config/log';
import { CATALOG_VERSION_CHANNEL } from '~/platform/edge/catalog-version-watch';
import { readCatalogVersion } from '~/platform/edge/cached-pages';
import { publishEdgeVersion, useEdgeVersionLink } from '~/platform/edge/edge-version';

export const EDGE_VERSION_POLL_MS = 1_000;

/** Publishes the current version now and keeps publishing; resolves to a stop function. */
export async function startEdgeVersionFeed(db: Db, dir: string): Promise<() => Promise<void>> {
  useEdgeVersionLink(dir);
  const refresh = (): void => {
    readCatalogVersion(db).catch((error: unknown) => log.warn('edge version refresh failed', { error: error instanceof Error ? error.message : String(error) }));
  };
  await readCatalogVersion(db);
  const unlisten = canListen(db)
    ? await listenToChannel(
        db,
        CATALOG_VERSION_CHANNEL,
        (payload) => {
          publishEdgeVersion(Number(payload)).catch((error: unknown) => log.warn('edge version publish failed', { error: error instanceof Error ? error.message : String(error) }));
        },
        // Notifications sent while the connection was down are lost: read the row instead.
        { onReconnect: refresh },
      )
    : null;
  const timer = setInterval(refresh, EDGE_VERSION_POLL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await unlisten?.();
  };
}
