/**
 * The catalogue as the API sends it and the pages and islands read it (spec §3 field names).
 * Money crosses the API as yuan strings with two decimals ("12.50", spec §7 "2 decimals"); the
 * rules in src/lib/rules work in integer fen, and `*_fen` fields carry the exact amounts beside
 * the display strings so nobody parses money back from text.
 * Rows become these shapes in one place: src/server/services/catalog.reshape.ts.
 */

/** spec §4 listing availability. */
export type Availability = 'normal' | 'maintenance' | 'unavailable' | 'appoint';

/** spec §3 merchantInfo.cert_type: 1 = store, 2 = merchant; 0 = an individual (ours). */
export type CertType = 0 | 1 | 2;

/** spec §3 rental_period: the periods a listing offers besides hourly (always offered). */
export interface RentalPeriodFlags {
  daily_rental: boolean;
  ten_hour_rental: boolean;
  weekly_rental: boolean;
  morning_rental: boolean;
  afternoon_rental: boolean;
  night_rental: boolean;
}

/** The rental_period flags in the order the hall and the picker list them. */
export const RENTAL_PERIOD_FLAGS = [
  'daily_rental',
  'ten_hour_rental',
  'weekly_rental',
  'morning_rental',
  'afternoon_rental',
  'night_rental',
] as const satisfies readonly (keyof RentalPeriodFlags)[];

/** spec §3 activity. */
export interface ListingActivity {
  /** Price factor, e.g. 0.9 (9 折); null when none. */
  discount: number | null;
  /** 租 rental_hour 送 bonus_hour; null when none. */
  rental_promotion: { rental_hour: number; bonus_hour: number } | null;
}

export interface ListingAttr {
  attr_name: string;
  value: string;
}

export interface GameRef {
  id: number;
  name: string;
  slug: string;
  icon: string;
  /** spec §3 game.maintenance_status and game.is_suspended (0/1). */
  maintenance_status: 0 | 1;
  is_suspended: 0 | 1;
  has_hafu_coin: boolean;
}

/** spec §3 "Game list item": title and id, mapped to label and value by the client. */
export interface GameListItem {
  title: string;
  id: number;
}

export interface GameOption {
  label: string;
  value: number;
}

export interface Platform {
  id: number;
  name: string;
}

export interface Zone {
  id: number;
  name: string;
  platform_id: number | null;
}

/** What a list (hall, home, tejia, shop page) shows of one listing. */
export interface ListingCard {
  id: number;
  title: string;
  /** First image, the cover. */
  cover: string;
  game_id: number;
  game_name: string;
  /** Link to the game's rental hall, e.g. /zuhao/3.html (spec game_path). */
  game_path: string;
  platform_name: string | null;
  zone_name: string | null;
  /** Hourly price. */
  rental: string;
  rental_fen: number;
  /** Minimum rental period in hours (spec min_rental_period). */
  min_rental_period: number;
  deposit: string;
  deposit_fen: number;
  is_merchant: boolean;
  is_store: boolean;
  is_insurance: boolean;
  is_use_vip_discount: boolean;
  is_use_bargain: boolean;
  top_shelf: boolean;
  popularity: number;
  availability: Availability;
  /** spec §4 bookable now, evaluated by the server at response time. */
  bookable_now: boolean;
  /** Hafu coins on the account (0 when none) and the prepay in yuan (game_money / rate). */
  game_money: number;
  money_exchange_rate: number | null;
  hafuCoinPrepay: string | null;
  /** 哈夫币号 / 皮肤号 for the hafu-coin game; null otherwise. */
  account_type: string | null;
  activity: ListingActivity;
  rental_period: RentalPeriodFlags;
}

/** spec §3 account listing, everything a renter cares about on the detail page. */
export interface ListingDetail extends ListingCard {
  imgs: string[];
  role_name: string;
  attrs: ListingAttr[];
  game: GameRef;
  gameInfo: { name: string };
  merchantInfo: { id: number; name: string; cert_type: CertType };
  is_rented: boolean;
  is_reservation: boolean;
  is_listed: boolean;
  third_type: string | null;
  /** 'HH:mm-HH:mm', may cross midnight. */
  rental_time: string;
  created_at: string;
}

/** Sort keys of the rental hall (issue 3): price, popularity, newest. */
export type HallSort = 'price_asc' | 'price_desc' | 'popular' | 'newest';

/** The sorts a visitor can ask for; no sort means 综合 (top shelf first, then popularity). */
export const HALL_SORTS = ['price_asc', 'price_desc', 'popular', 'newest'] as const satisfies readonly HallSort[];

/** Rental hall filters; every one lives in the URL query under the same name. */
export interface HallQuery {
  game_id?: number;
  platform_id?: number;
  zone_id?: number;
  keyword?: string;
  /** Hourly price range in yuan, inclusive. */
  price_min?: number;
  price_max?: number;
  /** Offers this period (besides hourly, which every listing offers). */
  period?: keyof RentalPeriodFlags;
  no_deposit?: boolean;
  vip_discount?: boolean;
  /** merchant (cert_type 2) or store (cert_type 1). */
  owner?: 'merchant' | 'store';
  insurance?: boolean;
  bargain?: boolean;
  /** Hafu-coin amount tier, spec §9: under 1M, 1M+, 10M+, 100M+. */
  hafu_tier?: 'lt1m' | '1m' | '10m' | '100m';
  /** Value of the account-type attribute (哈夫币号 / 皮肤号). */
  account_type?: string;
  sort?: HallSort;
  page?: number;
  page_size?: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}
