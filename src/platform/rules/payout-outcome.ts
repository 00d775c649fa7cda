/**
 * What a payout provider answers (providers/payout/port.ts), as plain values:
 * success: the money reached the payee (providerOrderId is the provider's own order id);
 * failed: the provider refused it for good, nothing was paid (reason is for the user, in Chinese;
 * detail is the provider's own words for operators); unknown: it may or may not have been paid
 * (timeout, network error, system error, still processing): ask again later, never pay it back.
 */
export type PayoutOutcome =
  | { kind: 'success'; providerOrderId: string | null }
  | { kind: 'failed'; reason: string; detail: string }
  | { kind: 'unknown'; detail: string };

/** A query's answer: the outcome, or the provider has no transfer with this out_biz_no. */
export type PayoutLookup = PayoutOutcome | { kind: 'not_found'; detail: string };
