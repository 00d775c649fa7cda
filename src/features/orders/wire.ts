/**
 * The orders' routes with their schemas (routes.ts declares them; the endpoints serve them through
 * platform/http/serve.ts and tests read the answer schemas). The answer types are the wallet
 * contract's (wallet/contract/money.ts); `wire` checks that these schemas produce them.
 */
import { z } from 'zod';
import { MONEY_PAGE_SIZE_DEFAULT, MONEY_PAGE_SIZE_MAX, PAY_STATUS_CODE } from '~/platform/config/constants';
import { HAFU_TEXT_MAX, HAFU_TEXT_MIN, RENEW_MAX_HOURS } from '~/features/orders/constants';
import { HAFU_DECIDERS, HAFU_STAGES } from '~/features/orders/rules/hafu-settlement';
import { ORDER_ROUTES } from '~/features/orders/routes';
import { ORDER_LIST_FILTERS, type OrderKindName, type PayStatusCode } from '~/features/orders/rules/order-status';
import type { DaysAheadView } from '~/features/orders/rules/days-ahead';
import { RENTAL_OPTIONS, type RentalOption } from '~/features/orders/rules/periods';
import { PAY_CHANNELS } from '~/features/wallet/contract/money';
import { NUL, UPLOAD_URL_PATTERN, bodyIdSchema, optionalQuery, pageSchema, queryIdSchema, queryIntSchema, yuanAmountSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

const RENTAL_IDS = [...new Set(RENTAL_OPTIONS.map((def) => def.rentalId))] as number[];
const RENTAL_OPTION_NAMES = RENTAL_OPTIONS.map((def) => def.option) as [RentalOption, ...RentalOption[]];

/** An order number as every order call reads it: trimmed, 1-32 characters (orders.order_no is varchar(32)). */
export const orderNoSchema = z.string().trim().min(1).max(32);

/** Body of POST order/quote, order/create and order/checkout: a rental id (spec §9) or the option; slots need the option. */
export const rentalRequestSchema = z.object({
  account_id: bodyIdSchema,
  rental_id: z
    .number()
    .int()
    .refine((id) => RENTAL_IDS.includes(id), { error: '租赁类型无效' })
    .optional(),
  option: z.enum(RENTAL_OPTION_NAMES).optional(),
  hours: z.number().int().min(1).max(168).optional(),
  reserved: z.boolean().optional(),
  red_packet_id: bodyIdSchema.nullable().optional(),
});
export type RentalRequestBody = z.output<typeof rentalRequestSchema>;

/** The page and page size of the money lists (orders, complaints): page ≥ 1, page_size 1-50. */
export const moneyPagingSchema = z.object({
  page: optionalQuery(queryIntSchema(1, 1_000_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, MONEY_PAGE_SIZE_MAX)).default(MONEY_PAGE_SIZE_DEFAULT),
});

/** Query of GET order/list: the /account/order filter (default all) and the page. */
export const orderListQuerySchema = z.object({
  filter: optionalQuery(z.enum(ORDER_LIST_FILTERS.map((filter) => filter.key) as [string, ...string[]])).default('all'),
  ...moneyPagingSchema.shape,
});
export type OrderListQueryInput = z.output<typeof orderListQuerySchema>;

/** Query of the GETs that name one order (detail, info, credentials, cancelPreview). */
export const orderNoQuerySchema = z.object({ order_no: orderNoSchema });

/** Body of POST order/cancel (and sandbox/orders/fast-forward). */
export const orderNoBodySchema = z.object({ order_no: orderNoSchema });

/** Body of POST order/renewCheck and order/renew. */
export const renewBodySchema = z.object({ order_no: orderNoSchema, hours: z.number().int().min(1).max(RENEW_MAX_HOURS) });
export type RenewBody = z.output<typeof renewBodySchema>;

/** Body of POST detail/chargeAccount: amount in yuan → fen. */
export const chargeBodySchema = z.object({ order_no: orderNoSchema, amount: yuanAmountSchema });
export type ChargeBody = z.output<typeof chargeBodySchema>;

// hafu-coin settlement (docs/decisions.md "Hafu-coin settlement")

const hasControl = (value: string): boolean => /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(value);
const MSG_COINS = '请填写剩余哈夫币数量（不小于0的整数）';
const MSG_HAFU_TEXT = `说明需${HAFU_TEXT_MIN}-${HAFU_TEXT_MAX}个字`;
/** A count of coins: a whole number, 0 up to 10^12 (more than any account holds). */
const coinsSchema = z.number({ error: MSG_COINS }).int({ error: MSG_COINS }).min(0, { error: MSG_COINS }).max(1_000_000_000_000, { error: MSG_COINS });
const hafuTextSchema = z
  .string({ error: MSG_HAFU_TEXT })
  .trim()
  .refine((text) => !text.includes(NUL) && !hasControl(text), { error: '说明不能包含控制字符' })
  .refine((text) => [...text].length >= HAFU_TEXT_MIN && [...text].length <= HAFU_TEXT_MAX, { error: MSG_HAFU_TEXT });

export const hafuReportBodySchema = z.object({ order_no: orderNoSchema, coins_left: coinsSchema });
export const hafuAnswerBodySchema = z.object({
  order_no: orderNoSchema,
  accept: z.boolean({ error: '请选择确认或提出异议' }),
  coins_left: coinsSchema.optional(),
  evidence: hafuTextSchema.optional(),
  images: z
    .array(z.union([bodyIdSchema, z.string().trim().regex(UPLOAD_URL_PATTERN, { error: '图片无效，请重新上传' })]), { error: '图片无效，请重新上传' })
    .max(6, { error: '最多上传6张图片' })
    .default([]),
});
export const hafuResolveBodySchema = z.object({ order_no: orderNoSchema, coins_left: coinsSchema, text: hafuTextSchema });
export const opsHafuQuerySchema = moneyPagingSchema;

/** Body of POST order/pay. */
export const payBodySchema = z.object({ order_no: orderNoSchema, channel: z.enum(PAY_CHANNELS) });
export type PayBody = z.output<typeof payBodySchema>;

/** Body of POST account/recharge: amount in yuan → fen, at a gateway. */
export const rechargeBodySchema = z.object({ amount: yuanAmountSchema, channel: z.enum(['alipay', 'wechat']) });
export type RechargeBody = z.output<typeof rechargeBodySchema>;

/** Query of GET pay/wechat/qr: our payment number. */
export const wechatQrQuerySchema = z.object({ pay_no: z.string().trim().min(1).max(40) });

/** Body of POST sandbox/pay/confirm and sandbox/pay/cancel: our payment number. */
export const sandboxPayBodySchema = z.object({ pay_no: z.string().trim().min(1).max(40) });

// ---------------------------------------------------------------------------------------------
// answers

const rowId = z.number().int().positive();
const isoTime = z.string();
/** Yuan as text, "12.50". */
const yuan = z.string();
const ORDER_KINDS = ['rental', 'vip', 'recharge'] as const satisfies readonly OrderKindName[];
const PAY_STATUS_CODES = Object.values(PAY_STATUS_CODE) as [PayStatusCode, ...PayStatusCode[]];
const idAndName = z.strictObject({ id: rowId, name: z.string() });

/** The listing an order rents, as the order screens show it. */
export const productInfoSchema = z.strictObject({
  id: rowId,
  title: z.string(),
  img: z.string().nullable(),
  game_name: z.string(),
  role_name: z.string(),
  is_hafu: z.boolean(),
  hafu_prepay: yuan.nullable(),
});

/** An order as every order call answers it (wallet/contract/money.ts OrderView). */
export const orderViewSchema = z.strictObject({
  order_no: z.string(),
  kind: z.enum(ORDER_KINDS),
  order_status: z.number().int(),
  order_status_text: z.string(),
  pay_status_code: z.literal(PAY_STATUS_CODES),
  rental_id: z.number().int().nullable(),
  rental_option: z.enum(RENTAL_OPTION_NAMES).nullable(),
  option_label: z.string().nullable(),
  hours: z.number().int().nullable(),
  bonus_hours: z.number().int(),
  reserved: z.boolean(),
  hire_start_time: isoTime.nullable(),
  hire_end_time: isoTime.nullable(),
  is_free: z.boolean(),
  hire_original_prices: yuan,
  hire_activity_discount_prices: yuan,
  hire_vip_discount_prices: yuan,
  hire_coupon_discount_prices: yuan,
  hire_real_pay_prices: yuan,
  deposit: yuan,
  total: yuan,
  total_fen: z.number().int(),
  hire_game_money_prices: yuan,
  hire_refund_game_money_prices: yuan,
  refund_amount: yuan,
  deposit_returned: yuan,
  red_packet: idAndName.nullable(),
  pay_channel: z.enum(PAY_CHANNELS).nullable(),
  pay_deadline: isoTime,
  paid_at: isoTime.nullable(),
  hire_order_time: isoTime,
  productInfo: productInfoSchema.nullable(),
  vip_plan: z.strictObject({ id: rowId, name: z.string(), days: z.number().int() }).nullable(),
  review_id: rowId.nullable(),
  actions: z.strictObject({
    can_pay: z.boolean(),
    can_cancel: z.boolean(),
    can_renew: z.boolean(),
    can_complain: z.boolean(),
    can_view_credentials: z.boolean(),
    can_charge_game_money: z.boolean(),
    can_review: z.boolean(),
    can_report_login_failure: z.boolean(),
  }),
  login_failure: z
    .strictObject({
      report_until: isoTime.nullable(),
      refund: yuan,
      refund_fen: z.number().int(),
      compensation: yuan,
      compensation_fen: z.number().int(),
      case: z.strictObject({ id: rowId, status: z.string(), status_text: z.string(), created_at: isoTime }).nullable(),
    })
    .nullable(),
});

/** A red envelope that gives something on the quoted rental. */
export const usableRedPacketSchema = z.strictObject({
  id: rowId,
  name: z.string(),
  label: z.string(),
  discount: yuan,
  discount_fen: z.number().int(),
});

/** POST order/loginFailure. */
export const loginFailureReportSchema = z.strictObject({
  case_id: rowId,
  order: orderViewSchema,
  refund: yuan,
  refund_fen: z.number().int(),
  compensation: yuan,
  compensation_fen: z.number().int(),
});

/** POST order/quote. */
export const orderQuoteSchema = z.strictObject({
  rental_id: z.number().int(),
  rental_option: z.enum(RENTAL_OPTION_NAMES),
  option_label: z.string(),
  hours: z.number().int(),
  bonus_hours: z.number().int(),
  reserved: z.boolean(),
  starts_at: isoTime,
  ends_at: isoTime,
  original: yuan,
  activity_discount: yuan,
  vip_discount: yuan,
  coupon_discount: yuan,
  pay: yuan,
  deposit: yuan,
  total: yuan,
  total_fen: z.number().int(),
  red_packet: usableRedPacketSchema.nullable(),
  usable_red_packets: z.array(usableRedPacketSchema),
  is_vip: z.boolean(),
  vip_saving_fen: z.number().int(),
  balance_fen: z.number().int(),
  is_real_name: z.boolean(),
});

/** Where the browser goes to pay at a gateway. */
export const gatewayCheckoutSchema = z.strictObject({
  order_no: z.string(),
  pay_no: z.string(),
  checkout_url: z.string(),
});

/** POST order/pay: paid from the wallet, or the gateway's checkout. */
export const payResultSchema = z.discriminatedUnion('paid', [
  z.strictObject({ paid: z.literal(true), order: orderViewSchema }),
  gatewayCheckoutSchema.extend({ paid: z.literal(false) }),
]);

/** GET order/info. */
export const orderInfoSchema = z.strictObject({
  order_no: z.string(),
  kind: z.enum(ORDER_KINDS),
  order_status: z.number().int(),
  order_status_text: z.string(),
  pay_status_code: z.literal(PAY_STATUS_CODES),
});

/** GET order/credentials. */
export const credentialsSchema = z.strictObject({
  login_account: z.string(),
  login_password: z.string(),
  starts_at: isoTime,
  ends_at: isoTime,
  seconds_left: z.number().int(),
});

/** GET order/cancelPreview. */
export const cancelPreviewSchema = z.strictObject({
  percent: z.number(),
  refund: yuan,
  refund_fen: z.number().int(),
  deposit: yuan,
  game_money: yuan,
  total: yuan,
  total_fen: z.number().int(),
});

/** POST order/renewCheck. */
export const renewCheckSchema = z.strictObject({
  hours: z.number().int(),
  new_ends_at: isoTime,
  original: yuan,
  vip_discount: yuan,
  pay: yuan,
  pay_fen: z.number().int(),
  balance_fen: z.number().int(),
});

/** GET pay/wechat/qr. */
export const wechatNativeQrSchema = z.strictObject({
  pay_no: z.string(),
  order_no: z.string(),
  subject: z.string(),
  amount: yuan,
  amount_fen: z.number().int(),
  status: z.enum(['waiting', 'paid', 'closed']),
  qr_image: z.string().nullable(),
  pay_deadline: isoTime,
});

/** POST sandbox/orders/fast-forward. */
export const fastForwardAnswerSchema = z.strictObject({
  order_no: z.string(),
  status: z.number().int(),
  earnings: z.string().nullable(),
});

/** GET detail/daysAhead (spec §7 "param account_id", like detail/account). */
export const daysAheadQuerySchema = z.object({ account_id: queryIdSchema });
const clockSchema = z.string().regex(/^\d{2}:\d{2}$/);
export const daysAheadViewSchema = z.strictObject({
  listed: z.boolean(),
  days: z.array(
    z.strictObject({
      date: z.string(),
      label: z.string(),
      month_day: z.string(),
      state: z.enum(['free', 'partial', 'full', 'closed']),
      free_minutes: z.number().int().nonnegative(),
      free: z.array(z.strictObject({ from: clockSchema, to: clockSchema })),
    }),
  ),
}) satisfies z.ZodType<DaysAheadView>;

/** POST sandbox/pay/confirm and cancel. */
export const sandboxPayAnswerSchema = z.strictObject({ return_url: z.string() });

/** A hafu-coin settlement (hafu-contract.ts HafuSettlementView). */
export const hafuSettlementViewSchema = z.strictObject({
  order_no: z.string(),
  stage: z.enum(HAFU_STAGES),
  stage_text: z.string(),
  start_coins: z.number().int(),
  rate: z.number().int(),
  prepay: yuan,
  prepay_fen: z.number().int(),
  ended_at: isoTime.nullable(),
  report_deadline: isoTime.nullable(),
  renter_coins: z.number().int().nullable(),
  reported_at: isoTime.nullable(),
  answer_deadline: isoTime.nullable(),
  owner_answer: z.enum(['accept', 'dispute']).nullable(),
  owner_coins: z.number().int().nullable(),
  owner_evidence: z.string().nullable(),
  owner_images: z.array(z.string()),
  answered_at: isoTime.nullable(),
  operator_text: z.string().nullable(),
  final_coins: z.number().int().nullable(),
  used_coins: z.number().int().nullable(),
  decided_by: z.enum(HAFU_DECIDERS).nullable(),
  decided_text: z.string().nullable(),
  owner_amount: yuan.nullable(),
  owner_fen: z.number().int().nullable(),
  renter_amount: yuan.nullable(),
  renter_fen: z.number().int().nullable(),
  settled_at: isoTime.nullable(),
  can_report: z.boolean(),
  can_answer: z.boolean(),
});
export const opsHafuDisputeSchema = hafuSettlementViewSchema.extend({
  listing_title: z.string().nullable(),
  renter_user_id: rowId,
  owner_user_id: rowId,
});

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const ORDER_WIRE = {
  quote: wire(ORDER_ROUTES.quote, { input: rentalRequestSchema, answer: orderQuoteSchema }),
  create: wire(ORDER_ROUTES.create, { input: rentalRequestSchema, answer: orderViewSchema }),
  checkout: wire(ORDER_ROUTES.checkout, { input: rentalRequestSchema, answer: orderViewSchema }),
  pay: wire(ORDER_ROUTES.pay, { input: payBodySchema, answer: payResultSchema }),
  info: wire(ORDER_ROUTES.info, { input: orderNoQuerySchema, answer: orderInfoSchema }),
  detail: wire(ORDER_ROUTES.detail, { input: orderNoQuerySchema, answer: orderViewSchema }),
  list: wire(ORDER_ROUTES.list, { input: orderListQuerySchema, answer: pageSchema(orderViewSchema) }),
  credentials: wire(ORDER_ROUTES.credentials, { input: orderNoQuerySchema, answer: credentialsSchema }),
  cancelPreview: wire(ORDER_ROUTES.cancelPreview, { input: orderNoQuerySchema, answer: cancelPreviewSchema }),
  cancel: wire(ORDER_ROUTES.cancel, { input: orderNoBodySchema, answer: orderViewSchema }),
  loginFailure: wire(ORDER_ROUTES.loginFailure, { input: orderNoBodySchema, answer: loginFailureReportSchema }),
  renewCheck: wire(ORDER_ROUTES.renewCheck, { input: renewBodySchema, answer: renewCheckSchema }),
  renew: wire(ORDER_ROUTES.renew, { input: renewBodySchema, answer: orderViewSchema }),
  daysAhead: wire(ORDER_ROUTES.daysAhead, { input: daysAheadQuerySchema, answer: daysAheadViewSchema }),
  chargeAccount: wire(ORDER_ROUTES.chargeAccount, { input: chargeBodySchema, answer: orderViewSchema }),
  recharge: wire(ORDER_ROUTES.recharge, { input: rechargeBodySchema, answer: gatewayCheckoutSchema }),
  wechatQr: wire(ORDER_ROUTES.wechatQr, { input: wechatQrQuerySchema, answer: wechatNativeQrSchema }),
  hafu: wire(ORDER_ROUTES.hafu, { input: orderNoQuerySchema, answer: hafuSettlementViewSchema }),
  hafuReport: wire(ORDER_ROUTES.hafuReport, { input: hafuReportBodySchema, answer: hafuSettlementViewSchema }),
  sellerHafu: wire(ORDER_ROUTES.sellerHafu, { input: orderNoQuerySchema, answer: hafuSettlementViewSchema }),
  sellerHafuAnswer: wire(ORDER_ROUTES.sellerHafuAnswer, { input: hafuAnswerBodySchema, answer: hafuSettlementViewSchema }),
  opsHafuDisputes: wire(ORDER_ROUTES.opsHafuDisputes, { input: opsHafuQuerySchema, answer: pageSchema(opsHafuDisputeSchema) }),
  opsHafuDetail: wire(ORDER_ROUTES.opsHafuDetail, { input: orderNoQuerySchema, answer: hafuSettlementViewSchema }),
  opsHafuResolve: wire(ORDER_ROUTES.opsHafuResolve, { input: hafuResolveBodySchema, answer: hafuSettlementViewSchema }),
  sandboxFastForward: wire(ORDER_ROUTES.sandboxFastForward, { input: orderNoBodySchema, answer: fastForwardAnswerSchema }),
  sandboxPayConfirm: wire(ORDER_ROUTES.sandboxPayConfirm, { input: sandboxPayBodySchema, answer: sandboxPayAnswerSchema }),
  sandboxPayCancel: wire(ORDER_ROUTES.sandboxPayCancel, { input: sandboxPayBodySchema, answer: sandboxPayAnswerSchema }),
};
