/**
 * Backpressure for long streamed answers. Astro's Node adapter writes each piece of a Response body
 * to the socket without waiting for it to drain, so a body that produces faster than the client
 * reads (a 512 MB launcher build from the database to a phone, or to nginx pacing a slow client)
 * would pile up in the process's memory. The server entry runs each request with its Node response
 * in an AsyncLocalStorage; a body's producer awaits `untilWritable()` before making the next piece,
 * and so goes no faster than the socket takes it. Outside the server entry (astro dev, tests) there
 * is no response and it returns at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Writable } from 'node:stream';

const current = new AsyncLocalStorage<Writable>();

/** Runs `handle` (the request's whole handling) with `res` as the response untilWritable waits for. */
export function withResponsePacing<T>(res: Writable, handle: () => T): T {
  return current.run(res, handle);
}

/** Resolves once the current response's buffer has drained (or the client went away). */
export function untilWritable(): Promise<void> {
  const res = current.getStore();
  if (!res || res.destroyed || !res.writableNeedDrain) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
