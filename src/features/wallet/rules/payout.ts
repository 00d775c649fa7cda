/**
 * When the payout sweep next looks at an open attempt (docs/decisions.md "Payouts"). Pure: `now`
 * and the counts come in.
 */
import { PAYOUT_QUERY_BACKOFF_MAX_MS, PAYOUT_QUERY_BACKOFF_MS, PAYOUT_SENDING_TIMEOUT_MS } from '~/features/wallet/constants';

/** The wait before the next query of an unknown outcome after `queries` queries: 30 s, 1 min, 2 min ... up to 1 h. */
export function payoutQueryDelayMs(queries: number): number {
  const exponent = Math.min(Math.max(0, Math.floor(queries)), 20);
  return Math.min(PAYOUT_QUERY_BACKOFF_MS * 2 ** exponent, PAYOUT_QUERY_BACKOFF_MAX_MS);
}

/**
 * Whether a transfer the provider does not know may be sent again (with the same out_biz_no): never
 * sent, or sent longer ago than any call can take, so it is not still on its way.
 */
export function mayResend(sentAt: Date | null, now: Date): boolean {
  return sentAt === null || now.getTime() - sentAt.getTime() >= PAYOUT_SENDING_TIMEOUT_MS;
}
