/**
 * Where the SMS/email resend countdown keeps its send times (spec §5/§9: 60 s, surviving a
 * reload): one localStorage record `{ [recipient]: sentAtMs }`, since the server allows one code
 * per phone (or address) per 60 s whatever the action. Old entries are pruned on each write.
 */
import { SMS_RESEND_S } from '~/platform/config/constants';
import { smsResendRemaining } from '~/platform/rules/login-state';

export const SMS_SENT_AT_KEY = 'smsSentAt';

function readAll(store: Storage | null): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(SMS_SENT_AT_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** When a code last went to `recipient`, or null. */
export function readSentAt(store: Storage | null, recipient: string): number | null {
  const value = readAll(store)[recipient];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Seconds before `recipient` may get another code (0: now). */
export function resendRemaining(store: Storage | null, recipient: string, nowMs: number): number {
  return smsResendRemaining(readSentAt(store, recipient), nowMs);
}

/**
 * Records a send at `nowMs`. `waitS` (a 429's retry_after) makes the countdown end that many
 * seconds from now instead of 60 (capped at 60).
 */
export function recordSent(store: Storage | null, recipient: string, nowMs: number, waitS = SMS_RESEND_S): void {
  if (!store) return;
  const sentAt = nowMs - (SMS_RESEND_S - Math.min(SMS_RESEND_S, Math.max(0, waitS))) * 1000;
  const kept = Object.fromEntries(
    Object.entries(readAll(store)).filter(([, at]) => typeof at === 'number' && smsResendRemaining(at, nowMs) > 0),
  );
  try {
    store.setItem(SMS_SENT_AT_KEY, JSON.stringify({ ...kept, [recipient]: sentAt }));
  } catch {
    // storage full or blocked: the countdown still runs until a reload
  }
}

export function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
