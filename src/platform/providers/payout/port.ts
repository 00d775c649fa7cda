/**
 * The port to the payout provider (ARCHITECTURE "outside world"): a single transfer of a
 * withdrawal's amount to the user's bound account, and a query of a transfer whose outcome we do
 * not know. Chosen once at boot (index.ts). The wallet feature owns the flow around it
 * (features/wallet/server/payouts.ts: claim, send outside any transaction, record, recover); the
 * adapter knows the provider's protocol and turns every answer into one of three outcomes.
 *
 * Adapters: sandbox.ts (answers success at once, outside production), alipay.ts (alipay-sdk,
 * alipay.fund.trans.uni.transfer and alipay.fund.trans.common.query).
 */

export interface PayoutRequest {
  /** The idempotent request id (Alipay out_biz_no): the same id is never paid twice by the provider. */
  outBizNo: string;
  amountFen: number;
  /** The bound payee account (Alipay logon id: a phone number or an email). */
  account: string;
  /** The payee's verified real name; the provider checks it against the account. */
  realName: string;
  /** What the payee reads on the transfer (order_title). */
  title: string;
}

// The outcomes are pure values the answer mappings (rules/) produce too; they live with them.
export type { PayoutLookup, PayoutOutcome } from '~/platform/rules/payout-outcome';
import type { PayoutLookup, PayoutOutcome } from '~/platform/rules/payout-outcome';

export interface PayoutProvider {
  /** Which adapter this is ('sandbox' | 'alipay'), stored on each attempt: a recovery goes to the same one. */
  readonly provider: string;
  transfer(request: PayoutRequest): Promise<PayoutOutcome>;
  query(outBizNo: string): Promise<PayoutLookup>;
}
