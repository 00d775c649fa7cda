import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/platform/client/errors';
import type { OrderView } from '~/features/wallet/client/money';
import { NO_ACTIONS, finishedRental } from './order-fixtures';

// The islands reach the server only through features/reviews/client and getOrder; every call is a spy,
// so the tests can tell that nothing was fetched while rendering on the server.
vi.mock('~/features/reviews/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/features/reviews/client')>()),
  listMyReviews: vi.fn(),
  listPendingReviews: vi.fn(),
  getMyReview: vi.fn(),
  writeReview: vi.fn(),
}));

const reviewsApi = await import('~/features/reviews/client');
const { default: MyReviews } = await import('~/features/reviews/ui/MyReviews');
const { default: ReviewDetail } = await import('~/features/reviews/ui/ReviewDetail');
const { StarRating, StarsShown } = await import('~/features/reviews/ui/StarRating');
const { OrderCard } = await import('~/features/orders/ui/OrderCard');
const helpers = await import('~/features/reviews/ui/review-helpers');

const html = (element: Parameters<typeof renderToStaticMarkup>[0]): string => renderToStaticMarkup(element);

describe('server markup has no per-user data (the token lives in the browser)', () => {
  it('我的评价 and 评价详情 render the loading skeleton and fetch nothing', () => {
    for (const markup of [html(createElement(MyReviews, { title: '我的评价' })), html(createElement(ReviewDetail, { title: '评价详情' }))]) {
      expect(markup).toContain('加载中');
      expect(markup).not.toContain('role="tab"');
    }
    expect(reviewsApi.listMyReviews).not.toHaveBeenCalled();
    expect(reviewsApi.listPendingReviews).not.toHaveBeenCalled();
    expect(reviewsApi.getMyReview).not.toHaveBeenCalled();
  });
});

describe("the order card's review link", () => {
  const card = (order: OrderView): string => html(createElement(OrderCard, { order, onOpen: () => undefined }));

  it('a finished rental without a review offers 评价, to the form of that order', () => {
    const markup = card(finishedRental());
    expect(markup).toContain('href="/account/assess?order_no=R202501010001"');
    expect(markup).toContain('>评价</a>');
    expect(markup).not.toContain('查看评价');
  });

  it('a reviewed rental offers 查看评价, to its review, and no longer 评价', () => {
    const markup = card(finishedRental({ review_id: 77, actions: { ...NO_ACTIONS, can_complain: true } }));
    expect(markup).toContain('href="/account/assessInfo?id=77"');
    expect(markup).toContain('>查看评价</a>');
    expect(markup).not.toContain('/account/assess?order_no=');
  });
});

describe('the star input', () => {
  it('is five named radio buttons in one group; the chosen one is checked and its label shown', () => {
    const markup = html(createElement(StarRating, { legend: '评分', value: 4, onChange: () => undefined }));
    expect(markup).toContain('<legend');
    expect(markup.match(/type="radio"/g)).toHaveLength(5);
    for (const name of ['1星 非常差', '2星 差', '3星 一般', '4星 满意', '5星 非常满意']) expect(markup).toContain(`aria-label="${name}"`);
    expect(markup).toMatch(/<input(?=[^>]*value="4")(?=[^>]*checked="")[^>]*>/);
    expect(markup.match(/checked=""/g)).toHaveLength(1);
    expect(markup).toContain('满意');
  });

  it('says 请选择 until a rating is chosen, and names the error', () => {
    const markup = html(createElement(StarRating, { legend: '评分', value: null, onChange: () => undefined, error: '请选择1-5星评分' }));
    expect(markup).toContain('请选择');
    expect(markup).toContain('请选择1-5星评分');
    expect(markup).toContain('aria-invalid="true"');
    expect(markup).not.toContain('checked=""');
  });

  it('shows a rating as filled and empty stars with the number as its name', () => {
    const markup = html(createElement(StarsShown, { rating: 3 }));
    expect(markup).toContain('aria-label="3星"');
    expect(markup).toContain('>★★★</span>');
    expect(markup).toContain('>★★</span>');
  });
});

describe('the address of 我的评价 and 评价详情', () => {
  it.each([
    ['', { tab: 'pending', page: 1, orderNo: null }],
    ['?tab=written&page=3', { tab: 'written', page: 3, orderNo: null }],
    ['?tab=nonsense&page=-2', { tab: 'pending', page: 1, orderNo: null }],
    ['?order_no=R20250101000000012345678', { tab: 'pending', page: 1, orderNo: 'R20250101000000012345678' }],
    ['?order_no=%3Cscript%3E', { tab: 'pending', page: 1, orderNo: null }],
    [`?order_no=${'R'.repeat(33)}`, { tab: 'pending', page: 1, orderNo: null }],
  ])('%s reads as %j', (search, query) => {
    expect(helpers.readAssessQuery(search)).toEqual(query);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const href = 'https://zuhao.example/account/assess?from=mail&order_no=R1#top';
    expect(helpers.withAssessQuery(href, { tab: 'pending', page: 1, orderNo: null })).toBe('/account/assess?from=mail#top');
    expect(helpers.withAssessQuery(href, { tab: 'written', page: 2, orderNo: null })).toBe('/account/assess?from=mail&tab=written&page=2#top');
    expect(helpers.withAssessQuery('https://zuhao.example/account/assess', { tab: 'pending', page: 1, orderNo: 'R9' })).toBe('/account/assess?order_no=R9');
  });

  it.each([
    ['?id=12', 12],
    ['?id=0', null],
    ['?id=-1', null],
    ['?id=1.5', null],
    ['?id=abc', null],
    ['?id=99999999999', null],
    ['', null],
  ])('assessInfo %s → %s', (search, id) => {
    expect(helpers.readReviewId(search)).toBe(id);
  });
});

describe('when the form is offered', () => {
  it.each([
    ['a finished rental without a review', finishedRental(), null],
    ['a finished rental already reviewed', finishedRental({ review_id: 3 }), '该订单已评价'],
    ['a running rental', finishedRental({ order_status: 3 }), '订单完成后才能评价'],
    ['a cancelled rental', finishedRental({ order_status: 5 }), '已取消的订单不能评价'],
    ['a VIP order', finishedRental({ kind: 'vip' }), '只有租号订单可以评价'],
  ])('%s → %s', (_name, order, block) => {
    expect(helpers.writeBlock(order)).toBe(block);
  });

  it("a failed send reads as the server's msg; a 409 means the order has its review already", () => {
    expect(helpers.writeFailure(new ApiError({ kind: 'http', httpStatus: 409, msg: '该订单已评价' }))).toEqual({ msg: '该订单已评价', alreadyReviewed: true });
    expect(helpers.writeFailure(new ApiError({ kind: 'http', httpStatus: 400, msg: '评价内容最多500个字' }))).toEqual({ msg: '评价内容最多500个字', alreadyReviewed: false });
    expect(helpers.writeFailure(new Error('boom'))).toEqual({ msg: '提交失败，请重试', alreadyReviewed: false });
  });

  it('a reviewed rental reads 时租 · 2小时', () => {
    expect(helpers.reviewedRentalLine({ option_label: '时租', hours: 2 })).toBe('时租 · 2小时');
    expect(helpers.reviewedRentalLine({ option_label: null, hours: null })).toBeNull();
  });
});
