/**
 * The chat's server-sent event streams (docs/decisions.md says why SSE and not
 * WebSocket). A stream is a subscriber of this process's hub: told which conversation changed, it
 * reads the rows after its cursor and writes them out, so every process serves every stream and
 * the announcement carries nothing but ids.
 *
 * Renter:  `event: message` (id = message id) per new message of any of the user's conversations,
 *          then `event: state` (conversation, unread, 客服在线) whenever it changed.
 * Console: `event: conversation` (a summary) per changed conversation, `event: counts`.
 * Both:    `retry:` first, `event: ready` once subscribed, a comment line every
 *          CHAT_STREAM_HEARTBEAT_MS so proxies keep the connection open.
 *
 * Reads are coalesced per stream (one read in flight; changes arriving meanwhile cause one more),
 * so a burst of messages costs a few reads, not one per message. A client too slow to take what is
 * queued for it is cut off; it reconnects with Last-Event-ID and misses nothing.
 */
import { eq, max } from 'drizzle-orm';
import { CHAT_PAGE_SIZE_MAX, CHAT_STREAM_HEARTBEAT_MS, CHAT_STREAM_RETRY_MS } from '~/features/chat/constants';
import { sseFrame } from '~/features/chat/rules/chat';
import type { Db } from '~/platform/db/client';
import { chatConversations, chatMessages } from '~/platform/db/schema';
import { log } from '~/platform/config/log';
import { recordAgentPresence } from '~/features/chat/server/presence';
import { chatHubFor, type ChatSubscriber } from '~/features/chat/server/hub';
import { consoleCounts, ownerCondition, ownerKey, summaryById, userChatState, userMessagesAfter, type ChatOwner } from '~/features/chat/server/views';

/** Bytes queued for one slow client before the stream is cut (it reconnects and resumes). */
const MAX_QUEUED_BYTES = 1024 * 1024;

export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  // nginx: never buffer this answer (deploy/nginx/zuhao.conf.template also turns buffering off).
  'x-accel-buffering': 'no',
};

/** The resume point: `Last-Event-ID` (a reconnecting EventSource-style client) wins over `after_id`. */
export function resumeAfter(request: Request, afterId: number | undefined): number | null {
  const header = request.headers.get('last-event-id')?.trim();
  if (header && /^\d{1,15}$/.test(header)) return Number(header);
  return afterId ?? null;
}

interface StreamWriter {
  /** False once the stream has ended (client gone, cut off, shutdown). */
  write(text: string): boolean;
  end(): void;
  readonly ended: boolean;
}

/**
 * A text/event-stream Response driven by `run`, which gets a writer and answers its cleanup. The
 * cleanup runs once, whether the client leaves (cancel), the server ends it, or `run` fails.
 */
function eventStream(run: (writer: StreamWriter) => Promise<() => void>): Response {
  const encoder = new TextEncoder();
  let cleanup: (() => void) | null = null;
  let ended = false;
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | null = null;
  const finish = (): void => {
    if (ended) return;
    ended = true;
    const done = cleanup;
    cleanup = null;
    done?.();
    try {
      controllerRef?.close();
    } catch {
      // already closed or errored
    }
  };
  const writer: StreamWriter = {
    write(text) {
      if (ended || !controllerRef) return false;
      if ((controllerRef.desiredSize ?? 0) < -MAX_QUEUED_BYTES) {
        log.warn('chat stream cut off: the client is not reading');
        finish();
        return false;
      }
      try {
        controllerRef.enqueue(encoder.encode(text));
        return true;
      } catch {
        finish();
        return false;
      }
    },
    end: finish,
    get ended() {
      return ended;
    },
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controllerRef = controller;
        writer.write(`retry: ${CHAT_STREAM_RETRY_MS}\n\n`);
        run(writer).then(
          (stop) => {
            if (ended) stop();
            else cleanup = stop;
          },
          (error: unknown) => {
            log.warn('chat stream failed to start', { error: error instanceof Error ? error.message : String(error) });
            finish();
          },
        );
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}

/** Runs `read` now and again whenever asked while it runs (at most one in flight, one queued). */
function coalesced(read: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    read()
      .catch((error: unknown) => log.warn('chat stream read failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  return run;
}

function heartbeat(writer: StreamWriter, extra?: () => void): NodeJS.Timeout {
  const timer = setInterval(() => {
    if (writer.write(': ping\n\n')) extra?.();
  }, CHAT_STREAM_HEARTBEAT_MS);
  timer.unref();
  return timer;
}

/** The newest message id of the owner's conversations (0 for none): where a fresh stream starts. */
async function latestUserMessageId(db: Db, owner: ChatOwner): Promise<number> {
  const [row] = await db
    .select({ id: max(chatMessages.id) })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(ownerCondition(owner));
  return Number(row?.id ?? 0);
}

/**
 * GET /api/v1/chat/stream: the user's messages after `afterId` (or from now), then every new one,
 * and the state each time it changes.
 */
export function openUserStream(db: Db, owner: ChatOwner, afterId: number | null): Response {
  return eventStream(async (writer) => {
    let cursor = afterId ?? (await latestUserMessageId(db, owner));
    let lastState = '';
    const refresh = coalesced(async () => {
      // Pages until caught up: a client resuming after a long absence gets everything, in order.
      for (;;) {
        if (writer.ended) return;
        const messages = await userMessagesAfter(db, 'user', owner, cursor, CHAT_PAGE_SIZE_MAX, new Date());
        for (const message of messages) {
          if (!writer.write(sseFrame('message', message, message.id))) return;
          cursor = message.id;
        }
        if (messages.length < CHAT_PAGE_SIZE_MAX) break;
      }
      const state = JSON.stringify(await userChatState(db, owner, new Date()));
      if (state !== lastState && writer.write(`event: state\ndata: ${state}\n\n`)) lastState = state;
    });
    const subscriber: ChatSubscriber = { owner: ownerKey(owner), changed: refresh, resync: refresh, shutdown: () => writer.end() };
    const unsubscribe = await chatHubFor(db).subscribe(subscriber);
    writer.write(sseFrame('ready', { after_id: cursor }));
    refresh();
    // The state also changes without an announcement of this user's (another user's queue moves,
    // an agent comes online): the heartbeat re-reads it.
    const timer = heartbeat(writer, refresh);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  });
}

/** GET /api/v1/ops/chat/stream: a summary per changed conversation and the counters; marks the agent present. */
export function openConsoleStream(db: Db, operatorId: number): Response {
  return eventStream(async (writer) => {
    const pending = new Set<number>();
    let lastCounts = '';
    const refresh = coalesced(async () => {
      const ids = [...pending];
      pending.clear();
      const now = new Date();
      for (const id of ids) {
        const summary = await summaryById(db, id, now);
        if (summary && !writer.write(sseFrame('conversation', summary))) return;
      }
      const counts = JSON.stringify(await consoleCounts(db, operatorId));
      if (counts !== lastCounts && writer.write(`event: counts\ndata: ${counts}\n\n`)) lastCounts = counts;
    });
    const subscriber: ChatSubscriber = {
      owner: null,
      changed(conversationId) {
        pending.add(conversationId);
        refresh();
      },
      // Lost announcements: the console reloads its lists on `ready`.
      resync: () => writer.write(sseFrame('ready', { resync: true })),
      shutdown: () => writer.end(),
    };
    await recordAgentPresence(db, operatorId, new Date());
    const unsubscribe = await chatHubFor(db).subscribe(subscriber);
    writer.write(sseFrame('ready', { resync: false }));
    refresh();
    const timer = heartbeat(writer, () => {
      void recordAgentPresence(db, operatorId, new Date()).catch(() => undefined);
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  });
}
