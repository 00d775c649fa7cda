/**
 * Pure helpers of the seller's order screen (/seller/orders): money lines of a card, the
 * earnings line, and the answer form's checks. No I/O, no clock read.
 */
import { COMPLAINT_ANSWER_IMAGES_MAX, COMPLAINT_ANSWER_MAX_CHARS, COMPLAINT_ANSWER_MIN_CHARS, type SellerComplaint, type SellerOrder } from '~/features/sellers/client/seller-earnings';
import { countedLengthError } from '~/platform/ui/CountedTextarea';
import { isNonZeroYuan, type MoneyLine } from '~/features/orders/ui/order-helpers';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';

/** 租金 and 押金 always; 已退款 when an early cancel gave rent back; then what the seller gets. */
export function sellerMoneyLines(order: SellerOrder): MoneyLine[] {
  const lines: MoneyLine[] = [
    { key: 'rent', label: '租金', value: `¥${order.rent}`, tone: 'plain' },
    {
      key: 'deposit',
      label: '押金',
      value: isNonZeroYuan(order.deposit) ? `¥${order.deposit}` : '无押金',
      tone: 'plain',
    },
  ];
  if (order.refund_fen > 0)
    lines.push({
      key: 'refund',
      label: '已退款',
      value: `−¥${order.refund}`,
      tone: 'back',
    });
  if (order.earning) {
    lines.push({
      key: 'commission',
      label: '平台佣金',
      value: `−¥${order.earning.commission}`,
      tone: 'muted',
    });
    lines.push({
      key: 'seller',
      label: '我的收益',
      value: `¥${order.earning.seller}`,
      tone: 'strong',
    });
  }
  return lines;
}

/** 冻结中 · 预计 2030-01-16 13:01 结算 / 已结算 2030-01-16 14:00 / 冻结中 · 租期结束后开始计算. */
export function earningStatusLine(earning: NonNullable<SellerOrder['earning']>): string {
  if (earning.status === 'released') return `已结算 ${formatShanghaiIso(earning.released_at)}`;
  if (earning.release_at) return `冻结中 · 预计 ${formatShanghaiIso(earning.release_at)} 结算`;
  return '冻结中 · 租期结束后开始计算';
}

/** Why the answer cannot be sent yet, or null (the server checks the same). */
export function answerContentError(text: string): string | null {
  return countedLengthError('回复内容', text, COMPLAINT_ANSWER_MIN_CHARS, COMPLAINT_ANSWER_MAX_CHARS);
}

/** How many more images fit. */
export function imagesLeft(count: number): number {
  return Math.max(0, COMPLAINT_ANSWER_IMAGES_MAX - count);
}

/** The order after an answer: the complaint with the same id swapped for the server's new one. */
export function withComplaint(order: SellerOrder, complaint: SellerComplaint): SellerOrder {
  return {
    ...order,
    complaints: order.complaints.map((item) => (item.id === complaint.id ? complaint : item)),
  };
}
