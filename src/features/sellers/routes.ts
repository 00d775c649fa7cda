/**
 * The seller side's routes and the console's sellers and listings routes, declared once: the
 * browser calls them with `call(route, input)` (site) or `callConsole(route, input)` (console),
 * the endpoints serve them with the schemas of wire.ts. Every seller call needs the signed-in
 * user's token (and, past becoming a seller, an approved shop: 403 code 1101 otherwise); the
 * console's need the operator's cookie and a permission (`sellers` or `listings`).
 */
import { route, type NoInput } from '~/platform/wire/route';
import type { Page } from '~/platform/wire/common';
import type { CertificationBody, SellerProfile } from '~/features/sellers/contract/seller';
import type { SellerOverview } from '~/features/sellers/contract/seller-overview';
import type { ComplaintAnswerBody, SellerComplaint, SellerEarnings, SellerEarningsQuery, SellerOrder, SellerOrdersQuery } from '~/features/sellers/contract/seller-earnings';
import type {
  ListingBulkPriceInput,
  ListingCreateInput,
  ListingUpdateInput,
  SellerListingBulkAnswer,
  SellerListingCredentials,
  SellerListingDeleteAnswer,
  SellerListingEdit,
  SellerListingFilter,
  SellerListingOptions,
  SellerListingRow,
  SellerListingSaved,
  SellerListingStateAnswer,
} from '~/features/sellers/contract/seller-listings';
import type {
  OpsApplicationDecideBody,
  OpsApplicationsPage,
  OpsApplicationsQuery,
  OpsApplicationView,
  OpsListingDecideBody,
  OpsListingDecision,
  OpsListingHoldAnswer,
  OpsListingRestoreBody,
  OpsListingRow,
  OpsListingsQuery,
  OpsListingTakeDownBody,
  OpsReviewItem,
  OpsReviewQueueQuery,
  OpsShopReviewBody,
  OpsShopsQuery,
  OpsShopView,
} from '~/features/sellers/contract/ops-sellers';

export interface SellerComplaintAnswerRequest {
  complaint_id: number;
  content: string;
  images: ComplaintAnswerBody['images'];
}

export interface SellerLoginFailureAnswerRequest {
  case_id: number;
  answer: 'fixed' | 'dispute';
  content?: string;
  images?: ComplaintAnswerBody['images'];
}

export const SELLER_ROUTES = {
  /** Real-name state, the certification and the shop. */
  profile: route.get<NoInput, SellerProfile>('/seller/profile'),
  /** Apply (or re-apply after a rejection): an individual owner is approved at once once real-name verified. */
  certify: route.post<CertificationBody, SellerProfile>('/seller/certification'),
  /** An application under review back to a draft (no body). */
  withdrawCertification: route.post<NoInput, SellerProfile>('/seller/certification/withdraw'),
  /** The rental orders on the caller's listings, newest first. */
  orders: route.get<SellerOrdersQuery, Page<SellerOrder>>('/seller/orders'),
  /** 404 for another seller's complaint, 409 once it is handled. */
  answerComplaint: route.post<SellerComplaintAnswerRequest, SellerComplaint>('/seller/complaints/answer'),
  /** 已修改密码 or 申诉 on a "cannot log in" report: 404 for another seller's, 409 once answered or past the window. */
  answerLoginFailure: route.post<SellerLoginFailureAnswerRequest, SellerComplaint>('/seller/loginFailure/answer'),
  /** The figures, the 30-day series and one page of listing statistics. */
  earnings: route.get<SellerEarningsQuery, SellerEarnings>('/seller/earnings'),
  /** 卖家中心's figures for today: running rentals, earnings, listings needing attention, what to answer. */
  overview: route.get<NoInput, SellerOverview>('/seller/overview'),
  /** The caller's listings, newest first, deleted ones left out; by state, game and the search box. */
  listings: route.get<{ state?: SellerListingFilter; q?: string; game_id?: number; page?: number; page_size?: number }, Page<SellerListingRow>>('/seller/listings'),
  /** What the listing form offers. */
  listingOptions: route.get<NoInput, SellerListingOptions>('/seller/listings/options'),
  /** The form's values, the login account, never the password. */
  listingDetail: route.get<{ id: number }, SellerListingEdit>('/seller/listings/detail'),
  /** The owner's own login details (the 显示密码 button); each reveal is logged. */
  listingCredentials: route.get<{ id: number }, SellerListingCredentials>('/seller/listings/credentials'),
  createListing: route.post<ListingCreateInput, SellerListingSaved>('/seller/listings/create'),
  updateListing: route.post<ListingUpdateInput, SellerListingSaved>('/seller/listings/update'),
  /** 上架 / 下架 / 维护. */
  listingState: route.post<{ id: number; state: 'on_shelf' | 'off_shelf' | 'maintenance' }, SellerListingStateAnswer>('/seller/listings/state'),
  /** 上架 / 下架 of the selected listings, all or none (404 naming one that is not the caller's, 409 naming one a rule refuses). */
  bulkListingState: route.post<{ ids: number[]; state: 'on_shelf' | 'off_shelf' }, SellerListingBulkAnswer>('/seller/listings/bulk-state'),
  /** One new hourly price for the selected listings, all or none, with the review an edit would bring. */
  bulkListingPrice: route.post<ListingBulkPriceInput, SellerListingBulkAnswer>('/seller/listings/bulk-price'),
  /** Deleted, or unlisted while orders run or are to come. */
  deleteListing: route.post<{ id: number }, SellerListingDeleteAnswer>('/seller/listings/delete'),
};

/** The console's query types: every field may be left out (the defaults are the schema's). */
type ConsoleQuery<Q> = Partial<Q>;

export const OPS_SELLER_ROUTES = {
  /** Store and merchant applications, those under review first (permission `sellers`). */
  applications: route.get<ConsoleQuery<OpsApplicationsQuery>, OpsApplicationsPage>('/ops/sellers/applications'),
  /** Approve or reject an application (permission `sellers`); 409 when it changed since it was seen. */
  decideApplication: route.post<OpsApplicationDecideBody, OpsApplicationView>('/ops/sellers/decide'),
  /** Every shop, newest first (permission `sellers`). */
  shops: route.get<ConsoleQuery<OpsShopsQuery>, Page<OpsShopView>>('/ops/sellers/shops'),
  /** A shop's listings wait for review whatever the site setting, or no longer (permission `sellers`). */
  shopReview: route.post<OpsShopReviewBody, OpsShopView>('/ops/sellers/review'),
  /** Every listing, newest first (permission `listings`). */
  listings: route.get<ConsoleQuery<OpsListingsQuery>, Page<OpsListingRow>>('/ops/listings'),
  /** Listings waiting for review, oldest change first (permission `listings`). */
  reviewQueue: route.get<ConsoleQuery<OpsReviewQueueQuery>, Page<OpsReviewItem>>('/ops/listings/review'),
  decideListing: route.post<OpsListingDecideBody, OpsListingDecision>('/ops/listings/decide'),
  takeDownListing: route.post<OpsListingTakeDownBody, OpsListingHoldAnswer>('/ops/listings/take-down'),
  restoreListing: route.post<OpsListingRestoreBody, OpsListingHoldAnswer>('/ops/listings/restore'),
};
