/**
 * Shared by the chat suites (issue 15): users, a tiny PNG, and a reader of the chat's
 * server-sent event streams that waits for the event a test expects.
 */
import sharp from 'sharp';
import { createSseParser, type SseEvent } from '~/features/chat/rules/chat';
import type { Db } from '~/platform/db/client';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';

let serial = 0;

export async function chatUser(db: Db, prefix = 'cu'): Promise<{ id: number; bearer: string }> {
  serial += 1;
  const id = await db.transaction((tx) => createUser(tx, { username: `${prefix}_${process.pid % 1000}_${serial}`, nickname: `聊天用户${serial}` }, new Date()));
  if (id === null) throw new Error('username taken');
  const { token } = await issueToken(db, id, { now: new Date() });
  return { id, bearer: `Bearer ${token}` };
}

/** A small PNG, different per seed so uploads are not deduplicated. */
export function pngBytes(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } } })
    .png()
    .toBuffer();
}

/** Reads an SSE body; `next(event, predicate)` resolves with the first matching event (or rejects after a timeout). */
export function sseReader(response: Response): { next(event: string, predicate?: (data: unknown) => boolean, timeoutMs?: number): Promise<{ id: string | null; data: unknown }>; close(): Promise<void> } {
  const seen: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  const parser = createSseParser((event) => {
    seen.push(event);
    for (const wake of waiters.splice(0)) wake();
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let done = false;
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        parser.push(decoder.decode(chunk.value, { stream: true }));
      }
    } catch {
      // cancelled
    } finally {
      done = true;
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  let consumed = 0;
  return {
    async next(event, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (consumed < seen.length) {
          const candidate = seen[consumed]!;
          consumed += 1;
          if (candidate.event !== event) continue;
          const data: unknown = JSON.parse(candidate.data);
          if (predicate(data)) return { id: candidate.id, data };
        }
        if (done) throw new Error(`stream ended before a ${event} event`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${event} event within ${timeoutMs} ms; saw ${seen.map((e) => e.event).join(',')}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async close() {
      await reader.cancel().catch(() => undefined);
    },
  };
}
