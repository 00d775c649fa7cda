import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coalesceReads } from '~/platform/edge/read-coalescer';

/**
 * A stand-in for the catalogue_version row: a read sees the value as it was when the read
 * STARTED (a snapshot), and finishes only when the test says so.
 */
function fakeVersionRow(initial = 1) {
  const row = { version: initial, reads: 0, inFlight: 0, maxInFlight: 0 };
  const pending: Array<() => void> = [];
  const read = (): Promise<number> => {
    const seen = row.version;
    row.reads += 1;
    row.inFlight += 1;
    row.maxInFlight = Math.max(row.maxInFlight, row.inFlight);
    return new Promise<number>((resolve) => {
      pending.push(() => {
        row.inFlight -= 1;
        resolve(seen);
      });
    });
  };
  /** Finishes the oldest running read and lets the coalescer react to it. */
  const finishRead = async (): Promise<void> => {
    pending.shift()?.();
    await flush();
  };
  return { row, read, finishRead, pending };
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('read coalescer', () => {
  it('a caller with no read running starts one and gets its value', async () => {
    const fake = fakeVersionRow(7);
    const readVersion = coalesceReads(fake.read);
    const answer = readVersion();
    expect(fake.row.reads).toBe(1);
    await fake.finishRead();
    await expect(answer).resolves.toBe(7);
  });

  it('callers arriving during a read share the NEXT read, never the running one', async () => {
    const fake = fakeVersionRow(1);
    const readVersion = coalesceReads(fake.read);
    const first = readVersion();
    // A listing is rented after the first read started: whoever arrives now must see it.
    fake.row.version = 2;
    const second = readVersion();
    const third = readVersion();
    expect(fake.row.reads).toBe(1);
    await fake.finishRead();
    await expect(first).resolves.toBe(1);
    expect(fake.row.reads).toBe(2);
    await fake.finishRead();
    await expect(second).resolves.toBe(2);
    await expect(third).resolves.toBe(2);
    expect(fake.row.maxInFlight).toBe(1);
  });

  it('a caller after every read settled starts a fresh read', async () => {
    const fake = fakeVersionRow(1);
    const readVersion = coalesceReads(fake.read);
    const first = readVersion();
    await fake.finishRead();
    await first;
    fake.row.version = 5;
    const later = readVersion();
    expect(fake.row.reads).toBe(2);
    await fake.finishRead();
    await expect(later).resolves.toBe(5);
  });

  it('a failed read fails only its own callers; the waiting ones get the next read', async () => {
    let calls = 0;
    const resolvers: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
    const readVersion = coalesceReads(
      () =>
        new Promise<number>((resolve, reject) => {
          calls += 1;
          resolvers.push({ resolve, reject });
        }),
    );
    const first = readVersion();
    const second = readVersion();
    resolvers[0]!.reject(new Error('connection reset'));
    await expect(first).rejects.toThrow('connection reset');
    await flush();
    expect(calls).toBe(2);
    resolvers[1]!.resolve(3);
    await expect(second).resolves.toBe(3);
  });

  it('a read that throws synchronously is a rejected promise, not a thrown call', async () => {
    const readVersion = coalesceReads((): Promise<number> => {
      throw new Error('no database');
    });
    await expect(readVersion()).rejects.toThrow('no database');
  });

  it('under any interleaving, no caller sees a version older than the one current when it arrived, and one read at most runs', async () => {
    const step = fc.constantFrom('call', 'write', 'finish');
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const fake = fakeVersionRow(0);
        const readVersion = coalesceReads(fake.read);
        const answers: Array<{ arrivedAt: number; answer: Promise<number> }> = [];
        for (const action of steps) {
          if (action === 'call') answers.push({ arrivedAt: fake.row.version, answer: readVersion() });
          else if (action === 'write') fake.row.version += 1;
          else await fake.finishRead();
        }
        while (fake.pending.length > 0) await fake.finishRead();
        for (const { arrivedAt, answer } of answers) expect(await answer).toBeGreaterThanOrEqual(arrivedAt);
        expect(fake.row.maxInFlight).toBeLessThanOrEqual(1);
        // Coalescing: never more reads than callers.
        expect(fake.row.reads).toBeLessThanOrEqual(answers.length);
      }),
      { numRuns: 200 },
    );
  });
});
