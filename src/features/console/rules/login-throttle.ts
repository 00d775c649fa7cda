/**
 * The console sign-in lockout of one (username, address) pair, as pure steps over its stored state
 * (docs/decisions.md "Console sign-in: lockout per name and address"). The server keeps the state in
 * ops_login_throttle and applies these steps under a row lock, so every process sees one count.
 *
 * An attempt is counted when it is let through (before the password is checked), so attempts racing
 * in parallel cannot exceed the allowance; a success deletes the pair's row; a failure that uses the
 * last allowed try starts a lockout, each longer than the one before.
 */

export interface ThrottleLimits {
  /** Attempts a pair gets between lockouts. */
  tries: number;
  baseS: number;
  maxS: number;
  /** No failure for this long: the back-off starts over. */
  forgetS: number;
}

export interface ThrottleState {
  /** Attempts let through since the last lockout began (or since the row was created). */
  attempts: number;
  /** Lockouts begun so far: the next one lasts baseS · 2^lockouts, at most maxS. */
  lockouts: number;
  lockedUntil: Date | null;
  lastFailureAt: Date | null;
}

export const FRESH_THROTTLE: ThrottleState = { attempts: 0, lockouts: 0, lockedUntil: null, lastFailureAt: null };

export type Admission = { allowed: true; next: ThrottleState } | { allowed: false; retryAfterS: number; lockedUntil: Date | null };

/** Length of the lockout that starts after `lockouts` earlier ones. */
export function lockoutSeconds(lockouts: number, limits: Pick<ThrottleLimits, 'baseS' | 'maxS'>): number {
  // 2^n overflows to Infinity long after the cap; min() keeps the cap either way.
  return Math.min(limits.maxS, limits.baseS * 2 ** Math.max(0, lockouts));
}

function ceilSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The state as it stands at `now`: a long quiet forgets the back-off. */
function aged(state: ThrottleState, now: Date, limits: ThrottleLimits): ThrottleState {
  if (state.lastFailureAt && now.getTime() - state.lastFailureAt.getTime() >= limits.forgetS * 1000 && !isLocked(state, now)) {
    return { ...FRESH_THROTTLE };
  }
  return state;
}

function isLocked(state: ThrottleState, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/**
 * May an attempt go ahead at `now`? Refused while the pair is locked out, and (a race only) when
 * its allowance is already taken by attempts still in flight.
 */
export function admitAttempt(state: ThrottleState, now: Date, limits: ThrottleLimits): Admission {
  if (isLocked(state, now)) return { allowed: false, retryAfterS: ceilSeconds(state.lockedUntil!.getTime() - now.getTime()), lockedUntil: state.lockedUntil };
  const current = aged(state, now, limits);
  // Attempts in flight already hold every try: the next one waits for their outcome.
  if (current.attempts >= limits.tries) return { allowed: false, retryAfterS: 1, lockedUntil: null };
  return { allowed: true, next: { ...current, lockedUntil: null, attempts: current.attempts + 1 } };
}

/**
 * The state after a failed attempt at `now`. The failure that used the last try starts a lockout;
 * `startedLockoutUntil` says when that lockout ends (null when none started).
 */
export function recordFailure(state: ThrottleState, now: Date, limits: ThrottleLimits): { next: ThrottleState; startedLockoutUntil: Date | null } {
  // Another attempt of the same burst already started the lockout: nothing more to count.
  if (isLocked(state, now)) return { next: { ...state, lastFailureAt: now }, startedLockoutUntil: null };
  if (state.attempts >= limits.tries) {
    const until = new Date(now.getTime() + lockoutSeconds(state.lockouts, limits) * 1000);
    return { next: { attempts: 0, lockouts: state.lockouts + 1, lockedUntil: until, lastFailureAt: now }, startedLockoutUntil: until };
  }
  return { next: { ...state, lastFailureAt: now }, startedLockoutUntil: null };
}
