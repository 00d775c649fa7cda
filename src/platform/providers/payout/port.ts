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

/**
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

export interface PayoutProvider {
  /** Which adapter this is ('sandbox' | 'alipay'), stored on each attempt: a recovery goes to the same one. */
  readonly provider: string;
  transfer(request: PayoutRequest): Promise<PayoutOutcome>;
  query(outBizNo: string): Promise<PayoutLookup>;
}
