/**
 * Hafu-coin settlement calls (docs/decisions.md "Hafu-coin settlement"): the renter's view and
 * report, the listing owner's view and answer. Every call needs the signed-in user's token.
 */
import { call, type RequestOptions } from '~/platform/client/client';
import { ORDER_ROUTES } from '~/features/orders/routes';
import type { HafuAnswerRequest, HafuSettlementView } from '~/features/orders/hafu-contract';

type Signal = Pick<RequestOptions, 'signal'>;

export function getHafu(orderNo: string, options: Signal = {}): Promise<HafuSettlementView> {
  return call(ORDER_ROUTES.hafu, { order_no: orderNo }, options);
}

export function reportHafu(orderNo: string, coinsLeft: number): Promise<HafuSettlementView> {
  return call(ORDER_ROUTES.hafuReport, { order_no: orderNo, coins_left: coinsLeft });
}

export function getSellerHafu(orderNo: string, options: Signal = {}): Promise<HafuSettlementView> {
  return call(ORDER_ROUTES.sellerHafu, { order_no: orderNo }, options);
}

export function answerHafu(request: HafuAnswerRequest): Promise<HafuSettlementView> {
  return call(ORDER_ROUTES.sellerHafuAnswer, { ...request });
}
