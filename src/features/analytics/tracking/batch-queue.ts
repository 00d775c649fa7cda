/**
 * A small queue for click records (batched to the collector, not one request per
 * click): flushed `flushMs` after the first record, at `max` records, and on exit. Timers are
 * injected so tests run it on a fake clock.
 */
export interface BatchQueue<T> {
  push: (item: T) => void;
  /** Send what waits now; `exit` tells the sender the page is going away (use a beacon). */
  flush: (exit?: boolean) => void;
  readonly size: number;
}

export interface BatchQueueOptions<T> {
  send: (batch: T[], exit: boolean) => void;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  flushMs: number;
  max: number;
}

export function createBatchQueue<T>(options: BatchQueueOptions<T>): BatchQueue<T> {
  let items: T[] = [];
  let timer: unknown = null;
  const flush = (exit = false): void => {
    if (timer !== null) options.clearTimeout(timer);
    timer = null;
    if (items.length === 0) return;
    const batch = items;
    items = [];
    options.send(batch, exit);
  };
  return {
    get size() {
      return items.length;
    },
    push(item) {
      items.push(item);
      if (items.length >= options.max) flush();
      else timer ??= options.setTimeout(() => flush(), options.flushMs);
    },
    flush,
  };
}
