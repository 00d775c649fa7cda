/** Becoming a seller (contract in features/sellers/contract/seller.ts). Every call needs the signed-in user's token. */
import type { CertificationBody, SellerProfile } from '~/features/sellers/contract/seller';
import { call, type RequestOptions } from '~/platform/client/client';
import { SELLER_ROUTES } from '~/features/sellers/routes';

export * from '~/features/sellers/contract/seller';

type Signal = Pick<RequestOptions, 'signal'>;

export function getSellerProfile(options: Signal = {}): Promise<SellerProfile> {
  return call(SELLER_ROUTES.profile, {}, options);
}

export function submitCertification(body: CertificationBody): Promise<SellerProfile> {
  return call(SELLER_ROUTES.certify, body);
}

export function withdrawCertification(): Promise<SellerProfile> {
  return call(SELLER_ROUTES.withdrawCertification, {});
}
