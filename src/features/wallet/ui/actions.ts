/**
 * The wallet's money calls with their outcomes made plain for the screens. Kept apart from the
 * components so the rules of a click (validate, which call, which key, what then) are testable
 * without a browser.
 */
import { isApiError } from '~/platform/client/errors';
import { isDefinitiveRefusal } from '~/platform/client/intent-keys';
import { createRecharge, createWithdrawal, MONEY_CODES, type GatewayCheckout, type GatewayChannel, type Withdrawal } from '~/features/wallet/client/money';
import { fenToYuan } from '~/platform/rules/money';
import { openModal } from '~/platform/stores/ui';
import { checkRechargeAmount, checkWithdrawAmount } from '~/features/wallet/ui/amounts';

/**
 * Why a click did not go through:
 * - input: the amount is wrong; nothing was sent.
 * - refused: the server gave a definite answer, so a next try is a new intent and needs a new
 *   idempotency key.
 * - unsure: a timeout, a lost connection, a 5xx or an unreadable answer; the request may have run,
 *   so a retry must reuse the key and cannot pay twice.
 */
export type FailureReason = 'input' | 'refused' | 'unsure';

export type Outcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      reason: FailureReason;
      /** What to show beside the form. */
      message: string;
      /** The business code, when the server answered one. */
      code: number | null;
    };

/** Runs a call; an ApiError becomes a failed outcome (the client has already toasted it), anything else is thrown. */
export async function settle<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const answered = error.kind === 'business' || error.kind === 'http';
    const refused = isDefinitiveRefusal(error);
    return { ok: false, reason: refused ? 'refused' : 'unsure', message: error.msg, code: answered ? error.code : null };
  }
}

const invalid = (message: string): Outcome<never> => ({ ok: false, reason: 'input', message, code: null });

/**
 * 立即充值: checks the amount, asks for a gateway checkout and goes there. Spec §6: recharging
 * needs real-name verification; when the server says so the verification dialog opens.
 */
export async function submitRecharge(
  amountText: string,
  channel: GatewayChannel,
  idempotencyKey: string,
  navigate: (url: string) => void = (url) => location.assign(url),
): Promise<Outcome<GatewayCheckout>> {
  const amount = checkRechargeAmount(amountText);
  if (!amount.ok) return invalid(amount.error);
  const outcome = await settle(() => createRecharge(fenToYuan(amount.fen), channel, idempotencyKey));
  if (outcome.ok) navigate(outcome.value.checkout_url);
  else if (outcome.code === MONEY_CODES.realNameRequired) openModal('realName');
  return outcome;
}

/** 申请提现: checks the amount against the limits and the balance shown, then asks for the withdrawal. */
export async function submitWithdrawal(amountText: string, balanceFen: number, idempotencyKey: string, payPassword?: string): Promise<Outcome<Withdrawal>> {
  const amount = checkWithdrawAmount(amountText, balanceFen);
  if (!amount.ok) return invalid(amount.error);
  return settle(() => (payPassword === undefined ? createWithdrawal(fenToYuan(amount.fen), idempotencyKey) : createWithdrawal(fenToYuan(amount.fen), idempotencyKey, payPassword)));
}
