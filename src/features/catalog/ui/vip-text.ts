/** The VIP offer in words, from the spec §9 constants (0.88 → 8.8折, 200 fen → 2元). */
import { VIP_DISCOUNT_CAP_FEN, VIP_DISCOUNT_FACTOR } from '~/platform/config/constants';
import { fenToYuanShort } from '~/platform/rules/money';

export const VIP_DISCOUNT_TEXT = `${Number((VIP_DISCOUNT_FACTOR * 10).toFixed(2))}折`;
export const VIP_CAP_TEXT = `${fenToYuanShort(VIP_DISCOUNT_CAP_FEN)}元`;
