import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { FREE_ORDER_ACTION } from '~/features/free/constants';
import { $isLoggedIn } from '~/platform/stores/auth';
import { openLogin } from '~/platform/stores/ui';
import { focusRing } from '~/platform/ui/focus-ring';
import { FREE_ORDERS_HREF } from '~/features/free/ui/free-links';

const FreeOrderDialog = lazy(() => import('~/features/free/ui/FreeOrderDialog'));

export interface FreeOrderButtonProps {
  listingId: number;
  title: string;
  freeHours: number;
  /** Why the offer cannot be taken now (维护中, 非可租时段 ...), from the cached page; null when it can. */
  unavailable: string | null;
}

const buttonClass = `w-full rounded-md py-2 text-sm font-bold ${focusRing}`;

/**
 * 免费玩 under an offer's card on /free. The page is cached and the same for everyone, so whether
 * the visitor is signed in is decided here: signed out it opens the login dialog, signed in the
 * confirm dialog (its code loads on the first click). After a free order the button leads to it.
 * A listing that cannot start now (outside its rental hours, in maintenance) shows why instead;
 * the server refuses it anyway.
 */
export default function FreeOrderButton({ listingId, title, freeHours, unavailable }: FreeOrderButtonProps): ReactNode {
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [open, setOpen] = useState(false);
  const [taken, setTaken] = useState(false);

  const dialog = open ? (
    <Suspense fallback={null}>
      <FreeOrderDialog listingId={listingId} title={title} freeHours={freeHours} open onClose={() => setOpen(false)} onTaken={() => setTaken(true)} />
    </Suspense>
  ) : null;

  return (
    <>
      {unavailable !== null ? (
        <button type="button" disabled aria-label={`${unavailable}，暂不可${FREE_ORDER_ACTION}：${title}`} className={`cursor-not-allowed bg-neutral-200 text-neutral-600 ${buttonClass}`} data-free-order={listingId}>
          {unavailable}，暂不可{FREE_ORDER_ACTION}
        </button>
      ) : taken ? (
        <a href={FREE_ORDERS_HREF} className={`block text-center text-primary ring-1 ring-primary hover:bg-primary-light ${buttonClass}`}>
          已免费租用，查看订单
        </a>
      ) : (
        <button
          type="button"
          onClick={() => ($loggedIn ? setOpen(true) : openLogin('scan'))}
          aria-label={`${FREE_ORDER_ACTION}：${title}`}
          className={`bg-primary text-white hover:bg-primary-dark ${buttonClass}`}
          data-free-order={listingId}
        >
          {FREE_ORDER_ACTION}
        </button>
      )}
      {dialog}
    </>
  );
}
