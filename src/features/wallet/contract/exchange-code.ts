/**
 * Redeeming an exchange code (spec §7 account call group "exchange code"; "exchange codes
 * (redeem to red envelopes or gold coins)"): POST /api/v1/account/exchangeCode `{ code }`. Operators
 * make the codes in the console (contract/ops-campaigns.ts). Each refusal has its own message.
 */
import { z } from 'zod';
import type { RedemptionRefusal } from '~/features/wallet/rules/exchange-code';
import type { TemplateRefusal } from '~/features/campaigns/rules/red-packet-campaign';
import type { ExchangeRewardKind } from '~/features/campaigns/contract/ops-campaigns';
import type { RedPacket } from '~/features/wallet/contract/red-packets';

export const MSG_EXCHANGE_CODE_REQUIRED = '请输入兑换码';
export const MSG_EXCHANGE_CODE_INVALID = '兑换码无效';
export const MSG_EXCHANGE_CODE_TOO_MANY = '兑换尝试过于频繁，请稍后再试';

/** Each refusal of the rules, as the user reads it. */
export const EXCHANGE_REFUSAL_MESSAGES: Readonly<Record<RedemptionRefusal | TemplateRefusal, string>> = {
  disabled: '兑换码已失效',
  expired: '兑换码已过期',
  already_redeemed: '您已兑换过该兑换码',
  used_up: '兑换码已被使用',
  user_limit: '您已达到本活动的兑换次数上限',
  inactive: '该活动已结束',
  gone: '红包已被领完',
};
/** The template's own per-user limit (the rule says user_limit; the batch's limit reads differently). */
export const MSG_EXCHANGE_RED_PACKET_HELD = '您已领取过该红包，不能再兑换';

export const exchangeCodeBodySchema = z.object({
  code: z.string({ error: MSG_EXCHANGE_CODE_REQUIRED }).trim().min(1, { error: MSG_EXCHANGE_CODE_REQUIRED }).max(64, { error: MSG_EXCHANGE_CODE_INVALID }),
});
export type ExchangeCodeBody = z.output<typeof exchangeCodeBodySchema>;

/** What a redemption gave. */
export interface ExchangeCodeRedemption {
  reward_kind: ExchangeRewardKind;
  /** 兑换成功，获得红包「…」 / 兑换成功，获得 30 金币 */
  message: string;
  /** The envelope given (reward red_packet). */
  red_packet: RedPacket | null;
  /** Coins given and the balance after (reward gold). */
  gold_coins: number | null;
  coins_balance: number | null;
}
