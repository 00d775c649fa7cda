/**
 * The wire contract of the seller's listings ("Listing an account"): the listing form's
 * body, the list, the edit view, the form's options and the answers of the state calls. Every call
 * is under /api/v1/seller/listings, needs a Bearer token and an approved shop (403 code 1101
 * otherwise); a listing of another shop answers 404 exactly like a missing one.
 *
 * Money comes in as yuan (text or number, at most 2 decimals) and goes out as yuan text beside its
 * fen twin, like the money contract. Every number is bounded here, so nothing too big for its
 * column ever reaches the database: the caller gets a 400 naming the field instead of a 500.
 */
import { z } from 'zod';
import {
  ACCOUNT_TYPE_VALUE,
  LISTING_DESCRIPTION_MAX_CHARS,
  LISTING_REVIEW_STATUSES,
  LISTING_SELLER_STATES,
  type ListingReviewStatus,
  type ListingSellerState,
} from '~/platform/config/constants';
import { hafuPrepayFen } from '~/features/orders/rules/hafu';
import { checkRentalTime } from '~/features/sellers/rules/listing-form';
import { RENTAL_PERIOD_FLAGS, type RentalPeriodFlags } from '~/features/orders/rules/periods';
import { ID_MAX, bodyIdSchema, optionalQuery, queryIdSchema, queryIntSchema, withQueryReason, yuanFenSchema, type Page } from '~/platform/wire/common';

export type { Page };

// ---------------------------------------------------------------------------------------------
// limits (not in the spec: ours, docs/decisions.md "Seller listings")

export const LISTING_TITLE_MAX_CHARS = 120;
export const LISTING_ROLE_NAME_MAX_CHARS = 32;
export const LISTING_IMAGES_MIN = 1;
export const LISTING_IMAGES_MAX = 8;
export const LISTING_ATTRS_MAX = 12;
export const LISTING_ATTR_NAME_MAX_CHARS = 32;
export const LISTING_ATTR_VALUE_MAX_CHARS = 64;
/** An hourly price between 0.01 and 5 000 yuan: a week (168 ×) stays far inside an integer column. */
export const LISTING_RENTAL_MIN_FEN = 1;
export const LISTING_RENTAL_MAX_FEN = 500_000;
export const LISTING_DEPOSIT_MAX_FEN = 1_000_000;
export const LISTING_MIN_RENTAL_HOURS_MAX = 72;
export const LISTING_GAME_MONEY_MAX = 10_000_000_000;
export const LISTING_EXCHANGE_RATE_MAX = 100_000_000;
/** The hafu-coin prepay (game_money / rate) of one rental stays below 20 000 yuan. */
export const LISTING_PREPAY_MAX_FEN = 2_000_000;
export const LOGIN_ACCOUNT_MAX_CHARS = 64;
export const LOGIN_PASSWORD_MAX_CHARS = 64;
export const SELLER_LISTINGS_PAGE_SIZE_DEFAULT = 10;
export const SELLER_LISTINGS_PAGE_SIZE_MAX = 50;
export { LISTING_DESCRIPTION_MAX_CHARS };
/** The list's search box: a title or login-account fragment, or a listing's 编号. */
export const SELLER_LISTINGS_SEARCH_MAX_CHARS = 64;
/** Listings one bulk 上架 / 下架 / 改价 may name: a full page of the list at most. */
export const SELLER_BULK_MAX = SELLER_LISTINGS_PAGE_SIZE_MAX;

// ---------------------------------------------------------------------------------------------
// messages

export const MSG_LISTING_NOT_FOUND = '账号不存在';
export const MSG_CREDENTIALS_LOCKED = '该账号正在出租中，租期结束后才能修改登录信息';
export const MSG_LISTING_UNLISTED_INSTEAD = '该账号还有进行中或未开始的订单，不能删除，已为您下架';
export const MSG_LISTING_DELETED_OK = '账号已删除';
export const MSG_BAD_IMAGE = '图片无效，请重新上传';
export const MSG_HAFU_REQUIRED = '请填写哈夫币数量和兑换比例';
export const MSG_HAFU_NOT_APPLICABLE = '该游戏没有哈夫币';
export const MSG_ACCOUNT_TYPE_REQUIRED = '请选择账号类型';
export const MSG_PLATFORM_MISMATCH = '平台不属于所选游戏';
export const MSG_ZONE_MISMATCH = '区服不属于所选游戏或平台';
export const MSG_PREPAY_TOO_LARGE = '哈夫币预充金额过大，请调整数量或兑换比例';

// ---------------------------------------------------------------------------------------------
// fields

const codePoints = (value: string): number => Array.from(value).length;
/** C0 controls (NUL included), DEL and the C1 controls: never part of a title, a name or a login. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Trimmed text of `min`..`max` characters (as a person counts them) without control characters. */
export const listingText = (label: string, min: number, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .refine((value) => !CONTROL.test(value), { error: `${label}含有无效字符`, abort: true })
    .refine((value) => codePoints(value) >= min, { error: `请填写${label}` })
    .refine((value) => codePoints(value) <= max, { error: `${label}不能超过${max}个字` });

/** A secret is kept exactly as typed (spaces are part of a password), only control characters are refused. */
const secretText = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .refine((value) => !CONTROL.test(value), { error: `${label}含有无效字符`, abort: true })
    .refine((value) => value.length > 0 && value.trim().length > 0, { error: `请填写${label}` })
    .refine((value) => codePoints(value) <= max, { error: `${label}不能超过${max}个字符` });

/** Yuan (text or number, at most 2 decimals) → fen within [minFen, maxFen]. */
const yuanField = (label: string, minFen: number, maxFen: number) =>
  yuanFenSchema({ minFen, maxFen, missing: `请填写${label}`, bad: `请输入正确的${label}（元，最多两位小数）`, range: `${label}应在${minFen / 100}元到${maxFen / 100}元之间` });

const intField = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}应为数字` })
    .refine((value) => Number.isInteger(value), { error: `${label}应为整数`, abort: true })
    .refine((value) => value >= min && value <= max, { error: `${label}应在${min}到${max}之间` });

const idField = (label: string) => z.number({ error: `请选择${label}` }).int({ error: `请选择${label}` }).min(1, { error: `请选择${label}` }).max(ID_MAX, { error: `请选择${label}` });

const flag = z.boolean({ error: '应为布尔值' });

/** Control characters but line breaks and tabs: a description may run over several lines. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** The seller's description: several lines of at most LISTING_DESCRIPTION_MAX_CHARS, trimmed; may be empty. */
export const listingDescriptionSchema = z
  .string({ error: '账号描述应为文字' })
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .refine((value) => !CONTROL_BUT_LINES.test(value), { error: '账号描述含有无效字符', abort: true })
  .refine((value) => codePoints(value) <= LISTING_DESCRIPTION_MAX_CHARS, { error: `账号描述不能超过${LISTING_DESCRIPTION_MAX_CHARS}个字` });

export const listingAttrSchema = z.object({
  attr_name: listingText('属性名', 1, LISTING_ATTR_NAME_MAX_CHARS),
  value: listingText('属性值', 1, LISTING_ATTR_VALUE_MAX_CHARS),
});
export type ListingAttrInput = z.output<typeof listingAttrSchema>;

/** An image: an upload id, or a URL the upload endpoint gave (or one already on the listing). */
export const listingImageSchema = z.union([
  z.number().int().min(1).max(ID_MAX),
  z
    .string()
    .trim()
    .max(300, { error: MSG_BAD_IMAGE })
    .refine((value) => value.startsWith('/') && !CONTROL.test(value), { error: MSG_BAD_IMAGE }),
], { error: MSG_BAD_IMAGE });
export type ListingImageInput = z.output<typeof listingImageSchema>;

const rentalPeriodSchema = z.object(
  Object.fromEntries(RENTAL_PERIOD_FLAGS.map((key) => [key, flag.default(false)])) as Record<keyof RentalPeriodFlags, z.ZodDefault<typeof flag>>,
  { error: '请选择租赁方式' },
);

const rentalTimeField = z.string({ error: '请填写可租时段' }).transform((value, ctx) => {
  const checked = checkRentalTime(value);
  if (!checked.ok) {
    ctx.addIssue({ code: 'custom', message: checked.error });
    return z.NEVER;
  }
  return checked.value;
});

const listingFields = {
  game_id: idField('游戏'),
  platform_id: idField('平台').nullable().optional(),
  zone_id: idField('区服').nullable().optional(),
  title: listingText('标题', 2, LISTING_TITLE_MAX_CHARS),
  role_name: listingText('角色名', 1, LISTING_ROLE_NAME_MAX_CHARS),
  description: listingDescriptionSchema.default(''),
  attrs: z
    .array(listingAttrSchema, { error: '账号属性格式错误' })
    .max(LISTING_ATTRS_MAX, { error: `账号属性最多${LISTING_ATTRS_MAX}项` })
    .refine((attrs) => new Set(attrs.map((attr) => attr.attr_name)).size === attrs.length, { error: '账号属性不能重复' })
    .default([]),
  game_money: intField('哈夫币数量', 0, LISTING_GAME_MONEY_MAX).default(0),
  money_exchange_rate: intField('兑换比例', 1, LISTING_EXCHANGE_RATE_MAX).nullable().optional(),
  images: z
    .array(listingImageSchema, { error: '请上传账号图片' })
    .min(LISTING_IMAGES_MIN, { error: '请至少上传1张图片' })
    .max(LISTING_IMAGES_MAX, { error: `图片最多${LISTING_IMAGES_MAX}张` }),
  rental: yuanField('时租价格', LISTING_RENTAL_MIN_FEN, LISTING_RENTAL_MAX_FEN),
  rental_period: rentalPeriodSchema,
  min_rental_period: intField('最少租赁时长', 1, LISTING_MIN_RENTAL_HOURS_MAX).default(1),
  rental_time: rentalTimeField,
  deposit: yuanField('押金', 0, LISTING_DEPOSIT_MAX_FEN).default(0),
  is_use_bargain: flag.default(false),
  is_use_vip_discount: flag.default(false),
  is_insurance: flag.default(false),
  is_reservation: flag.default(false),
};

function checkPrepay(body: { game_money: number; money_exchange_rate?: number | null | undefined }, ctx: z.RefinementCtx): void {
  if (body.game_money > 0 && body.money_exchange_rate) {
    const prepay = hafuPrepayFen(body.game_money, body.money_exchange_rate);
    if (prepay !== null && prepay > LISTING_PREPAY_MAX_FEN) ctx.addIssue({ code: 'custom', message: MSG_PREPAY_TOO_LARGE, path: ['game_money'] });
  }
}

/** POST seller/listings/create: every field of the form, with the login details. */
export const listingCreateSchema = z
  .object({
    ...listingFields,
    login_account: listingText('登录账号', 1, LOGIN_ACCOUNT_MAX_CHARS),
    login_password: secretText('登录密码', LOGIN_PASSWORD_MAX_CHARS),
  })
  .superRefine(checkPrepay);
export type ListingCreateBody = z.output<typeof listingCreateSchema>;
export type ListingCreateInput = z.input<typeof listingCreateSchema>;

/** POST seller/listings/update: the whole form again; the login details only when they change. */
export const listingUpdateSchema = z
  .object({
    id: bodyIdSchema,
    ...listingFields,
    login_account: listingText('登录账号', 1, LOGIN_ACCOUNT_MAX_CHARS).optional(),
    login_password: secretText('登录密码', LOGIN_PASSWORD_MAX_CHARS).optional(),
  })
  .superRefine(checkPrepay);
export type ListingUpdateBody = z.output<typeof listingUpdateSchema>;
export type ListingUpdateInput = z.input<typeof listingUpdateSchema>;

/** POST seller/listings/state { id, state }: 上架 / 下架 / 维护. */
export const listingStateSchema = z.object({
  id: bodyIdSchema,
  state: z.enum(['on_shelf', 'off_shelf', 'maintenance'], { error: '目标状态无效' }),
});
export type ListingStateBody = z.output<typeof listingStateSchema>;

/** The listings a bulk call names: 1 to SELLER_BULK_MAX distinct ids. */
const bulkIdsSchema = z
  .array(bodyIdSchema, { error: '请选择账号' })
  .min(1, { error: '请至少选择1个账号' })
  .max(SELLER_BULK_MAX, { error: `一次最多操作${SELLER_BULK_MAX}个账号` })
  .refine((ids) => new Set(ids).size === ids.length, { error: '账号不能重复' });

/** POST seller/listings/bulk-state { ids, state }: 上架 or 下架 of every named listing, all or none. */
export const listingBulkStateSchema = z.object({
  ids: bulkIdsSchema,
  state: z.enum(['on_shelf', 'off_shelf'], { error: '目标状态无效' }),
});
export type ListingBulkStateBody = z.output<typeof listingBulkStateSchema>;

/** POST seller/listings/bulk-price { ids, rental }: one new hourly price for every named listing, all or none. */
export const listingBulkPriceSchema = z.object({
  ids: bulkIdsSchema,
  rental: yuanField('时租价格', LISTING_RENTAL_MIN_FEN, LISTING_RENTAL_MAX_FEN),
});
export type ListingBulkPriceBody = z.output<typeof listingBulkPriceSchema>;
export type ListingBulkPriceInput = z.input<typeof listingBulkPriceSchema>;

/** POST seller/listings/delete { id }. */
export const listingIdBodySchema = z.object({ id: bodyIdSchema });

/** GET seller/listings/detail?id= and seller/listings/credentials?id=. */
export const listingIdQuerySchema = z.object({ id: queryIdSchema });

/**
 * The list's state filter: a seller state, a review status, 平台下架, 租赁中 (a rental runs now),
 * or 待处理 (everything waiting on the platform: pending, rejected and taken down).
 */
export const SELLER_LISTING_FILTERS = ['all', 'on_shelf', 'off_shelf', 'maintenance', 'pending', 'rejected', 'held', 'rented', 'review'] as const;
export type SellerListingFilter = (typeof SELLER_LISTING_FILTERS)[number];
export const SELLER_LISTING_FILTER_LABEL: Readonly<Record<SellerListingFilter, string>> = {
  all: '全部状态',
  on_shelf: '已上架',
  off_shelf: '已下架',
  maintenance: '维护中',
  pending: '审核中',
  rejected: '已驳回',
  held: '平台下架',
  rented: '租赁中',
  review: '待处理（审核/驳回/平台下架）',
};

export const sellerListingsQuerySchema = z.object({
  state: optionalQuery(z.enum(SELLER_LISTING_FILTERS)).default('all'),
  q: optionalQuery(
    z
      .string()
      .trim()
      .refine((value) => codePoints(value) <= SELLER_LISTINGS_SEARCH_MAX_CHARS, withQueryReason(`搜索内容不能超过${SELLER_LISTINGS_SEARCH_MAX_CHARS}个字`))
      .refine((value) => !CONTROL.test(value), withQueryReason('搜索内容含有无效字符')),
  ),
  game_id: optionalQuery(queryIdSchema),
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, SELLER_LISTINGS_PAGE_SIZE_MAX)).default(SELLER_LISTINGS_PAGE_SIZE_DEFAULT),
});
export type SellerListingsQuery = z.output<typeof sellerListingsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// answers

export { LISTING_REVIEW_STATUSES, LISTING_SELLER_STATES, ACCOUNT_TYPE_VALUE, type ListingReviewStatus, type ListingSellerState };

/** The platform took the listing down: why, and since when. Only an operator restores it. */
export interface PlatformHold {
  reason: string;
  held_at: string;
}

/** A row of the seller's list. */
export interface SellerListingRow {
  id: number;
  cover: string | null;
  title: string;
  game_id: number;
  game_name: string;
  /** Hourly price, yuan text. */
  rental: string;
  rental_fen: number;
  seller_state: ListingSellerState;
  seller_state_text: string;
  review_status: ListingReviewStatus;
  review_status_text: string;
  review_reason: string | null;
  /** Taken down by the platform; null when not. */
  platform_hold: PlatformHold | null;
  is_rented: boolean;
  /** Shown to renters now (on the shelf, approved, not taken down). */
  is_listed: boolean;
  updated_at: string;
  /** The owner's own login account (what the search box also matches); null before one is given. */
  login_account: string | null;
  /** Detail-page views (the collector's page views of /detail/<id>.html). */
  views: number;
  /** Paid rentals (listing_stats). */
  rentals: number;
  /** Average review rating to one decimal, null without reviews. */
  avg_rating: number | null;
  review_count: number;
}

/** GET seller/listings/detail: everything the form edits, the login account but not the password. */
export interface SellerListingEdit {
  id: number;
  game_id: number;
  platform_id: number | null;
  zone_id: number | null;
  title: string;
  role_name: string;
  description: string;
  attrs: ListingAttrInput[];
  game_money: number;
  money_exchange_rate: number | null;
  /** Image URLs, the first is the cover. */
  images: string[];
  rental: string;
  rental_fen: number;
  rental_period: RentalPeriodFlags;
  min_rental_period: number;
  rental_time: string;
  deposit: string;
  deposit_fen: number;
  is_use_bargain: boolean;
  is_use_vip_discount: boolean;
  is_insurance: boolean;
  is_reservation: boolean;
  login_account: string | null;
  seller_state: ListingSellerState;
  review_status: ListingReviewStatus;
  review_reason: string | null;
  /** Taken down by the platform; null when not. */
  platform_hold: PlatformHold | null;
  is_listed: boolean;
  is_rented: boolean;
}

/** What create and update answer: the saved listing and a sentence for the toast. */
export interface SellerListingSaved {
  listing: SellerListingEdit;
  msg: string;
}

export interface SellerListingStateAnswer {
  id: number;
  seller_state: ListingSellerState;
  review_status: ListingReviewStatus;
  is_listed: boolean;
  msg: string;
}

/** What a bulk call answers: what changed, what already was so, and a sentence for the toast. */
export interface SellerListingBulkAnswer {
  /** The listings written. */
  changed: number[];
  /** Named listings already in the asked state or at the asked price (nothing to write). */
  unchanged: number[];
  /** Of the changed, those now waiting for review (a price change beyond the ratio). */
  pending_review: number[];
  msg: string;
}

export interface SellerListingDeleteAnswer {
  id: number;
  /** deleted, or unlisted (taken off the shelf) because orders are running or to come. */
  outcome: 'deleted' | 'unlisted';
  msg: string;
}

/** GET seller/listings/credentials: the owner's own login details, on an explicit ask only. */
export interface SellerListingCredentials {
  login_account: string;
  login_password: string;
}

/**
 * An attribute the form offers for a game (the game's data, games.listing_attrs, and 账号类型 for
 * the hafu game): a choice list (段位, 账号类型) or a whole number within [min, max] (英雄数量, 皮肤数量).
 */
export interface ListingAttrOption {
  name: string;
  kind: 'choice' | 'number';
  /** For a choice the only values accepted; empty for a number. */
  choices: string[];
  /** Bounds of a number; null for a choice. */
  min: number | null;
  max: number | null;
  required: boolean;
}

export interface ListingGameOption {
  id: number;
  name: string;
  has_hafu_coin: boolean;
  platforms: { id: number; name: string }[];
  /** platform_id null: open to every platform of the game. */
  zones: { id: number; name: string; platform_id: number | null }[];
  attrs: ListingAttrOption[];
}

/** GET seller/listings/options: what the form offers. */
export interface SellerListingOptions {
  games: ListingGameOption[];
  review_enabled: boolean;
  /** A price change beyond this share of the old price goes to review (when review is on). */
  review_price_change_ratio: number;
}

/** The hafu game's account-type choices (spec §3 attrs). */
export const ACCOUNT_TYPE_CHOICES: readonly string[] = [ACCOUNT_TYPE_VALUE.hafuCoin, ACCOUNT_TYPE_VALUE.skin];

/** What POST uploads/image answers (platform/db/uploads.ts UploadedImage), as the form reads it. */
export interface UploadedImageAnswer {
  id: number;
  card_url: string;
  detail_url: string;
  width: number;
  height: number;
}
