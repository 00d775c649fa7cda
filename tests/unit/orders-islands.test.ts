import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/platform/client/errors';
import type { OrderActions, OrderView } from '~/features/wallet/client/money';
import { NO_ACTIONS, runningRental } from './order-fixtures';

// The islands talk to the server only through the features' clients; every call is a spy here, so
// the tests can tell which call was made with what, and that nothing was fetched while rendering.
vi.mock('~/features/wallet/client/money', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/features/wallet/client/money')>();
  return { ...actual, getWallet: vi.fn() };
});
vi.mock('~/features/orders/client/orders', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/features/orders/client/orders')>();
  return { ...actual, payOrder: vi.fn(), listOrders: vi.fn(), getCredentials: vi.fn(), previewCancel: vi.fn(), checkRenew: vi.fn() };
});
vi.mock('~/features/complaints/client/complaints', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/features/complaints/client/complaints')>();
  return { ...actual, listComplaints: vi.fn() };
});

const money = await import('~/features/wallet/client/money');
const orders = await import('~/features/orders/client/orders');
const complaints = await import('~/features/complaints/client/complaints');
const { default: OrderList } = await import('~/features/orders/ui/OrderList');
const { default: ComplaintList, complaintBadgeClass } = await import('~/features/complaints/ui/ComplaintList');
const { OrderCard } = await import('~/features/orders/ui/OrderCard');
const { payChannelChoices, pickChannel, payWith, payDeadlineText } = await import('~/features/wallet/ui/PayDialog');
const helpers = await import('~/features/orders/ui/order-helpers');
const { IntentKeys, isDefinitiveRefusal } = await import('~/platform/client/intent-keys');
const { parseRenewHours, renewAffordable } = await import('~/features/orders/ui/RenewDialog');
const { cancelPreviewLines } = await import('~/features/orders/ui/CancelDialog');
const { CANCEL_RULE_TEXT, cancelStepLabel, cancelStepValue } = await import('~/features/orders/ui/CancelSchedule');
const { complaintContentError, complaintFailure, complaintLength } = await import('~/features/complaints/ui/ComplaintDialog');
const { chargeExplainer } = await import('~/features/orders/ui/ChargeDialog');

const html = (element: Parameters<typeof renderToStaticMarkup>[0]): string => renderToStaticMarkup(element);

beforeEach(() => {
  vi.clearAllMocks();
});

describe('server markup has no per-user data (the token lives in the browser)', () => {
  it('我的订单 renders the loading skeleton and fetches nothing', () => {
    const markup = html(createElement(OrderList, { title: '我的订单' }));
    expect(markup).toContain('加载中');
    expect(markup).not.toContain('暂无订单');
    expect(markup).not.toContain('role="tab"');
    expect(orders.listOrders).not.toHaveBeenCalled();
  });

  it('我的投诉 renders the loading skeleton and fetches nothing', () => {
    const markup = html(createElement(ComplaintList, { title: '我的投诉' }));
    expect(markup).toContain('加载中');
    expect(markup).not.toContain('暂无投诉记录');
    expect(complaints.listComplaints).not.toHaveBeenCalled();
  });
});

describe('an order card', () => {
  const card = (order: OrderView): string => html(createElement(OrderCard, { order, onOpen: () => undefined }));

  it('shows what was rented: cover, detail link, game and role, period, bonus and 预约', () => {
    const markup = card(runningRental());
    expect(markup).toMatch(/<img[^>]*src="\/uploads\/42.jpg"[^>]*alt="三角洲 满配红卡号"/);
    expect(markup).toMatch(/<img[^>]*width="64"/);
    expect(markup).toContain('href="/detail/42.html"');
    expect(markup).toContain('三角洲行动 · 雷霆');
    expect(markup).toContain('日租 · 24小时');
    expect(markup).toContain('+2小时赠送');
    expect(markup).toContain('预约');
    // Shanghai time (UTC+8) of the ISO instants.
    expect(markup).toContain('2025-01-01 10:00');
    expect(markup).toContain('2025-01-02 12:00');
    expect(markup).toContain('租赁中');
    expect(markup).toContain('R202501010001');
    expect(markup).toContain('aria-label="复制订单号"');
  });

  it('lists the money lines that happened and leaves out the zero ones', () => {
    const markup = card(runningRental());
    expect(markup).toMatch(/实付<\/dt><dd[^>]*>¥46.00/);
    expect(markup).toMatch(/押金<\/dt><dd[^>]*>¥20.00/);
    expect(markup).toMatch(/VIP减免<\/dt><dd[^>]*>−¥2.00/);
    expect(markup).not.toContain('红包抵扣');
    expect(markup).not.toContain('已退款');
    expect(markup).not.toContain('哈夫币预充');
  });

  it('shows exactly the buttons the server allows, and fetches no credentials before 查看账号 is clicked', () => {
    const markup = card(runningRental());
    for (const text of ['查看账号', '续租', '取消订单', '投诉']) expect(markup).toContain(`>${text}</`);
    for (const text of ['去支付', '预充哈夫币', '评价']) expect(markup).not.toContain(`>${text}</`);
    expect(markup).toContain('aria-expanded="false"');
    expect(markup).not.toContain('账号信息"');
    expect(orders.getCredentials).not.toHaveBeenCalled();
  });

  it('评价 is a link to the review page with the order number', () => {
    const markup = card(runningRental({ order_status: 4, order_status_text: '已完成', actions: { ...NO_ACTIONS, can_review: true } }));
    expect(markup).toContain('href="/account/assess?order_no=R202501010001"');
  });

  it('a card whose listing is gone still renders', () => {
    const markup = card(runningRental({ productInfo: null }));
    expect(markup).toContain('账号信息已删除');
    expect(markup).not.toContain('<img');
  });
});

describe('order list helpers', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [7384, '02:03:04'],
    [86_399, '23:59:59'],
    [86_400, '1天 00:00:00'],
    [93_784, '1天 02:03:04'],
    [10 * 86_400 + 5, '10天 00:00:05'],
    [-5, '00:00:00'],
  ])('countdown of %i s reads %s', (seconds, text) => {
    expect(helpers.countdownText(seconds)).toBe(text);
  });

  it('seconds left come from ends_at and the given clock, never below 0', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(helpers.secondsUntil('2025-01-01T01:00:00Z', now)).toBe(3600);
    expect(helpers.secondsUntil('2025-01-01T00:00:00.999Z', now)).toBe(0);
    expect(helpers.secondsUntil('2024-12-31T23:00:00Z', now)).toBe(0);
    expect(helpers.secondsUntil('not a date', now)).toBe(0);
  });

  it.each<[string, Partial<OrderActions>, string[]]>([
    ['nothing allowed', {}, []],
    ['unpaid', { can_pay: true, can_cancel: true }, ['pay', 'cancel']],
    ['running', { can_view_credentials: true, can_renew: true, can_cancel: true, can_complain: true }, ['credentials', 'renew', 'cancel', 'complain']],
    ['hafu not charged', { can_view_credentials: true, can_charge_game_money: true }, ['credentials', 'charge']],
    ['finished', { can_complain: true, can_review: true }, ['complain', 'review']],
  ])('buttons of %s', (_name, allowed, keys) => {
    expect(helpers.visibleOrderActions({ ...NO_ACTIONS, ...allowed })).toEqual(keys);
  });

  it.each<[string | null, string]>([
    [null, 'all'],
    ['', 'all'],
    ['all', 'all'],
    ['unpaid', 'unpaid'],
    ['running', 'running'],
    ['finished', 'finished'],
    ['cancelled', 'cancelled'],
    ['RUNNING', 'all'],
    ['paid', 'all'],
    ['running ', 'all'],
  ])('filter %j in the URL means %s', (raw, filter) => {
    expect(helpers.parseOrderFilter(raw)).toBe(filter);
  });

  it('reads and writes ?filter=&page= keeping other parameters', () => {
    expect(helpers.readOrderQuery('?filter=running&page=2')).toEqual({ filter: 'running', page: 2 });
    expect(helpers.readOrderQuery('?filter=bogus&page=x')).toEqual({ filter: 'all', page: 1 });
    expect(helpers.withListQuery('https://x.test/account/order?from=pay#top', { filter: 'running', page: 2 })).toBe('/account/order?from=pay&filter=running&page=2#top');
    expect(helpers.withListQuery('https://x.test/account/order?filter=running&page=3', { filter: 'all', page: 1 })).toBe('/account/order');
    expect(helpers.withListQuery('https://x.test/account/complain?page=3', { page: 1 })).toBe('/account/complain');
  });

  it('money lines: refunds, deposit back and hafu coins appear once nonzero', () => {
    const cancelled = runningRental({
      hire_vip_discount_prices: '0.00',
      hire_coupon_discount_prices: '3.00',
      refund_amount: '23.00',
      deposit_returned: '20.00',
      hire_game_money_prices: '15.00',
      hire_refund_game_money_prices: '7.50',
    });
    expect(helpers.orderMoneyLines(cancelled).map((line) => `${line.label} ${line.value}`)).toEqual([
      '实付 ¥46.00',
      '押金 ¥20.00',
      '红包抵扣 −¥3.00',
      '已退款 ¥23.00',
      '押金已退 ¥20.00',
      '哈夫币预充 ¥15.00',
      '哈夫币退还 ¥7.50',
    ]);
    expect(helpers.orderMoneyLines(runningRental({ deposit: '0.00', hire_vip_discount_prices: '0.00' })).map((line) => line.value)).toEqual(['¥46.00', '无押金']);
  });

  it('replaces only the order with the same number', () => {
    const a = runningRental({ order_no: 'A' });
    const b = runningRental({ order_no: 'B' });
    const paidB = runningRental({ order_no: 'B', order_status_text: '待开始' });
    const next = helpers.replaceOrder([a, b], paidB);
    expect(next[0]).toBe(a);
    expect(next[1]).toBe(paidB);
  });


  it('complaint badges: 已处理 green, 处理中 amber', () => {
    expect(complaintBadgeClass(2)).toContain('emerald');
    expect(complaintBadgeClass(1)).toContain('amber');
  });
});

describe('pay dialog', () => {
  const wallet = (choices: ReturnType<typeof payChannelChoices>) => choices.find((choice) => choice.channel === 'wallet')!;

  it.each<[string, number | null, number, boolean, string | null]>([
    ['balance above the total', 10_000, 6600, false, null],
    ['balance equal to the total', 6600, 6600, false, null],
    ['balance one fen short', 6599, 6600, true, '余额不足'],
    ['empty wallet', 0, 100, true, '余额不足'],
    ['balance not loaded yet', null, 6600, true, null],
  ])('wallet with %s', (_name, balanceFen, totalFen, disabled, note) => {
    const choice = wallet(payChannelChoices({ kind: 'rental', totalFen, balanceFen }));
    expect(choice.disabled).toBe(disabled);
    expect(choice.note).toBe(note);
    expect(choice.recharge).toBe(note === '余额不足');
  });

  it('offers 余额支付, 支付宝, 微信支付 in that order; gateways are always usable', () => {
    const choices = payChannelChoices({ kind: 'vip', totalFen: 3000, balanceFen: 0 });
    expect(choices.map((choice) => choice.label)).toEqual(['余额支付', '支付宝', '微信支付']);
    expect(choices.filter((choice) => choice.disabled).map((choice) => choice.channel)).toEqual(['wallet']);
  });

  it('a recharge order cannot be paid from the balance it tops up', () => {
    expect(wallet(payChannelChoices({ kind: 'recharge', totalFen: 100, balanceFen: 1_000_000 })).disabled).toBe(true);
  });

  it('preselects the wallet when it covers the total, else the first gateway; a usable pick wins', () => {
    const rich = payChannelChoices({ kind: 'rental', totalFen: 6600, balanceFen: 9000 });
    const poor = payChannelChoices({ kind: 'rental', totalFen: 6600, balanceFen: 100 });
    expect(pickChannel(rich, null)).toBe('wallet');
    expect(pickChannel(rich, 'wechat')).toBe('wechat');
    expect(pickChannel(poor, null)).toBe('alipay');
    expect(pickChannel(poor, 'wallet')).toBe('alipay');
  });

  it('while the balance is read nothing is picked for the user (the default may turn into the wallet); a pick made meanwhile stays', () => {
    const reading = payChannelChoices({ kind: 'rental', totalFen: 6600, balanceFen: null, balanceLoading: true });
    expect(pickChannel(reading, null)).toBeNull();
    expect(pickChannel(reading, 'alipay')).toBe('alipay');
    const rich = payChannelChoices({ kind: 'rental', totalFen: 6600, balanceFen: 9000 });
    expect(pickChannel(rich, 'alipay')).toBe('alipay');
    // A balance that could not be read is not "being read": the first gateway is picked.
    expect(pickChannel(payChannelChoices({ kind: 'rental', totalFen: 6600, balanceFen: null }), null)).toBe('alipay');
  });

  it('the deadline reads in Shanghai time', () => {
    expect(payDeadlineText('2025-01-01T06:35:00.000Z')).toBe('请在 14:35 前完成支付');
    expect(payDeadlineText('garbage')).toBeNull();
  });

  it('wallet payment: paid at once, the order comes back', async () => {
    const paid = runningRental({ order_status_text: '待开始' });
    vi.mocked(orders.payOrder).mockResolvedValueOnce({ paid: true, order: paid });
    await expect(payWith('R1', 'wallet', 'key-1')).resolves.toEqual({ kind: 'paid', order: paid });
    expect(orders.payOrder).toHaveBeenCalledWith('R1', 'wallet', 'key-1');
  });

  it('gateway payment: the browser goes to the checkout address', async () => {
    vi.mocked(orders.payOrder).mockResolvedValueOnce({ paid: false, order_no: 'R1', pay_no: 'P1', checkout_url: '/sandbox/checkout/P1' });
    await expect(payWith('R1', 'alipay', 'key-2')).resolves.toEqual({ kind: 'redirect', url: '/sandbox/checkout/P1' });
    expect(orders.payOrder).toHaveBeenCalledWith('R1', 'alipay', 'key-2');
  });

  it('insufficient balance: the server msg plus 去充值; other refusals without it', async () => {
    vi.mocked(orders.payOrder).mockRejectedValueOnce(new ApiError({ kind: 'business', msg: '余额不足，请先充值', code: money.MONEY_CODES.insufficientBalance, httpStatus: 409 }));
    const short = await payWith('R1', 'wallet', 'k');
    expect(short).toMatchObject({ kind: 'failed', msg: '余额不足，请先充值', recharge: true });
    vi.mocked(orders.payOrder).mockRejectedValueOnce(new ApiError({ kind: 'business', msg: '订单已超时取消', code: 1, httpStatus: 409 }));
    expect(await payWith('R1', 'alipay', 'k')).toMatchObject({ kind: 'failed', msg: '订单已超时取消', recharge: false });
    vi.mocked(orders.payOrder).mockRejectedValueOnce(new TypeError('boom'));
    expect(await payWith('R1', 'alipay', 'k')).toMatchObject({ kind: 'failed', msg: '支付失败，请重试', recharge: false });
  });
});

describe('idempotency keys per dialog opening', () => {
  it('a retry of the same intent reuses its key; another intent gets its own', () => {
    let n = 0;
    const keys = new IntentKeys(() => `key-${++n}`);
    expect(keys.keyFor('pay:wallet')).toBe('key-1');
    expect(keys.keyFor('pay:wallet')).toBe('key-1');
    expect(keys.keyFor('pay:alipay')).toBe('key-2');
  });

  it('after a timeout the key stays (the payment may have gone through); after a refusal it is renewed', () => {
    let n = 0;
    const keys = new IntentKeys(() => `key-${++n}`);
    keys.keyFor('pay:wallet');
    keys.settle('pay:wallet', new ApiError({ kind: 'timeout', msg: '请求超时' }));
    expect(keys.keyFor('pay:wallet')).toBe('key-1');
    keys.settle('pay:wallet', new ApiError({ kind: 'http', msg: '服务器出错', httpStatus: 502 }));
    expect(keys.keyFor('pay:wallet')).toBe('key-1');
    keys.settle('pay:wallet', new ApiError({ kind: 'business', msg: '余额不足', code: 1005, httpStatus: 409 }));
    expect(keys.keyFor('pay:wallet')).toBe('key-2');
  });

  it.each<[string, unknown, boolean]>([
    ['business error', new ApiError({ kind: 'business', msg: 'x', code: 1006 }), true],
    ['HTTP 409', new ApiError({ kind: 'http', msg: 'x', httpStatus: 409 }), true],
    ['HTTP 502', new ApiError({ kind: 'http', msg: 'x', httpStatus: 502 }), false],
    ['network', new ApiError({ kind: 'network', msg: 'x' }), false],
    ['plain Error', new Error('x'), false],
  ])('%s is a definitive refusal: %s', (_name, error, refused) => {
    expect(isDefinitiveRefusal(error)).toBe(refused);
  });
});

describe('renew, cancel, complaint and charge dialogs', () => {
  it.each<[string, ReturnType<typeof parseRenewHours>]>([
    ['1', { hours: 1 }],
    [' 12 ', { hours: 12 }],
    ['168', { hours: 168 }],
    ['169', { error: '单次最多续租168小时' }],
    ['0', { error: '至少续租1小时' }],
    ['', { error: '请输入整数小时' }],
    ['1.5', { error: '请输入整数小时' }],
    ['-2', { error: '请输入整数小时' }],
  ])('renew hours %j', (text, result) => {
    expect(parseRenewHours(text)).toEqual(result);
  });

  it('renewal needs the balance to cover the price', () => {
    expect(renewAffordable({ pay_fen: 500, balance_fen: 500 })).toBe(true);
    expect(renewAffordable({ pay_fen: 501, balance_fen: 500 })).toBe(false);
  });

  it('cancel preview lines of a paid order, hafu coins only when charged', () => {
    const preview = { percent: 50, refund: '23.00', refund_fen: 2300, deposit: '20.00', game_money: '0.00', total: '43.00', total_fen: 4300 };
    expect(cancelPreviewLines(preview)).toEqual([
      { label: '退还租金', value: '¥23.00（50%）' },
      { label: '退还押金', value: '¥20.00' },
      { label: '合计退回余额', value: '¥43.00' },
    ]);
    expect(cancelPreviewLines({ ...preview, game_money: '7.50', total: '50.50' }).map((line) => line.label)).toEqual(['退还租金', '退还押金', '退还哈夫币', '合计退回余额']);
    expect(CANCEL_RULE_TEXT).toBe('开始前5小时以上取消全额退还租金；开始前5小时内取消扣租金10%，3小时内扣30%，2小时内扣50%；开始后按未开始的整小时退还租金，最多退50%；押金和未用完的哈夫币全额退还');
  });

  it('cancel schedule rows: until when, and what comes back', () => {
    const step = { from: new Date('2026-12-01T06:00:00Z'), until: new Date('2026-12-01T10:00:00Z'), refundFen: 4_500, percent: 90, beforeStart: true };
    expect(cancelStepLabel(step, false)).toBe('12-01 18:00前取消');
    expect(cancelStepLabel(step, true)).toBe('12-01 14:00后取消');
    expect(cancelStepValue(step)).toBe('退¥45.00（90%）');
    expect(cancelStepValue({ ...step, refundFen: 0, percent: 0 })).toBe('不退租金');
  });

  it.each<[string, string | null]>([
    ['1234', '问题描述至少5个字'],
    ['   登不上了   ', '问题描述至少5个字'],
    ['  账号登不上  ', null],
    ['账号无法登录', null],
    ['a'.repeat(500), null],
    ['a'.repeat(501), '问题描述最多500个字'],
  ])('complaint text %j', (text, error) => {
    expect(complaintContentError(text)).toBe(error);
  });

  it('an emoji counts as one character', () => {
    expect(complaintLength('😀😀😀😀😀')).toBe(5);
  });

  it('code 1004 asks for a bound phone; other failures show the msg', () => {
    expect(complaintFailure(new ApiError({ kind: 'business', msg: '当前账号未绑定手机号', code: money.MONEY_CODES.phoneRequired, httpStatus: 403 }))).toEqual({
      msg: '当前账号未绑定手机号',
      needsPhone: true,
    });
    expect(complaintFailure(new ApiError({ kind: 'business', msg: '该订单投诉过多', code: 1, httpStatus: 409 }))).toEqual({ msg: '该订单投诉过多', needsPhone: false });
  });

  it('the hafu-coin prepay explainer names the amount', () => {
    expect(chargeExplainer(runningRental())).toBe('该账号为哈夫币号，需预充哈夫币押金¥15.00，租期结束后未使用的哈夫币按比例退还到余额');
    expect(chargeExplainer(runningRental({ productInfo: null }))).toBeNull();
  });
});
