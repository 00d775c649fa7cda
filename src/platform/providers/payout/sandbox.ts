/**
 * The sandbox payout: every transfer succeeds at once and nothing leaves anywhere (the demo's
 * behaviour before real payouts). Never used in production (index.ts), even with ALLOW_SANDBOX:
 * telling users 已到账 for money nobody sent would be a lie.
 */
import type { PayoutLookup, PayoutOutcome, PayoutProvider, PayoutRequest } from '~/platform/providers/payout/port';

export const SANDBOX_PAYOUT_PROVIDER = 'sandbox';

export function sandboxPayout(): PayoutProvider {
  return {
    provider: SANDBOX_PAYOUT_PROVIDER,
    async transfer(request: PayoutRequest): Promise<PayoutOutcome> {
      return { kind: 'success', providerOrderId: `SANDBOX-${request.outBizNo}` };
    },
    async query(outBizNo: string): Promise<PayoutLookup> {
      return { kind: 'success', providerOrderId: `SANDBOX-${outBizNo}` };
    },
  };
}
