/**
 * One rule for every screen that sends an idempotency key (docs/money-api.md): keep the key for a
 * retry while the first request may have run, make a new one once the server surely refused.
 */
import { isApiError } from '~/platform/client/errors';

/** A fresh idempotency key: one per user intent (one click of 立即租号, one 确认支付). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Whether the server definitely refused a request (it answered with a business error or a 4xx),
 * so nothing was charged and a retry may use a fresh key. A timeout, a lost connection or a 5xx
 * may have gone through: the retry must reuse the key so the server answers it with the first
 * result instead of charging twice.
 */
export function isDefinitiveRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'business') return true;
  return error.kind === 'http' && error.httpStatus !== undefined && error.httpStatus >= 400 && error.httpStatus < 500;
}

/** Idempotency keys per intent, made on first use; a pure store so it can be tested without React. */
export class IntentKeys {
  private readonly keys = new Map<string, string>();
  private readonly makeKey: () => string;

  constructor(makeKey: () => string = newIdempotencyKey) {
    this.makeKey = makeKey;
  }

  /** The key of this intent ('pay:wallet', 'renew:3'): the same one on every retry. */
  keyFor(intent: string): string {
    let key = this.keys.get(intent);
    if (!key) {
      key = this.makeKey();
      this.keys.set(intent, key);
    }
    return key;
  }

  /** After a failure: forget the key only when the server surely did nothing with it. */
  settle(intent: string, error: unknown): void {
    if (isDefinitiveRefusal(error)) this.keys.delete(intent);
  }
}
