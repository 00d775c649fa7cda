/**
 * The wanted board (/task and /task-publish; docs/decisions.md "Wanted board and
 * investment leads"). A renter publishes the account they want; sellers offer one of
 * their own listed accounts at a price per hour; the task's owner accepts one offer, which makes an
 * ordinary unpaid rental order (the orders table, the order service's checks, the normal payment).
 *
 * Offers are private: the owner sees every offer on their task, a seller their own, nobody else any.
 * Acceptance holds the task row FOR UPDATE, so two accepts (the same offer twice, or two offers at
 * once) queue on it and exactly one order is made; the partial unique index
 * task_offers_one_accepted_key and wanted_tasks_order_key are the database's own guard behind that.
 */
import { and, count, desc, eq, gt, ne, notInArray, sql } from 'drizzle-orm';
import { ORDER_PAY_TIMEOUT_MS, ORDER_STATUS, RENTAL_ID, MS_PER_HOUR } from '~/platform/config/constants';
import { TASK_OFFERS_PER_TASK_MAX, TASK_OPEN_PER_USER_MAX, TASK_PUBLISH_PER_DAY_MAX } from '~/features/tasks/constants';
import type { Page } from '~/platform/wire/common';
import type { OfferableListing, TaskAcceptAnswer, TaskDetail, TaskOfferView, TaskView } from '~/features/tasks/contract';
import type { TaskHallQuery, TaskOfferBody, TaskPublishBody } from '~/features/tasks/wire';
import { MSG_OFFER_DUPLICATE, MSG_OFFER_LISTING_NOT_YOURS, MSG_OFFER_NO_SHOP, MSG_OFFER_OWN_TASK, MSG_TASK_ENDED, MSG_TASK_EXPIRED, MSG_OFFER_NOT_FOUND, MSG_OFFER_TOO_MANY, MSG_TASK_NOT_FOUND, MSG_TASK_OPEN_LIMIT, MSG_TASK_TAKEN, OFFER_STATUS_LABEL, TASK_STATE_LABEL, offerRefusal, taskClosedReason, taskExpiresAt, taskOrderPriceFen, taskStateAt, type OfferStatus, type TaskStatus } from '~/features/tasks/rules/wanted-tasks';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { SQLSTATE_UNIQUE_VIOLATION, violatedConstraint } from '~/platform/db/errors';
import { games, listings, orders, shops, taskOffers, users, wantedTasks, type WantedTaskRow } from '~/platform/db/schema';
import { badRequest, conflict, forbidden, notFound } from '~/platform/http/errors';
import { getListingDetail } from '~/features/catalog/server';
import { notifyTaskOffer, notifyTaskOfferAccepted } from '~/features/notifications/server';
import { bookListing, mappingDoubleBooking } from '~/features/orders/server';
import { enforceRateLimits } from '~/platform/db/rate-limit';

const DAY_S = 24 * 60 * 60;

/** The publisher as the board shows them: the first character of the nickname, then asterisks. */
function maskNickname(nickname: string): string {
  const chars = Array.from(nickname);
  return chars.length <= 1 ? `${chars[0] ?? '用'}**` : `${chars[0]}**`;
}

const taskSelection = {
  task: wantedTasks,
  gameName: games.name,
  nickname: users.nickname,
  offerCount: sql<number>`(select count(*)::int from ${taskOffers} where ${taskOffers.taskId} = ${wantedTasks.id})`,
};

interface TaskRecord {
  task: WantedTaskRow;
  gameName: string;
  nickname: string;
  offerCount: number;
}

function toTaskView(record: TaskRecord, viewerId: number | null, now: Date): TaskView {
  const { task } = record;
  const state = taskStateAt({ status: task.status as TaskStatus, expiresAt: task.expiresAt }, now);
  return {
    id: task.id,
    game_id: task.gameId,
    game_name: record.gameName,
    requirements: task.requirements,
    budget_hour_fen: task.budgetHourFen,
    hours: task.hours,
    state,
    state_text: TASK_STATE_LABEL[state],
    expires_at: task.expiresAt.toISOString(),
    created_at: task.createdAt.toISOString(),
    publisher: maskNickname(record.nickname),
    offer_count: Number(record.offerCount),
    is_mine: viewerId !== null && viewerId === task.userId,
  };
}

function selectTasks(db: DbOrTx) {
  return db.select(taskSelection).from(wantedTasks).innerJoin(games, eq(games.id, wantedTasks.gameId)).innerJoin(users, eq(users.id, wantedTasks.userId));
}

// ---------------------------------------------------------------------------------------------
// publishing and reading

export async function publishTask(db: Db, userId: number, body: TaskPublishBody, now: Date): Promise<TaskView> {
  await enforceRateLimits(db, [{ bucket: `task:publish:user:${userId}`, limit: TASK_PUBLISH_PER_DAY_MAX, windowS: DAY_S }], now, '发布过于频繁，请明天再试');
  const id = await db.transaction(async (tx) => {
    // One publisher at a time per user, so two tabs cannot both pass the open-task cap.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.id, body.game_id));
    if (!game) throw badRequest('游戏不存在');
    const [open] = await tx
      .select({ n: count() })
      .from(wantedTasks)
      .where(and(eq(wantedTasks.userId, userId), eq(wantedTasks.status, 'open'), gt(wantedTasks.expiresAt, now)));
    if ((open?.n ?? 0) >= TASK_OPEN_PER_USER_MAX) throw conflict(MSG_TASK_OPEN_LIMIT);
    const [inserted] = await tx
      .insert(wantedTasks)
      .values({
        userId,
        gameId: body.game_id,
        requirements: body.requirements,
        budgetHourFen: body.budget_hour_fen,
        hours: body.hours,
        expiresAt: taskExpiresAt(now, body.expiry_hours),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: wantedTasks.id });
    return inserted!.id;
  });
  const [record] = await selectTasks(db).where(eq(wantedTasks.id, id));
  return toTaskView(record!, userId, now);
}

/** The hall: open tasks not yet expired (expiry read at query time), newest first, by game. */
export async function listTaskHall(db: Db, query: TaskHallQuery, viewerId: number | null, now: Date): Promise<Page<TaskView>> {
  const where = and(eq(wantedTasks.status, 'open'), gt(wantedTasks.expiresAt, now), query.game_id === undefined ? undefined : eq(wantedTasks.gameId, query.game_id));
  const [total] = await db.select({ n: count() }).from(wantedTasks).where(where);
  const rows = await selectTasks(db)
    .where(where)
    .orderBy(desc(wantedTasks.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { list: rows.map((row) => toTaskView(row, viewerId, now)), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

/** The renter's own tasks, every state, newest first. */
export async function listMyTasks(db: Db, userId: number, paging: { page: number; page_size: number }, now: Date): Promise<Page<TaskView>> {
  const where = eq(wantedTasks.userId, userId);
  const [total] = await db.select({ n: count() }).from(wantedTasks).where(where);
  const rows = await selectTasks(db)
    .where(where)
    .orderBy(desc(wantedTasks.id))
    .limit(paging.page_size)
    .offset((paging.page - 1) * paging.page_size);
  return { list: rows.map((row) => toTaskView(row, userId, now)), total: total?.n ?? 0, page: paging.page, page_size: paging.page_size };
}

async function offerViews(db: DbOrTx, task: WantedTaskRow, viewerId: number, onlyMine: boolean): Promise<TaskOfferView[]> {
  const rows = await db
    .select({ offer: taskOffers, title: listings.title, imgs: listings.imgs, rentalFen: listings.rentalFen, depositFen: listings.depositFen, shopName: shops.name })
    .from(taskOffers)
    .innerJoin(listings, eq(listings.id, taskOffers.listingId))
    .innerJoin(shops, eq(shops.id, listings.shopId))
    .where(and(eq(taskOffers.taskId, task.id), onlyMine ? eq(taskOffers.sellerUserId, viewerId) : undefined))
    .orderBy(taskOffers.priceHourFen, taskOffers.id);
  return rows.map(({ offer, title, imgs, rentalFen, depositFen, shopName }) => ({
    id: offer.id,
    task_id: offer.taskId,
    listing_id: offer.listingId,
    listing_title: title,
    listing_cover: imgs[0] ?? null,
    shop_name: shopName,
    listing_rental_fen: rentalFen,
    price_hour_fen: offer.priceHourFen,
    price_total_fen: offer.priceHourFen * task.hours,
    deposit_fen: depositFen,
    note: offer.note,
    status: offer.status as OfferStatus,
    status_text: OFFER_STATUS_LABEL[offer.status as OfferStatus],
    is_mine: offer.sellerUserId === viewerId,
    created_at: offer.createdAt.toISOString(),
  }));
}

/**
 * One task for whoever reads it; the offers only for those entitled (the owner: all; a seller:
 * their own). Anyone may read the task itself, whatever its state.
 */
export async function getTaskDetail(db: Db, taskId: number, viewerId: number | null, now: Date): Promise<TaskDetail> {
  const [record] = await selectTasks(db).where(eq(wantedTasks.id, taskId));
  if (!record) throw notFound(MSG_TASK_NOT_FOUND);
  const isOwner = viewerId !== null && viewerId === record.task.userId;
  const offers = viewerId === null ? [] : await offerViews(db, record.task, viewerId, !isOwner);
  let orderNo: string | null = null;
  if (isOwner && record.task.orderId !== null) {
    const [order] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, record.task.orderId));
    orderNo = order?.orderNo ?? null;
  }
  return { task: toTaskView(record, viewerId, now), offers, order_no: orderNo };
}

// ---------------------------------------------------------------------------------------------
// offers

async function shopOf(db: DbOrTx, userId: number): Promise<number | null> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.ownerUserId, userId));
  return shop?.id ?? null;
}

/** The seller's listed accounts of the task's game that could be offered (not yet offered on it). */
export async function listOfferableListings(db: Db, userId: number, taskId: number): Promise<OfferableListing[]> {
  const [task] = await db.select().from(wantedTasks).where(eq(wantedTasks.id, taskId));
  if (!task) throw notFound(MSG_TASK_NOT_FOUND);
  const shopId = await shopOf(db, userId);
  if (shopId === null) return [];
  const offered = db.select({ id: taskOffers.listingId }).from(taskOffers).where(eq(taskOffers.taskId, taskId));
  const rows = await db
    .select({ id: listings.id, title: listings.title, rentalFen: listings.rentalFen, minRentalHours: listings.minRentalHours })
    .from(listings)
    .where(and(eq(listings.shopId, shopId), eq(listings.gameId, task.gameId), eq(listings.isListed, true), notInArray(listings.id, offered)))
    .orderBy(desc(listings.id))
    .limit(100);
  return rows.map((row) => ({ id: row.id, title: row.title, rental_fen: row.rentalFen, min_rental_hours: row.minRentalHours }));
}

export async function makeOffer(db: Db, userId: number, body: TaskOfferBody, now: Date): Promise<TaskOfferView> {
  await enforceRateLimits(db, [{ bucket: `task:offer:user:${userId}`, limit: 60, windowS: 60 * 60 }], now, '报价过于频繁，请稍后再试');
  try {
    return await db.transaction(async (tx) => {
      // FOR SHARE: offers do not block one another, but wait for an acceptance in progress.
      const [task] = await tx.select().from(wantedTasks).where(eq(wantedTasks.id, body.task_id)).for('share');
      if (!task) throw notFound(MSG_TASK_NOT_FOUND);
      const [listing] = await tx
        .select({ shopId: listings.shopId, gameId: listings.gameId, isListed: listings.isListed, minRentalHours: listings.minRentalHours })
        .from(listings)
        .where(eq(listings.id, body.listing_id));
      if (!listing) throw notFound('账号不存在');
      const refusal = offerRefusal({
        taskState: taskStateAt({ status: task.status as TaskStatus, expiresAt: task.expiresAt }, now),
        taskOwnerId: task.userId,
        taskGameId: task.gameId,
        taskBudgetHourFen: task.budgetHourFen,
        taskHours: task.hours,
        sellerUserId: userId,
        sellerShopId: await shopOf(tx, userId),
        listing,
        priceHourFen: body.price_hour_fen,
      });
      if (refusal) throw refusalError(refusal);
      const [offers] = await tx.select({ n: count() }).from(taskOffers).where(eq(taskOffers.taskId, task.id));
      if ((offers?.n ?? 0) >= TASK_OFFERS_PER_TASK_MAX) throw conflict(MSG_OFFER_TOO_MANY);
      const [inserted] = await tx
        .insert(taskOffers)
        .values({ taskId: task.id, sellerUserId: userId, listingId: body.listing_id, priceHourFen: body.price_hour_fen, note: body.note, createdAt: now })
        .returning({ id: taskOffers.id });
      const views = await offerViews(tx, task, userId, true);
      const view = views.find((candidate) => candidate.id === inserted!.id)!;
      await notifyTaskOffer(tx, task.userId, { id: view.id, taskId: task.id, listingTitle: view.listing_title, priceHourFen: view.price_hour_fen }, now);
      return view;
    });
  } catch (error) {
    if (violatedConstraint(error, SQLSTATE_UNIQUE_VIOLATION) === 'task_offers_task_listing_key') throw conflict(MSG_OFFER_DUPLICATE, { cause: error });
    throw error;
  }
}

/** An honest status per refusal: a task no longer open is a conflict, a seller offering what is not theirs forbidden, the rest bad input. */
function refusalError(msg: string): Error {
  if (msg === MSG_TASK_EXPIRED || msg === MSG_TASK_ENDED) return conflict(msg);
  if (msg === MSG_OFFER_OWN_TASK || msg === MSG_OFFER_NO_SHOP || msg === MSG_OFFER_LISTING_NOT_YOURS) return forbidden(msg);
  return badRequest(msg);
}

// ---------------------------------------------------------------------------------------------
// accepting and closing

/**
 * The owner accepts an offer: one ordinary unpaid rental order of the offered listing, hourly, for
 * the task's hours at the offered price (no activity, VIP or envelope discount: the price is the one
 * agreed), starting now like any rental bought now, with the listing's deposit. The order service's
 * own checks run (real name, own listing, the listing rentable now, the window free). Accepting the
 * same offer again answers the same order; another offer of an accepted task is refused (409).
 */
export async function acceptOffer(db: Db, userId: number, offerId: number, now: Date): Promise<TaskAcceptAnswer> {
  return mappingDoubleBooking(() =>
    db.transaction(async (tx) => {
      const [offer] = await tx.select().from(taskOffers).where(eq(taskOffers.id, offerId));
      // Someone else's task: the same 404 as no offer, so offers of others' tasks cannot be probed.
      if (!offer) throw notFound(MSG_OFFER_NOT_FOUND);
      const [task] = await tx.select().from(wantedTasks).where(eq(wantedTasks.id, offer.taskId)).for('update');
      if (!task || task.userId !== userId) throw notFound(MSG_OFFER_NOT_FOUND);
      if (task.status === 'accepted') {
        if (task.acceptedOfferId === offer.id && task.orderId !== null) return existingAnswer(tx, task);
        throw conflict(MSG_TASK_TAKEN);
      }
      const closed = taskClosedReason(taskStateAt({ status: task.status as TaskStatus, expiresAt: task.expiresAt }, now));
      if (closed) throw conflict(closed);
      const orderId = await createTaskOrder(tx, userId, { listingId: offer.listingId, hours: task.hours, priceHourFen: offer.priceHourFen }, now);
      await tx.update(wantedTasks).set({ status: 'accepted', acceptedOfferId: offer.id, orderId, updatedAt: now }).where(eq(wantedTasks.id, task.id));
      await tx.update(taskOffers).set({ status: 'accepted' }).where(eq(taskOffers.id, offer.id));
      await tx
        .update(taskOffers)
        .set({ status: 'declined' })
        .where(and(eq(taskOffers.taskId, task.id), ne(taskOffers.id, offer.id)));
      const [order] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, orderId));
      await notifyTaskOfferAccepted(tx, offer.sellerUserId, { offerId: offer.id, orderId, orderNo: order!.orderNo }, now);
      return { order_no: order!.orderNo, task_id: task.id };
    }),
  );
}

async function existingAnswer(tx: DbTx, task: WantedTaskRow): Promise<TaskAcceptAnswer> {
  const [order] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, task.orderId!));
  return { order_no: order!.orderNo, task_id: task.id };
}

/** An hourly rental order at an agreed price, through the booking sequence; its id. */
async function createTaskOrder(tx: DbTx, userId: number, deal: { listingId: number; hours: number; priceHourFen: number }, now: Date): Promise<number> {
  const payFen = taskOrderPriceFen(deal.priceHourFen, deal.hours);
  const inserted = await bookListing(tx, userId, deal.listingId, now, {
    read: async (tx) => ({ listing: await getListingDetail(tx as unknown as Db, deal.listingId, now) }),
    order: ({ listing }) => ({
      status: ORDER_STATUS.unpaid,
      rentalId: RENTAL_ID.hourly,
      rentalOption: 'hourly',
      hours: deal.hours,
      bonusHours: 0,
      reserved: false,
      startsAt: now,
      endsAt: new Date(now.getTime() + deal.hours * MS_PER_HOUR),
      originalFen: payFen,
      payFen,
      depositFen: listing.deposit_fen,
      totalFen: payFen + listing.deposit_fen,
      payDeadline: new Date(now.getTime() + ORDER_PAY_TIMEOUT_MS),
    }),
  });
  return inserted.id;
}

/** The owner takes an open task off the board; its pending offers stay as they were. */
export async function closeTask(db: Db, userId: number, taskId: number, now: Date): Promise<TaskView> {
  await db.transaction(async (tx) => {
    const [task] = await tx.select().from(wantedTasks).where(eq(wantedTasks.id, taskId)).for('update');
    if (!task || task.userId !== userId) throw notFound(MSG_TASK_NOT_FOUND);
    const closed = taskClosedReason(taskStateAt({ status: task.status as TaskStatus, expiresAt: task.expiresAt }, now));
    if (closed) throw conflict(closed);
    await tx.update(wantedTasks).set({ status: 'closed', updatedAt: now }).where(eq(wantedTasks.id, taskId));
  });
  const [record] = await selectTasks(db).where(eq(wantedTasks.id, taskId));
  return toTaskView(record!, userId, now);
}
