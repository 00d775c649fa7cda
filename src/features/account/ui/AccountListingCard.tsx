import type { ReactNode } from 'react';
import { AVAILABILITY_LABEL, AVAILABILITY_STYLE, NOT_BOOKABLE_NOW_LABEL } from '~/features/catalog/ui/labels';
import type { ListingCard } from '~/features/catalog/types';
import { depositLabel } from '~/features/orders/rules/deposit';
import { fenToYuan } from '~/platform/rules/money';

/**
 * The hall's listing card (features/catalog/ui/ListingCard.astro) in React for the account screens
 * (我的收藏, 我的足迹, 找相似), with a footer for the screen's own actions.
 */
export function AccountListingCard({ listing, footer, titleAs: Title = 'h3' }: { listing: ListingCard; footer?: ReactNode; titleAs?: 'h2' | 'h3' }): ReactNode {
  const outsideHours = listing.availability === 'normal' && !listing.bookable_now;
  const availability = outsideHours ? NOT_BOOKABLE_NOW_LABEL : AVAILABILITY_LABEL[listing.availability];
  const availabilityStyle = outsideHours ? AVAILABILITY_STYLE.appoint : AVAILABILITY_STYLE[listing.availability];
  const where = [listing.game_name, listing.platform_name, listing.zone_name].filter(Boolean).join(' · ');
  return (
    <article
      className="group flex w-full min-w-0 flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-neutral-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-primary/40"
      data-listing-card
      data-listing-id={listing.id}
    >
      <a href={`/detail/${listing.id}.html`} className="flex flex-1 flex-col focus-visible:outline-offset-[-2px]">
        <div className="relative aspect-video overflow-hidden bg-neutral-100">
          <img src={listing.cover} alt={`${listing.game_name}账号封面`} width={640} height={360} loading="lazy" decoding="async" className="h-full w-full object-cover transition group-hover:scale-[1.03]" />
          <span className={`absolute top-2 left-2 rounded px-1.5 py-0.5 text-xs ${availabilityStyle}`} data-availability={listing.availability}>
            {availability}
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-3">
          <Title className="line-clamp-2 min-h-10 text-sm leading-5 font-medium text-neutral-900 group-hover:text-primary" data-listing-title>
            {listing.title}
          </Title>
          <p className="truncate text-xs text-neutral-600" data-listing-where>
            {where}
          </p>
          <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 pt-1">
            <span className="inline-flex items-baseline whitespace-nowrap text-primary" data-price-fen={listing.rental_fen}>
              <span className="text-xs">¥</span>
              <span className="text-lg font-bold tabular-nums">{fenToYuan(listing.rental_fen)}</span>
              <span className="text-xs text-neutral-600">/小时</span>
            </span>
            <span className={`text-xs ${listing.deposit_fen === 0 ? 'text-emerald-700' : 'text-neutral-600'}`} data-deposit>
              {depositLabel(listing.deposit_fen)}
            </span>
          </div>
        </div>
      </a>
      {footer ? <div className="flex items-center justify-end gap-3 border-t border-neutral-100 px-3 py-2 text-xs">{footer}</div> : null}
    </article>
  );
}
