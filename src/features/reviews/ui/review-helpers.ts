/**
 * Pure helpers of /account/assess and /account/assessInfo: the address query, the lines a review
 * card shows, and how a failed write reads. No I/O, no clock read.
 */
import { isApiError } from '~/platform/client/errors';
import { ID_MAX } from '~/platform/wire/common';
import type { OrderView } from '~/features/wallet/client/money';
import type { ReviewedOrder } from '~/features/reviews/client';
import { MSG_REVIEW_EXISTS, reviewRefusal } from '~/features/reviews/rules/review-writing';
import { pageParam, setPageParam } from '~/platform/ui/page-query';

export type AssessTab = 'pending' | 'written';

/** The tabs of 我的评价, in order: what is left to do first. */
export const ASSESS_TABS: ReadonlyArray<{ value: AssessTab; label: string }> = [
  { value: 'pending', label: '待评价' },
  { value: 'written', label: '已评价' },
];

export interface AssessQuery {
  tab: AssessTab;
  page: number;
  /** ?order_no= (the order card's 评价): open the form for this order at once. */
  orderNo: string | null;
}

/** Order numbers are letters and digits (order-numbers.ts), at most 32. */
const ORDER_NO = /^[A-Za-z0-9]{1,32}$/;

/** ?tab=written&page=2&order_no=R… ; anything unknown falls back to 待评价, page 1, no form. */
export function readAssessQuery(search: string): AssessQuery {
  const params = new URLSearchParams(search);
  const orderNo = params.get('order_no')?.trim() ?? '';
  return {
    tab: params.get('tab') === 'written' ? 'written' : 'pending',
    page: pageParam(params),
    orderNo: ORDER_NO.test(orderNo) ? orderNo : null,
  };
}

/** The address with the query written in; the defaults (待评价, page 1, no form) are left out. */
export function withAssessQuery(href: string, query: AssessQuery): string {
  const url = new URL(href);
  if (query.tab === 'pending') url.searchParams.delete('tab');
  else url.searchParams.set('tab', query.tab);
  setPageParam(url, query.page);
  if (query.orderNo) url.searchParams.set('order_no', query.orderNo);
  else url.searchParams.delete('order_no');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** ?id= of /account/assessInfo: a positive whole number, else null. */
export function readReviewId(search: string): number | null {
  const raw = new URLSearchParams(search).get('id') ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= ID_MAX ? Number(raw) : null;
}

/** Where 查看评价 goes. */
export function reviewInfoHref(reviewId: number): string {
  return `/account/assessInfo?id=${reviewId}`;
}

/** '时租 · 2小时'; null when the order carries no period. */
export function reviewedRentalLine(order: Pick<ReviewedOrder, 'option_label' | 'hours'>): string | null {
  if (!order.option_label && order.hours === null) return null;
  return [order.option_label, order.hours !== null ? `${order.hours}小时` : null].filter(Boolean).join(' · ');
}

/**
 * Why the form cannot be offered for this order, or null when it can: the same rule the server
 * applies, plus a review already written.
 */
export function writeBlock(order: Pick<OrderView, 'kind' | 'order_status' | 'review_id'>): string | null {
  if (order.review_id !== null) return MSG_REVIEW_EXISTS;
  return reviewRefusal({ kind: order.kind, status: order.order_status });
}

/** A failed 提交评价: the server's Chinese msg, and whether the order turned out to be reviewed already (409). */
export function writeFailure(error: unknown): { msg: string; alreadyReviewed: boolean } {
  if (!isApiError(error)) return { msg: '提交失败，请重试', alreadyReviewed: false };
  return { msg: error.msg || '提交失败，请重试', alreadyReviewed: error.httpStatus === 409 };
}
