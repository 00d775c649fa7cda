/**
 * Alipay's answers to a single transfer (alipay.fund.trans.uni.transfer) and its query
 * (alipay.fund.trans.common.query) as payout outcomes (providers/payout/port.ts). Pure: the adapter
 * hands in the parsed answer the SDK verified. The one rule that matters most: only an answer that
 * says for certain that nothing was paid is `failed` (the money then goes back to the user); a
 * system error, a status still in progress or anything we do not recognise as final is `unknown`
 * and is asked again, never paid back.
 */
import type { PayoutLookup, PayoutOutcome } from '~/platform/rules/payout-outcome';

/** What the user reads for the payee-side refusals Alipay documents, by sub_code (or error_code in a query). */
export const ALIPAY_PAYOUT_FAIL_REASONS: Readonly<Record<string, string>> = {
  PAYEE_NOT_EXIST: '收款支付宝账户不存在，请核对绑定的支付宝账户',
  PAYEE_ACCOUNT_NOT_EXSIT: '收款支付宝账户不存在，请核对绑定的支付宝账户',
  PAYEE_USER_INFO_ERROR: '支付宝账户与实名姓名不一致，请核对绑定的支付宝账户',
  PAYEE_NAME_ERROR: '支付宝账户与实名姓名不一致，请核对绑定的支付宝账户',
  PAYEE_ACC_OCUPIED: '该手机号对应多个支付宝账户，请改绑邮箱形式的支付宝账户',
  PAYEE_ACCOUNT_STATUS_ERROR: '收款支付宝账户状态异常，请确认该账户可以正常收款',
  PAYEE_USERINFO_STATUS_ERROR: '收款支付宝账户状态异常，请确认该账户可以正常收款',
  BLOCK_USER_FORBBIDEN_RECIEVE: '收款支付宝账户暂时无法收款，请确认该账户可以正常收款',
  PAYEE_NOT_RELNAME_CERTIFY: '收款支付宝账户未完成实名认证',
  PAYEE_CERT_INFO_ERROR: '收款支付宝账户未完成实名认证',
  PAYEE_TRUSTEESHIP_ACC_OVER_LIMIT: '收款支付宝账户超出收款限额',
  EXCEED_LIMIT_SM_AMOUNT: '超出支付宝单笔转账限额，请减小金额后重新提现',
  EXCEED_LIMIT_DM_AMOUNT: '超出支付宝单日转账限额，请明日重新提现',
  EXCEED_LIMIT_SM_MIN_AMOUNT: '低于支付宝单笔转账最低金额',
};

/** Refusals on our side (balance, permission, parameters, signature): nothing was paid, and the user cannot fix it. */
export const ALIPAY_PAYOUT_PLATFORM_FAILURE = '平台打款暂时无法完成，金额已退回余额，请稍后重新提现';

/** Sub-codes that never mean a final refusal: the transfer may exist or be under way. */
const UNKNOWN_SUB_CODES = new Set(['SYSTEM_ERROR', 'aop.SYSTEM_ERROR', 'isp.unknow-error', 'isp.unknown-error', 'PAYMENT_INFO_INCONSISTENCY', 'ORDER_PROCESSING', 'REQUEST_PROCESSING']);

/** Codes of a request Alipay refused before it did anything (arguments, signature, permission). */
const REFUSED_CODES = new Set(['40001', '40002', '40006', '20001']);

export type AlipayAnswer = Readonly<Record<string, unknown>>;

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/** The provider's own words, for operators: code, sub_code and message, trimmed. */
export function alipayDetail(answer: AlipayAnswer): string {
  const parts = [text(answer['code']), text(answer['sub_code']), text(answer['sub_msg']) || text(answer['msg']), text(answer['status']), text(answer['error_code']), text(answer['fail_reason'])];
  return parts.filter((part) => part !== '').join(' ').slice(0, 500);
}

/** A final refusal as the user reads it: a documented payee reason, else ours. */
function failedBy(code: string, detail: string): PayoutOutcome {
  return { kind: 'failed', reason: ALIPAY_PAYOUT_FAIL_REASONS[code] ?? ALIPAY_PAYOUT_PLATFORM_FAILURE, detail };
}

/** A transfer's status (both calls answer one): SUCCESS paid; FAIL, CLOSED, REFUND not paid; anything else in progress. */
function byStatus(answer: AlipayAnswer, detail: string): PayoutOutcome {
  const status = text(answer['status']);
  const orderId = text(answer['order_id']) || null;
  if (status === 'SUCCESS') return { kind: 'success', providerOrderId: orderId };
  if (status === 'FAIL' || status === 'CLOSED' || status === 'REFUND') return failedBy(text(answer['error_code']) || text(answer['sub_code']), detail);
  return { kind: 'unknown', detail };
}

/** alipay.fund.trans.uni.transfer's answer (code 10000 carries the transfer's status). */
export function alipayTransferOutcome(answer: AlipayAnswer): PayoutOutcome {
  const detail = alipayDetail(answer);
  const code = text(answer['code']);
  const subCode = text(answer['sub_code']);
  if (code === '10000') return byStatus(answer, detail);
  if (UNKNOWN_SUB_CODES.has(subCode) || code === '20000' || subCode.startsWith('isp.')) return { kind: 'unknown', detail };
  if (code === '40004' || REFUSED_CODES.has(code)) return failedBy(subCode, detail);
  return { kind: 'unknown', detail };
}

/** alipay.fund.trans.common.query's answer: ORDER_NOT_EXIST means the transfer never arrived. */
export function alipayQueryOutcome(answer: AlipayAnswer): PayoutLookup {
  const detail = alipayDetail(answer);
  const code = text(answer['code']);
  const subCode = text(answer['sub_code']);
  if (code === '10000') return byStatus(answer, detail);
  if (code === '40004' && (subCode === 'ORDER_NOT_EXIST' || subCode === 'ORDER_NOT_EXISTS')) return { kind: 'not_found', detail };
  // A query that could not be answered says nothing about the transfer itself.
  return { kind: 'unknown', detail };
}
