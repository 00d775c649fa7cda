/**
 * The chat's fan-out inside one process. Each process LISTENs once on chat_events (one
 * dedicated connection: db/listen.ts) and hands every announcement, `<conversation id>:<user id>`,
 * (or `<conversation id>:v<visitor id>`, migration 0059) to its local subscribers: the open
 * streams of that user or visitor, and every open console stream. The
 * subscribers read the rows themselves (the announcement carries ids only), so a notification
 * lost while the listening connection was down costs nothing but a resync, and a process that
 * missed nothing reads nothing twice.
 */
import type { Db } from '~/platform/db/client';
import { listenToChannel, type Unlisten } from '~/platform/db/listen';
import { log } from '~/platform/config/log';

export const CHAT_EVENTS_CHANNEL = 'chat_events';

export interface ChatSubscriber {
  /** The owner (views.ts ownerKey) whose conversations this stream follows; null for a console stream (all of them). */
  readonly owner: string | null;
  /** Something changed in this conversation: read what is new. */
  changed(conversationId: number, owner: string): void;
  /** Announcements may have been lost (the listening connection dropped): read everything again. */
  resync(): void;
  /** The process is stopping: end the stream (the browser reconnects to another process). */
  shutdown(): void;
}

/** `<conversation id>:<user id>` or `<conversation id>:v<visitor id>` → the id and the owner's key, or null for anything else. */
export function parseChatAnnouncement(payload: string): { conversationId: number; owner: string } | null {
  const match = /^(\d{1,10}):(v?\d{1,10})$/.exec(payload);
  if (!match) return null;
  return { conversationId: Number(match[1]), owner: match[2]! };
}

export class ChatHub {
  private readonly byUser = new Map<string, Set<ChatSubscriber>>();
  private readonly consoles = new Set<ChatSubscriber>();
  private listening: Promise<Unlisten> | null = null;

  constructor(private readonly db: Db) {}

  /** Subscribers open in this process (tests, the benchmark's check). */
  get size(): number {
    let total = this.consoles.size;
    for (const set of this.byUser.values()) total += set.size;
    return total;
  }

  /** Adds a subscriber once this process listens; answers its removal. */
  async subscribe(subscriber: ChatSubscriber): Promise<() => void> {
    await this.ensureListening();
    if (subscriber.owner === null) {
      this.consoles.add(subscriber);
    } else {
      let set = this.byUser.get(subscriber.owner);
      if (!set) this.byUser.set(subscriber.owner, (set = new Set()));
      set.add(subscriber);
    }
    return () => this.remove(subscriber);
  }

  private remove(subscriber: ChatSubscriber): void {
    if (subscriber.owner === null) {
      this.consoles.delete(subscriber);
      return;
    }
    const set = this.byUser.get(subscriber.owner);
    set?.delete(subscriber);
    if (set && set.size === 0) this.byUser.delete(subscriber.owner);
  }

  private ensureListening(): Promise<Unlisten> {
    this.listening ??= listenToChannel(this.db, CHAT_EVENTS_CHANNEL, (payload) => this.dispatch(payload), {
      onReconnect: () => this.resyncAll(),
    }).catch((error: unknown) => {
      this.listening = null; // the next subscriber tries again
      throw error;
    });
    return this.listening;
  }

  /** One announcement to the subscribers it concerns. */
  dispatch(payload: string): void {
    const ids = parseChatAnnouncement(payload);
    if (!ids) {
      log.warn('chat announcement not understood', { payload: payload.slice(0, 64) });
      return;
    }
    for (const subscriber of this.byUser.get(ids.owner) ?? []) subscriber.changed(ids.conversationId, ids.owner);
    for (const subscriber of this.consoles) subscriber.changed(ids.conversationId, ids.owner);
  }

  private resyncAll(): void {
    for (const subscriber of this.all()) subscriber.resync();
  }

  private all(): ChatSubscriber[] {
    return [...this.consoles, ...[...this.byUser.values()].flatMap((set) => [...set])];
  }

  /** Ends every stream and stops listening (shutdown, or the database closing). */
  async close(): Promise<void> {
    for (const subscriber of this.all()) subscriber.shutdown();
    this.consoles.clear();
    this.byUser.clear();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.();
  }
}

interface HubRegistry {
  hubs: WeakMap<Db, ChatHub>;
  open: Set<ChatHub>;
}

// One per process: the server entry (which closes them at shutdown) and the stream endpoints
// (which add subscribers) are one module graph (astro.config.ts serverEntry).
const REGISTRY: HubRegistry = { hubs: new WeakMap(), open: new Set() };

function hubRegistry(): HubRegistry {
  return REGISTRY;
}

/** The hub of this process for `db` (one per database handle). */
export function chatHubFor(db: Db): ChatHub {
  const registry = hubRegistry();
  let hub = registry.hubs.get(db);
  if (!hub) {
    hub = new ChatHub(db);
    registry.hubs.set(db, hub);
    registry.open.add(hub);
  }
  return hub;
}

/** Shutdown: every chat stream of this process ends, every listener stops. */
export async function closeChatHubs(): Promise<void> {
  const registry = hubRegistry();
  const hubs = [...registry.open];
  registry.open.clear();
  registry.hubs = new WeakMap();
  await Promise.all(hubs.map((hub) => hub.close().catch(() => undefined)));
}
