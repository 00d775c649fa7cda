/**
 * The amount boxes of 充值 and 提现: what the user may type (yuan, up to 2 decimals) and the
 * limits of constants.ts, checked before asking the server (which checks them again).
 */
import { RECHARGE_MAX_FEN, RECHARGE_MIN_FEN } from '~/platform/config/constants';
import { WITHDRAW_MAX_FEN, WITHDRAW_MIN_FEN } from '~/features/wallet/constants';
import { fenToYuanShort, yuanToFen } from '~/platform/rules/money';

export const AMOUNT_INVALID_MSG = '请输入正确的金额';
export const RECHARGE_MIN_MSG = `充值金额最少¥${fenToYuanShort(RECHARGE_MIN_FEN)}`;
export const RECHARGE_MAX_MSG = `单次充值最多¥${fenToYuanShort(RECHARGE_MAX_FEN)}`;
export const WITHDRAW_MIN_MSG = `提现金额最少¥${fenToYuanShort(WITHDRAW_MIN_FEN)}`;
export const WITHDRAW_MAX_MSG = `单次提现最多¥${fenToYuanShort(WITHDRAW_MAX_FEN)}`;
export const WITHDRAW_OVER_BALANCE_MSG = '提现金额不能超过可用余额';
export const TRANSFER_OVER_BALANCE_MSG = '转账金额不能超过可用余额';

/** Far above any limit; longer input is a typo, not an amount. */
const MAX_WHOLE_DIGITS = 12;
const YUAN_INPUT = new RegExp(`^\\d{1,${MAX_WHOLE_DIGITS}}(?:\\.\\d{1,2})?$`);

export type AmountCheck = { ok: true; fen: number } | { ok: false; error: string };

/**
 * Typed yuan → fen, or null unless it is digits with at most 2 decimals. Full-width digits and
 * point (a Chinese IME's １２．５) count as their ASCII twins.
 */
export function parseYuanInput(text: string): number | null {
  const ascii = text.trim().replace(/[０-９．]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));
  return YUAN_INPUT.test(ascii) ? yuanToFen(ascii) : null;
}

export function checkRechargeAmount(text: string): AmountCheck {
  const fen = parseYuanInput(text);
  if (fen === null) return { ok: false, error: AMOUNT_INVALID_MSG };
  if (fen < RECHARGE_MIN_FEN) return { ok: false, error: RECHARGE_MIN_MSG };
  if (fen > RECHARGE_MAX_FEN) return { ok: false, error: RECHARGE_MAX_MSG };
  return { ok: true, fen };
}

/** The per-request limits first (they hold whatever the balance), then the balance. */
export function checkWithdrawAmount(text: string, balanceFen: number): AmountCheck {
  const fen = parseYuanInput(text);
  if (fen === null) return { ok: false, error: AMOUNT_INVALID_MSG };
  if (fen < WITHDRAW_MIN_FEN) return { ok: false, error: WITHDRAW_MIN_MSG };
  if (fen > WITHDRAW_MAX_FEN) return { ok: false, error: WITHDRAW_MAX_MSG };
  if (fen > balanceFen) return { ok: false, error: WITHDRAW_OVER_BALANCE_MSG };
  return { ok: true, fen };
}
