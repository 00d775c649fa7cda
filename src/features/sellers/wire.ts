/**
 * The seller side's and the console's sellers and listings routes with their schemas (routes.ts
 * declares them; the endpoints serve them through platform/http/serve.ts and tests read the answer
 * schemas). The request schemas are the contract's (contract/*.ts); the answer schemas here follow
 * the contract's answer types, which `wire` checks them against.
 */
import { z } from 'zod';
import { COMPLAINT_OUTCOMES } from '~/features/complaints/rules/complaint-decision';
import { certificationBodySchema } from '~/features/sellers/contract/seller';
import { complaintAnswerBodySchema, loginFailureAnswerBodySchema, sellerEarningsQuerySchema, sellerOrdersQuerySchema } from '~/features/sellers/contract/seller-earnings';
import {
  listingBulkPriceSchema,
  listingBulkStateSchema,
  listingCreateSchema,
  listingIdBodySchema,
  listingIdQuerySchema,
  listingStateSchema,
  listingUpdateSchema,
  sellerListingsQuerySchema,
} from '~/features/sellers/contract/seller-listings';
import {
  opsApplicationDecideBodySchema,
  opsApplicationsQuerySchema,
  opsListingDecideBodySchema,
  opsListingRestoreBodySchema,
  opsListingsQuerySchema,
  opsListingTakeDownBodySchema,
  opsReviewQueueQuerySchema,
  opsShopReviewBodySchema,
  opsShopsQuerySchema,
} from '~/features/sellers/contract/ops-sellers';
import { CERTIFICATION_STATES } from '~/features/sellers/rules/seller-certification';
import { OPS_SELLER_ROUTES, SELLER_ROUTES } from '~/features/sellers/routes';
import { LISTING_REVIEW_STATUSES, LISTING_SELLER_STATES } from '~/platform/config/constants';
import { pageSchema } from '~/platform/wire/common';
import type { SellerOverview } from '~/features/sellers/contract/seller-overview';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

/** A route that takes nothing: a GET's query and a POST's body are ignored, as they always were. */
const noInputSchema = z.object({});

// ---------------------------------------------------------------------------------------------
// answer pieces

const rowId = z.number().int().positive();
const fen = z.number().int().nonnegative();
/** Fen that may go below zero (a refund past the rent never happens, but a sum is not a row). */
const signedFen = z.number().int();
const yuan = z.string();
/** ISO 8601 instant. */
const instant = z.string();
const certType = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const sellerState = z.enum(LISTING_SELLER_STATES);
const reviewStatus = z.enum(LISTING_REVIEW_STATUSES);

/** Business details as stored: an individual owner has none, the licence number may be masked. */
const businessDetailsViewSchema = z.strictObject({
  company_name: z.string().optional(),
  license_no: z.string().optional(),
  contact_name: z.string().optional(),
  contact_phone: z.string().optional(),
});

const shopSummarySchema = z.strictObject({ id: rowId, name: z.string(), cert_type: certType, cert_type_text: z.string() });

// ---------------------------------------------------------------------------------------------
// becoming a seller

export const certificationViewSchema = z.strictObject({
  cert_type: certType,
  cert_type_text: z.string(),
  state: z.enum(CERTIFICATION_STATES),
  state_text: z.string(),
  shop_name: z.string(),
  details: businessDetailsViewSchema,
  reject_reason: z.string().nullable(),
  submitted_at: instant.nullable(),
  decided_at: instant.nullable(),
});

export const sellerProfileSchema = z.strictObject({
  real_name_verified: z.boolean(),
  certification: certificationViewSchema.nullable(),
  shop: shopSummarySchema.nullable(),
  /** Percent per cert_type. */
  commission_percent: z.strictObject({ 0: z.number(), 1: z.number(), 2: z.number() }),
  earnings_hold_hours: z.number(),
});

// ---------------------------------------------------------------------------------------------
// orders, complaints, earnings

const sellerOrderEarningSchema = z.strictObject({
  net_rent: yuan,
  net_rent_fen: signedFen,
  commission: yuan,
  commission_fen: signedFen,
  commission_bps: z.number().int().nonnegative(),
  seller: yuan,
  seller_fen: signedFen,
  status: z.enum(['frozen', 'released']),
  status_text: z.string(),
  release_at: instant.nullable(),
  released_at: instant.nullable(),
});

const complaintAnswerViewSchema = z.strictObject({ id: rowId, content: z.string(), images: z.array(z.string()), created_at: instant });

const ownerComplaintDecisionSchema = z.strictObject({
  outcome: z.enum(COMPLAINT_OUTCOMES),
  outcome_text: z.string(),
  refund: yuan,
  refund_fen: fen,
  ended_rental: z.boolean(),
  text: z.string(),
  decided_at: instant,
  owner_share: yuan,
  owner_share_fen: fen,
  penalty: yuan,
  penalty_fen: fen,
});

export const sellerComplaintSchema = z.strictObject({
  id: rowId,
  type: z.number().int(),
  type_name: z.string(),
  content: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  reply: z.string().nullable(),
  created_at: instant,
  answers: z.array(complaintAnswerViewSchema),
  can_answer: z.boolean(),
  images: z.array(z.string()).optional(),
  decision: ownerComplaintDecisionSchema.nullable().optional(),
  login_failure: z
    .strictObject({
      case_id: rowId,
      status: z.string(),
      status_text: z.string(),
      compensation: yuan,
      compensation_fen: fen,
      took_down: z.boolean(),
      answer_until: instant,
      can_answer: z.boolean(),
    })
    .nullable()
    .optional(),
});

export const sellerOrderSchema = z.strictObject({
  order_no: z.string(),
  listing: z.strictObject({ id: rowId, title: z.string(), img: z.string().nullable() }).nullable(),
  renter: z.string(),
  order_status: z.number().int(),
  order_status_text: z.string(),
  hire_start_time: instant.nullable(),
  hire_end_time: instant.nullable(),
  hours: z.number().nullable(),
  bonus_hours: z.number(),
  option_label: z.string().nullable(),
  rent: yuan,
  rent_fen: fen,
  deposit: yuan,
  deposit_fen: fen,
  refund: yuan,
  refund_fen: fen,
  hire_order_time: instant,
  paid_at: instant.nullable(),
  earning: sellerOrderEarningSchema.nullable(),
  complaints: z.array(sellerComplaintSchema),
  hafu_prepay_fen: fen,
});

const earningsDaySchema = z.strictObject({ date: z.string(), earned: yuan, earned_fen: signedFen, released: yuan, released_fen: signedFen });

const listingStatsSchema = z.strictObject({
  listing_id: rowId,
  title: z.string(),
  img: z.string().nullable(),
  views: z.number().int().nonnegative(),
  rentals: z.number().int().nonnegative(),
  rental_hours: z.number().nonnegative(),
  earnings: yuan,
  earnings_fen: signedFen,
  avg_rating: z.number().nullable(),
  review_count: z.number().int().nonnegative(),
});

export const sellerEarningsSchema = z.strictObject({
  frozen: yuan,
  frozen_fen: signedFen,
  released: yuan,
  released_fen: signedFen,
  month: yuan,
  month_fen: signedFen,
  commission: yuan,
  commission_fen: signedFen,
  balance: yuan,
  balance_fen: signedFen,
  hold_hours: z.number(),
  series: z.array(earningsDaySchema),
  listings: pageSchema(listingStatsSchema),
});

// ---------------------------------------------------------------------------------------------
// listings

const platformHoldSchema = z.strictObject({ reason: z.string(), held_at: instant });

export const sellerListingRowSchema = z.strictObject({
  id: rowId,
  cover: z.string().nullable(),
  title: z.string(),
  game_id: rowId,
  game_name: z.string(),
  rental: yuan,
  rental_fen: fen,
  seller_state: sellerState,
  seller_state_text: z.string(),
  review_status: reviewStatus,
  review_status_text: z.string(),
  review_reason: z.string().nullable(),
  platform_hold: platformHoldSchema.nullable(),
  is_rented: z.boolean(),
  is_listed: z.boolean(),
  updated_at: instant,
  login_account: z.string().nullable(),
  views: z.number().int().nonnegative(),
  rentals: z.number().int().nonnegative(),
  avg_rating: z.number().nullable(),
  review_count: z.number().int().nonnegative(),
});

export const sellerListingEditSchema = z.strictObject({
  id: rowId,
  game_id: rowId,
  platform_id: rowId.nullable(),
  zone_id: rowId.nullable(),
  title: z.string(),
  role_name: z.string(),
  description: z.string(),
  attrs: z.array(z.strictObject({ attr_name: z.string(), value: z.string() })),
  game_money: z.number().int().nonnegative(),
  money_exchange_rate: z.number().int().nullable(),
  images: z.array(z.string()),
  rental: yuan,
  rental_fen: fen,
  rental_period: z.strictObject({
    daily_rental: z.boolean(),
    ten_hour_rental: z.boolean(),
    weekly_rental: z.boolean(),
    morning_rental: z.boolean(),
    afternoon_rental: z.boolean(),
    night_rental: z.boolean(),
  }),
  min_rental_period: z.number().int(),
  rental_time: z.string(),
  deposit: yuan,
  deposit_fen: fen,
  is_use_bargain: z.boolean(),
  is_use_vip_discount: z.boolean(),
  is_insurance: z.boolean(),
  is_reservation: z.boolean(),
  login_account: z.string().nullable(),
  seller_state: sellerState,
  review_status: reviewStatus,
  review_reason: z.string().nullable(),
  platform_hold: platformHoldSchema.nullable(),
  is_listed: z.boolean(),
  is_rented: z.boolean(),
});

export const sellerListingSavedSchema = z.strictObject({ listing: sellerListingEditSchema, msg: z.string() });

export const sellerListingStateAnswerSchema = z.strictObject({ id: rowId, seller_state: sellerState, review_status: reviewStatus, is_listed: z.boolean(), msg: z.string() });

const rowIds = z.array(rowId);
export const sellerListingBulkAnswerSchema = z.strictObject({ changed: rowIds, unchanged: rowIds, pending_review: rowIds, msg: z.string() });

export const sellerListingDeleteAnswerSchema = z.strictObject({ id: rowId, outcome: z.enum(['deleted', 'unlisted']), msg: z.string() });

export const sellerListingCredentialsSchema = z.strictObject({ login_account: z.string(), login_password: z.string() });

export const sellerListingOptionsSchema = z.strictObject({
  games: z.array(
    z.strictObject({
      id: rowId,
      name: z.string(),
      has_hafu_coin: z.boolean(),
      platforms: z.array(z.strictObject({ id: rowId, name: z.string() })),
      zones: z.array(z.strictObject({ id: rowId, name: z.string(), platform_id: rowId.nullable() })),
      attrs: z.array(
        z.strictObject({
          name: z.string(),
          kind: z.enum(['choice', 'number']),
          choices: z.array(z.string()),
          min: z.number().int().nullable(),
          max: z.number().int().nullable(),
          required: z.boolean(),
        }),
      ),
    }),
  ),
  review_enabled: z.boolean(),
  review_price_change_ratio: z.number(),
});

// ---------------------------------------------------------------------------------------------
// the console: certification, shops, listings

const count = z.number().int().nonnegative();

export const opsApplicationViewSchema = z.strictObject({
  user_id: rowId,
  username: z.string(),
  real_name_verified: z.boolean(),
  cert_type: certType,
  cert_type_text: z.string(),
  state: z.enum(CERTIFICATION_STATES),
  state_text: z.string(),
  shop_name: z.string(),
  details: businessDetailsViewSchema,
  reject_reason: z.string().nullable(),
  submitted_at: instant.nullable(),
  decided_at: instant.nullable(),
  current_shop: shopSummarySchema.nullable(),
});

export const opsApplicationsPageSchema = z.strictObject({
  list: z.array(opsApplicationViewSchema),
  total: count,
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
  submitted_total: count,
});

export const opsShopViewSchema = z.strictObject({
  id: rowId,
  name: z.string(),
  cert_type: certType,
  cert_type_text: z.string(),
  owner_user_id: rowId,
  owner_username: z.string(),
  listings: count,
  listed: count,
  pending: count,
  held: count,
  orders: count,
  complaints: count,
  open_complaints: count,
  review_listings: z.boolean(),
  created_at: instant,
});

const opsListingShopSchema = z.strictObject({ id: rowId, name: z.string(), cert_type: certType, owner_username: z.string() });

export const opsReviewItemSchema = z.strictObject({
  id: rowId,
  title: z.string(),
  role_name: z.string(),
  images: z.array(z.strictObject({ thumb: z.string(), full: z.string() })),
  game_id: rowId,
  game_name: z.string(),
  platform_name: z.string().nullable(),
  zone_name: z.string().nullable(),
  attrs: z.array(z.strictObject({ attr_name: z.string(), value: z.string() })),
  shop: opsListingShopSchema,
  rental: yuan,
  rental_fen: fen,
  deposit: yuan,
  min_rental_period: z.number().int(),
  rental_time: z.string(),
  change: z.strictObject({
    kind: z.enum(['new', 'price']),
    kind_text: z.string(),
    from: yuan.nullable(),
    from_fen: fen.nullable(),
    change_percent: z.number().nullable(),
  }),
  seller_state: sellerState,
  seller_state_text: z.string(),
  hold_reason: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});

export const opsListingRowSchema = z.strictObject({
  id: rowId,
  title: z.string(),
  cover: z.string().nullable(),
  game_id: rowId,
  game_name: z.string(),
  shop: opsListingShopSchema,
  rental: yuan,
  rental_fen: fen,
  seller_state: sellerState,
  seller_state_text: z.string(),
  review_status: reviewStatus,
  review_status_text: z.string(),
  review_reason: z.string().nullable(),
  hold_reason: z.string().nullable(),
  held_at: instant.nullable(),
  is_listed: z.boolean(),
  is_rented: z.boolean(),
  updated_at: instant,
});

export const opsListingDecisionSchema = z.strictObject({ id: rowId, review_status: reviewStatus, review_reason: z.string().nullable(), is_listed: z.boolean() });

export const opsListingHoldAnswerSchema = z.strictObject({ id: rowId, held: z.boolean(), hold_reason: z.string().nullable(), is_listed: z.boolean() });

const figure = z.number().int().nonnegative();
/** GET seller/overview. */
export const sellerOverviewSchema = z.strictObject({
  running_rentals: figure,
  rentals_today: figure,
  earned_today_fen: figure,
  released_today_fen: figure,
  frozen_fen: figure,
  listings: z.strictObject({ on_shelf: figure, pending_review: figure, rejected: figure, held: figure }),
  to_answer: z.strictObject({ complaints: figure, login_failures: figure, hafu_reports: figure }),
}) satisfies z.ZodType<SellerOverview>;

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const SELLER_WIRE = {
  profile: wire(SELLER_ROUTES.profile, { input: noInputSchema, answer: sellerProfileSchema }),
  certify: wire(SELLER_ROUTES.certify, { input: certificationBodySchema, answer: sellerProfileSchema }),
  // It never read a body: a bare POST (or any body) withdraws.
  withdrawCertification: wire(SELLER_ROUTES.withdrawCertification, { input: noInputSchema, answer: sellerProfileSchema, body: 'none' }),
  orders: wire(SELLER_ROUTES.orders, { input: sellerOrdersQuerySchema, answer: pageSchema(sellerOrderSchema) }),
  answerComplaint: wire(SELLER_ROUTES.answerComplaint, { input: complaintAnswerBodySchema, answer: sellerComplaintSchema }),
  answerLoginFailure: wire(SELLER_ROUTES.answerLoginFailure, { input: loginFailureAnswerBodySchema, answer: sellerComplaintSchema }),
  earnings: wire(SELLER_ROUTES.earnings, { input: sellerEarningsQuerySchema, answer: sellerEarningsSchema }),
  overview: wire(SELLER_ROUTES.overview, { input: noInputSchema, answer: sellerOverviewSchema }),
  listings: wire(SELLER_ROUTES.listings, { input: sellerListingsQuerySchema, answer: pageSchema(sellerListingRowSchema) }),
  listingOptions: wire(SELLER_ROUTES.listingOptions, { input: noInputSchema, answer: sellerListingOptionsSchema }),
  listingDetail: wire(SELLER_ROUTES.listingDetail, { input: listingIdQuerySchema, answer: sellerListingEditSchema }),
  listingCredentials: wire(SELLER_ROUTES.listingCredentials, { input: listingIdQuerySchema, answer: sellerListingCredentialsSchema }),
  createListing: wire(SELLER_ROUTES.createListing, { input: listingCreateSchema, answer: sellerListingSavedSchema }),
  updateListing: wire(SELLER_ROUTES.updateListing, { input: listingUpdateSchema, answer: sellerListingSavedSchema }),
  listingState: wire(SELLER_ROUTES.listingState, { input: listingStateSchema, answer: sellerListingStateAnswerSchema }),
  bulkListingState: wire(SELLER_ROUTES.bulkListingState, { input: listingBulkStateSchema, answer: sellerListingBulkAnswerSchema }),
  bulkListingPrice: wire(SELLER_ROUTES.bulkListingPrice, { input: listingBulkPriceSchema, answer: sellerListingBulkAnswerSchema }),
  deleteListing: wire(SELLER_ROUTES.deleteListing, { input: listingIdBodySchema, answer: sellerListingDeleteAnswerSchema }),
};

export const OPS_SELLER_WIRE = {
  applications: wire(OPS_SELLER_ROUTES.applications, { input: opsApplicationsQuerySchema, answer: opsApplicationsPageSchema }),
  decideApplication: wire(OPS_SELLER_ROUTES.decideApplication, { input: opsApplicationDecideBodySchema, answer: opsApplicationViewSchema }),
  shops: wire(OPS_SELLER_ROUTES.shops, { input: opsShopsQuerySchema, answer: pageSchema(opsShopViewSchema) }),
  shopReview: wire(OPS_SELLER_ROUTES.shopReview, { input: opsShopReviewBodySchema, answer: opsShopViewSchema }),
  listings: wire(OPS_SELLER_ROUTES.listings, { input: opsListingsQuerySchema, answer: pageSchema(opsListingRowSchema) }),
  reviewQueue: wire(OPS_SELLER_ROUTES.reviewQueue, { input: opsReviewQueueQuerySchema, answer: pageSchema(opsReviewItemSchema) }),
  decideListing: wire(OPS_SELLER_ROUTES.decideListing, { input: opsListingDecideBodySchema, answer: opsListingDecisionSchema }),
  takeDownListing: wire(OPS_SELLER_ROUTES.takeDownListing, { input: opsListingTakeDownBodySchema, answer: opsListingHoldAnswerSchema }),
  restoreListing: wire(OPS_SELLER_ROUTES.restoreListing, { input: opsListingRestoreBodySchema, answer: opsListingHoldAnswerSchema }),
};
