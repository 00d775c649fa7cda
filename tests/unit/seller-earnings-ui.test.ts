/** Pure helpers of the seller's order and earnings screens (issue 13): the chart's scale and the order card's lines. */
import { describe, expect, it } from 'vitest';
import { complaintAnswerBodySchema, type SellerOrder } from '~/features/sellers/contract/seller-earnings';
import { axisYuan, barHeight, chartScale } from '~/features/sellers/ui/earnings/chart-geometry';
import { answerContentError, earningStatusLine, imagesLeft, sellerMoneyLines } from '~/features/sellers/ui/orders/seller-order-helpers';

describe('the earnings chart scale', () => {
  it('rounds the top up to four equal steps in whole yuan', () => {
    expect(chartScale(994)).toEqual({ maxFen: 1_000, ticksFen: [0, 250, 500, 750, 1_000] });
    expect(chartScale(0).maxFen).toBe(100);
    expect(chartScale(123_456).maxFen).toBeGreaterThanOrEqual(123_456);
    expect(chartScale(123_456).ticksFen).toHaveLength(5);
  });

  it('keeps a small non-zero day visible and draws nothing for zero', () => {
    const scale = chartScale(1_000_000);
    expect(barHeight(1, scale, 180)).toBe(1);
    expect(barHeight(0, scale, 180)).toBe(0);
    expect(barHeight(1_000_000, scale, 180)).toBeLessThanOrEqual(180);
  });

  it('labels the axis in yuan', () => {
    expect(axisYuan(250)).toBe('¥2.5');
    expect(axisYuan(1_000)).toBe('¥10');
    expect(axisYuan(123_400)).toBe('¥1,234');
  });
});

const order = (more: Partial<SellerOrder> = {}): SellerOrder => ({
  order_no: 'R1',
  listing: null,
  renter: '租客***',
  order_status: 5,
  order_status_text: '已取消',
  hire_start_time: null,
  hire_end_time: null,
  hours: 2,
  bonus_hours: 0,
  option_label: '时租',
  rent: '20.00',
  rent_fen: 2_000,
  deposit: '0.00',
  deposit_fen: 0,
  refund: '10.00',
  refund_fen: 1_000,
  hire_order_time: '2030-01-15T02:00:00.000Z',
  paid_at: '2030-01-15T02:00:00.000Z',
  earning: {
    net_rent: '10.00',
    net_rent_fen: 1_000,
    commission: '1.00',
    commission_fen: 100,
    commission_bps: 1_000,
    seller: '9.00',
    seller_fen: 900,
    status: 'frozen',
    status_text: '冻结中',
    release_at: '2030-01-16T02:30:00.000Z',
    released_at: null,
  },
  complaints: [],
  hafu_prepay_fen: 0,
  ...more,
});

describe('the seller order card', () => {
  it('lists rent, deposit, the refund, the commission and the seller share', () => {
    expect(sellerMoneyLines(order()).map((line) => [line.label, line.value])).toEqual([
      ['租金', '¥20.00'],
      ['押金', '无押金'],
      ['已退款', '−¥10.00'],
      ['平台佣金', '−¥1.00'],
      ['我的收益', '¥9.00'],
    ]);
    expect(sellerMoneyLines(order({ earning: null, refund_fen: 0 })).map((line) => line.key)).toEqual(['rent', 'deposit']);
  });

  it('says when frozen earnings are released, in Shanghai time', () => {
    expect(earningStatusLine(order().earning!)).toBe('冻结中 · 预计 2030-01-16 10:30 结算');
    expect(earningStatusLine({ ...order().earning!, release_at: null })).toBe('冻结中 · 租期结束后开始计算');
    expect(earningStatusLine({ ...order().earning!, status: 'released', released_at: '2030-01-16T06:00:00.000Z' })).toBe('已结算 2030-01-16 14:00');
  });

  it('checks an answer like the server: 5-500 characters, at most 6 images', () => {
    expect(answerContentError('太短了')).toBe('回复内容至少5个字');
    expect(answerContentError('您好，已经处理')).toBeNull();
    expect(imagesLeft(4)).toBe(2);
    expect(imagesLeft(9)).toBe(0);
    expect(complaintAnswerBodySchema.safeParse({ complaint_id: 1, content: '第一行说明\n第二行说明' }).success).toBe(true);
    expect(complaintAnswerBodySchema.safeParse({ complaint_id: 1, content: '带\u0000空字符的内容' }).success).toBe(false);
    expect(complaintAnswerBodySchema.safeParse({ complaint_id: 1, content: '合法的回复内容', images: ['/uploads/12-0123456789ab/detail.webp', 3] }).success).toBe(true);
    expect(complaintAnswerBodySchema.safeParse({ complaint_id: 1, content: '合法的回复内容', images: ['https://evil.example/x.png'] }).success).toBe(false);
  });
});
