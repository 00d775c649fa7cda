/**
 * The wire contract of the console's sellers, listings and games screens: store and
 * merchant certification, the shop list, listing review, platform take-down and restore, game
 * maintenance. Every call is under /api/v1/ops/ (ops.ts says who may call what); the pages read
 * the same services with lenient query parsing, the calls with these strict schemas.
 */
import { z } from 'zod';
import { LISTING_REVIEW_STATUSES, LISTING_SELLER_STATES, OPS_PAGE_SIZE, OPS_PAGE_SIZE_MAX, type ListingReviewStatus, type ListingSellerState } from '~/platform/config/constants';
import { CERTIFICATION_STATES, type CertificationState } from '~/features/sellers/rules/seller-certification';
import { PLATFORM_REASON_MAX_CHARS } from '~/features/sellers/rules/listing-review';
import type { CertType } from '~/features/sellers/rules/settlement';
import { bodyIdSchema, optionalQuery, queryIdSchema, queryIntSchema } from '~/platform/wire/common';
import type { BusinessDetails } from '~/features/sellers/contract/seller';

export { CERTIFICATION_STATES, LISTING_REVIEW_STATUSES, LISTING_SELLER_STATES, PLATFORM_REASON_MAX_CHARS };

export const MSG_OPS_STALE_APPLICATION = '该申请在您查看后已被修改，请刷新后重新审核';
export const MSG_OPS_STALE_LISTING = '该账号在您查看后已被修改，请刷新后重新审核';
export const MSG_OPS_SHOP_NOT_FOUND = '店铺不存在';
export const MSG_OPS_SHOP_REVIEW_UNCHANGED = '该店铺已是此审核设置';
export const MSG_OPS_GAME_NOT_FOUND = '游戏不存在';
export const MSG_OPS_GAME_NOT_IN_MAINTENANCE = '该游戏不在维护中';
export const MAINTENANCE_NOTICE_MAX_CHARS = 100;
/** Longest search text of a console filter. */
export const OPS_SEARCH_MAX_CHARS = 40;

const codePoints = (text: string): number => Array.from(text).length;

/**
 * An operator's reason, shown to the seller as one line: line breaks and runs of spaces become one
 * space, other control characters are refused, 1-200 characters.
 */
export const platformReasonSchema = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .transform((value) => value.replace(/[\r\n\t ]+/g, ' ').trim())
    .refine((value) => value.length > 0, { error: `请填写${label}` })
    .refine((value) => codePoints(value) <= PLATFORM_REASON_MAX_CHARS, { error: `${label}不能超过${PLATFORM_REASON_MAX_CHARS}字` })
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: `${label}含有无效字符` });

/** The version an operator saw (an ISO instant the console page rendered): a decision on anything newer is refused. */
const seenAtSchema = z.iso.datetime({ offset: true, error: '参数 seen_at 无效，请刷新页面后重试' });

const pageParams = {
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, OPS_PAGE_SIZE_MAX)).default(OPS_PAGE_SIZE),
};

const searchParam = optionalQuery(
  z
    .string()
    .trim()
    .max(OPS_SEARCH_MAX_CHARS, { error: `搜索内容不能超过${OPS_SEARCH_MAX_CHARS}个字` })
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: '搜索内容含有无效字符' }),
);

// ---------------------------------------------------------------------------------------------
// certification (permission `sellers`)

export const OPS_APPLICATION_STATE_FILTERS = ['all', ...CERTIFICATION_STATES] as const;
export type OpsApplicationStateFilter = (typeof OPS_APPLICATION_STATE_FILTERS)[number];
export const OPS_CERT_TYPE_FILTERS = ['all', '0', '1', '2'] as const;
export type OpsCertTypeFilter = (typeof OPS_CERT_TYPE_FILTERS)[number];

/** GET ops/sellers/applications: the certification queue, applications under review first, oldest first. */
export const opsApplicationsQuerySchema = z.object({
  ...pageParams,
  state: optionalQuery(z.enum(OPS_APPLICATION_STATE_FILTERS, { error: '状态无效' })).default('all'),
  cert_type: optionalQuery(z.enum(OPS_CERT_TYPE_FILTERS, { error: '认证类型无效' })).default('all'),
  /** A username, shop name or licence number (part of it). */
  q: searchParam,
});
export type OpsApplicationsQuery = z.output<typeof opsApplicationsQuerySchema>;

export interface OpsApplicationView {
  user_id: number;
  username: string;
  real_name_verified: boolean;
  cert_type: CertType;
  cert_type_text: string;
  state: CertificationState;
  state_text: string;
  shop_name: string;
  /** As submitted, the licence number in full: the operator checks it. */
  details: Partial<BusinessDetails>;
  reject_reason: string | null;
  submitted_at: string | null;
  decided_at: string | null;
  /** The shop the user already has (an approved seller applying for another type), or null. */
  current_shop: { id: number; name: string; cert_type: CertType; cert_type_text: string } | null;
}

export interface OpsApplicationsPage {
  list: OpsApplicationView[];
  total: number;
  page: number;
  page_size: number;
  /** Applications waiting for a decision, whatever the filter (the queue's length). */
  submitted_total: number;
}

/** POST ops/sellers/decide: approve, or reject with the reason the seller reads on /seller/apply. */
export const opsApplicationDecideBodySchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ user_id: bodyIdSchema, decision: z.literal('approve'), seen_submitted_at: seenAtSchema }),
    z.object({ user_id: bodyIdSchema, decision: z.literal('reject'), reason: platformReasonSchema('驳回原因'), seen_submitted_at: seenAtSchema }),
  ],
  { error: '请选择通过或驳回' },
);
export type OpsApplicationDecideBody = z.output<typeof opsApplicationDecideBodySchema>;

// ---------------------------------------------------------------------------------------------
// shops (permission `sellers`)

/** GET ops/sellers/shops: every shop, to find one (by owner's username, shop name or shop id). */
export const opsShopsQuerySchema = z.object({
  ...pageParams,
  cert_type: optionalQuery(z.enum(OPS_CERT_TYPE_FILTERS, { error: '认证类型无效' })).default('all'),
  q: searchParam,
});
export type OpsShopsQuery = z.output<typeof opsShopsQuerySchema>;

export interface OpsShopView {
  id: number;
  name: string;
  cert_type: CertType;
  cert_type_text: string;
  owner_user_id: number;
  owner_username: string;
  /** Listings the seller has not deleted, and of them the ones renters see now. */
  listings: number;
  listed: number;
  /** Listings waiting for review, and taken down by the platform. */
  pending: number;
  held: number;
  /** Rental orders paid (running, finished or cancelled after payment). */
  orders: number;
  complaints: number;
  open_complaints: number;
  /** Every new listing and big price change of the shop waits for review, whatever the site setting. */
  review_listings: boolean;
  created_at: string;
}

/** POST ops/sellers/review: put a shop's listings under review (or lift it). */
export const opsShopReviewBodySchema = z.object({
  shop_id: bodyIdSchema,
  review_listings: z.boolean({ error: '参数 review_listings 应为布尔值' }),
});
export type OpsShopReviewBody = z.output<typeof opsShopReviewBodySchema>;

// ---------------------------------------------------------------------------------------------
// listings (permission `listings`)

/** GET ops/listings/review: listings waiting for review, oldest change first. */
export const opsReviewQueueQuerySchema = z.object({
  ...pageParams,
  game_id: optionalQuery(queryIdSchema),
  q: searchParam,
});
export type OpsReviewQueueQuery = z.output<typeof opsReviewQueueQuerySchema>;

export interface OpsListingShop {
  id: number;
  name: string;
  cert_type: CertType;
  owner_username: string;
}

export interface OpsReviewChange {
  kind: 'new' | 'price';
  kind_text: string;
  /** The approved hourly price this change replaces (price changes only). */
  from: string | null;
  from_fen: number | null;
  /** Signed percent of the old price; null for a new listing or an old price of 0. */
  change_percent: number | null;
}

export interface OpsReviewItem {
  id: number;
  title: string;
  role_name: string;
  /** Each picture as the card's small variant and the full one, the cover first. */
  images: { thumb: string; full: string }[];
  game_id: number;
  game_name: string;
  platform_name: string | null;
  zone_name: string | null;
  attrs: { attr_name: string; value: string }[];
  shop: OpsListingShop;
  rental: string;
  rental_fen: number;
  deposit: string;
  min_rental_period: number;
  rental_time: string;
  change: OpsReviewChange;
  seller_state: ListingSellerState;
  seller_state_text: string;
  /** The platform's hold, if any (a pending listing may have been taken down). */
  hold_reason: string | null;
  created_at: string;
  /** The version the operator decides on: send it back as seen_updated_at. */
  updated_at: string;
}

export const OPS_LISTING_STATE_FILTERS = ['all', 'listed', 'pending', 'rejected', 'off_shelf', 'maintenance', 'held', 'deleted'] as const;
export type OpsListingStateFilter = (typeof OPS_LISTING_STATE_FILTERS)[number];
export const OPS_LISTING_STATE_FILTER_LABEL: Readonly<Record<OpsListingStateFilter, string>> = {
  all: '全部（不含已删除）',
  listed: '出租中（租客可见）',
  pending: '审核中',
  rejected: '已驳回',
  off_shelf: '卖家下架',
  maintenance: '卖家维护',
  held: '平台下架',
  deleted: '已删除',
};

/** GET ops/listings: every listing, by id, title, shop, game and state. */
export const opsListingsQuerySchema = z.object({
  ...pageParams,
  /** A listing id, or part of a title, role name or shop name. */
  q: searchParam,
  game_id: optionalQuery(queryIdSchema),
  shop_id: optionalQuery(queryIdSchema),
  state: optionalQuery(z.enum(OPS_LISTING_STATE_FILTERS, { error: '状态无效' })).default('all'),
});
export type OpsListingsQuery = z.output<typeof opsListingsQuerySchema>;

export interface OpsListingRow {
  id: number;
  title: string;
  cover: string | null;
  game_id: number;
  game_name: string;
  shop: OpsListingShop;
  rental: string;
  rental_fen: number;
  seller_state: ListingSellerState;
  seller_state_text: string;
  review_status: ListingReviewStatus;
  review_status_text: string;
  review_reason: string | null;
  hold_reason: string | null;
  held_at: string | null;
  is_listed: boolean;
  is_rented: boolean;
  updated_at: string;
}

/** POST ops/listings/decide: approve a pending listing, or reject it with the reason the seller sees on 我的出租. */
export const opsListingDecideBodySchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ id: bodyIdSchema, decision: z.literal('approve'), seen_updated_at: seenAtSchema }),
    z.object({ id: bodyIdSchema, decision: z.literal('reject'), reason: platformReasonSchema('驳回原因'), seen_updated_at: seenAtSchema }),
  ],
  { error: '请选择通过或驳回' },
);
export type OpsListingDecideBody = z.output<typeof opsListingDecideBodySchema>;

/** POST ops/listings/take-down: the platform takes a listing down, with the reason the seller sees. */
export const opsListingTakeDownBodySchema = z.object({ id: bodyIdSchema, reason: platformReasonSchema('下架原因') });
export type OpsListingTakeDownBody = z.output<typeof opsListingTakeDownBodySchema>;

/** POST ops/listings/restore: lift the platform's hold; an optional note goes to the audit log. */
export const opsListingRestoreBodySchema = z.object({
  id: bodyIdSchema,
  reason: optionalQuery(platformReasonSchema('恢复说明')),
});
export type OpsListingRestoreBody = z.output<typeof opsListingRestoreBodySchema>;

/** What take-down and restore answer. */
export interface OpsListingHoldAnswer {
  id: number;
  held: boolean;
  hold_reason: string | null;
  is_listed: boolean;
}

/** What a listing decision answers. */
export interface OpsListingDecision {
  id: number;
  review_status: ListingReviewStatus;
  review_reason: string | null;
  is_listed: boolean;
}

// ---------------------------------------------------------------------------------------------
// games (permission `games`)

export interface OpsGameView {
  id: number;
  name: string;
  icon: string;
  /** spec §4: maintenance_status 1 and is_suspended 1. */
  in_maintenance: boolean;
  maintenance_status: 0 | 1;
  is_suspended: 0 | 1;
  maintenance_notice: string | null;
  /** Listings renters see now, and rentals of the game running now. */
  listed: number;
  running_rentals: number;
}

const maintenanceNoticeSchema = z
  .string({ error: '维护说明应为文字' })
  .transform((value) => value.replace(/[\r\n\t ]+/g, ' ').trim())
  .refine((value) => codePoints(value) <= MAINTENANCE_NOTICE_MAX_CHARS, { error: `维护说明不能超过${MAINTENANCE_NOTICE_MAX_CHARS}字` })
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: '维护说明含有无效字符' });

/**
 * POST ops/games/maintenance: `maintenance: true` puts the game into maintenance (again: updates
 * the notice), with an optional notice renters read; false ends it.
 */
export const opsGameMaintenanceBodySchema = z.object({
  id: bodyIdSchema,
  maintenance: z.boolean({ error: '参数 maintenance 应为布尔值' }),
  notice: maintenanceNoticeSchema.optional(),
});
export type OpsGameMaintenanceBody = z.output<typeof opsGameMaintenanceBodySchema>;
