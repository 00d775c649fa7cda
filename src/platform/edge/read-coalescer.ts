/**
 * One read in flight at a time, shared by every caller that may share it. A caller
 * gets the result of a read that STARTED after the caller arrived, never an older one: a listing
 * rented before a request came in must not be served to that request as free. So a caller that
 * arrives while a read is running waits for the next one, which starts as soon as the running one
 * settles and serves everybody who arrived in the meantime. Under load that is at most two reads
 * per round trip instead of one per request.
 */
export type CoalescedRead<T> = () => Promise<T>;

export function coalesceReads<T>(read: () => Promise<T>): CoalescedRead<T> {
  let inFlight: Promise<T> | null = null;
  let next: { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void } | null = null;

  const start = (): Promise<T> => {
    let started: Promise<T>;
    try {
      started = Promise.resolve(read());
    } catch (error) {
      started = Promise.reject(error);
    }
    inFlight = started;
    const settle = (): void => {
      inFlight = null;
      // Started synchronously here, so no caller can slip in between and start a third read.
      if (next) {
        const waiting = next;
        next = null;
        start().then(waiting.resolve, waiting.reject);
      }
    };
    started.then(settle, settle);
    return started;
  };

  return () => {
    if (!inFlight) return start();
    if (!next) {
      let resolve!: (value: T) => void;
      let reject!: (reason: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      next = { promise, resolve, reject };
    }
    return next.promise;
  };
}
