/** Becoming a seller (contract in features/sellers/contract/seller.ts). Every call needs the signed-in user's token. */
import type { CertificationBody, SellerProfile } from '~/features/sellers/contract/seller';
import { apiGet, apiPost, type RequestOptions } from '~/platform/client/client';

export * from '~/features/sellers/contract/seller';

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
