/**
 * The wire contract of the seller's orders, complaint answers, earnings and listing statistics
 * ("Orders, earnings, payouts"). Every call is under /api/v1/seller/, needs a Bearer
 * token and an approved seller (403 code SELLER_CODES.notSeller otherwise); another seller's
 * order or complaint answers 404, exactly like one that does not exist.
 *
 *   GET  seller/orders?filter=&page=&page_size=&order_no= → Page<SellerOrder>
 *   POST seller/complaints/answer { complaint_id, content, images } → SellerComplaint
 *   GET  seller/earnings?page=&page_size=&sort=         → SellerEarnings
 *
 * The renter is never named: every order reads 租客*** (RENTER_MASK). Money comes as yuan strings
 * beside integer fen (`*_fen`), as in the money contract.
 */
import { z } from 'zod';
import { MONEY_PAGE_SIZE_DEFAULT, MONEY_PAGE_SIZE_MAX } from '~/platform/config/constants';
import { ORDER_LIST_FILTERS, type OrderListFilter } from '~/features/orders/rules/order-status';
import { bodyIdSchema, NUL, optionalQuery, queryIntSchema, type Page } from '~/platform/wire/common';
import type { ComplaintDecisionView } from '~/features/wallet/contract/money';

export type { Page } from '~/platform/wire/common';

/** How every order shows its renter to the seller: never a name, a phone or an id. */
export const RENTER_MASK = '租客***';

// ---------------------------------------------------------------------------------------------
// orders

/** The seller's order tabs: the renter's /account/order tabs (全部, 待支付, 租赁中, 已完成, 已取消). */
export const SELLER_ORDER_FILTERS = ORDER_LIST_FILTERS;
export type SellerOrderFilter = OrderListFilter;

export const sellerOrdersQuerySchema = z.object({
  filter: optionalQuery(z.enum(SELLER_ORDER_FILTERS.map((filter) => filter.key) as [OrderListFilter, ...OrderListFilter[]])).default('all'),
  page: optionalQuery(queryIntSchema(1, 1_000_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, MONEY_PAGE_SIZE_MAX)).default(MONEY_PAGE_SIZE_DEFAULT),
  /** One order only (a complaint decision's notification links here); another shop's number finds nothing. */
  order_no: optionalQuery(z.string().trim().regex(/^[0-9A-Za-z_-]{1,32}$/, { error: '订单号无效' })),
});
export type SellerOrdersQuery = z.output<typeof sellerOrdersQuerySchema>;

export type EarningStatus = 'frozen' | 'released';
export const EARNING_STATUS_LABEL: Readonly<Record<EarningStatus, string>> = { frozen: '冻结中', released: '已结算' };

/** The seller's share of one paid rental (services/settlement.ts keeps it in step with the order). */
export interface SellerOrderEarning {
  /** Rent the renter finally paid: rent charged minus refunds. */
  net_rent: string;
  net_rent_fen: number;
  commission: string;
  commission_fen: number;
  /** Commission rate in basis points, fixed at payment. */
  commission_bps: number;
  /** What reaches (or reached) the seller's wallet. */
  seller: string;
  seller_fen: number;
  status: EarningStatus;
  status_text: string;
  /** When the hold ends; null while the rental runs. */
  release_at: string | null;
  released_at: string | null;
}

/** The listing owner's answer to a complaint. */
export interface ComplaintAnswerView {
  id: number;
  content: string;
  /** Image URLs (the detail size of the seller's own uploads). */
  images: string[];
  created_at: string;
}

export interface SellerComplaint {
  id: number;
  type: number;
  type_name: string;
  content: string;
  /** 1 处理中, 2 已处理. */
  status: number;
  status_text: string;
  /** The platform's reply, if any. */
  reply: string | null;
  created_at: string;
  answers: ComplaintAnswerView[];
  /** Whether the seller may still answer (open, and under the answer limit). */
  can_answer: boolean;
  /** The renter's evidence images. */
  images?: string[];
  /** The platform's decision once handled, with what it costs the owner; null while open. */
  decision?: OwnerComplaintDecisionView | null;
  /** A one-click "cannot log in" report behind this complaint, with the owner's answer window. */
  login_failure?: SellerLoginFailureView | null;
}

/** A "cannot log in" report as the listing's owner sees it (features/orders/rules/login-failure.ts). */
export interface SellerLoginFailureView {
  case_id: number;
  /** decided, fixed, disputed, upheld, reversed. */
  status: string;
  status_text: string;
  compensation: string;
  compensation_fen: number;
  /** The report took the listing off the shelf for good (auto take-down). */
  took_down: boolean;
  /** Until when 已修改密码 or 申诉 is accepted. */
  answer_until: string;
  can_answer: boolean;
}

/** A decision as the listing's owner reads it: the renter's view plus the owner's part. */
export interface OwnerComplaintDecisionView extends ComplaintDecisionView {
  /** The owner's share of the refund: what the refund takes from their earnings of the order. */
  owner_share: string;
  owner_share_fen: number;
  /** The penalty charged to the owner (处罚号主), 0 otherwise. */
  penalty: string;
  penalty_fen: number;
}

export interface SellerOrder {
  order_no: string;
  listing: { id: number; title: string; img: string | null } | null;
  /** Always RENTER_MASK. */
  renter: string;
  order_status: number;
  order_status_text: string;
  hire_start_time: string | null;
  hire_end_time: string | null;
  /** Hours paid for (renewals included); bonus hours beside. */
  hours: number | null;
  bonus_hours: number;
  option_label: string | null;
  /** Rent charged (renewals included, before refunds). */
  rent: string;
  rent_fen: number;
  deposit: string;
  deposit_fen: number;
  /** Rent given back (early cancel). */
  refund: string;
  refund_fen: number;
  hire_order_time: string;
  paid_at: string | null;
  /** Null until paid (and for free rentals, which earn nothing). */
  earning: SellerOrderEarning | null;
  complaints: SellerComplaint[];
  /** The hafu-coin prepay the renter charged (0: none); its settlement is GET seller/hafu. */
  hafu_prepay_fen: number;
}

// ---------------------------------------------------------------------------------------------
// complaint answers

export const COMPLAINT_ANSWER_MIN_CHARS = 5;
export const COMPLAINT_ANSWER_MAX_CHARS = 500;
export const COMPLAINT_ANSWER_IMAGES_MAX = 6;
/** Answers one seller may give to one complaint. */
export const COMPLAINT_ANSWERS_PER_COMPLAINT_MAX = 5;

export const MSG_ANSWER_LENGTH = `回复内容需${COMPLAINT_ANSWER_MIN_CHARS}-${COMPLAINT_ANSWER_MAX_CHARS}个字`;
export const MSG_ANSWER_CONTROL = '回复内容含有无效字符';
export const MSG_ANSWER_IMAGES_MAX = `最多上传${COMPLAINT_ANSWER_IMAGES_MAX}张图片`;
export const MSG_ANSWER_IMAGE_INVALID = '图片无效，请重新上传';

const codePoints = (value: string): number => Array.from(value).length;
/** C0 controls and DEL, but a line break is a normal part of an answer. */
const hasControl = (value: string): boolean => /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(value);

import { UPLOAD_URL_PATTERN } from '~/platform/wire/common';
export { UPLOAD_URL_PATTERN };

export const complaintAnswerBodySchema = z.object({
  complaint_id: bodyIdSchema,
  content: z
    .string({ error: MSG_ANSWER_LENGTH })
    .trim()
    .refine((text) => !text.includes(NUL) && !hasControl(text), { error: MSG_ANSWER_CONTROL })
    .refine((text) => codePoints(text) >= COMPLAINT_ANSWER_MIN_CHARS && codePoints(text) <= COMPLAINT_ANSWER_MAX_CHARS, { error: MSG_ANSWER_LENGTH }),
  /** Upload ids, or the URLs POST uploads/image answered, of the caller's own 'complaint' uploads. */
  images: z
    .array(z.union([bodyIdSchema, z.string().trim().regex(UPLOAD_URL_PATTERN, { error: MSG_ANSWER_IMAGE_INVALID })]), { error: MSG_ANSWER_IMAGE_INVALID })
    .max(COMPLAINT_ANSWER_IMAGES_MAX, { error: MSG_ANSWER_IMAGES_MAX })
    .default([]),
});
export type ComplaintAnswerBody = z.output<typeof complaintAnswerBodySchema>;

export const MSG_LOGIN_FAILURE_DISPUTE_TEXT = `申诉说明需${COMPLAINT_ANSWER_MIN_CHARS}-${COMPLAINT_ANSWER_MAX_CHARS}个字`;

/**
 * POST seller/loginFailure/answer: 已修改密码 (`fixed`, text optional) or 申诉 (`dispute`, a
 * statement of 5-500 characters and up to 6 evidence images of the caller's own complaint uploads).
 */
export const loginFailureAnswerBodySchema = z
  .object({
    case_id: bodyIdSchema,
    answer: z.enum(['fixed', 'dispute'], { error: '请选择答复方式' }),
    content: z
      .string({ error: MSG_ANSWER_LENGTH })
      .trim()
      .refine((text) => !text.includes(NUL) && !hasControl(text), { error: MSG_ANSWER_CONTROL })
      .refine((text) => codePoints(text) <= COMPLAINT_ANSWER_MAX_CHARS, { error: MSG_ANSWER_LENGTH })
      .default(''),
    images: z
      .array(z.union([bodyIdSchema, z.string().trim().regex(UPLOAD_URL_PATTERN, { error: MSG_ANSWER_IMAGE_INVALID })]), { error: MSG_ANSWER_IMAGE_INVALID })
      .max(COMPLAINT_ANSWER_IMAGES_MAX, { error: MSG_ANSWER_IMAGES_MAX })
      .default([]),
  })
  .refine((body) => body.answer === 'fixed' || codePoints(body.content) >= COMPLAINT_ANSWER_MIN_CHARS, { error: MSG_LOGIN_FAILURE_DISPUTE_TEXT, path: ['content'] });
export type LoginFailureAnswerBody = z.output<typeof loginFailureAnswerBodySchema>;

// ---------------------------------------------------------------------------------------------
// earnings and listing statistics

export const LISTING_STATS_SORTS = ['earnings_desc', 'earnings_asc', 'rentals_desc'] as const;
export type ListingStatsSort = (typeof LISTING_STATS_SORTS)[number];

export const sellerEarningsQuerySchema = z.object({
  page: optionalQuery(queryIntSchema(1, 1_000_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, MONEY_PAGE_SIZE_MAX)).default(MONEY_PAGE_SIZE_DEFAULT),
  sort: optionalQuery(z.enum(LISTING_STATS_SORTS)).default('earnings_desc'),
});
export type SellerEarningsQuery = z.output<typeof sellerEarningsQuerySchema>;

/** Days of the earnings chart, ending today (Shanghai). */
export const EARNINGS_SERIES_DAYS = 30;

/** One Shanghai day of the chart. */
export interface EarningsDay {
  /** YYYY-MM-DD, Shanghai. */
  date: string;
  /** Seller's share of the rentals paid that day (frozen or not). */
  earned: string;
  earned_fen: number;
  /** What reached the wallet that day (released by the sweep). */
  released: string;
  released_fen: number;
}

/** Statistics of one of the seller's listings. */
export interface ListingStats {
  listing_id: number;
  title: string;
  img: string | null;
  /** Page views of its detail page. */
  views: number;
  /** Paid rentals (cancelled ones included). */
  rentals: number;
  /** Hours the account was held by paid rentals (bonus included; up to the cancel for a cancelled one), one decimal. */
  rental_hours: number;
  /** The seller's share over those rentals, frozen and released. */
  earnings: string;
  earnings_fen: number;
  /** Average review score 1-5, one decimal; null without reviews. */
  avg_rating: number | null;
  review_count: number;
}

export interface EarningsSummary {
  frozen: string;
  frozen_fen: number;
  released: string;
  released_fen: number;
  /** Seller's share of the rentals paid this Shanghai month. */
  month: string;
  month_fen: number;
  /** Platform commission on every paid rental so far (frozen ones included). */
  commission: string;
  commission_fen: number;
  /** The wallet balance (released earnings land there; withdraw at /account/Withdraw). */
  balance: string;
  balance_fen: number;
  /** The setting seller.earnings_hold_hours: earnings stay frozen this long after a rental ends. */
  hold_hours: number;
  /** EARNINGS_SERIES_DAYS days, oldest first, today last. */
  series: EarningsDay[];
}

export interface SellerEarnings extends EarningsSummary {
  listings: Page<ListingStats>;
}
