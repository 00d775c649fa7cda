/**
 * The wallet screens of the account area (我的钱包, 资金明细, 充值, 提现, 我的红包): the server
 * markup holds no per-user data, the amount boxes apply the constants' limits with their exact
 * messages, the clicks call the money contract with the right amount and key, and the pure
 * pieces (URL query, envelope face) read like the screens.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/platform/client/errors';
import * as money from '~/features/wallet/client/money';
import type { LedgerEntry, WalletInfo, Withdrawal } from '~/features/wallet/client/money';
import { RECHARGE_MAX_FEN, RECHARGE_MIN_FEN } from '~/platform/config/constants';
import { RECHARGE_PRESETS_FEN, WITHDRAW_MAX_FEN, WITHDRAW_MIN_FEN } from '~/features/wallet/constants';
import type { RedPacket } from '~/features/wallet/red-packets-store';
import { $modal, closeModal } from '~/platform/stores/ui';
import { settle, submitRecharge, submitWithdrawal } from '~/features/wallet/ui/actions';
import { ALIPAY_ACCOUNT_INVALID, ALIPAY_ACCOUNT_REQUIRED, validateAlipayAccount } from '~/features/wallet/ui/alipay-account';
import { AMOUNT_INVALID_MSG, checkRechargeAmount, checkWithdrawAmount, RECHARGE_MAX_MSG, RECHARGE_MIN_MSG, WITHDRAW_MAX_MSG, WITHDRAW_MIN_MSG, WITHDRAW_OVER_BALANCE_MSG } from '~/features/wallet/ui/amounts';
import { BoundAccount } from '~/features/wallet/ui/AlipayAccountSection';
import { envelopeCondition, envelopeFaceText, envelopeQuery } from '~/features/wallet/ui/envelopes';
import FundsDetail, { FundsPage } from '~/features/wallet/ui/FundsDetail';
import { fundsQueryFromSearch, withFundsQuery } from '~/features/wallet/ui/funds-query';
import { ledgerAmountClass, LedgerTable } from '~/features/wallet/ui/LedgerTable';
import { Pager } from '~/platform/ui/Pager';
import { formatShanghaiDate, formatShanghaiIso } from '~/platform/rules/shanghai-time';
import { CurrentBalance } from '~/features/wallet/ui/CurrentBalance';
import RechargeForm, { Recharge } from '~/features/wallet/ui/RechargeForm';
import RedPacketList, { EnvelopeGrid, EnvelopeTicket } from '~/features/wallet/ui/RedPacketList';
import WalletOverview, { RecentFunds, WalletSummary } from '~/features/wallet/ui/WalletOverview';
import { WithdrawalTable } from '~/features/wallet/ui/WithdrawalHistory';
import { WithdrawForm } from '~/features/wallet/ui/WithdrawForm';
import WithdrawPanel from '~/features/wallet/ui/WithdrawPanel';

vi.mock('~/features/wallet/client/money', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/features/wallet/client/money')>();
  return {
    ...actual,
    getWallet: vi.fn(),
    listFunds: vi.fn(),
    createRecharge: vi.fn(),
    getAlipayAccount: vi.fn(),
    bindAlipayAccount: vi.fn(),
    createWithdrawal: vi.fn(),
    listWithdrawals: vi.fn(),
    cancelWithdrawal: vi.fn(),
  };
});

const html = (element: ReactElement): string => renderToStaticMarkup(element);

// ---------------------------------------------------------------------------------------------
// fixtures

const wallet = (overrides: Partial<WalletInfo> = {}): WalletInfo => ({
  balance: '123.45',
  balance_fen: 12_345,
  frozen: '20.00',
  frozen_fen: 2_000,
  vip_status: 0,
  vip_expires_at: null,
  gold_coins: 260,
  ...overrides,
});

const rechargeRow: LedgerEntry = {
  id: 1,
  kind: 'recharge',
  kind_text: '充值',
  amount: '+100.00',
  amount_fen: 10_000,
  balance_after: '600.00',
  balance_after_fen: 60_000,
  ref_no: 'R202607010001',
  created_at: '2026-07-01T02:05:00.000Z',
};

const rentRow: LedgerEntry = {
  ...rechargeRow,
  id: 2,
  kind: 'order_pay',
  kind_text: '租号支付',
  amount: '-12.50',
  amount_fen: -1_250,
  balance_after: '587.50',
  balance_after_fen: 58_750,
  ref_no: 'O202607010002',
};

const pendingWithdrawal: Withdrawal = {
  withdraw_no: 'W1001',
  amount: '50.00',
  amount_fen: 5_000,
  account_masked: '138****0001',
  status: 'pending',
  status_text: '处理中',
  created_at: '2026-07-01T02:00:00.000Z',
  refuse_reason: null,
  finished_at: null,
};

const doneWithdrawal: Withdrawal = {
  ...pendingWithdrawal,
  withdraw_no: 'W1000',
  status: 'done',
  status_text: '已到账',
  finished_at: '2026-07-01T03:30:00.000Z',
};

const fixedEnvelope: RedPacket = {
  id: 11,
  name: '新人红包',
  status: 1,
  received_at: '2026-06-01T00:00:00.000Z',
  expires_at: '2026-07-31T15:59:00.000Z',
  couponsInfo: { id: 11, type: 2, min_order_amount: '20.00', discount_percentage: null, max_discount_amount: null, discount_amount: '5.00' },
};

const percentEnvelope: RedPacket = {
  ...fixedEnvelope,
  id: 12,
  name: '周末折扣红包',
  couponsInfo: { id: 12, type: 1, min_order_amount: '15.00', discount_percentage: 88, max_discount_amount: '10.00', discount_amount: null },
};

const businessError = (code: number, msg: string, httpStatus = 200): ApiError =>
  new ApiError({ kind: httpStatus === 200 ? 'business' : 'http', code, msg, httpStatus });

beforeEach(() => {
  vi.mocked(money.createRecharge).mockReset();
  vi.mocked(money.createWithdrawal).mockReset();
  closeModal();
});

afterEach(() => {
  closeModal();
});

// ---------------------------------------------------------------------------------------------

describe('the wallet islands render the same server HTML for everyone', () => {
  it.each([
    ['我的钱包', WalletOverview],
    ['资金明细', FundsDetail],
    ['充值', RechargeForm],
    ['提现', WithdrawPanel],
    ['我的红包', RedPacketList],
  ])('%s is a loading skeleton without figures, asking the server nothing', (title, island) => {
    const markup = html(createElement(island, { title }));
    expect(markup).toContain('加载中');
    expect(markup).toContain('animate-pulse');
    // No per-user data or controls before the browser knows who is signed in.
    expect(markup).not.toMatch(/¥|可用余额|暂无|<table|<form|<button/);
    expect(money.getWallet).not.toHaveBeenCalled();
    expect(money.listFunds).not.toHaveBeenCalled();
    expect(money.getAlipayAccount).not.toHaveBeenCalled();
    expect(money.listWithdrawals).not.toHaveBeenCalled();
  });
});

describe('recharge amount (RECHARGE_MIN_FEN..RECHARGE_MAX_FEN, yuan with up to 2 decimals)', () => {
  it('derives its messages from the constants', () => {
    expect(RECHARGE_MIN_FEN).toBe(100);
    expect(RECHARGE_MAX_FEN).toBe(5_000_000);
    expect(RECHARGE_MIN_MSG).toBe('充值金额最少¥1');
    expect(RECHARGE_MAX_MSG).toBe('单次充值最多¥50000');
  });

  it.each([
    ['1', 100],
    ['10', 1_000],
    ['12.5', 1_250],
    ['12.05', 1_205],
    [' 88.80 ', 8_880],
    ['50000', 5_000_000],
    ['50000.00', 5_000_000],
    ['１２．５', 1_250],
  ])('%j is %i fen', (text, fen) => {
    expect(checkRechargeAmount(text)).toEqual({ ok: true, fen });
  });

  it.each([
    ['', AMOUNT_INVALID_MSG],
    ['abc', AMOUNT_INVALID_MSG],
    ['-5', AMOUNT_INVALID_MSG],
    ['12.345', AMOUNT_INVALID_MSG],
    ['12.', AMOUNT_INVALID_MSG],
    ['1e3', AMOUNT_INVALID_MSG],
    ['1,000', AMOUNT_INVALID_MSG],
    ['0', '充值金额最少¥1'],
    ['0.99', '充值金额最少¥1'],
    ['50000.01', '单次充值最多¥50000'],
    ['100000', '单次充值最多¥50000'],
  ])('%j is refused with %s', (text, error) => {
    expect(checkRechargeAmount(text)).toEqual({ ok: false, error });
  });
});

describe('withdraw amount (WITHDRAW_MIN_FEN..WITHDRAW_MAX_FEN and the balance)', () => {
  it('derives its messages from the constants', () => {
    expect(WITHDRAW_MIN_FEN).toBe(1_000);
    expect(WITHDRAW_MAX_FEN).toBe(2_000_000);
    expect(WITHDRAW_MIN_MSG).toBe('提现金额最少¥10');
    expect(WITHDRAW_MAX_MSG).toBe('单次提现最多¥20000');
    expect(WITHDRAW_OVER_BALANCE_MSG).toBe('提现金额不能超过可用余额');
  });

  const rich = 10_000_000; // ¥100000, above every limit
  it.each([
    ['10', rich, { ok: true, fen: 1_000 }],
    ['300', 30_000, { ok: true, fen: 30_000 }],
    ['20000', rich, { ok: true, fen: 2_000_000 }],
    ['', rich, { ok: false, error: '请输入正确的金额' }],
    ['ten', rich, { ok: false, error: '请输入正确的金额' }],
    ['10.001', rich, { ok: false, error: '请输入正确的金额' }],
    ['9.99', rich, { ok: false, error: '提现金额最少¥10' }],
    ['0', rich, { ok: false, error: '提现金额最少¥10' }],
    ['20000.01', rich, { ok: false, error: '单次提现最多¥20000' }],
    ['300.01', 30_000, { ok: false, error: '提现金额不能超过可用余额' }],
    ['10', 999, { ok: false, error: '提现金额不能超过可用余额' }],
  ])('%j with a balance of %i fen gives %o', (text, balanceFen, expected) => {
    expect(checkWithdrawAmount(text, balanceFen)).toEqual(expected);
  });
});

describe('立即充值', () => {
  const checkout = { order_no: 'C1', pay_no: 'P1', checkout_url: '/sandbox/checkout?pay_no=P1' };

  it('sends the amount as 2-decimal yuan with the channel and key, then goes to the checkout', async () => {
    vi.mocked(money.createRecharge).mockResolvedValue(checkout);
    const navigate = vi.fn();
    const outcome = await submitRecharge('12.5', 'wechat', 'key-1', navigate);
    expect(money.createRecharge).toHaveBeenCalledExactlyOnceWith('12.50', 'wechat', 'key-1');
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/sandbox/checkout?pay_no=P1');
    expect(outcome).toEqual({ ok: true, value: checkout });
  });

  it('asks nothing when the amount is out of range', async () => {
    const navigate = vi.fn();
    expect(await submitRecharge('0.5', 'alipay', 'key-1', navigate)).toEqual({ ok: false, reason: 'input', message: '充值金额最少¥1', code: null });
    expect(money.createRecharge).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens the real-name dialog when the server wants verification first (403, code 1003)', async () => {
    vi.mocked(money.createRecharge).mockRejectedValue(businessError(money.MONEY_CODES.realNameRequired, '请先完成实名认证', 403));
    const navigate = vi.fn();
    const outcome = await submitRecharge('50', 'alipay', 'key-2', navigate);
    expect(outcome).toEqual({ ok: false, reason: 'refused', message: '请先完成实名认证', code: 1003 });
    expect($modal.get()?.name).toBe('realName');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('another refusal opens nothing', async () => {
    vi.mocked(money.createRecharge).mockRejectedValue(businessError(1, '充值通道维护中'));
    const outcome = await submitRecharge('50', 'alipay', 'key-3', vi.fn());
    expect(outcome).toMatchObject({ ok: false, reason: 'refused', message: '充值通道维护中' });
    expect($modal.get()).toBeNull();
  });
});

describe('申请提现', () => {
  it('sends the amount as 2-decimal yuan with the key', async () => {
    vi.mocked(money.createWithdrawal).mockResolvedValue(pendingWithdrawal);
    const outcome = await submitWithdrawal('100.5', 50_000, 'wd-1');
    expect(money.createWithdrawal).toHaveBeenCalledExactlyOnceWith('100.50', 'wd-1');
    expect(outcome).toEqual({ ok: true, value: pendingWithdrawal });
  });

  it('refuses more than the balance shown without asking', async () => {
    expect(await submitWithdrawal('500.01', 50_000, 'wd-1')).toMatchObject({ ok: false, reason: 'input', message: '提现金额不能超过可用余额' });
    expect(money.createWithdrawal).not.toHaveBeenCalled();
  });
});

describe('which failures need a new idempotency key', () => {
  it.each([
    ['a business refusal', new ApiError({ kind: 'business', code: 1005, msg: '余额不足' }), 'refused', 1005],
    ['a 4xx answer', new ApiError({ kind: 'http', httpStatus: 409, code: 1, msg: '冲突' }), 'refused', 1],
    ['a timeout', new ApiError({ kind: 'timeout', msg: '请求超时，请稍后重试' }), 'unsure', null],
    ['a lost connection', new ApiError({ kind: 'network', msg: '网络连接失败' }), 'unsure', null],
    ['a 502', new ApiError({ kind: 'http', httpStatus: 502, msg: '服务器出错' }), 'unsure', 1],
  ])('%s is %s', async (_name, error, reason, code) => {
    expect(await settle(() => Promise.reject(error))).toEqual({ ok: false, reason, message: error.msg, code });
  });

  it('a programming error is not swallowed', async () => {
    await expect(settle(() => Promise.reject(new TypeError('boom')))).rejects.toThrow('boom');
  });
});

describe('资金明细 keeps its tab and page in the URL', () => {
  it.each([
    ['', { direction: 'all', page: 1 }],
    ['?direction=in', { direction: 'in', page: 1 }],
    ['?direction=out&page=3', { direction: 'out', page: 3 }],
    ['?direction=sideways&page=0', { direction: 'all', page: 1 }],
    ['?page=abc', { direction: 'all', page: 1 }],
    ['?page=-2', { direction: 'all', page: 1 }],
    ['?page=99999', { direction: 'all', page: 1 }],
  ])('%j reads as %o', (search, query) => {
    expect(fundsQueryFromSearch(search)).toEqual(query);
  });

  it('writes only what differs from 全部, page 1, keeping other parameters', () => {
    const base = 'https://zuhao.test/account/fundsDetail?from=purse&page=4&direction=out#top';
    expect(withFundsQuery(base, { direction: 'in', page: 2 })).toBe('/account/fundsDetail?from=purse&page=2&direction=in#top');
    expect(withFundsQuery(base, { direction: 'all', page: 1 })).toBe('/account/fundsDetail?from=purse#top');
  });

  it('a written query reads back the same', () => {
    const written = withFundsQuery('https://zuhao.test/account/fundsDetail', { direction: 'out', page: 7 });
    expect(fundsQueryFromSearch(new URL(written, 'https://zuhao.test').search)).toEqual({ direction: 'out', page: 7 });
  });
});

describe('red envelopes', () => {
  it.each([
    [{ type: 2, discount_amount: '5.00', discount_percentage: null }, '¥5.00'],
    [{ type: 2, discount_amount: '12.50', discount_percentage: null }, '¥12.50'],
    [{ type: 1, discount_amount: null, discount_percentage: 88 }, '8.8折'],
    [{ type: 1, discount_amount: null, discount_percentage: 90 }, '9折'],
    [{ type: 1, discount_amount: null, discount_percentage: 75 }, '7.5折'],
  ])('face of %o is %s', (info, face) => {
    expect(envelopeFaceText(info)).toBe(face);
  });

  it('the condition is the coupon label of the rules', () => {
    expect(envelopeCondition(fixedEnvelope.couponsInfo)).toBe('满20减5元');
    expect(envelopeCondition(percentEnvelope.couponsInfo)).toBe('8.8折 满15可用 最高减10元');
    expect(envelopeCondition({ ...fixedEnvelope.couponsInfo, min_order_amount: '0.00' })).toBe('无门槛减5元');
    expect(envelopeCondition({ ...fixedEnvelope.couponsInfo, discount_amount: 'lots' })).toBe('');
  });

  it('each tab asks for its status; 可使用 is the spec query with canUse', () => {
    expect(envelopeQuery('usable')).toEqual({ status: 1, canUse: '1', page: 1, page_size: 100 });
    expect(envelopeQuery('used')).toEqual({ status: 2, page: 1, page_size: 100 });
    expect(envelopeQuery('expired')).toEqual({ status: 3, page: 1, page_size: 100 });
  });

  it('a usable envelope is a red ticket with its face, condition, expiry and 去使用', () => {
    const markup = html(createElement(EnvelopeTicket, { packet: fixedEnvelope, tab: 'usable' }));
    expect(markup).toMatch(/data-face="true"?[^>]*>¥5\.00</);
    expect(markup).toContain('新人红包');
    expect(markup).toContain('满20减5元');
    expect(markup).toContain('有效期至 2026-07-31 23:59');
    expect(markup).toContain('bg-primary text-white');
    expect(markup).toMatch(/<a href="\/zuhao\.html"[^>]*>去使用<\/a>/);
  });

  it.each([
    ['used', '已使用'],
    ['expired', '已过期'],
  ] as const)('a %s envelope is greyed, stamped %s and has no link', (tab, stamp) => {
    const markup = html(createElement(EnvelopeTicket, { packet: percentEnvelope, tab }));
    expect(markup).toContain('8.8折');
    expect(markup).toContain(`>${stamp}</span>`);
    expect(markup).toContain('bg-neutral-300');
    expect(markup).not.toContain('bg-primary text-white');
    expect(markup).not.toContain('去使用');
  });

  it.each([
    ['usable', '暂无可用红包'],
    ['used', '暂无已使用红包'],
    ['expired', '暂无过期红包'],
  ] as const)('an empty %s tab says %s', (tab, text) => {
    expect(html(createElement(EnvelopeGrid, { packets: [], tab }))).toContain(text);
  });

  it('a tab lists every envelope it got', () => {
    const markup = html(createElement(EnvelopeGrid, { packets: [fixedEnvelope, percentEnvelope], tab: 'usable' }));
    expect(markup.match(/data-red-packet-id=/g)).toHaveLength(2);
    expect(markup.match(/>去使用</g)).toHaveLength(2);
  });
});

describe('我的钱包', () => {
  it('shows the balance big and red, the frozen sum with its hint, gold coins and where to go', () => {
    const markup = html(createElement(WalletSummary, { wallet: wallet() }));
    expect(markup).toMatch(/<dt[^>]*>可用余额<\/dt><dd class="[^"]*text-3xl[^"]*text-primary[^"]*"[^>]*>¥123\.45<\/dd>/);
    expect(markup).toMatch(/<dt[^>]*>冻结中<\/dt><dd[^>]*>¥20\.00<\/dd><dd[^>]*>提现处理中的金额<\/dd>/);
    expect(markup).toContain('>260</span>');
    for (const href of ['/account/Recharge', '/account/Withdraw', '/account/fundsDetail', '/account/redPacket', '/account/account_goldCoin']) {
      expect(markup).toContain(`href="${href}"`);
    }
    expect(markup).toMatch(/href="\/account\/Recharge"[^>]*>充值</);
    expect(markup).toMatch(/href="\/account\/Withdraw"[^>]*>提现</);
    expect(markup).toMatch(/href="\/account\/fundsDetail"[^>]*>资金明细</);
    expect(markup).toMatch(/href="\/account\/redPacket"[^>]*>我的红包</);
  });

  it('a user without VIP is offered 开通VIP', () => {
    const markup = html(createElement(WalletSummary, { wallet: wallet() }));
    expect(markup).toContain('未开通');
    expect(markup).toMatch(/<a href="\/VIPSubscribe"[^>]*>开通VIP<\/a>/);
    expect(markup).not.toContain('VIP会员');
  });

  it('a VIP sees until when, on the Shanghai calendar', () => {
    const markup = html(createElement(WalletSummary, { wallet: wallet({ vip_status: 1, vip_expires_at: '2026-08-31T16:30:00.000Z' }) }));
    expect(markup).toContain('VIP会员');
    expect(markup).toContain('有效期至 2026-09-01');
    expect(markup).not.toContain('开通VIP');
  });

  it('the latest rows, or 暂无资金记录', () => {
    expect(html(createElement(RecentFunds, { rows: [] }))).toContain('暂无资金记录');
    const markup = html(createElement(RecentFunds, { rows: [rechargeRow, rentRow] }));
    expect(markup.match(/data-ledger-id=/g)).toHaveLength(2);
  });
});

describe('the ledger table', () => {
  it('has the five columns', () => {
    const markup = html(createElement(LedgerTable, { rows: [rechargeRow], caption: '资金明细' }));
    const headers = [...markup.matchAll(/<th[^>]*scope="col"[^>]*>([^<]+)<\/th>/g)].map((match) => match[1]);
    expect(headers).toEqual(['时间', '类型', '金额', '余额', '单号']);
  });

  it('shows income green and spending red, with the balance after and the reference', () => {
    expect(ledgerAmountClass(rechargeRow)).toBe('text-emerald-700');
    expect(ledgerAmountClass(rentRow)).toBe('text-primary');
    const markup = html(createElement(LedgerTable, { rows: [rechargeRow, rentRow], caption: '资金明细' }));
    expect(markup).toMatch(/text-emerald-700" data-amount-fen="10000">\+100\.00</);
    expect(markup).toMatch(/text-primary" data-amount-fen="-1250">-12\.50</);
    expect(markup).toContain('>¥587.50<');
    expect(markup).toContain('>O202607010002<');
    expect(markup).toContain('>租号支付<');
    expect(markup).toContain('2026-07-01 10:05');
  });

  it('an empty page says 暂无资金记录', () => {
    const markup = html(createElement(FundsPage, { data: { list: [], total: 0, page: 1, page_size: 10 } }));
    expect(markup).toContain('暂无资金记录');
    expect(markup).not.toContain('<table');
  });
});

describe('the pager', () => {
  it('is absent when one page holds everything', () => {
    expect(html(createElement(Pager, { page: 1, pages: 1, label: '分页', onPage: () => {} }))).toBe('');
  });

  it('says 第 N / M 页 and disables what leads nowhere', () => {
    const first = html(createElement(Pager, { page: 1, pages: 3, label: '资金明细分页', onPage: () => {} }));
    expect(first).toContain('aria-label="资金明细分页"');
    expect(first).toContain('第 1 / 3 页');
    expect(first).toMatch(/<button type="button" disabled=""[^>]*>上一页<\/button>/);
    expect(first).toMatch(/<button type="button" class="[^"]*">下一页<\/button>/);
    const last = html(createElement(Pager, { page: 3, pages: 3, label: '资金明细分页', onPage: () => {} }));
    expect(last).toMatch(/<button type="button" disabled=""[^>]*>下一页<\/button>/);
  });
});

describe('充值 form', () => {
  it('offers the presets as ¥ buttons, the first one picked, with labelled inputs and the note', () => {
    const markup = html(createElement(Recharge));
    const presets = [...markup.matchAll(/aria-pressed="(true|false)"[^>]*>¥(\d+)<\/button>/g)].map((match) => [match[2], match[1]]);
    expect(presets).toEqual(RECHARGE_PRESETS_FEN.map((fen, index) => [String(fen / 100), String(index === 0)]));
    expect(markup).toContain('其他金额（元）');
    expect(markup).toContain('value="10"');
    expect(markup).toMatch(/<input type="radio"[^>]*\bchecked=""[^>]*value="alipay"\/>支付宝/);
    expect(markup).toMatch(/<input type="radio"(?:(?!checked)[^>])*value="wechat"\/>微信支付/);
    expect(markup).toContain('立即充值');
    expect(markup).toContain('充值金额将实时到账，可用于租号、续租、开通VIP；充值前需完成实名认证。');
    const inputIds = [...markup.matchAll(/<input[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
    for (const id of inputIds) expect(markup).toContain(`for="${id}"`);
  });

  it('shows the current balance once loaded', () => {
    const ready = html(createElement(CurrentBalance, { remote: { kind: 'ready', data: wallet() }, onRetry: () => {} }));
    expect(ready).toMatch(/当前余额.*¥123\.45/);
    const failed = html(createElement(CurrentBalance, { remote: { kind: 'failed', error: new Error('offline') }, onRetry: () => {} }));
    expect(failed).toContain('获取失败');
    expect(failed).toContain('重试');
  });
});

describe('提现 screen', () => {
  it('the form shows what may leave and what is frozen, 全部提现 and the note', () => {
    const markup = html(createElement(WithdrawForm, { wallet: wallet(), onSubmitted: () => {} }));
    expect(markup).toMatch(/可提现余额<\/dt><dd[^>]*>¥123\.45</);
    expect(markup).toMatch(/冻结中<\/dt><dd[^>]*>¥20\.00</);
    expect(markup).toContain('提现金额（元）');
    expect(markup).toContain('>全部提现</button>');
    expect(markup).toContain('申请提现');
    expect(markup).toContain('提现金额在处理完成前冻结；预计2小时内到账');
  });

  it('a bound account is shown masked with 更换', () => {
    const markup = html(createElement(BoundAccount, { account: { account_masked: '138****0001', real_name: '张三' }, onChange: () => {} }));
    expect(markup).toContain('138****0001');
    expect(markup).toContain('张三');
    expect(markup).toContain('>更换</button>');
  });

  it.each([
    ['', ALIPAY_ACCOUNT_REQUIRED],
    ['13800000001', null],
    ['pay@example.com', null],
    ['12345', ALIPAY_ACCOUNT_INVALID],
    ['not an account', ALIPAY_ACCOUNT_INVALID],
  ])('支付宝账号 %j gives %s', (value, error) => {
    expect(validateAlipayAccount(value)).toBe(error);
  });

  it('only a pending withdrawal can be cancelled; an unfinished one has no end time', () => {
    const markup = html(createElement(WithdrawalTable, { rows: [pendingWithdrawal, doneWithdrawal], onCancel: () => {} }));
    const rows = markup.split('<tr data-withdraw-no=').slice(1);
    expect(rows).toHaveLength(2);
    const [pending = '', done = ''] = rows;
    expect(pending).toContain('¥50.00');
    expect(pending).toContain('138****0001');
    expect(pending).toMatch(/data-status="pending">处理中</);
    expect(pending).toContain('>2026-07-01 10:00<');
    expect(pending).toContain('>—<');
    expect(pending).toMatch(/aria-label="取消提现 W1001"[^>]*>取消<\/button>/);
    expect(done).toMatch(/data-status="done">已到账</);
    expect(done).toContain('>2026-07-01 11:30<');
    expect(done).not.toContain('取消');
  });
});

describe('time display', () => {
  it('is Shanghai time; none is a dash; nonsense is shown as sent', () => {
    expect(formatShanghaiIso('2026-07-01T16:30:00.000Z')).toBe('2026-07-02 00:30');
    expect(formatShanghaiIso('2026-07-01T16:30:00.000Z', { shape: formatShanghaiDate })).toBe('2026-07-02');
    expect(formatShanghaiIso(null)).toBe('—');
    expect(formatShanghaiIso('soon')).toBe('soon');
    expect(formatShanghaiIso(null, { shape: formatShanghaiDate })).toBe('—');
  });
});
