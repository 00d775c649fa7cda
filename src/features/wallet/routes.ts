/**
 * The wallet's routes, declared once: the browser calls them with `call(route, input)`, the
 * endpoints serve them with the schemas of wire.ts (docs/money-api.md; spec §7 account "wallets /
 * withdraw / alipay account / gold / red packets / exchange code", vip "list, subscribe"). Every
 * one needs the signed-in user's token but vip/list, which works signed out too.
 */
import { route, type NoInput } from '~/platform/wire/route';
import type { AlipayAccount, FundsDirection, GoldOverview, LedgerEntry, OrderView, Page, TransferResult, VipPlans, WalletInfo, Withdrawal } from '~/features/wallet/contract/money';
import type { RedPacketPage, RedPacketStatus } from '~/features/wallet/contract/red-packets';
import type { ExchangeCodeRedemption } from '~/features/wallet/contract/exchange-code';

/** The page of a money list (资金明细, 提现记录). */
export interface MoneyListQuery {
  page?: number;
  page_size?: number;
}

/** GET account/redPackets: status 1 usable, 2 used, 3 expired; canUse '1' usable now, '0' not. */
export interface RedPacketsQuery {
  status?: RedPacketStatus;
  canUse?: '0' | '1';
  page?: number;
  page_size?: number;
}

export const WALLET_ROUTES = {
  /** spec §3 walletsInfo: balance, frozen, VIP and gold coins. */
  wallets: route.get<NoInput, { walletsInfo: WalletInfo }>('/account/wallets'),
  /** 资金明细: one row per balance change, newest first. */
  funds: route.get<MoneyListQuery & { direction?: FundsDirection }, Page<LedgerEntry>>('/account/fundsDetail'),
  /** The caller's red envelopes: usable first, soonest to expire first; page_size 1-100. */
  redPackets: route.get<RedPacketsQuery, RedPacketPage>('/account/redPackets'),

  /** The withdrawal account, or null before one is bound. */
  alipayAccount: route.get<NoInput, { account: AlipayAccount | null }>('/account/alipayAccount'),
  /** Binds or replaces it; 403 code 1003 before real-name verification, the name must be the verified one. */
  bindAlipayAccount: route.post<{ account: string; real_name: string }, { account: AlipayAccount }>('/account/alipayAccount'),
  /** `amount` in yuan; `pay_password` once the user has set one. Sends an Idempotency-Key. */
  withdraw: route.post<{ amount: string; pay_password?: string }, Withdrawal>('/account/withdraw'),
  /**
   * 转账 (spec §7 common "transfer"): `amount` yuan from the balance to the user whose bound phone
   * is `to_mobile`; needs a pay password set and given. Sends an Idempotency-Key.
   */
  transfer: route.post<{ to_mobile: string; amount: string; pay_password: string }, TransferResult>('/common/transfer'),
  /** 提现记录, newest first. */
  withdrawals: route.get<MoneyListQuery, Page<Withdrawal>>('/account/withdrawList'),
  /** A pending withdrawal's amount back to the balance. */
  cancelWithdrawal: route.post<{ withdraw_no: string }, Withdrawal>('/account/withdrawCancel'),

  /** Coins, today's sign-in and exchanges, tasks, the latest changes. */
  gold: route.get<NoInput, GoldOverview>('/account/gold'),
  /** Once per Shanghai day, else 409 今日已签到 (no body). */
  signIn: route.post<NoInput, GoldOverview>('/account/signIn'),
  /** A done task's coins; 409 任务尚未完成 / 奖励已领取. */
  claimGoldTask: route.post<{ key: string }, GoldOverview>('/account/goldTask'),
  /** Coins for one no-threshold red envelope (no body); 409 金币不足 / 今日兑换次数已用完. */
  exchangeGold: route.post<NoInput, GoldOverview>('/account/goldExchange'),
  /** A code for a red envelope or gold coins; each refusal has its own message. */
  redeemExchangeCode: route.post<{ code: string }, ExchangeCodeRedemption>('/account/exchangeCode'),

  /** Public: the plans, and vip_status for a signed-in caller. */
  vipPlans: route.get<NoInput, VipPlans>('/vip/list'),
  /** An unpaid VIP order, paid with order/pay like any order. Sends an Idempotency-Key. */
  subscribeVip: route.post<{ plan_id: number }, OrderView>('/vip/subscribe'),
};
