/**
 * Pure helpers of the seller's listing screens (/seller/listings, /new, /edit): the list's address
 * query, the flash message carried to the list after a save, and the form's values ↔ the wire
 * body. No React, no I/O.
 */
import {
  SELLER_LISTING_FILTERS,
  SELLER_LISTINGS_SEARCH_MAX_CHARS,
  listingCreateSchema,
  listingUpdateSchema,
  type ListingCreateInput,
  type ListingGameOption,
  type SellerListingEdit,
  type SellerListingFilter,
} from '~/features/sellers/contract/seller-listings';
import { RENTAL_TIME_ALL_DAY } from '~/platform/config/constants';
import { attrValueError } from '~/features/catalog/rules/game-listing-attrs';
import type { RentalPeriodFlags } from '~/features/orders/rules/periods';
import { pageParam, setPageParam } from '~/platform/ui/page-query';

export const SELLER_LISTINGS_HREF = '/seller/listings';
export const SELLER_LISTING_NEW_HREF = '/seller/listings/new';
export const editHref = (id: number): string => `/seller/listings/edit?id=${id}`;
export const detailHref = (id: number): string => `/detail/${id}.html`;

// ---------------------------------------------------------------------------------------------
// the list's query: ?state=off_shelf&game=2&q=皮肤&page=2

export interface ListingsQuery {
  state: SellerListingFilter;
  /** The search box as sent ('' = none). */
  q: string;
  /** A game's id, null = every game. */
  game: number | null;
  page: number;
}

export function readListingsQuery(search: string): ListingsQuery {
  const params = new URLSearchParams(search);
  const raw = params.get('state');
  const state = SELLER_LISTING_FILTERS.find((filter) => filter === raw) ?? 'all';
  const q = (params.get('q') ?? '').trim().slice(0, SELLER_LISTINGS_SEARCH_MAX_CHARS);
  const gameRaw = params.get('game') ?? '';
  const game = /^[1-9]\d{0,8}$/.test(gameRaw) ? Number(gameRaw) : null;
  return { state, q, game, page: pageParam(params) };
}

export function withListingsQuery(href: string, query: ListingsQuery): string {
  const url = new URL(href);
  const put = (name: string, value: string | null): void => {
    if (value === null || value === '') url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  };
  put('state', query.state === 'all' ? null : query.state);
  put('game', query.game === null ? null : String(query.game));
  put('q', query.q);
  setPageParam(url, query.page);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** sessionStorage key of the sentence the list toasts after a save (the form navigates away). */
export const FLASH_KEY = 'seller-listings-flash';

// ---------------------------------------------------------------------------------------------
// the form

export interface FormImage {
  /** What the listing stores (the detail URL) and the form sends. */
  url: string;
  /** A small picture for the preview (the card URL of a fresh upload, else the stored URL). */
  preview: string;
}

export interface ListingFormValues {
  game_id: number | null;
  platform_id: number | null;
  zone_id: number | null;
  title: string;
  role_name: string;
  description: string;
  /** Attribute name → value ('' = not given). */
  attrs: Record<string, string>;
  game_money: string;
  money_exchange_rate: string;
  images: FormImage[];
  rental: string;
  rental_period: RentalPeriodFlags;
  min_rental_period: string;
  rental_from: string;
  rental_to: string;
  deposit: string;
  is_use_bargain: boolean;
  is_use_vip_discount: boolean;
  is_insurance: boolean;
  is_reservation: boolean;
  login_account: string;
  login_password: string;
}

export const NO_PERIODS: RentalPeriodFlags = {
  daily_rental: true,
  ten_hour_rental: false,
  weekly_rental: false,
  morning_rental: false,
  afternoon_rental: false,
  night_rental: false,
};

const [ALL_DAY_FROM = '00:00', ALL_DAY_TO = '23:59'] = RENTAL_TIME_ALL_DAY.split('-');

export function emptyForm(): ListingFormValues {
  return {
    game_id: null,
    platform_id: null,
    zone_id: null,
    title: '',
    role_name: '',
    description: '',
    attrs: {},
    game_money: '',
    money_exchange_rate: '',
    images: [],
    rental: '',
    rental_period: { ...NO_PERIODS },
    min_rental_period: '1',
    rental_from: ALL_DAY_FROM,
    rental_to: ALL_DAY_TO,
    deposit: '0',
    is_use_bargain: false,
    is_use_vip_discount: true,
    is_insurance: false,
    is_reservation: false,
    login_account: '',
    login_password: '',
  };
}

/** The edit view as form values (the password stays empty: left empty, it is not changed). */
export function formFromListing(listing: SellerListingEdit): ListingFormValues {
  const [from = ALL_DAY_FROM, to = ALL_DAY_TO] = listing.rental_time.split('-');
  return {
    game_id: listing.game_id,
    platform_id: listing.platform_id,
    zone_id: listing.zone_id,
    title: listing.title,
    role_name: listing.role_name,
    description: listing.description,
    attrs: Object.fromEntries(listing.attrs.map((attr) => [attr.attr_name, attr.value])),
    game_money: listing.game_money > 0 ? String(listing.game_money) : '',
    money_exchange_rate: listing.money_exchange_rate === null ? '' : String(listing.money_exchange_rate),
    images: listing.images.map((url) => ({ url, preview: url })),
    rental: listing.rental,
    rental_period: { ...listing.rental_period },
    min_rental_period: String(listing.min_rental_period),
    rental_from: from,
    rental_to: to,
    deposit: listing.deposit,
    is_use_bargain: listing.is_use_bargain,
    is_use_vip_discount: listing.is_use_vip_discount,
    is_insurance: listing.is_insurance,
    is_reservation: listing.is_reservation,
    login_account: listing.login_account ?? '',
    login_password: '',
  };
}

/** A whole number as typed, else the text itself (so the schema names the field in its message). */
function intOrText(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The form as the create body (update adds `id` and may leave the login details out). */
export function bodyFromForm(values: ListingFormValues, game: ListingGameOption | undefined): ListingCreateInput {
  const attrs = Object.entries(values.attrs)
    .map(([attr_name, value]) => ({ attr_name, value: value.trim() }))
    .filter((attr) => attr.value !== '' && (game?.attrs.some((option) => option.name === attr.attr_name) ?? true));
  const hafu = game?.has_hafu_coin === true;
  return {
    game_id: values.game_id ?? 0,
    platform_id: values.platform_id,
    zone_id: values.zone_id,
    title: values.title,
    role_name: values.role_name,
    description: values.description,
    attrs,
    game_money: hafu ? ((intOrText(values.game_money) ?? 0) as number) : 0,
    money_exchange_rate: hafu ? ((intOrText(values.money_exchange_rate) ?? null) as number | null) : null,
    images: values.images.map((image) => image.url),
    rental: values.rental,
    rental_period: values.rental_period,
    min_rental_period: (intOrText(values.min_rental_period) ?? 1) as number,
    rental_time: `${values.rental_from}-${values.rental_to}`,
    deposit: values.deposit.trim() === '' ? '0' : values.deposit,
    is_use_bargain: values.is_use_bargain,
    is_use_vip_discount: values.is_use_vip_discount,
    is_insurance: values.is_insurance,
    is_reservation: values.is_reservation,
    login_account: values.login_account,
    login_password: values.login_password,
  };
}

/** Form field of a body path: `attrs[1].value` → attrs, `rental_time` → rental_time. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The same checks the server makes (the contract's schema), as inline messages by field: the first
 * message of each field. Also what the form cannot leave to the schema: a game must be chosen, an
 * attribute the game requires must be filled.
 */
export function checkForm(values: ListingFormValues, game: ListingGameOption | undefined, mode: 'new' | 'edit'): FieldErrors {
  const errors: FieldErrors = {};
  const body = bodyFromForm(values, game);
  const put = (field: string, msg: string): void => {
    if (!errors[field]) errors[field] = msg;
  };
  if (mode === 'edit') {
    // Left empty, the login details are not changed.
    const { login_account, login_password, ...rest } = body;
    const update = { ...rest, id: 1, ...(login_password === '' ? {} : { login_account, login_password }) };
    const result = listingUpdateSchema.safeParse(update);
    if (!result.success) for (const issue of result.error.issues) put(String(issue.path[0] ?? 'form'), issue.message);
  } else {
    const result = listingCreateSchema.safeParse(body);
    if (!result.success) for (const issue of result.error.issues) put(String(issue.path[0] ?? 'form'), issue.message);
  }
  if (values.game_id === null) errors['game_id'] = '请选择游戏';
  if (game && game.platforms.length > 0 && values.platform_id === null) put('platform_id', '请选择平台');
  for (const attr of game?.attrs ?? []) {
    const value = (values.attrs[attr.name] ?? '').trim();
    if (!value) {
      if (attr.required) put(`attr:${attr.name}`, attr.kind === 'choice' ? `请选择${attr.name}` : `请填写${attr.name}`);
      continue;
    }
    // The server's check of the game's data (games.listing_attrs), said under the field before sending.
    const error = attrValueError(
      attr.kind === 'choice' ? { name: attr.name, kind: 'choice', choices: attr.choices, required: attr.required } : { name: attr.name, kind: 'number', min: attr.min ?? 0, max: attr.max ?? Number.MAX_SAFE_INTEGER, required: attr.required },
      value,
    );
    if (error) put(`attr:${attr.name}`, error);
  }
  if (game?.has_hafu_coin && values.money_exchange_rate.trim() === '') put('money_exchange_rate', '请填写兑换比例');
  return errors;
}

/** The zones a platform offers: its own and the shared ones (platform_id null). */
export function zonesFor(game: ListingGameOption | undefined, platformId: number | null): ListingGameOption['zones'] {
  if (!game) return [];
  return game.zones.filter((zone) => zone.platform_id === null || zone.platform_id === platformId);
}

/** Moves the image at `from` to `to` (the first is the cover). */
export function moveImage<T>(images: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= images.length || from === to) return [...images];
  const next = [...images];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

// ---------------------------------------------------------------------------------------------
// the daily window as 24-hour clock choices

const pad2 = (value: number): string => String(value).padStart(2, '0');

/** 00 … 23: the hours a 24-hour clock shows, whatever the browser's locale would print. */
export const CLOCK_HOURS: readonly string[] = Array.from({ length: 24 }, (_, hour) => pad2(hour));
/** 00 … 59. */
export const CLOCK_MINUTES: readonly string[] = Array.from({ length: 60 }, (_, minute) => pad2(minute));

/** 'HH:mm' as its hour and minute ('00' each when it is not a time). */
export function splitClock(value: string): { hour: string; minute: string } {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return { hour: '00', minute: '00' };
  return { hour: match[1]!, minute: match[2]! };
}
