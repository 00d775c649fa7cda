/**
 * Wallet calls (docs/money-api.md; spec §7 groups detail "recharge / VIP plan order", account
 * "wallets / withdraw / alipay account / gold", vip). Orders and complaints have their own
 * clients (orders/client/orders.ts, complaints/client/complaints.ts). Every call
 * needs the signed-in user's token. Money comes as yuan strings ("12.50") beside integer fen
 * (`*_fen`); islands compute with the fen and show the strings.
 *
 * Calls that create or pay something take an idempotency key: the server answers a repeat of
 * the same key with the first answer, so a double click or a retried request never pays twice.
 */
import { call, type RequestOptions } from '~/platform/client/client';
import { WALLET_ROUTES } from '~/features/wallet/routes';
// Recharge is declared with the order routes (it is paid like an order, through the gateways).
import { ORDER_ROUTES } from '~/features/orders/routes';
import type { ExchangeCodeRedemption } from '~/features/wallet/contract/exchange-code';

export type { ExchangeCodeRedemption } from '~/features/wallet/contract/exchange-code';
import { IDEMPOTENCY_HEADER, type GatewayChannel, type WalletInfo, type LedgerEntry, type FundsDirection, type GatewayCheckout, type OrderView, type VipPlans, type AlipayAccount, type Withdrawal, type GoldOverview, type Page, type TransferResult } from '~/features/wallet/contract/money';

/** The contract's shapes, re-exported for the islands that call these functions. */
export * from '~/features/wallet/contract/money';

type Signal = Pick<RequestOptions, 'signal'>;

export { newIdempotencyKey } from '~/platform/client/intent-keys';

const withKey = (key: string): RequestOptions => ({ headers: { [IDEMPOTENCY_HEADER]: key } });

// ---------------------------------------------------------------------------------------------
// wallet

export function getWallet(options: Signal = {}): Promise<{ walletsInfo: WalletInfo }> {
  return call(WALLET_ROUTES.wallets, {}, options);
}

export function listFunds(query: { page: number; page_size: number; direction?: FundsDirection }, options: Signal = {}): Promise<Page<LedgerEntry>> {
  return call(WALLET_ROUTES.funds, { ...query }, options);
}

/** Recharge through a gateway; `amount` in yuan with at most 2 decimals. Needs real-name verification. */
export function createRecharge(amount: string, channel: GatewayChannel, idempotencyKey: string): Promise<GatewayCheckout> {
  return call(ORDER_ROUTES.recharge, { amount, channel }, withKey(idempotencyKey));
}

// ---------------------------------------------------------------------------------------------
// VIP

/** Public: works signed out too (vip_status 0 then). */
export function listVipPlans(options: Signal = {}): Promise<VipPlans> {
  return call(WALLET_ROUTES.vipPlans, {}, options);
}

/** An unpaid VIP order; pay it with payOrder like any order. */
export function subscribeVip(planId: number, idempotencyKey: string): Promise<OrderView> {
  return call(WALLET_ROUTES.subscribeVip, { plan_id: planId }, withKey(idempotencyKey));
}

// ---------------------------------------------------------------------------------------------
// withdrawals (to an Alipay account)

export function getAlipayAccount(options: Signal = {}): Promise<{ account: AlipayAccount | null }> {
  return call(WALLET_ROUTES.alipayAccount, {}, options);
}

/** Binds or replaces the account; `real_name` must be the user's verified real name. */
export function bindAlipayAccount(account: string, realName: string): Promise<{ account: AlipayAccount }> {
  return call(WALLET_ROUTES.bindAlipayAccount, { account, real_name: realName });
}

/** `payPassword` once the user has set one (账号设置: withdrawals then require it). */
export function createWithdrawal(amount: string, idempotencyKey: string, payPassword?: string): Promise<Withdrawal> {
  return call(WALLET_ROUTES.withdraw, payPassword === undefined ? { amount } : { amount, pay_password: payPassword }, withKey(idempotencyKey));
}

/** 转账: `amount` yuan to the user whose phone is `toMobile`; the pay password must be set and given. */
export function transferBalance(input: { toMobile: string; amount: string; payPassword: string }, idempotencyKey: string): Promise<TransferResult> {
  return call(WALLET_ROUTES.transfer, { to_mobile: input.toMobile, amount: input.amount, pay_password: input.payPassword }, withKey(idempotencyKey));
}

export function listWithdrawals(query: { page: number; page_size: number }, options: Signal = {}): Promise<Page<Withdrawal>> {
  return call(WALLET_ROUTES.withdrawals, { ...query }, options);
}

export function cancelWithdrawal(withdrawNo: string): Promise<Withdrawal> {
  return call(WALLET_ROUTES.cancelWithdrawal, { withdraw_no: withdrawNo });
}

// ---------------------------------------------------------------------------------------------
// gold coins

export function getGold(options: Signal = {}): Promise<GoldOverview> {
  return call(WALLET_ROUTES.gold, {}, options);
}

export function dailySignIn(): Promise<GoldOverview> {
  return call(WALLET_ROUTES.signIn, {});
}

export function claimGoldTask(key: string): Promise<GoldOverview> {
  return call(WALLET_ROUTES.claimGoldTask, { key });
}

export function exchangeGold(): Promise<GoldOverview> {
  return call(WALLET_ROUTES.exchangeGold, {});
}

// ---------------------------------------------------------------------------------------------
// exchange codes (spec §7 account "exchange code")

/**
 * Redeems a code for a red envelope or gold coins. Quiet: the refusals (兑换码无效 / 已过期 / ...) are
 * ApiErrors whose msg the redeem box shows under itself (a 401 still signs out as spec §8 says).
 */
export function redeemExchangeCode(code: string): Promise<ExchangeCodeRedemption> {
  return call(WALLET_ROUTES.redeemExchangeCode, { code }, { quiet: true });
}
