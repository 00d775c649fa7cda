/**
 * The payout's pure rules as tables: Alipay's transfer and query answers as outcomes (only a
 * certain refusal is `failed`), the query back-off and when a transfer Alipay does not know may be
 * sent again; then the payout configuration (docs/decisions.md "Payouts").
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PAYOUT_QUERY_BACKOFF_MAX_MS, PAYOUT_SENDING_TIMEOUT_MS } from '~/features/wallet/constants';
import { mayResend, payoutQueryDelayMs } from '~/features/wallet/rules/payout';
import { loadConfig, PRODUCTION_TEST_ENV } from '~/platform/config/config';
import { createPayoutProvider, payoutConfigProblems, type PayoutConfig } from '~/platform/providers/payout';
import { ALIPAY_PAYOUT_FAIL_REASONS, ALIPAY_PAYOUT_PLATFORM_FAILURE, alipayQueryOutcome, alipayTransferOutcome } from '~/platform/rules/alipay-payout';

describe('Alipay transfer answers as outcomes', () => {
  const table: [string, Record<string, unknown>, { kind: string; providerOrderId?: string | null; reason?: string }][] = [
    ['10000 SUCCESS', { code: '10000', msg: 'Success', order_id: '2026A', status: 'SUCCESS' }, { kind: 'success', providerOrderId: '2026A' }],
    ['10000 SUCCESS without an order id', { code: '10000', status: 'SUCCESS' }, { kind: 'success', providerOrderId: null }],
    ['10000 DEALING', { code: '10000', order_id: '2026B', status: 'DEALING' }, { kind: 'unknown' }],
    ['10000 without a status', { code: '10000', order_id: '2026C' }, { kind: 'unknown' }],
    ['10000 FAIL', { code: '10000', status: 'FAIL' }, { kind: 'failed', reason: ALIPAY_PAYOUT_PLATFORM_FAILURE }],
    ['payee name mismatch', { code: '40004', sub_code: 'PAYEE_USER_INFO_ERROR', sub_msg: '支付宝账号和姓名不匹配' }, { kind: 'failed', reason: ALIPAY_PAYOUT_FAIL_REASONS['PAYEE_USER_INFO_ERROR']! }],
    ['payee does not exist', { code: '40004', sub_code: 'PAYEE_NOT_EXIST' }, { kind: 'failed', reason: ALIPAY_PAYOUT_FAIL_REASONS['PAYEE_NOT_EXIST']! }],
    ['our balance short', { code: '40004', sub_code: 'PAYER_BALANCE_NOT_ENOUGH' }, { kind: 'failed', reason: ALIPAY_PAYOUT_PLATFORM_FAILURE }],
    ['an undocumented business refusal', { code: '40004', sub_code: 'SOMETHING_NEW' }, { kind: 'failed', reason: ALIPAY_PAYOUT_PLATFORM_FAILURE }],
    ['bad signature (request refused)', { code: '40002', sub_code: 'isv.invalid-signature' }, { kind: 'failed', reason: ALIPAY_PAYOUT_PLATFORM_FAILURE }],
    ['no permission', { code: '40006', sub_code: 'isv.insufficient-isv-permissions' }, { kind: 'failed', reason: ALIPAY_PAYOUT_PLATFORM_FAILURE }],
    ['SYSTEM_ERROR', { code: '40004', sub_code: 'SYSTEM_ERROR', sub_msg: '系统繁忙' }, { kind: 'unknown' }],
    ['aop.SYSTEM_ERROR', { code: '20000', sub_code: 'aop.SYSTEM_ERROR' }, { kind: 'unknown' }],
    ['service unavailable', { code: '20000', sub_code: 'isp.unknow-error' }, { kind: 'unknown' }],
    ['same out_biz_no, other fields', { code: '40004', sub_code: 'PAYMENT_INFO_INCONSISTENCY' }, { kind: 'unknown' }],
    ['an unknown code', { code: '99999' }, { kind: 'unknown' }],
    ['nothing', {}, { kind: 'unknown' }],
  ];
  it.each(table)('%s', (_name, answer, expected) => {
    expect(alipayTransferOutcome(answer)).toMatchObject(expected);
  });

  it('keeps Alipay’s own words for operators', () => {
    expect(alipayTransferOutcome({ code: '40004', sub_code: 'PAYEE_NOT_EXIST', sub_msg: '收款账号不存在' })).toMatchObject({ detail: '40004 PAYEE_NOT_EXIST 收款账号不存在' });
  });
});

describe('Alipay query answers as outcomes', () => {
  const table: [string, Record<string, unknown>, { kind: string; providerOrderId?: string | null; reason?: string }][] = [
    ['SUCCESS', { code: '10000', order_id: '2026A', status: 'SUCCESS' }, { kind: 'success', providerOrderId: '2026A' }],
    ['DEALING', { code: '10000', status: 'DEALING' }, { kind: 'unknown' }],
    ['WAIT_PAY', { code: '10000', status: 'WAIT_PAY' }, { kind: 'unknown' }],
    ['INIT', { code: '10000', status: 'INIT' }, { kind: 'unknown' }],
    ['FAIL with a payee error', { code: '10000', status: 'FAIL', error_code: 'PAYEE_ACCOUNT_STATUS_ERROR', fail_reason: '收款方账户异常' }, { kind: 'failed', reason: ALIPAY_PAYOUT_FAIL_REASONS['PAYEE_ACCOUNT_STATUS_ERROR']! }],
    ['CLOSED', { code: '10000', status: 'CLOSED' }, { kind: 'failed', reason: ALIPAY_PAYOUT_PLATFORM_FAILURE }],
    ['REFUND (money returned to us)', { code: '10000', status: 'REFUND' }, { kind: 'failed' }],
    ['ORDER_NOT_EXIST', { code: '40004', sub_code: 'ORDER_NOT_EXIST', sub_msg: '转账订单不存在' }, { kind: 'not_found' }],
    ['a query refused', { code: '40002', sub_code: 'isv.invalid-signature' }, { kind: 'unknown' }],
    ['SYSTEM_ERROR', { code: '40004', sub_code: 'SYSTEM_ERROR' }, { kind: 'unknown' }],
  ];
  it.each(table)('%s', (_name, answer, expected) => {
    expect(alipayQueryOutcome(answer)).toMatchObject(expected);
  });
});

describe('when the sweep asks again', () => {
  it.each([
    [0, 30_000],
    [1, 60_000],
    [2, 120_000],
    [6, 1_920_000],
    [7, PAYOUT_QUERY_BACKOFF_MAX_MS],
    [1_000, PAYOUT_QUERY_BACKOFF_MAX_MS],
    [-1, 30_000],
  ])('after %i queries: %i ms', (queries, ms) => {
    expect(payoutQueryDelayMs(queries)).toBe(ms);
  });

  const now = new Date('2026-11-29T12:00:00Z');
  it.each([
    ['never sent', null, true],
    ['sent just now', now, false],
    ['sent a moment short of the timeout', new Date(now.getTime() - PAYOUT_SENDING_TIMEOUT_MS + 1), false],
    ['sent exactly the timeout ago', new Date(now.getTime() - PAYOUT_SENDING_TIMEOUT_MS), true],
    ['sent long ago', new Date(now.getTime() - 10 * PAYOUT_SENDING_TIMEOUT_MS), true],
  ])('may resend what Alipay does not know, %s: %s', (_name, sentAt, expected) => {
    expect(mayResend(sentAt, now)).toBe(expected);
  });
});

describe('payout configuration', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const alipay = { ALIPAY_APP_ID: '2021000000000888', ALIPAY_PRIVATE_KEY: privateKey, ALIPAY_PUBLIC_KEY: publicKey };

  it.each<[string, PayoutConfig, RegExp | null]>([
    ['nothing set: the sandbox', {}, null],
    ['alipay with the app', { PAYOUT_PROVIDER: 'alipay', ...alipay }, null],
    ['alipay without the app', { PAYOUT_PROVIDER: 'alipay' }, /PAYOUT_PROVIDER=alipay needs ALIPAY_APP_ID/],
    ['a gateway for the sandbox', { PAYOUT_ALIPAY_GATEWAY: 'http://127.0.0.1:1/gateway.do' }, /PAYOUT_ALIPAY_GATEWAY is set but PAYOUT_PROVIDER is not alipay/],
    ['one certificate of three', { PAYOUT_PROVIDER: 'alipay', ...alipay, PAYOUT_ALIPAY_APP_CERT: '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----' }, /PAYOUT_ALIPAY_PUBLIC_CERT, PAYOUT_ALIPAY_ROOT_CERT required/],
  ])('%s', (_name, config, problem) => {
    const problems = payoutConfigProblems(config);
    if (problem) expect(problems.join('\n')).toMatch(problem);
    else expect(problems).toEqual([]);
  });

  it('builds the sandbox outside production, the live adapter when asked, and nothing for a sandbox in production', () => {
    expect(createPayoutProvider({})?.provider).toBe('sandbox');
    expect(createPayoutProvider({ PAYOUT_PROVIDER: 'sandbox', APP_ENV: 'development' })?.provider).toBe('sandbox');
    expect(createPayoutProvider({ PAYOUT_PROVIDER: 'alipay', ...alipay })?.provider).toBe('alipay');
    expect(createPayoutProvider({ APP_ENV: 'production' })).toBeNull();
    expect(createPayoutProvider({ PAYOUT_PROVIDER: 'alipay', APP_ENV: 'production', ...alipay })?.provider).toBe('alipay');
    expect(() => createPayoutProvider({ PAYOUT_PROVIDER: 'alipay' })).toThrow(/Invalid payout configuration/);
  });

  it('production names the sandbox payout among the sandbox ports, and a live payout takes it off the list', () => {
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, ALLOW_SANDBOX: undefined })).toThrow(/payment-wechat, payout, sms/);
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, ALLOW_SANDBOX: undefined, PAYOUT_PROVIDER: 'alipay', ...alipay })).toThrow(/payment-wechat, sms/);
    expect(loadConfig({ ...PRODUCTION_TEST_ENV, PAYOUT_PROVIDER: 'alipay', ...alipay }).PAYOUT_PROVIDER).toBe('alipay');
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'wechat' })).toThrow(/PAYOUT_PROVIDER/);
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'alipay' })).toThrow(/PAYOUT_PROVIDER=alipay needs ALIPAY_APP_ID/);
  });
});
