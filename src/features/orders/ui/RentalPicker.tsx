import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import type { RentalRequest } from '~/features/wallet/client/money';
import type { Availability } from '~/features/catalog/types';
import { TIME_SLOTS } from '~/features/orders/constants';
import { activityDiscountLabel, promotionLabel } from '~/features/activities/rules/activity';
import { isBookableNow } from '~/features/catalog/rules/availability';
import { fenToYuan } from '~/platform/rules/money';
import { offeredOptions, optionPriceFen, rentalOptionDef, type RentalOption } from '~/features/orders/rules/periods';
import { quoteRental, type QuoteListing, type RentalQuote } from '~/features/orders/rules/quote';
import { formatClockMinutes, formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { $isLoggedIn } from '~/platform/stores/auth';
import { openLogin } from '~/platform/stores/ui';
import { focusRing } from '~/platform/ui/focus-ring';
import { FigureRow } from '~/platform/ui/FigureRow';

/** What the picker needs of a listing (ListingDetail fields). */
export interface RentalPickerListing extends QuoteListing {
  id: number;
  availability: Availability;
  is_rented: boolean;
  is_reservation: boolean;
  rental_time: string;
  third_type: string | null;
  /** For the click record of 立即租号 (spec §3 productName). */
  title?: string;
  /** Hafu coins and coins per yuan: the checkout explains the prepay (hafuCoin modal). */
  game_money?: number;
  money_exchange_rate?: number | null;
}

export interface RentalPickerProps {
  listing: RentalPickerListing;
  /** The server's clock when the page was rendered (ISO), so the first render matches the HTML. */
  serverNow: string;
}

export type StartMode = 'now' | 'reserve';

// The checkout (quote, order, payment) loads on the first click of 立即租号: most visitors of a
// detail page never rent, and the page's first JavaScript stays within budget.
const CheckoutDialog = lazy(() => import('~/features/orders/ui/CheckoutDialog'));
/** Longest hourly rental the hours box accepts (a week; longer blocks are the weekly option). */
export const MAX_HOURLY_HOURS = 168;
/** How often the picker re-reads the clock (slot windows, start times, bookable now). */
const CLOCK_TICK_MS = 30_000;


/** '07:00-12:00' for a slot option (spec §4 rental window); null for the others. */
export function slotWindowText(option: RentalOption): string | null {
  const { slot } = rentalOptionDef(option);
  if (!slot) return null;
  const { windowFromMin, windowToMin } = TIME_SLOTS[slot];
  return `${formatClockMinutes(windowFromMin)}-${formatClockMinutes(windowToMin)}`;
}

/** Which start modes the listing allows at `now` (spec §4 availability, bookable now, reservation). */
export function startModes(listing: RentalPickerListing, now: Date): StartMode[] {
  const open = listing.availability === 'normal' || listing.availability === 'appoint';
  const modes: StartMode[] = [];
  if (open && isBookableNow(listing, now)) modes.push('now');
  if (open && listing.is_reservation) modes.push('reserve');
  return modes;
}

interface QuoteResult {
  quote: RentalQuote | null;
  error: string | null;
}

function quoteOrError(listing: RentalPickerListing, option: RentalOption, hours: number, now: Date, reserved: boolean, isVip: boolean): QuoteResult {
  try {
    return { quote: quoteRental({ listing, option, hours, now, isVip, coupons: [], reserved }), error: null };
  } catch (error) {
    if (error instanceof RangeError) return { quote: null, error: error.message };
    throw error;
  }
}

const yuan = (fen: number): string => `¥${fenToYuan(fen)}`;


/**
 * The rental picker of the detail page: every period the listing offers, the hours of an
 * hourly rental, start now or reserve, and the price breakdown the rules give. Prices come from
 * quoteRental, the same function the server will charge with; the server remains the authority.
 */
export default function RentalPicker({ listing, serverNow }: RentalPickerProps): ReactNode {
  const id = useId();
  const options = offeredOptions(listing.rental_period);
  const minHours = Math.max(1, Math.ceil(listing.min_rental_period));
  const [option, setOption] = useState<RentalOption>(options[0] ?? 'hourly');
  const [hoursText, setHoursText] = useState(String(minHours));
  const [now, setNow] = useState(() => new Date(serverNow));
  const [preferredMode, setPreferredMode] = useState<StartMode>('now');
  const [checkout, setCheckout] = useState<Omit<RentalRequest, 'red_packet_id'> | null>(null);

  useEffect(() => {
    // The page may come from a short cache and the visitor may wait: use the browser's clock from here on.
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const modes = startModes(listing, now);
  const mode: StartMode | null = modes.includes(preferredMode) ? preferredMode : (modes[0] ?? null);
  const hours = /^\d+$/.test(hoursText.trim()) ? Number(hoursText.trim()) : Number.NaN;
  const hoursError =
    option !== 'hourly'
      ? null
      : !Number.isInteger(hours) || hours < 1
        ? '请输入整数小时'
        : hours < listing.min_rental_period
          ? `该账号最少租${listing.min_rental_period}小时`
          : hours > MAX_HOURLY_HOURS
            ? `时租最多${MAX_HOURLY_HOURS}小时，更长请选周租`
            : null;
  const { quote, error: quoteError } = hoursError
    ? { quote: null, error: hoursError }
    : quoteOrError(listing, option, option === 'hourly' ? hours : minHours, now, mode === 'reserve', false);
  const vipQuote = quote && listing.is_use_vip_discount ? quoteOrError(listing, option, quote.hours, now, mode === 'reserve', true).quote : null;
  const vipSavingFen = vipQuote?.vipDiscountFen ?? 0;
  const discountLabel = activityDiscountLabel(listing.activity.discount);
  const promoLabel = promotionLabel(listing.activity.rental_promotion);
  const def = rentalOptionDef(option);

  function rent(): void {
    if (!$isLoggedIn.get()) {
      openLogin('scan');
      return;
    }
    if (!quote || mode === null) return;
    setCheckout({ account_id: listing.id, option, hours: option === 'hourly' ? quote.hours : undefined, reserved: mode === 'reserve' });
  }

  const canRent = mode !== null && quote !== null;
  const buttonText = mode === null ? '暂不可租' : mode === 'reserve' ? '立即预约' : '立即租号';

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg bg-white p-4 ring-1 ring-neutral-200" data-rental-picker>
      <h2 id={`${id}-heading`} className="text-base font-bold text-neutral-900">
        选择租赁方式
      </h2>

      <fieldset className="mt-3">
        <legend className="sr-only">租赁方式</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {options.map((candidate) => {
            const candidateDef = rentalOptionDef(candidate);
            const window = slotWindowText(candidate);
            const priceFen = optionPriceFen(listing.rental_fen, candidate, 1);
            return (
              <label
                key={candidate}
                className="relative flex cursor-pointer flex-col rounded-md px-3 py-2 text-sm ring-1 ring-neutral-300 hover:ring-primary has-[:checked]:bg-primary-light has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
                data-option={candidate}
              >
                <input
                  type="radio"
                  name={`${id}-option`}
                  value={candidate}
                  checked={option === candidate}
                  onChange={() => setOption(candidate)}
                  className="sr-only"
                />
                <span className="font-medium text-neutral-900">{candidateDef.label}</span>
                <span className="text-xs text-neutral-600">
                  {candidate === 'hourly' ? `${yuan(priceFen)}/小时` : `${yuan(priceFen)} · ${candidateDef.hours}小时`}
                </span>
                {window ? <span className="text-xs text-neutral-600">{window}</span> : null}
              </label>
            );
          })}
        </div>
      </fieldset>

      {option === 'hourly' ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={`${id}-hours`} className="text-neutral-700">
            租用时长
          </label>
          <input
            id={`${id}-hours`}
            type="number"
            inputMode="numeric"
            min={minHours}
            max={MAX_HOURLY_HOURS}
            step={1}
            value={hoursText}
            onChange={(event) => setHoursText(event.target.value)}
            aria-describedby={`${id}-hours-hint`}
            aria-invalid={hoursError ? true : undefined}
            className="w-20 rounded border border-neutral-300 px-2 py-1 max-md:min-h-11 max-md:w-24"
          />
          <span className="text-neutral-700">小时</span>
          <span id={`${id}-hours-hint`} className="text-xs text-neutral-600">
            最少{listing.min_rental_period}小时
          </span>
        </div>
      ) : null}

      {modes.length > 1 ? (
        <fieldset className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <legend className="float-left mr-1 text-neutral-700">开始时间</legend>
          {(['now', 'reserve'] as const).map((candidate) => (
            <label key={candidate} className="relative inline-flex cursor-pointer items-center gap-1.5">
              <input
                type="radio"
                name={`${id}-mode`}
                value={candidate}
                checked={mode === candidate}
                onChange={() => setPreferredMode(candidate)}
                className="accent-primary"
              />
              {candidate === 'now' ? '立即开始' : '预约（30分钟后开始）'}
            </label>
          ))}
        </fieldset>
      ) : mode === 'reserve' ? (
        <p className="mt-3 text-sm text-amber-800">当前不可立即租用，可预约：30分钟后开始。</p>
      ) : null}

      <dl className="mt-4 space-y-1.5 border-t border-neutral-100 pt-3 text-sm" data-quote>
        <FigureRow label="租期">
          {option === 'hourly' ? (quote ? `${def.label} × ${quote.hours}小时` : def.label) : `${def.label}（${def.hours}小时）`}
        </FigureRow>
        {quote ? (
          <>
            {mode !== null ? (
              <>
                <FigureRow label="开始">
                  <time dateTime={quote.startsAt.toISOString()} data-starts-at>
                    {formatShanghaiDateTime(quote.startsAt)}
                  </time>
                </FigureRow>
                <FigureRow label="结束">
                  <time dateTime={quote.endsAt.toISOString()} data-ends-at>
                    {formatShanghaiDateTime(quote.endsAt)}
                  </time>
                </FigureRow>
              </>
            ) : null}
            {quote.bonusHours > 0 ? (
              <FigureRow label={`赠送时长（${promoLabel ?? '活动'}）`}>
                <span className="text-emerald-700" data-bonus-hours={quote.bonusHours}>
                  +{quote.bonusHours}小时
                </span>
              </FigureRow>
            ) : null}
            <FigureRow label="租金">
              <span data-fen={quote.baseFen} data-line="base">
                {yuan(quote.baseFen)}
              </span>
            </FigureRow>
            {quote.activityDiscountFen > 0 ? (
              <FigureRow label={`活动折扣${discountLabel ? `（${discountLabel}）` : ''}`}>
                <span className="text-primary-dark" data-fen={quote.activityDiscountFen} data-line="activity">
                  −{yuan(quote.activityDiscountFen)}
                </span>
              </FigureRow>
            ) : null}
            {vipSavingFen > 0 ? (
              <FigureRow label="VIP可再省">
                <a href="/svip" className="text-amber-800 underline-offset-2 hover:underline" data-fen={vipSavingFen} data-line="vip">
                  {yuan(vipSavingFen)}（开通VIP）
                </a>
              </FigureRow>
            ) : null}
            <FigureRow label="押金（可退）">
              <span data-fen={quote.depositFen} data-line="deposit">
                {quote.depositFen === 0 ? '无押金' : yuan(quote.depositFen)}
              </span>
            </FigureRow>
          </>
        ) : null}
      </dl>

      <div className="mt-3 flex items-end justify-between border-t border-neutral-100 pt-3" aria-live="polite">
        {quote ? (
          <p className="text-sm text-neutral-700">
            合计{' '}
            <strong className="text-2xl font-bold text-primary" data-fen={quote.totalFen} data-line="total">
              {yuan(quote.totalFen)}
            </strong>
            {quote.depositFen > 0 ? <span className="ml-1 text-xs text-neutral-600">含押金{yuan(quote.depositFen)}</span> : null}
          </p>
        ) : (
          <p className="text-sm text-primary-dark" role="alert">
            {quoteError}
          </p>
        )}
      </div>

      <button
        type="button"
        onClick={rent}
        disabled={!canRent}
        data-track="rent_button"
        data-track-value={JSON.stringify({ productId: listing.id, productName: listing.title ?? '' })}
        className={`mt-4 w-full rounded-md bg-primary py-3 text-base font-bold text-white hover:bg-primary-dark disabled:cursor-not-allowed disabled:bg-neutral-300 disabled:text-neutral-700 ${focusRing}`}
      >
        {buttonText}
      </button>
      {mode === null ? <p className="mt-2 text-center text-xs text-neutral-600">该账号当前不可租，也不接受预约，看看相似账号吧</p> : null}
      {checkout ? (
        <Suspense fallback={null}>
          <CheckoutDialog request={checkout} hafu={listing.game_money ? { game_money: listing.game_money, money_exchange_rate: listing.money_exchange_rate ?? null } : undefined} open onClose={() => setCheckout(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
