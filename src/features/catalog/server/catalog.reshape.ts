/**
 * Rows become API shapes here and nowhere else (STYLE "rows become app types in one place", the
 * `reshape*` functions of vercel/commerce): pages, endpoints and islands never see a database row.
 *
 * Money: rows carry integer fen; a shape carries the yuan string (fenToYuan) and the exact fen
 * beside it. Availability and bookable-now come from the rules (src/features/catalog/rules/availability.ts),
 * evaluated at `now`; the hafu prepay from src/features/orders/rules/hafu.ts.
 */
import type { CertType, GameListItem, GameRef, ListingActivity, ListingAttr, ListingCard, ListingDetail, RentalPeriodFlags } from '~/features/catalog/contract/catalog';
import { CERT_TYPE } from '~/features/catalog/constants';
import { isBookableNow, isGameInMaintenance, listingAvailability } from '~/features/catalog/rules/availability';
import { hafuPrepayFen } from '~/features/orders/rules/hafu';
import { recordFigures } from '~/features/catalog/rules/listing-record';
import { fenToYuan } from '~/platform/rules/money';
import type { AnnouncementRow, BannerRow, GameRow, HotTagRow } from '~/platform/db/schema';
import type { Announcement, AnnouncementSummary, Banner, HotTag, ShopSummary } from '~/features/catalog/server/catalog.types';
import { markdownToPlainText, renderStoredMarkdown } from '~/features/content/server';
import { cardVariantUrl } from '~/platform/db/uploads';

/** The columns a listing card is made of (see catalog.ts `cardSelection`). */
export interface ListingCardRow {
  id: number;
  title: string;
  cover: string | null;
  gameId: number;
  rentalFen: number;
  minRentalHours: number;
  depositFen: number;
  isRented: boolean;
  isReservation: boolean;
  isListed: boolean;
  isUseBargain: boolean;
  isUseVipDiscount: boolean;
  topShelf: boolean;
  isInsurance: boolean;
  thirdType: string | null;
  rentalTime: string;
  gameMoney: number;
  moneyExchangeRate: number | null;
  activityDiscount: number | null;
  promoRentalHours: number | null;
  promoBonusHours: number | null;
  dailyRental: boolean;
  tenHourRental: boolean;
  weeklyRental: boolean;
  morningRental: boolean;
  afternoonRental: boolean;
  nightRental: boolean;
  popularity: number;
  createdAt: Date;
  gameName: string;
  gameMaintenanceStatus: number;
  gameIsSuspended: number;
  gameHasHafuCoin: boolean;
  platformName: string | null;
  zoneName: string | null;
  certType: number;
  accountType: string | null;
  /** listing_stats, left joined (0 / null without a row). */
  recordRentals: number;
  recordComplainedRentals: number;
  recordLoginFailures: number;
  recordMedianReplySeconds: number | null;
}

/** A card row plus what the detail page adds. */
export interface ListingDetailRow extends ListingCardRow {
  roleName: string;
  description: string;
  imgs: string[];
  gameSlug: string;
  gameIcon: string;
  gameMaintenanceNotice: string | null;
  shopId: number;
  shopName: string;
}

export interface ShopSummaryRow {
  id: number;
  name: string;
  logo: string | null;
  certType: number;
  createdAt: Date;
  listingCount: number;
}

/** Rental hall link of a game (spec game_path). */
export function gamePath(gameId: number): string {
  return `/zuhao/${gameId}.html`;
}

/** The hall searching a keyword (a hot tag without its own link). */
export function keywordSearchPath(keyword: string): string {
  return `/zuhao.html?${new URLSearchParams({ keyword }).toString()}`;
}

const flag01 = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

function certTypeOf(value: number): CertType {
  return value === CERT_TYPE.store || value === CERT_TYPE.merchant ? value : CERT_TYPE.individual;
}

export function reshapeGame(row: Pick<GameRow, 'id' | 'name' | 'slug' | 'icon' | 'maintenanceStatus' | 'isSuspended' | 'hasHafuCoin' | 'maintenanceNotice'>): GameRef {
  const maintenance_status = flag01(row.maintenanceStatus);
  const is_suspended = flag01(row.isSuspended);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    icon: row.icon,
    maintenance_status,
    is_suspended,
    // The operator's note is news only while the game is in maintenance (spec §4: both flags).
    maintenance_notice: isGameInMaintenance({ maintenance_status, is_suspended }) ? row.maintenanceNotice : null,
    has_hafu_coin: row.hasHafuCoin,
  };
}

function reshapeActivity(row: ListingCardRow): ListingActivity {
  return {
    discount: row.activityDiscount ?? null,
    rental_promotion:
      row.promoRentalHours !== null && row.promoBonusHours !== null
        ? { rental_hour: row.promoRentalHours, bonus_hour: row.promoBonusHours }
        : null,
  };
}

function reshapeRentalPeriod(row: ListingCardRow): RentalPeriodFlags {
  return {
    daily_rental: row.dailyRental,
    ten_hour_rental: row.tenHourRental,
    weekly_rental: row.weeklyRental,
    morning_rental: row.morningRental,
    afternoon_rental: row.afternoonRental,
    night_rental: row.nightRental,
  };
}

export function reshapeListingCard(row: ListingCardRow, now: Date): ListingCard {
  const certType = certTypeOf(row.certType);
  const prepayFen = row.gameMoney > 0 ? hafuPrepayFen(row.gameMoney, row.moneyExchangeRate) : null;
  return {
    id: row.id,
    title: row.title,
    // Cards show the small variant of an uploaded image (listings keep the detail URL).
    cover: cardVariantUrl(row.cover ?? ''),
    game_id: row.gameId,
    game_name: row.gameName,
    game_path: gamePath(row.gameId),
    platform_name: row.platformName,
    zone_name: row.zoneName,
    rental: fenToYuan(row.rentalFen),
    rental_fen: row.rentalFen,
    min_rental_period: row.minRentalHours,
    deposit: fenToYuan(row.depositFen),
    deposit_fen: row.depositFen,
    is_merchant: certType === CERT_TYPE.merchant,
    is_store: certType === CERT_TYPE.store,
    is_insurance: row.isInsurance,
    is_use_vip_discount: row.isUseVipDiscount,
    is_use_bargain: row.isUseBargain,
    top_shelf: row.topShelf,
    popularity: row.popularity,
    // spec §4, decided by the rules, never here
    availability: listingAvailability({
      maintenance_status: flag01(row.gameMaintenanceStatus),
      is_suspended: flag01(row.gameIsSuspended),
      is_rented: row.isRented,
      is_reservation: row.isReservation,
      is_listed: row.isListed,
    }),
    bookable_now: isBookableNow({ is_rented: row.isRented, rental_time: row.rentalTime, third_type: row.thirdType }, now),
    game_money: row.gameMoney,
    money_exchange_rate: row.moneyExchangeRate,
    hafuCoinPrepay: prepayFen === null ? null : fenToYuan(prepayFen),
    account_type: row.gameHasHafuCoin ? row.accountType : null,
    activity: reshapeActivity(row),
    rental_period: reshapeRentalPeriod(row),
    record: recordFigures({
      rentals: row.recordRentals,
      complainedRentals: row.recordComplainedRentals,
      loginFailures: row.recordLoginFailures,
      medianReplySeconds: row.recordMedianReplySeconds,
    }),
  };
}

export function reshapeListingDetail(row: ListingDetailRow, attrs: readonly ListingAttr[], now: Date): ListingDetail {
  const card = reshapeListingCard(row, now);
  const game = reshapeGame({
    id: row.gameId,
    name: row.gameName,
    slug: row.gameSlug,
    icon: row.gameIcon,
    maintenanceStatus: row.gameMaintenanceStatus,
    isSuspended: row.gameIsSuspended,
    hasHafuCoin: row.gameHasHafuCoin,
    maintenanceNotice: row.gameMaintenanceNotice,
  });
  return {
    ...card,
    cover: row.imgs[0] ?? card.cover,
    imgs: [...row.imgs],
    role_name: row.roleName,
    description: row.description,
    attrs: attrs.map((attr) => ({ attr_name: attr.attr_name, value: attr.value })),
    game,
    gameInfo: { name: row.gameName },
    merchantInfo: { id: row.shopId, name: row.shopName, cert_type: certTypeOf(row.certType) },
    is_rented: row.isRented,
    is_reservation: row.isReservation,
    is_listed: row.isListed,
    third_type: row.thirdType,
    rental_time: row.rentalTime,
    created_at: row.createdAt.toISOString(),
  };
}

export function reshapeShop(row: ShopSummaryRow): ShopSummary {
  const certType = certTypeOf(row.certType);
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    cert_type: certType,
    is_merchant: certType === CERT_TYPE.merchant,
    is_store: certType === CERT_TYPE.store,
    listing_count: row.listingCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function reshapeBanner(row: Pick<BannerRow, 'id' | 'title' | 'image' | 'href'>): Banner {
  return { id: row.id, title: row.title, image: row.image, href: row.href };
}

/** Characters of content shown as an announcement's summary in lists. */
export const ANNOUNCEMENT_SUMMARY_CHARS = 60;

/** The first ANNOUNCEMENT_SUMMARY_CHARS characters of the content on one line, with … when cut. */
function summarize(content: string): string {
  // The content is Markdown: the summary is the words a reader sees, not its marks.
  const flat = markdownToPlainText(content).replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= ANNOUNCEMENT_SUMMARY_CHARS ? flat : `${chars.slice(0, ANNOUNCEMENT_SUMMARY_CHARS).join('')}…`;
}

export function reshapeAnnouncementSummary(row: Pick<AnnouncementRow, 'id' | 'title' | 'content' | 'isPinned' | 'publishedAt'>): AnnouncementSummary {
  return {
    id: row.id,
    title: row.title,
    summary: summarize(row.content),
    is_pinned: row.isPinned,
    published_at: row.publishedAt.toISOString(),
  };
}

export function reshapeAnnouncement(row: AnnouncementRow): Announcement {
  return { ...reshapeAnnouncementSummary(row), content: row.content, content_html: renderStoredMarkdown(row.content) };
}

export function reshapeHotTag(row: Pick<HotTagRow, 'id' | 'name' | 'keyword' | 'href'>): HotTag {
  return { id: row.id, name: row.name, keyword: row.keyword, href: row.href ?? keywordSearchPath(row.keyword) };
}

/** spec §3 "Game list item" as GET rentalHall/gameList's URL returns it: title and id. */
export function reshapeGameListItem(row: Pick<GameRow, 'id' | 'name'>): GameListItem {
  return { title: row.name, id: row.id };
}
