/**
 * 转账 (spec §7 common "transfer"; docs/decisions.md "Transfer and contract signing"): balance
 * from one user's wallet to another user's, found by their phone number. Pure limits: the amount
 * per transfer and what one user may send in a Shanghai day; `sentTodayFen` is read by the caller
 * under the sender's wallet lock.
 */
import { TRANSFER_DAILY_MAX_FEN, TRANSFER_MAX_FEN, TRANSFER_MIN_FEN } from '~/features/wallet/constants';
import { fenToYuanShort } from '~/platform/rules/money';

export const MSG_TRANSFER_SELF = '不能转账给自己';
/** 转账's gate is stricter than a withdrawal's: money to another person needs a pay password set. */
export const MSG_PAY_PASSWORD_NOT_SET = '请先在账号设置中设置支付密码';
export const MSG_TRANSFER_TOO_SMALL = `单笔转账最少¥${fenToYuanShort(TRANSFER_MIN_FEN)}`;
export const MSG_TRANSFER_TOO_LARGE = `单笔转账最多¥${fenToYuanShort(TRANSFER_MAX_FEN)}`;
export const MSG_TRANSFER_DAILY_LIMIT = `每日转出最多¥${fenToYuanShort(TRANSFER_DAILY_MAX_FEN)}`;

export interface TransferAsk {
  amountFen: number;
  senderId: number;
  receiverId: number;
  /** What the sender already sent today (Shanghai day), fen. */
  sentTodayFen: number;
}

/** The refusal's message, or null when the transfer may go ahead (the balance is the ledger's to check). */
export function transferRefusal(ask: TransferAsk): string | null {
  if (ask.senderId === ask.receiverId) return MSG_TRANSFER_SELF;
  if (ask.amountFen < TRANSFER_MIN_FEN) return MSG_TRANSFER_TOO_SMALL;
  if (ask.amountFen > TRANSFER_MAX_FEN) return MSG_TRANSFER_TOO_LARGE;
  if (ask.sentTodayFen + ask.amountFen > TRANSFER_DAILY_MAX_FEN) return MSG_TRANSFER_DAILY_LIMIT;
  return null;
}
