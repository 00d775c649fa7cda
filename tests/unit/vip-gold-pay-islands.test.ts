import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GoldOverview, OrderInfo } from '~/features/wallet/client/money';

// The islands run against the contract only: every money call is a mock, so a test sees exactly
// which call an island makes and with what.
vi.mock('~/features/wallet/client/money', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/features/wallet/client/money')>();
  return {
    ...actual,
    listVipPlans: vi.fn(),
    subscribeVip: vi.fn(),
    getGold: vi.fn(),
    dailySignIn: vi.fn(),
    claimGoldTask: vi.fn(),
    exchangeGold: vi.fn(),
  };
});
vi.mock('~/features/orders/client/orders', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/features/orders/client/orders')>();
  return { ...actual, getOrderInfo: vi.fn() };
});
vi.mock('~/platform/client/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/platform/client/client')>();
  return { ...actual, apiPost: vi.fn(), apiGet: vi.fn(), call: vi.fn() };
});
// Written in parallel by another helper; only its presence matters here.
vi.mock('~/features/wallet/ui/PayDialog', () => ({ PayDialog: () => null }));

const money = await import('~/features/wallet/client/money');
const orders = await import('~/features/orders/client/orders');
const client = await import('~/platform/client/client');
const { ApiError } = await import('~/platform/client/errors');
const { dailyPriceYuan, discountFoldText, vipBenefitText, vipStatusText } = await import('~/features/wallet/ui/vip-plans');
const { default: VipSubscribe } = await import('~/features/wallet/ui/VipSubscribe');
const { VipPlanOptions } = await import('~/features/wallet/ui/VipPlanOptions');
const { canExchangeGold, exchangeBlockedReason, goldTaskState, signedCoins } = await import('~/features/wallet/ui/gold-rules');
const { ExchangeCard, HistoryList, SignInCard, TaskList } = await import('~/features/wallet/ui/GoldPanels');
const { default: GoldCoins } = await import('~/features/wallet/ui/GoldCoins');
const PayResultModule = await import('~/features/wallet/ui/PayResult');
const { default: PayResult, decidePayResult, orderNoFromQuery, watchPayResult, PAY_RESULT_POLL_MS, PAY_RESULT_TIMEOUT_TEXT } = PayResultModule;
const { default: SandboxCheckout, safeReturnUrl } = await import('~/features/wallet/ui/SandboxCheckout');
const { cancelSandboxPayment, confirmSandboxPayment } = await import('~/features/wallet/client/sandbox-pay');

const html = (element: Parameters<typeof renderToStaticMarkup>[0]): string => renderToStaticMarkup(element);

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('VIP texts (spec §9: factor 0.88, cap 2 yuan)', () => {
  it.each([
    [3000, 30, '1.00'],
    [1000, 7, '1.43'], // 142.86 fen rounds up
    [2800, 30, '0.94'], // 93.33 fen rounds up
    [9900, 90, '1.10'],
    [36500, 365, '1.00'],
    [1, 30, '0.01'],
    [0, 7, '0.00'],
  ])('%i fen over %i days is 每天仅需¥%s', (priceFen, days, expected) => {
    expect(dailyPriceYuan(priceFen, days)).toBe(expected);
  });

  it('refuses a plan without days or with a fractional price', () => {
    expect(() => dailyPriceYuan(3000, 0)).toThrow(RangeError);
    expect(() => dailyPriceYuan(10.5, 7)).toThrow(RangeError);
  });

  it('the benefit is built from the constants: 租号享8.8折，每单最高优惠2元', () => {
    expect(vipBenefitText()).toBe('租号享8.8折，每单最高优惠2元');
    expect(vipBenefitText(0.9, 250)).toBe('租号享9折，每单最高优惠2.5元');
    expect(discountFoldText(0.85)).toBe('8.5折');
  });

  it('the status names the end date in Shanghai time for a VIP only', () => {
    expect(vipStatusText(0, null)).toBe('您还不是VIP');
    expect(vipStatusText(0, '2030-01-01T00:00:00Z')).toBe('您还不是VIP');
    expect(vipStatusText(1, '2030-01-31T16:30:00Z')).toBe('您已是VIP，有效期至 2030-02-01 00:30');
    expect(vipStatusText(1, null)).toBe('您已是VIP');
  });
});

describe('VIP plan cards', () => {
  const plans = [
    { id: 1, name: '月卡', days: 30, price: '30.00', price_fen: 3000, original_price: '45.00', original_price_fen: 4500 },
    { id: 2, name: '周卡', days: 7, price: '10.00', price_fen: 1000, original_price: '10.00', original_price_fen: 1000 },
  ];

  it('show price, days, per-day price, and strike the original price only when it is higher', () => {
    const markup = html(createElement(VipPlanOptions, { plans, selectedId: 2, onSelect: () => undefined, name: 'plan' }));
    expect(markup.match(/type="radio"/g)).toHaveLength(2);
    expect(markup).toMatch(/checked="" value="2"/);
    expect(markup.match(/checked=""/g)).toHaveLength(1);
    expect(markup).toContain('每天仅需¥1.00');
    expect(markup).toContain('每天仅需¥1.43');
    expect(markup).toContain('<s class="tabular-nums">¥45.00</s>');
    expect(markup).not.toContain('¥10.00</s>');
    expect(markup).toContain('30天');
  });
});

describe('server markup holds no per-user data', () => {
  it('VipSubscribe: the benefit and a skeleton; no status, no plans, no button, no call', () => {
    const markup = html(createElement(VipSubscribe));
    expect(markup).toContain('租号享8.8折，每单最高优惠2元');
    expect(markup).toContain('加载中');
    expect(markup).not.toContain('VIP，');
    expect(markup).not.toContain('您还不是VIP');
    expect(markup).not.toContain('立即开通');
    expect(money.listVipPlans).not.toHaveBeenCalled();
  });

  it('GoldCoins: only the skeleton, and no call', () => {
    const markup = html(createElement(GoldCoins, { title: '我的金币' }));
    expect(markup).toContain('加载中');
    expect(markup).not.toContain('金币任务');
    expect(markup).not.toContain('签到');
    expect(money.getGold).not.toHaveBeenCalled();
  });

  it('PayResult: a skeleton until the browser reads the query', () => {
    const markup = html(createElement(PayResult));
    expect(markup).toContain('加载中');
    expect(markup).not.toContain('支付');
    expect(orders.getOrderInfo).not.toHaveBeenCalled();
  });
});

const overview = (patch: Partial<GoldOverview> = {}): GoldOverview => ({
  coins: 120,
  signed_today: false,
  sign_in_coins: 10,
  exchange_coins: 100,
  exchange_red_packet: '1.00',
  exchanges_left_today: 2,
  tasks: [],
  history: [],
  ...patch,
});

describe('gold coins', () => {
  it.each([
    [{ coins: 120, exchange_coins: 100, exchanges_left_today: 2 }, true, null],
    [{ coins: 100, exchange_coins: 100, exchanges_left_today: 1 }, true, null],
    [{ coins: 99, exchange_coins: 100, exchanges_left_today: 1 }, false, '金币不足，还差1金币'],
    [{ coins: 500, exchange_coins: 100, exchanges_left_today: 0 }, false, '今日兑换次数已用完'],
    [{ coins: 0, exchange_coins: 100, exchanges_left_today: 0 }, false, '今日兑换次数已用完'],
  ])('exchange with %o: enabled %s', (figures, enabled, reason) => {
    expect(canExchangeGold(figures)).toBe(enabled);
    expect(exchangeBlockedReason(figures)).toBe(reason);
  });

  it('the exchange card offers the envelope and disables the button when it cannot be used', () => {
    const open = html(createElement(ExchangeCard, { overview: overview(), onExchange: async () => undefined }));
    expect(open).toContain('用100金币兑换1.00元无门槛红包');
    expect(open).toContain('今日还可兑换2次');
    expect(open).toMatch(/<button(?![^>]*disabled)[^>]*>立即兑换<\/button>/);
    const poor = html(createElement(ExchangeCard, { overview: overview({ coins: 40 }), onExchange: async () => undefined }));
    expect(poor).toMatch(/<button[^>]*disabled=""[^>]*>立即兑换<\/button>/);
    expect(poor).toContain('金币不足，还差60金币');
  });

  it('task states: 未完成, 领取, 已领取', () => {
    expect(goldTaskState({ done: false, claimed: false })).toBe('todo');
    expect(goldTaskState({ done: true, claimed: false })).toBe('claimable');
    expect(goldTaskState({ done: true, claimed: true })).toBe('claimed');
    const markup = html(
      createElement(TaskList, {
        tasks: [
          { key: 'first_rent', name: '首次租号', coins: 50, done: false, claimed: false },
          { key: 'bind_phone', name: '绑定手机', coins: 20, done: true, claimed: false },
          { key: 'real_name', name: '实名认证', coins: 30, done: true, claimed: true },
        ],
        onClaim: async () => undefined,
      }),
    );
    expect(markup).toMatch(/data-task="first_rent" data-state="todo".*?未完成/);
    expect(markup).toMatch(/data-task="bind_phone" data-state="claimable".*?<button[^>]*>领取<\/button>/);
    expect(markup).toMatch(/data-task="real_name" data-state="claimed".*?已领取/);
    expect(markup.match(/<button/g)).toHaveLength(1);
  });

  it('sign-in: 签到领N金币 until signed, then 今日已签到 disabled', () => {
    expect(html(createElement(SignInCard, { overview: overview(), onSignIn: async () => undefined }))).toMatch(/<button(?![^>]*disabled)[^>]*>签到领10金币<\/button>/);
    expect(html(createElement(SignInCard, { overview: overview({ signed_today: true }), onSignIn: async () => undefined }))).toMatch(
      /<button[^>]*disabled=""[^>]*>今日已签到<\/button>/,
    );
  });

  it('history shows signed amounts and Shanghai times', () => {
    expect(signedCoins(10)).toBe('+10');
    expect(signedCoins(-100)).toBe('-100');
    const markup = html(
      createElement(HistoryList, {
        history: [
          { id: 2, kind_text: '金币兑换', amount: -100, created_at: '2030-01-01T02:00:00Z' },
          { id: 1, kind_text: '每日签到', amount: 10, created_at: '2030-01-01T01:00:00Z' },
        ],
      }),
    );
    expect(markup).toMatch(/金币兑换.*2030-01-01 10:00.*-100/);
    expect(markup).toMatch(/每日签到.*2030-01-01 09:00.*\+10/);
  });
});

describe('pay result (spec §4 pay status check, §8)', () => {
  const info = (pay_status_code: OrderInfo['pay_status_code'], kind: OrderInfo['kind'] = 'rental') => ({ pay_status_code, kind });

  it('without an order number it says exactly 缺少商户单号,获取支付结果失败 and links back to the orders', () => {
    for (const query of ['', '?order_no=', '?order_no=%20', '?foo=1']) {
      const view = decidePayResult(query, null);
      expect(view.state).toBe('missing');
      expect(view.title).toBe('缺少商户单号,获取支付结果失败');
      expect(view.links).toEqual([{ label: '返回订单', href: '/account/order' }]);
    }
  });

  it('reads order_no, or out_trade_no as the same thing', () => {
    expect(orderNoFromQuery('?order_no=R202401010001')).toBe('R202401010001');
    expect(orderNoFromQuery('?out_trade_no=V2024')).toBe('V2024');
    expect(orderNoFromQuery('?order_no=A&out_trade_no=B')).toBe('A');
  });

  it.each([
    [0, 'rental', 'success', '支付成功', ['/account/order?filter=running', '/zuhao.html']],
    [0, 'vip', 'success', '支付成功', ['/VIPSubscribe']],
    [0, 'recharge', 'success', '支付成功', ['/account/purse']],
    [1001, 'rental', 'paying', '支付确认中', []],
    [1002, 'rental', 'cancelled', '订单已取消', ['/account/order']],
    [-1, 'rental', 'unpaid', '订单未支付', ['/account/order']],
  ] as const)('code %i for a %s order: %s (%s)', (code, kind, state, title, hrefs) => {
    const view = decidePayResult('?order_no=R1', info(code, kind));
    expect(view.state).toBe(state);
    expect(view.title).toBe(title);
    expect(view.orderNo).toBe('R1');
    expect(view.links.map((link) => link.href)).toEqual(hrefs);
  });

  it('the unpaid order links 返回订单; the rental success links 查看订单 and 继续逛逛', () => {
    expect(decidePayResult('?order_no=R1', info(-1)).links[0]?.label).toBe('返回订单');
    expect(decidePayResult('?order_no=R1', info(0)).links.map((link) => link.label)).toEqual(['查看订单', '继续逛逛']);
    expect(decidePayResult('?order_no=R1', info(0, 'vip')).links[0]?.label).toBe('查看VIP');
    expect(decidePayResult('?order_no=R1', info(0, 'recharge')).links[0]?.label).toBe('查看余额');
  });

  it('支付确认中 past the limit says the confirmation timed out', () => {
    const view = decidePayResult('?order_no=R1', info(1001), true);
    expect(view.state).toBe('timeout');
    expect(view.title).toBe(PAY_RESULT_TIMEOUT_TEXT);
    expect(view.title).toBe('支付结果确认超时，请稍后在订单中查看');
  });
});

describe('pay result polling', () => {
  const getOrderInfo = vi.mocked(orders.getOrderInfo);
  const reply = (code: OrderInfo['pay_status_code']): OrderInfo => ({ order_no: 'R1', kind: 'rental', order_status: code === 0 ? 3 : 2, order_status_text: '', pay_status_code: code });

  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('asks again every 2 s while 支付确认中 and stops at the first final answer', async () => {
    getOrderInfo.mockResolvedValueOnce(reply(1001)).mockResolvedValueOnce(reply(1001)).mockResolvedValueOnce(reply(0));
    const seen: number[] = [];
    const onTimeout = vi.fn();
    watchPayResult('R1', { onInfo: (next) => seen.push(next.pay_status_code), onTimeout, onFailure: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    expect(getOrderInfo).toHaveBeenCalledTimes(1);
    expect(getOrderInfo.mock.calls[0]?.[0]).toBe('R1');
    await vi.advanceTimersByTimeAsync(PAY_RESULT_POLL_MS - 1);
    expect(getOrderInfo).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getOrderInfo).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getOrderInfo).toHaveBeenCalledTimes(3);
    expect(seen).toEqual([1001, 1001, 0]);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('gives up after 60 s of 支付确认中', async () => {
    getOrderInfo.mockResolvedValue(reply(1001));
    const onTimeout = vi.fn();
    watchPayResult('R1', { onInfo: vi.fn(), onTimeout, onFailure: vi.fn() });
    await vi.advanceTimersByTimeAsync(58_000);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    const calls = getOrderInfo.mock.calls.length;
    expect(calls).toBe(31); // at 0, 2, ... 60 s
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getOrderInfo).toHaveBeenCalledTimes(calls);
  });

  it('stops asking once stopped, and reports a failed call', async () => {
    getOrderInfo.mockResolvedValue(reply(1001));
    const stop = watchPayResult('R1', { onInfo: vi.fn(), onTimeout: vi.fn(), onFailure: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getOrderInfo).toHaveBeenCalledTimes(1);
    expect((getOrderInfo.mock.calls[0]?.[1] as { signal: AbortSignal }).signal.aborted).toBe(true);

    getOrderInfo.mockRejectedValueOnce(new ApiError({ kind: 'http', httpStatus: 502, msg: '服务器出错' }));
    const onFailure = vi.fn();
    watchPayResult('R2', { onInfo: vi.fn(), onTimeout: vi.fn(), onFailure });
    await vi.advanceTimersByTimeAsync(0);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});

describe('sandbox gateway', () => {
  const props = { payNo: 'P20300101000001', channel: 'alipay' as const, subject: 'VIP月卡', amount: '30.00', returnUrl: '/pay-result?order_no=V1' };

  it('waiting: banner, channel, subject, amount, trade number and both buttons', () => {
    const markup = html(createElement(SandboxCheckout, { ...props, status: 'waiting' }));
    expect(markup).toContain('沙箱支付网关（非真实扣款）');
    expect(markup).toMatch(/text-\[#1677ff\][^>]*>.*支付宝/);
    expect(markup).toMatch(/<dt[^>]*>商品<\/dt><dd[^>]*>VIP月卡<\/dd>/);
    expect(markup).toContain('¥30.00');
    expect(markup).toContain('P20300101000001');
    expect(markup).toMatch(/<button[^>]*>确认付款<\/button>/);
    expect(markup).toMatch(/<button[^>]*>取消付款<\/button>/);
    expect(markup).not.toContain('返回商户');
  });

  it('wechat is 微信支付 in its green', () => {
    expect(html(createElement(SandboxCheckout, { ...props, channel: 'wechat', status: 'waiting' }))).toMatch(/text-\[#07c160\][^>]*>.*微信支付/);
  });

  it.each([
    ['paid', '该笔交易已付款'],
    ['cancelled', '该笔交易已关闭'],
  ] as const)('%s: %s and 返回商户 to the shop, no buttons', (status, text) => {
    const markup = html(createElement(SandboxCheckout, { ...props, status }));
    expect(markup).toContain(text);
    expect(markup).toContain('href="/pay-result?order_no=V1"');
    expect(markup).toMatch(/<a[^>]*>返回商户<\/a>/);
    expect(markup).not.toContain('<button');
  });

  it('follows only a site path or an http(s) URL on the shop origin back', () => {
    const shop = 'https://shop.example/pay-result?order_no=V0';
    expect(safeReturnUrl('/pay-result?order_no=V1', '/x')).toBe('/pay-result?order_no=V1');
    expect(safeReturnUrl('https://shop.example/pay-result?order_no=V1', shop)).toBe('https://shop.example/pay-result?order_no=V1');
    expect(safeReturnUrl('https://evil.example/pay-result?order_no=V1', shop)).toBe(shop);
    expect(safeReturnUrl('http://shop.example/pay-result', shop)).toBe(shop);
    expect(safeReturnUrl('https://shop.example/pay-result', '/x')).toBe('/x');
    for (const trick of ['javascript:alert(1)', '//evil.example', '/\\evil.example', '/\t/evil.example', '/%2F%2Fevil.example', 'https:evil.example']) {
      expect(safeReturnUrl(trick, '/x')).toBe('/x');
      expect(safeReturnUrl(trick, shop)).toBe(shop);
    }
  });

  it('confirm and cancel post the pay_no without the user token', async () => {
    const call = vi.mocked(client.call);
    call.mockResolvedValue({ return_url: '/pay-result?order_no=V1' });
    await expect(confirmSandboxPayment('P1')).resolves.toEqual({ return_url: '/pay-result?order_no=V1' });
    await cancelSandboxPayment('P2');
    expect(call.mock.calls.map(([route, input, options]) => [route.method, route.path, input, options])).toEqual([
      ['POST', '/sandbox/pay/confirm', { pay_no: 'P1' }, { noToken: true }],
      ['POST', '/sandbox/pay/cancel', { pay_no: 'P2' }, { noToken: true }],
    ]);
  });
});
