/** A transaction PostgreSQL aborted to break a deadlock is run again; any other failure is not. */
import { describe, expect, it } from 'vitest';
import { DEADLOCK_ATTEMPTS, retryingDeadlock } from '~/platform/db/retry';

// As drizzle wraps the driver's error: the SQLSTATE sits on the cause.
const deadlock = (): Error => Object.assign(new Error('Failed query: update "orders" ...'), { cause: { code: '40P01', message: 'deadlock detected' } });

describe('retryingDeadlock', () => {
  it('runs again after a deadlock and answers the try that succeeds', async () => {
    let tries = 0;
    const answer = await retryingDeadlock(async () => {
      tries += 1;
      if (tries < DEADLOCK_ATTEMPTS) throw deadlock();
      return 'paid';
    });
    expect([answer, tries]).toEqual(['paid', DEADLOCK_ATTEMPTS]);
  });

  it('gives up after DEADLOCK_ATTEMPTS tries with the last deadlock', async () => {
    let tries = 0;
    await expect(
      retryingDeadlock(async () => {
        tries += 1;
        throw deadlock();
      }),
    ).rejects.toThrow('Failed query');
    expect(tries).toBe(DEADLOCK_ATTEMPTS);
  });

  it('never repeats a transaction that failed for another reason', async () => {
    let tries = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryingDeadlock(async () => {
        tries += 1;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(tries).toBe(1);
  });
});
