/**
 * The console sign-in lockout of one (username, address) pair (issue 25): tries, doubling
 * lockouts with a cap, the back-off forgotten after a quiet day, in-flight attempts counted.
 */
import { describe, expect, it } from 'vitest';
import { admitAttempt, FRESH_THROTTLE, lockoutSeconds, recordFailure, type ThrottleLimits, type ThrottleState } from '~/features/console/rules/login-throttle';

const LIMITS: ThrottleLimits = { tries: 3, baseS: 60, maxS: 600, forgetS: 86_400 };
const T0 = new Date('2026-11-29T00:00:00Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

/** One failed attempt at `now`: admitted, then failed. */
function fail(state: ThrottleState, now: Date): { state: ThrottleState; lockedUntil: Date | null } {
  const admission = admitAttempt(state, now, LIMITS);
  if (!admission.allowed) throw new Error('refused');
  const { next, startedLockoutUntil } = recordFailure(admission.next, now, LIMITS);
  return { state: next, lockedUntil: startedLockoutUntil };
}

describe('lockoutSeconds', () => {
  it.each([
    [0, 60],
    [1, 120],
    [2, 240],
    [3, 480],
    [4, 600],
    [40, 600],
    [5000, 600],
  ])('after %i lockouts lasts %i s', (lockouts, seconds) => {
    expect(lockoutSeconds(lockouts, LIMITS)).toBe(seconds);
  });
});

describe('a (name, address) pair', () => {
  it('gets its tries, then a lockout that doubles each time up to the cap', () => {
    let state = { ...FRESH_THROTTLE };
    let clock = 0;
    const lengths: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      let lockedUntil: Date | null = null;
      for (let i = 0; i < LIMITS.tries; i += 1) {
        expect(lockedUntil).toBeNull();
        ({ state, lockedUntil } = fail(state, at(clock)));
      }
      expect(lockedUntil).not.toBeNull();
      lengths.push((lockedUntil!.getTime() - at(clock).getTime()) / 1000);
      const refused = admitAttempt(state, at(clock + 1), LIMITS);
      expect(refused).toEqual({ allowed: false, retryAfterS: lengths.at(-1)! - 1, lockedUntil });
      clock = (lockedUntil!.getTime() - T0.getTime()) / 1000;
    }
    expect(lengths).toEqual([60, 120, 240, 480, 600, 600]);
  });

  it('forgets the back-off after a quiet day, not before', () => {
    let state = { ...FRESH_THROTTLE };
    for (let i = 0; i < LIMITS.tries; i += 1) state = fail(state, at(0)).state;
    expect(state.lockouts).toBe(1);
    const early = admitAttempt(state, at(LIMITS.forgetS - 1), LIMITS);
    expect(early.allowed && early.next.lockouts).toBe(1);
    const late = admitAttempt(state, at(LIMITS.forgetS), LIMITS);
    expect(late.allowed && late.next).toEqual({ attempts: 1, lockouts: 0, lockedUntil: null, lastFailureAt: null });
  });

  it('counts attempts still in flight, so a burst cannot pass the allowance', () => {
    let state = { ...FRESH_THROTTLE };
    for (let i = 0; i < LIMITS.tries; i += 1) {
      const admission = admitAttempt(state, at(0), LIMITS);
      expect(admission.allowed).toBe(true);
      if (admission.allowed) state = admission.next;
    }
    expect(admitAttempt(state, at(0), LIMITS)).toEqual({ allowed: false, retryAfterS: 1, lockedUntil: null });
    // The first of the burst to fail starts the lockout; the others' failures change nothing more.
    const first = recordFailure(state, at(1), LIMITS);
    expect(first.startedLockoutUntil).toEqual(at(61));
    const second = recordFailure(first.next, at(2), LIMITS);
    expect(second.startedLockoutUntil).toBeNull();
    expect(second.next).toMatchObject({ lockouts: 1, lockedUntil: at(61) });
  });
});
