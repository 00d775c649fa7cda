/**
 * The seller's listings ("Listing an account"): create, edit, 上架 / 下架 / 维护, delete,
 * the seller's list, the edit view, the owner's own login details and the form's options.
 *
 * Ownership on every call: a listing of another shop is looked up with the caller's shop in the
 * WHERE clause, so it answers 404 账号不存在 exactly like a missing one (nothing tells the two
 * apart). A deleted listing is kept for order history and is gone for its seller too.
 *
 * A change and the order check it depends on agree through the listing row: the state calls take
 * it FOR UPDATE before they read the orders, and creating a rental takes it FOR KEY SHARE before
 * it reads the listing (orders/server/booking.ts lockListingForRental), so a rental being created concurrently
 * either lands before the check (and is seen) or reads the new state (and is refused).
 * listings and listing_attrs writes bump catalog_version (migration 0002), so the hall and the
 * detail page show a change at once.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_TYPE_ATTR_NAME, ORDER_STATUS, type ListingReviewStatus, type ListingSellerState } from '~/platform/config/constants';
import {
  ACCOUNT_TYPE_CHOICES,
  MSG_ACCOUNT_TYPE_REQUIRED,
  MSG_BAD_IMAGE,
  MSG_CREDENTIALS_LOCKED,
  MSG_HAFU_NOT_APPLICABLE,
  MSG_HAFU_REQUIRED,
  MSG_LISTING_DELETED_OK,
  MSG_LISTING_NOT_FOUND,
  MSG_LISTING_UNLISTED_INSTEAD,
  MSG_PLATFORM_MISMATCH,
  MSG_ZONE_MISMATCH,
  type ListingAttrInput,
  type ListingAttrOption,
  type ListingCreateBody,
  type ListingGameOption,
  type ListingImageInput,
  type ListingStateBody,
  type ListingBulkPriceBody,
  type ListingBulkStateBody,
  type SellerListingBulkAnswer,
  type ListingUpdateBody,
  type Page,
  type PlatformHold,
  type SellerListingCredentials,
  type SellerListingDeleteAnswer,
  type SellerListingEdit,
  type SellerListingOptions,
  type SellerListingRow,
  type SellerListingSaved,
  type SellerListingStateAnswer,
  type SellerListingsQuery,
} from '~/features/sellers/contract/seller-listings';
import { REVIEW_STATUS_LABEL, SELLER_STATE_LABEL, canMoveTo, deleteOutcome, isListedAs, reviewAfterSave } from '~/features/sellers/rules/listing-form';
import { PLATFORM_REASON_MAX_CHARS, reviewFromAfterSave, sellerMoveWhileHeld } from '~/features/sellers/rules/listing-review';
import { fenToYuan } from '~/platform/rules/money';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { games, listingAttrs, listingCredentials, listingStats, listings, orders, platforms, shops, uploadedImages, zones } from '~/platform/db/schema';
import { badRequest, conflict, notFound } from '~/platform/http/errors';
import { recordReveal, type RevealSource, readListingCredentials, setListingCredentials } from '~/features/orders/server';
import { requireSeller, type SellerShop } from '~/features/sellers/server/sellers';
import { listingFigures } from '~/features/sellers/server/listing-figures';
import { listingRowColumns } from '~/features/sellers/server/listing-columns';
import { listingAttrsError } from '~/features/catalog/rules/game-listing-attrs';
import { bulkRefusal, planBulkMove, planBulkPrice, type BulkListing } from '~/features/sellers/rules/listing-bulk';
import { readSettings } from '~/features/content/server';
import { parseUploadKey, uploadUrl } from '~/platform/db/uploads';

export const MSG_CREDENTIALS_NOT_SET = '尚未填写登录信息';
export const MSG_GAME_MISSING = '游戏不存在';
export const MSG_PLATFORM_REQUIRED = '请选择平台';
export const MSG_ZONE_REQUIRED = '请选择区服';

const listingNotFound = () => notFound(MSG_LISTING_NOT_FOUND);

export type ListingRow = typeof listings.$inferSelect;

/** The platform's hold as the seller's answers carry it. */
export function platformHoldOf(row: Pick<ListingRow, 'heldAt' | 'holdReason'>): PlatformHold | null {
  return row.heldAt && row.holdReason ? { reason: row.holdReason, held_at: row.heldAt.toISOString() } : null;
}

// ---------------------------------------------------------------------------------------------
// reading one owned listing

/** The caller's listing (not deleted), optionally locked FOR UPDATE; 404 otherwise, whoever owns it. */
async function ownedListing(db: DbOrTx, shop: SellerShop, id: number, lock = false): Promise<ListingRow> {
  const query = db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.shopId, shop.shopId), ne(listings.sellerState, 'deleted')));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw listingNotFound();
  return row;
}

/** A paid rental of the listing whose window contains `now` (spec order_status 3). */
async function hasRunningRental(db: DbOrTx, listingId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.listingId, listingId), eq(orders.kind, 'rental'), eq(orders.status, ORDER_STATUS.paid), lte(orders.startsAt, now), gt(orders.endsAt, now)),
    )
    .limit(1);
  return row !== undefined;
}

/** A rental of the listing running or still to come: unpaid, paying or paid, ending after `now`. */
async function hasRunningOrFutureRental(db: DbOrTx, listingId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.listingId, listingId),
        eq(orders.kind, 'rental'),
        inArray(orders.status, [ORDER_STATUS.unpaid, ORDER_STATUS.paying, ORDER_STATUS.paid]),
        gt(orders.endsAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

function toEdit(row: ListingRow, attrs: ListingAttrInput[], loginAccount: string | null): SellerListingEdit {
  return {
    id: row.id,
    game_id: row.gameId,
    platform_id: row.platformId,
    zone_id: row.zoneId,
    title: row.title,
    role_name: row.roleName,
    description: row.description,
    attrs,
    game_money: row.gameMoney,
    money_exchange_rate: row.moneyExchangeRate,
    images: row.imgs,
    rental: fenToYuan(row.rentalFen),
    rental_fen: row.rentalFen,
    rental_period: {
      daily_rental: row.dailyRental,
      ten_hour_rental: row.tenHourRental,
      weekly_rental: row.weeklyRental,
      morning_rental: row.morningRental,
      afternoon_rental: row.afternoonRental,
      night_rental: row.nightRental,
    },
    min_rental_period: row.minRentalHours,
    rental_time: row.rentalTime,
    deposit: fenToYuan(row.depositFen),
    deposit_fen: row.depositFen,
    is_use_bargain: row.isUseBargain,
    is_use_vip_discount: row.isUseVipDiscount,
    is_insurance: row.isInsurance,
    is_reservation: row.isReservation,
    login_account: loginAccount,
    seller_state: row.sellerState,
    review_status: row.reviewStatus,
    review_reason: row.reviewReason,
    platform_hold: platformHoldOf(row),
    is_listed: row.isListed,
    is_rented: row.isRented,
  };
}

async function editView(db: DbOrTx, row: ListingRow): Promise<SellerListingEdit> {
  const attrs = await db
    .select({ attr_name: listingAttrs.attrName, value: listingAttrs.value })
    .from(listingAttrs)
    .where(eq(listingAttrs.listingId, row.id))
    .orderBy(asc(listingAttrs.id));
  const [credentials] = await db.select({ loginAccount: listingCredentials.loginAccount }).from(listingCredentials).where(eq(listingCredentials.listingId, row.id));
  return toEdit(row, attrs, credentials?.loginAccount ?? null);
}

// ---------------------------------------------------------------------------------------------
// checking a form against the game and the caller's uploads

/** The game, platform and zone agree; the hafu fields and the account type fit the game. */
async function checkGameParts(db: DbOrTx, body: ListingCreateBody | ListingUpdateBody): Promise<{ gameMoney: number; rate: number | null; attrs: ListingAttrInput[] }> {
  const [game] = await db.select({ id: games.id, hasHafuCoin: games.hasHafuCoin, listingAttrs: games.listingAttrs }).from(games).where(eq(games.id, body.game_id));
  if (!game) throw badRequest(MSG_GAME_MISSING);

  const platformRows = await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.gameId, game.id));
  const platformId = body.platform_id ?? null;
  if (platformId === null && platformRows.length > 0) throw badRequest(MSG_PLATFORM_REQUIRED);
  if (platformId !== null && !platformRows.some((platform) => platform.id === platformId)) throw badRequest(MSG_PLATFORM_MISMATCH);

  const zoneRows = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.gameId, game.id), platformId === null ? isNull(zones.platformId) : or(eq(zones.platformId, platformId), isNull(zones.platformId))));
  const zoneId = body.zone_id ?? null;
  if (zoneId === null && zoneRows.length > 0) throw badRequest(MSG_ZONE_REQUIRED);
  if (zoneId !== null && !zoneRows.some((zone) => zone.id === zoneId)) throw badRequest(MSG_ZONE_MISMATCH);

  const accountType = body.attrs.find((attr) => attr.attr_name === ACCOUNT_TYPE_ATTR_NAME);
  if (game.hasHafuCoin) {
    if (!body.money_exchange_rate) throw badRequest(MSG_HAFU_REQUIRED);
    if (!accountType || !ACCOUNT_TYPE_CHOICES.includes(accountType.value)) throw badRequest(MSG_ACCOUNT_TYPE_REQUIRED);
  } else if (body.game_money > 0) throw badRequest(MSG_HAFU_NOT_APPLICABLE);
  // The game's own 段位 / 英雄数量 / 皮肤数量 (games.listing_attrs): a choice of its values, a count within its bounds.
  const attrsError = listingAttrsError(game.listingAttrs, body.attrs);
  if (attrsError) throw badRequest(attrsError);
  if (game.hasHafuCoin) return { gameMoney: body.game_money, rate: body.money_exchange_rate ?? null, attrs: body.attrs };
  // 账号类型 tells hafu-coin accounts from skin accounts; other games have no such thing.
  return { gameMoney: 0, rate: null, attrs: body.attrs.filter((attr) => attr.attr_name !== ACCOUNT_TYPE_ATTR_NAME) };
}

const UPLOAD_PATH = /^\/uploads\/([^/]+)\/(card|detail)\.webp$/;

/**
 * The images as the listing stores them (the detail variant's URL, the first is the cover): an
 * upload id or an upload URL of the caller's own listing pictures, or a URL the listing already
 * has (an edit keeps its pictures, the seeded covers included). Anything else is 400.
 */
async function resolveImages(db: DbOrTx, userId: number, images: ListingImageInput[], existing: readonly string[]): Promise<string[]> {
  const wanted: ({ kind: 'keep'; url: string } | { kind: 'upload'; id: number; hash: string | null })[] = images.map((image) => {
    if (typeof image === 'number') return { kind: 'upload', id: image, hash: null };
    if (existing.includes(image)) return { kind: 'keep', url: image };
    const match = UPLOAD_PATH.exec(image);
    const key = match ? parseUploadKey(match[1]) : null;
    if (!key) throw badRequest(MSG_BAD_IMAGE);
    return { kind: 'upload', id: key.id, hash: key.hash };
  });
  const ids = [...new Set(wanted.flatMap((item) => (item.kind === 'upload' ? [item.id] : [])))];
  const rows = ids.length
    ? await db
        .select({ id: uploadedImages.id, cardSha256: uploadedImages.cardSha256, detailSha256: uploadedImages.detailSha256 })
        .from(uploadedImages)
        .where(and(inArray(uploadedImages.id, ids), eq(uploadedImages.ownerUserId, userId), eq(uploadedImages.purpose, 'listing')))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const urls = wanted.map((item) => {
    if (item.kind === 'keep') return item.url;
    const row = byId.get(item.id);
    if (!row) throw badRequest(MSG_BAD_IMAGE);
    if (item.hash !== null && !row.cardSha256.startsWith(item.hash) && !row.detailSha256.startsWith(item.hash)) throw badRequest(MSG_BAD_IMAGE);
    return uploadUrl(row.id, 'detail', row.detailSha256);
  });
  return [...new Set(urls)];
}

/** The columns a form writes (everything but the states and the owner). */
function formColumns(body: ListingCreateBody | ListingUpdateBody, parts: { gameMoney: number; rate: number | null }, imgs: string[]) {
  return {
    gameId: body.game_id,
    platformId: body.platform_id ?? null,
    zoneId: body.zone_id ?? null,
    title: body.title,
    roleName: body.role_name,
    description: body.description,
    imgs,
    rentalFen: body.rental,
    minRentalHours: body.min_rental_period,
    depositFen: body.deposit,
    isReservation: body.is_reservation,
    isUseBargain: body.is_use_bargain,
    isUseVipDiscount: body.is_use_vip_discount,
    isInsurance: body.is_insurance,
    rentalTime: body.rental_time,
    gameMoney: parts.gameMoney,
    moneyExchangeRate: parts.rate,
    dailyRental: body.rental_period.daily_rental,
    tenHourRental: body.rental_period.ten_hour_rental,
    weeklyRental: body.rental_period.weekly_rental,
    morningRental: body.rental_period.morning_rental,
    afternoonRental: body.rental_period.afternoon_rental,
    nightRental: body.rental_period.night_rental,
  };
}

async function writeAttrs(tx: DbTx, listingId: number, attrs: ListingAttrInput[]): Promise<void> {
  await tx.delete(listingAttrs).where(eq(listingAttrs.listingId, listingId));
  if (attrs.length > 0) await tx.insert(listingAttrs).values(attrs.map((attr) => ({ listingId, attrName: attr.attr_name, value: attr.value })));
}

/** Review applies site-wide when it is on, and to a shop an operator marked for review always. */
async function reviewSettings(db: DbOrTx, shop: Pick<SellerShop, 'reviewListings'>): Promise<{ enabled: boolean; ratio: number }> {
  const settings = await readSettings(db, ['seller.review_enabled', 'seller.review_price_change_ratio']);
  return { enabled: settings['seller.review_enabled'] || shop.reviewListings, ratio: settings['seller.review_price_change_ratio'] };
}

const createdMsg = (review: ListingReviewStatus): string => (review === 'pending' ? '已提交，审核通过后上架' : '发布成功');

// ---------------------------------------------------------------------------------------------
// create, update

/** POST seller/listings/create: on the shelf at once when review is off, waiting for review when it is on. */
export async function createSellerListing(db: Db, userId: number, body: ListingCreateBody, now: Date): Promise<SellerListingSaved> {
  return db.transaction(async (tx) => {
    const shop = await requireSeller(tx, userId);
    const parts = await checkGameParts(tx, body);
    const imgs = await resolveImages(tx, userId, body.images, []);
    const review = await reviewSettings(tx, shop);
    const reviewStatus = reviewAfterSave({ reviewEnabled: review.enabled, ratio: review.ratio, previous: null, rentalFen: body.rental });
    const sellerState: ListingSellerState = 'on_shelf';
    const [row] = await tx
      .insert(listings)
      .values({
        shopId: shop.shopId,
        ...formColumns(body, parts, imgs),
        sellerState,
        reviewStatus,
        isListed: isListedAs(sellerState, reviewStatus, false),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writeAttrs(tx, row!.id, parts.attrs);
    await setListingCredentials(tx, row!.id, body.login_account, body.login_password);
    return { listing: await editView(tx, row!), msg: createdMsg(reviewStatus) };
  });
}

/**
 * POST seller/listings/update: the whole form. A price change beyond the ratio goes back to review
 * (review on); new login details are refused with 409 while a rental of the listing runs.
 */
export async function updateSellerListing(db: Db, userId: number, body: ListingUpdateBody, now: Date): Promise<SellerListingSaved> {
  return db.transaction(async (tx) => {
    const shop = await requireSeller(tx, userId);
    const current = await ownedListing(tx, shop, body.id, true);
    const parts = await checkGameParts(tx, body);
    const imgs = await resolveImages(tx, userId, body.images, current.imgs);

    if (body.login_account !== undefined || body.login_password !== undefined) {
      const old = await readListingCredentials(tx, current.id);
      const next = { loginAccount: body.login_account ?? old?.loginAccount, password: body.login_password ?? old?.password };
      if (next.loginAccount === undefined || next.password === undefined) throw badRequest('请同时填写登录账号和登录密码');
      const changed = !old || old.loginAccount !== next.loginAccount || old.password !== next.password;
      if (changed) {
        if (await hasRunningRental(tx, current.id, now)) throw conflict(MSG_CREDENTIALS_LOCKED);
        await setListingCredentials(tx, current.id, next.loginAccount, next.password);
      }
    }

    const review = await reviewSettings(tx, shop);
    const reviewStatus = reviewAfterSave({
      reviewEnabled: review.enabled,
      ratio: review.ratio,
      previous: { reviewStatus: current.reviewStatus, rentalFen: current.rentalFen },
      rentalFen: body.rental,
    });
    const [row] = await tx
      .update(listings)
      .set({
        ...formColumns(body, parts, imgs),
        reviewStatus,
        reviewReason: reviewStatus === 'rejected' ? current.reviewReason : null,
        reviewFromRentalFen: reviewFromAfterSave(current, reviewStatus),
        isListed: isListedAs(current.sellerState, reviewStatus, current.heldAt !== null),
        updatedAt: now,
      })
      .where(eq(listings.id, current.id))
      .returning();
    await writeAttrs(tx, current.id, parts.attrs);
    const saved = reviewStatus !== 'pending' ? '保存成功' : current.reviewStatus === 'approved' ? '已保存，价格变动较大，审核通过后生效' : '已保存，审核通过后生效';
    // A fix to a listing the platform took down does not bring it back by itself.
    const msg = current.heldAt ? `${saved}（该账号已被平台下架，恢复后才会对租客可见）` : saved;
    return { listing: await editView(tx, row!), msg };
  });
}

// ---------------------------------------------------------------------------------------------
// states

/** POST seller/listings/state: 上架 / 下架 / 维护 (on_shelf ↔ off_shelf ↔ maintenance). */
export async function changeSellerListingState(db: Db, userId: number, body: ListingStateBody, now: Date): Promise<SellerListingStateAnswer> {
  return db.transaction(async (tx) => {
    const shop = await requireSeller(tx, userId);
    const current = await ownedListing(tx, shop, body.id, true);
    // The platform's hold first: 上架 on a held listing says why, whatever state the seller left it in.
    const held = sellerMoveWhileHeld(body.state, platformHoldOf(current));
    if (!held.ok) throw conflict(held.error);
    const move = canMoveTo(current.sellerState, body.state);
    if (!move.ok) throw conflict(move.error);
    const isListed = isListedAs(body.state, current.reviewStatus, current.heldAt !== null);
    await tx.update(listings).set({ sellerState: body.state, isListed, updatedAt: now }).where(eq(listings.id, current.id));
    const msg =
      body.state === 'on_shelf' ? (isListed ? '已上架' : '已上架，审核通过后对租客可见') : body.state === 'off_shelf' ? '已下架' : '已设为维护中';
    return { id: current.id, seller_state: body.state, review_status: current.reviewStatus, is_listed: isListed, msg };
  });
}

/**
 * POST seller/listings/delete: deleted when no rental of it runs or is to come (its login details
 * are dropped with it: nobody may read them any more); otherwise taken off the shelf and kept, and
 * the answer says so.
 */
export async function deleteSellerListing(db: Db, userId: number, id: number, now: Date): Promise<SellerListingDeleteAnswer> {
  return db.transaction(async (tx) => {
    const shop = await requireSeller(tx, userId);
    const current = await ownedListing(tx, shop, id, true);
    const outcome = deleteOutcome(current.sellerState, await hasRunningOrFutureRental(tx, current.id, now));
    if (outcome === 'refused') throw listingNotFound();
    if (outcome === 'unlisted') {
      await tx.update(listings).set({ sellerState: 'off_shelf', isListed: false, updatedAt: now }).where(eq(listings.id, current.id));
      return { id: current.id, outcome, msg: MSG_LISTING_UNLISTED_INSTEAD };
    }
    await tx.update(listings).set({ sellerState: 'deleted', isListed: false, updatedAt: now }).where(eq(listings.id, current.id));
    await tx.delete(listingCredentials).where(eq(listingCredentials.listingId, current.id));
    return { id: current.id, outcome, msg: MSG_LISTING_DELETED_OK };
  });
}

// ---------------------------------------------------------------------------------------------
// bulk (我的出租's selected rows)

/**
 * The caller's listings of `ids` (not deleted), locked FOR UPDATE in id order (two bulk calls over
 * the same rows queue instead of deadlocking). One id that is not the caller's, or is gone,
 * refuses the whole call with 404 naming it, as the single-item calls answer for it.
 */
async function ownedListingsForUpdate(tx: DbTx, shop: SellerShop, ids: readonly number[]): Promise<ListingRow[]> {
  const rows = await tx
    .select()
    .from(listings)
    .where(and(inArray(listings.id, [...ids]), eq(listings.shopId, shop.shopId), ne(listings.sellerState, 'deleted')))
    .orderBy(asc(listings.id))
    .for('update');
  const missing = ids.find((id) => !rows.some((row) => row.id === id));
  if (missing !== undefined) throw notFound(bulkRefusal(missing, MSG_LISTING_NOT_FOUND));
  return rows;
}

function bulkListing(row: ListingRow): BulkListing {
  return {
    id: row.id,
    sellerState: row.sellerState,
    reviewStatus: row.reviewStatus,
    rentalFen: row.rentalFen,
    reviewFromRentalFen: row.reviewFromRentalFen,
    hold: platformHoldOf(row),
  };
}

/** The toast of a bulk call: how many changed, how many already were so, and what follows. */
function bulkMsg(done: string, changed: number, unchanged: number, already: string, extra = ''): string {
  const head = changed > 0 ? `已${done}${changed}个账号` : `没有需要${done}的账号`;
  return `${head}${unchanged > 0 ? `，${unchanged}个${already}` : ''}${extra}`;
}

/**
 * POST seller/listings/bulk-state: 上架 or 下架 of every named listing in one transaction, each by
 * the rules of POST seller/listings/state (rules/listing-bulk.ts); one refusal refuses them all.
 */
export async function bulkChangeSellerListingState(db: Db, userId: number, body: ListingBulkStateBody, now: Date): Promise<SellerListingBulkAnswer> {
  return db.transaction(async (tx) => {
    const shop = await requireSeller(tx, userId);
    const rows = await ownedListingsForUpdate(tx, shop, body.ids);
    const plan = planBulkMove(rows.map(bulkListing), body.state);
    if (!plan.ok) throw conflict(bulkRefusal(plan.id, plan.error));
    for (const isListed of [true, false]) {
      const ids = plan.changes.filter((change) => change.isListed === isListed).map((change) => change.id);
      if (ids.length > 0) await tx.update(listings).set({ sellerState: body.state, isListed, updatedAt: now }).where(inArray(listings.id, ids));
    }
    const waiting = body.state === 'on_shelf' ? plan.changes.filter((change) => !change.isListed).length : 0;
    const done = body.state === 'on_shelf' ? '上架' : '下架';
    return {
      changed: plan.changes.map((change) => change.id),
      unchanged: plan.unchanged,
      pending_review: [],
      msg: bulkMsg(done, plan.changes.length, plan.unchanged.length, `原本就已${done}`, waiting > 0 ? `，其中${waiting}个审核通过后对租客可见` : ''),
    };
  });
}

/**
 * POST seller/listings/bulk-price: one hourly price for every named listing in one transaction,
 * each with the review an edit of its form would bring (rules/listing-bulk.ts planBulkPrice).
 */
export async function bulkChangeSellerListingPrice(db: Db, userId: number, body: ListingBulkPriceBody, now: Date): Promise<SellerListingBulkAnswer> {
  return db.transaction(async (tx) => {
    const shop = await requireSeller(tx, userId);
    const rows = await ownedListingsForUpdate(tx, shop, body.ids);
    const review = await reviewSettings(tx, shop);
    const plan = planBulkPrice(rows.map(bulkListing), body.rental, review);
    if (!plan.ok) throw conflict(bulkRefusal(plan.id, plan.error));
    for (const change of plan.changes) {
      await tx
        .update(listings)
        .set({
          rentalFen: change.rentalFen,
          reviewStatus: change.reviewStatus,
          reviewReason: null,
          reviewFromRentalFen: change.reviewFromRentalFen,
          isListed: change.isListed,
          updatedAt: now,
        })
        .where(eq(listings.id, change.id));
    }
    const pending = plan.changes.filter((change) => change.reviewStatus === 'pending').map((change) => change.id);
    return {
      changed: plan.changes.map((change) => change.id),
      unchanged: plan.unchanged,
      pending_review: pending,
      msg: bulkMsg('改价', plan.changes.length, plan.unchanged.length, '原本就是该价格', pending.length > 0 ? `，其中${pending.length}个价格变动较大，审核通过后生效` : ''),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// reading

// A listing the platform took down is not 已上架 whatever the seller chose; 待处理 (review) is
// everything waiting on the platform: pending, rejected and taken down.
const FILTER_CONDITION: Record<SellerListingsQuery['state'], SQL | undefined> = {
  all: undefined,
  on_shelf: and(eq(listings.sellerState, 'on_shelf'), isNull(listings.heldAt)),
  off_shelf: eq(listings.sellerState, 'off_shelf'),
  maintenance: eq(listings.sellerState, 'maintenance'),
  pending: eq(listings.reviewStatus, 'pending'),
  rejected: eq(listings.reviewStatus, 'rejected'),
  held: isNotNull(listings.heldAt),
  rented: eq(listings.isRented, true),
  review: or(inArray(listings.reviewStatus, ['pending', 'rejected']), isNotNull(listings.heldAt)),
};

/** LIKE's own characters taken literally: a search for 100% finds "100%", not everything from "100". */
const likeLiteral = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search box: a fragment of the title or the login account, or a listing's 编号 typed whole. */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likeLiteral(q);
  const byText = or(sql`${listings.title} ilike ${pattern}`, sql`${listingCredentials.loginAccount} ilike ${pattern}`);
  const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
  return id === null ? byText : or(byText, eq(listings.id, id));
}

/**
 * GET seller/listings: one page of the caller's listings, newest first, deleted ones left out,
 * narrowed by state, game and the search box, each row with its views, rentals and rating.
 */
export async function listSellerListings(db: DbOrTx, userId: number, query: SellerListingsQuery): Promise<Page<SellerListingRow>> {
  const shop = await requireSeller(db, userId);
  const where = and(
    eq(listings.shopId, shop.shopId),
    ne(listings.sellerState, 'deleted'),
    FILTER_CONDITION[query.state],
    query.game_id === undefined ? undefined : eq(listings.gameId, query.game_id),
    searchCondition(query.q),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...listingRowColumns,
        loginAccount: listingCredentials.loginAccount,
        rentals: listingStats.rentals,
      })
      .from(listings)
      .innerJoin(games, eq(games.id, listings.gameId))
      .leftJoin(listingCredentials, eq(listingCredentials.listingId, listings.id))
      .leftJoin(listingStats, eq(listingStats.listingId, listings.id))
      .where(where)
      .orderBy(desc(listings.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ value: count() })
      .from(listings)
      .leftJoin(listingCredentials, eq(listingCredentials.listingId, listings.id))
      .where(where),
  ]);
  const figures = await listingFigures(db, rows.map((row) => row.id));
  return {
    list: rows.map((row) => {
      const figure = figures.get(row.id);
      return {
        id: row.id,
        cover: row.cover,
        title: row.title,
        game_id: row.gameId,
        game_name: row.gameName,
        rental: fenToYuan(row.rentalFen),
        rental_fen: row.rentalFen,
        seller_state: row.sellerState,
        seller_state_text: SELLER_STATE_LABEL[row.sellerState],
        review_status: row.reviewStatus,
        review_status_text: REVIEW_STATUS_LABEL[row.reviewStatus],
        review_reason: row.reviewReason,
        platform_hold: platformHoldOf(row),
        is_rented: row.isRented,
        is_listed: row.isListed,
        updated_at: row.updatedAt.toISOString(),
        login_account: row.loginAccount,
        views: figure?.views ?? 0,
        rentals: row.rentals ?? 0,
        avg_rating: figure?.avgRating ?? null,
        review_count: figure?.reviewCount ?? 0,
      };
    }),
    total: total?.value ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** GET seller/listings/detail: the form's values, the login account but never the password. */
export async function getSellerListing(db: DbOrTx, userId: number, id: number): Promise<SellerListingEdit> {
  const shop = await requireSeller(db, userId);
  return editView(db, await ownedListing(db, shop, id));
}

/**
 * GET seller/listings/credentials: the owner's own login details, asked for explicitly. Each reveal
 * is logged when `source` is given (arbitration shows the owner's looks during a rental).
 */
export async function getSellerListingCredentials(db: DbOrTx, userId: number, id: number, now: Date = new Date(), source: RevealSource | null = null): Promise<SellerListingCredentials> {
  const shop = await requireSeller(db, userId);
  const row = await ownedListing(db, shop, id);
  const credentials = await readListingCredentials(db, row.id);
  if (!credentials) throw notFound(MSG_CREDENTIALS_NOT_SET);
  if (source) await recordReveal(db, { listingId: row.id, orderId: null, userId, viewer: 'owner' }, source, now);
  return { login_account: credentials.loginAccount, login_password: credentials.password };
}

/**
 * GET seller/listings/options: every game with its platforms and zones, and the attributes its
 * listings state, as the game's data defines them (games.listing_attrs: 段位 with the game's
 * ranks, 英雄数量 and 皮肤数量 with their bounds). The hafu game adds 账号类型 (哈夫币号 / 皮肤号), required.
 */
export async function sellerListingOptions(db: DbOrTx, userId: number): Promise<SellerListingOptions> {
  await requireSeller(db, userId);
  const gameRows = await db
    .select({ id: games.id, name: games.name, hasHafuCoin: games.hasHafuCoin, listingAttrs: games.listingAttrs })
    .from(games)
    .orderBy(asc(games.sort), asc(games.id));
  const platformRows = await db.select({ id: platforms.id, gameId: platforms.gameId, name: platforms.name }).from(platforms).orderBy(asc(platforms.id));
  const zoneRows = await db.select({ id: zones.id, gameId: zones.gameId, platformId: zones.platformId, name: zones.name }).from(zones).orderBy(asc(zones.id));
  const [shop] = await db.select({ reviewListings: shops.reviewListings }).from(shops).where(eq(shops.ownerUserId, userId));
  const review = await reviewSettings(db, { reviewListings: shop?.reviewListings ?? false });

  const gamesOut: ListingGameOption[] = gameRows.map((game) => {
    const attrs: ListingAttrOption[] = game.listingAttrs
      .filter((def) => def.name !== ACCOUNT_TYPE_ATTR_NAME)
      .map((def) =>
        def.kind === 'choice'
          ? { name: def.name, kind: 'choice', choices: [...def.choices], min: null, max: null, required: def.required }
          : { name: def.name, kind: 'number', choices: [], min: def.min, max: def.max, required: def.required },
      );
    if (game.hasHafuCoin) attrs.unshift({ name: ACCOUNT_TYPE_ATTR_NAME, kind: 'choice', choices: [...ACCOUNT_TYPE_CHOICES], min: null, max: null, required: true });
    return {
      id: game.id,
      name: game.name,
      has_hafu_coin: game.hasHafuCoin,
      platforms: platformRows.filter((row) => row.gameId === game.id).map((row) => ({ id: row.id, name: row.name })),
      zones: zoneRows.filter((row) => row.gameId === game.id).map((row) => ({ id: row.id, name: row.name, platform_id: row.platformId })),
      attrs,
    };
  });
  return { games: gamesOut, review_enabled: review.enabled, review_price_change_ratio: review.ratio };
}

// ---------------------------------------------------------------------------------------------
// review (the operator's side: the console, services/ops/listings.ts)

export const MSG_NOT_PENDING = '该账号不在审核中';
export const MSG_REVIEW_REASON = `请填写驳回原因（${PLATFORM_REASON_MAX_CHARS}字以内）`;

export type ListingReviewDecision = { approve: true } | { approve: false; reason: string };

/**
 * An operator approves a listing under review (it reaches the hall at once if the seller keeps it
 * on the shelf and the platform has not taken it down) or rejects it with a reason the seller sees
 * on 我的出租. Only a pending listing; inside the caller's transaction (the console's, beside its
 * audit row). `check` sees the locked row once it is known to be pending.
 */
export async function applyListingReview(
  tx: DbTx,
  listingId: number,
  decision: ListingReviewDecision,
  now: Date,
  check?: (row: ListingRow) => void,
): Promise<{ before: ListingRow; after: ListingRow }> {
  const [row] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
  if (!row || row.sellerState === 'deleted') throw listingNotFound();
  if (row.reviewStatus !== 'pending') throw conflict(MSG_NOT_PENDING);
  check?.(row);
  const reason = decision.approve ? null : decision.reason.trim();
  if (reason !== null && (reason === '' || Array.from(reason).length > PLATFORM_REASON_MAX_CHARS)) throw badRequest(MSG_REVIEW_REASON);
  const reviewStatus: ListingReviewStatus = decision.approve ? 'approved' : 'rejected';
  const [after] = await tx
    .update(listings)
    .set({
      reviewStatus,
      reviewReason: reason,
      // Approved: the new price is the approved one now. Rejected: the queue still shows the change when it comes back.
      reviewFromRentalFen: decision.approve ? null : row.reviewFromRentalFen,
      isListed: isListedAs(row.sellerState, reviewStatus, row.heldAt !== null),
      updatedAt: now,
    })
    .where(eq(listings.id, listingId))
    .returning();
  return { before: row, after: after! };
}

/** The same decision in a transaction of its own (tests; no operator, so no audit row). */
export async function decideListingReview(
  db: Db,
  listingId: number,
  decision: ListingReviewDecision,
  now: Date,
): Promise<{ id: number; review_status: ListingReviewStatus; is_listed: boolean }> {
  return db.transaction(async (tx) => {
    const { after } = await applyListingReview(tx, listingId, decision, now);
    return { id: after.id, review_status: after.reviewStatus, is_listed: after.isListed };
  });
}
