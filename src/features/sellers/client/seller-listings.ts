/** The seller's listings (contract in features/sellers/contract/seller-listings.ts). Every call needs the signed-in seller's token. */
import type { ListingBulkPriceInput, SellerListingBulkAnswer, ListingCreateInput, ListingUpdateInput, Page, SellerListingCredentials, SellerListingDeleteAnswer, SellerListingEdit, SellerListingFilter, SellerListingOptions, SellerListingRow, SellerListingSaved, SellerListingStateAnswer, UploadedImageAnswer } from '~/features/sellers/contract/seller-listings';
import { call, type RequestOptions, upload } from '~/platform/client/client';
import { SELLER_ROUTES } from '~/features/sellers/routes';
import { UPLOAD_ROUTES } from '~/platform/wire/uploads';

export * from '~/features/sellers/contract/seller-listings';

type Signal = Pick<RequestOptions, 'signal'>;

export function listSellerListings(
  query: { state: SellerListingFilter; q?: string; game_id?: number; page: number; page_size: number },
  options: Signal = {},
): Promise<Page<SellerListingRow>> {
  return call(SELLER_ROUTES.listings, { ...query }, options);
}

export function getSellerListingOptions(options: Signal = {}): Promise<SellerListingOptions> {
  return call(SELLER_ROUTES.listingOptions, {}, options);
}

export function getSellerListing(id: number, options: Signal = {}): Promise<SellerListingEdit> {
  return call(SELLER_ROUTES.listingDetail, { id }, options);
}

/** The owner's own login details (the 显示密码 button). */
export function getSellerListingCredentials(id: number): Promise<SellerListingCredentials> {
  return call(SELLER_ROUTES.listingCredentials, { id });
}

export function createSellerListing(body: ListingCreateInput): Promise<SellerListingSaved> {
  return call(SELLER_ROUTES.createListing, body);
}

export function updateSellerListing(body: ListingUpdateInput): Promise<SellerListingSaved> {
  return call(SELLER_ROUTES.updateListing, body);
}

export function changeSellerListingState(id: number, state: 'on_shelf' | 'off_shelf' | 'maintenance'): Promise<SellerListingStateAnswer> {
  return call(SELLER_ROUTES.listingState, { id, state });
}

/** 上架 / 下架 of the selected listings, all or none. */
export function bulkChangeSellerListingState(ids: number[], state: 'on_shelf' | 'off_shelf'): Promise<SellerListingBulkAnswer> {
  return call(SELLER_ROUTES.bulkListingState, { ids, state });
}

/** One new hourly price (yuan text) for the selected listings, all or none. */
export function bulkChangeSellerListingPrice(body: ListingBulkPriceInput): Promise<SellerListingBulkAnswer> {
  return call(SELLER_ROUTES.bulkListingPrice, body);
}

export function deleteSellerListing(id: number): Promise<SellerListingDeleteAnswer> {
  return call(SELLER_ROUTES.deleteListing, { id });
}

/** POST uploads/image (multipart, purpose listing): the picture's id and its two URLs. */
export function uploadListingImage(file: File): Promise<UploadedImageAnswer> {
  const form = new FormData();
  form.set('purpose', 'listing');
  form.set('file', file);
  return upload(UPLOAD_ROUTES.image, form);
}
