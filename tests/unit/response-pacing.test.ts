import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { untilWritable, withResponsePacing } from '~/platform/edge/response-pacing';

/** A response whose buffer is full until `drain()`. */
function fullResponse(): { res: Writable; drain(): void } {
  const res = new Writable({ highWaterMark: 4, write: (_chunk, _encoding, callback) => void callbacks.push(callback) });
  const callbacks: (() => void)[] = [];
  res.write(Buffer.alloc(16));
  return {
    res,
    drain() {
      for (const callback of callbacks.splice(0)) callback();
    },
  };
}

describe('untilWritable (streamed answers wait for the socket)', () => {
  it('returns at once outside a paced request', async () => {
    await expect(untilWritable()).resolves.toBeUndefined();
  });

  it('waits while the response needs draining, then resolves on drain', async () => {
    const { res, drain } = fullResponse();
    expect(res.writableNeedDrain).toBe(true);
    let resolved = false;
    const waiting = withResponsePacing(res, async () => {
      await Promise.resolve();
      await untilWritable();
      resolved = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolved).toBe(false);
    drain();
    await waiting;
    expect(resolved).toBe(true);
  });

  it('resolves when the client goes away instead of waiting forever', async () => {
    const { res } = fullResponse();
    const waiting = withResponsePacing(res, () => untilWritable());
    res.destroy();
    await expect(waiting).resolves.toBeUndefined();
  });
});
