import type { ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { MSG_NOT_SELLER, SELLER_CODES } from '~/features/sellers/contract/seller';
import { routeByName } from '~/platform/config/routes';
import { EmptyState } from '~/platform/ui/EmptyState';
import { focusRing } from '~/platform/ui/focus-ring';

/** Whether a seller call was refused because the caller is not an approved seller (403 code 1101). */
export function isNotSellerError(error: unknown): boolean {
  return isApiError(error) && error.code === SELLER_CODES.notSeller;
}

/** What a seller page shows to a signed-in user who has no shop yet: the way to /seller/apply. */
export function NotSellerNotice(): ReactNode {
  return (
    <EmptyState
      type={1}
      text={MSG_NOT_SELLER}
      action={
        <a href={routeByName('seller_apply').path} className={`inline-block rounded-full bg-primary px-6 py-2 text-sm text-white hover:bg-primary-dark ${focusRing}`}>
          去申请
        </a>
      }
    />
  );
}
