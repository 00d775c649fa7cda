/**
 * LISTEN on a notification channel of the open database, for either driver (the chat's
 * cross-process delivery). client.ts registers how each database listens when it opens it:
 *
 * - PostgreSQL: one dedicated connection per channel and process, outside the pool (a pooled
 *   connection would lose its LISTEN when handed back). When it drops, it reconnects with backoff
 *   and calls `onReconnect`, since notifications sent while it was down are lost for good: the
 *   caller re-reads what it serves.
 * - PGlite: the embedded instance's own listen(); the one process is every writer, so nothing is
 *   lost and nothing reconnects.
 */
import pg from 'pg';
import { log } from '~/platform/config/log';
import type { Db } from '~/platform/db/client';

export type PayloadHandler = (payload: string) => void;

export interface ListenOptions {
  /** Called after the listening connection came back from a drop (PostgreSQL only). */
  onReconnect?: () => void;
}

/** Stops listening; idempotent. */
export type Unlisten = () => Promise<void>;

type ListenFactory = (channel: string, onPayload: PayloadHandler, options: ListenOptions) => Promise<Unlisten>;

interface Registration {
  listen: ListenFactory;
  active: Set<Unlisten>;
}

const REGISTRY = new WeakMap<Db, Registration>();

function registry(): WeakMap<Db, Registration> {
  return REGISTRY;
}

const CHANNEL_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Listens on `channel` of `db`; resolves once listening. Throws for a database opened without a listener. */
export async function listenToChannel(db: Db, channel: string, onPayload: PayloadHandler, options: ListenOptions = {}): Promise<Unlisten> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
  const registration = registry().get(db);
  if (!registration) throw new Error('this database was not opened by db/client.ts: it cannot LISTEN');
  const stop = await registration.listen(channel, onPayload, options);
  let stopped = false;
  const unlisten: Unlisten = async () => {
    if (stopped) return;
    stopped = true;
    registration.active.delete(unlisten);
    await stop();
  };
  registration.active.add(unlisten);
  return unlisten;
}

/** Whether `db` can LISTEN (it was opened by client.ts). */
export function canListen(db: Db): boolean {
  return registry().has(db);
}

/** client.ts: how `db` listens. */
export function registerListener(db: Db, listen: ListenFactory): void {
  registry().set(db, { listen, active: new Set() });
}

/** client.ts, when the database closes: every listener stops first. */
export async function closeListeners(db: Db): Promise<void> {
  const registration = registry().get(db);
  if (!registration) return;
  registry().delete(db);
  await Promise.all([...registration.active].map((unlisten) => unlisten().catch(() => undefined)));
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a dedicated connection

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export function postgresListenFactory(databaseUrl: string): ListenFactory {
  return async (channel, onPayload, options) => {
    let client: pg.Client | null = null;
    let closed = false;
    let delay = RECONNECT_MIN_MS;
    let timer: NodeJS.Timeout | null = null;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      // A dropped connection emits 'error' and/or 'end'; either schedules one reconnect.
      const lost = (error?: unknown): void => {
        if (client !== next) return;
        client = null;
        if (closed) return;
        log.warn('chat listen connection lost; reconnecting', { channel, error: error instanceof Error ? error.message : undefined });
        next.end().catch(() => undefined);
        scheduleReconnect();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
    };

    const scheduleReconnect = (): void => {
      if (closed || timer) return;
      timer = setTimeout(() => {
        timer = null;
        connect()
          .then(() => {
            delay = RECONNECT_MIN_MS;
            if (!closed) options.onReconnect?.();
          })
          .catch((error: unknown) => {
            log.warn('chat listen reconnect failed', { channel, error: error instanceof Error ? error.message : String(error) });
            delay = Math.min(delay * 2, RECONNECT_MAX_MS);
            scheduleReconnect();
          });
      }, delay);
      timer.unref();
    };

    await connect();
    return async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    };
  };
}
