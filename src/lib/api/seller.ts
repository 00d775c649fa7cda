/** Becoming a seller (issue 13; contract in lib/contract/seller.ts). Every call needs the signed-in user's token. */
import type { CertificationBody, SellerProfile } from '~/lib/contract/seller';
import { apiGet, apiPost, type RequestOptions } from '~/lib/api/client';

export * from '~/lib/contract/seller';

type Signal = Pick<RequestOptions, 'signal'>;

export function getSellerProfile(options: Signal = {}): Promise<SellerProfile> {
  return apiGet('/seller/profile', undefined, options);
}

export function submitCertification(body: CertificationBody): Promise<SellerProfile> {
  return apiPost('/seller/certification', body);
}

export function withdrawCertification(): Promise<SellerProfile> {
  return apiPost('/seller/certification/withdraw');
}
