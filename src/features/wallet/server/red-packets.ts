/**
 * Red envelopes (spec §3 couponsInfo, §4 "a new user gets a red-envelope popup ... logging in also
 * loads the available red envelopes", §7 "GET my red packets", §9 page size 100).
 *
 * Money is fen in the table and yuan strings ("3.00") in couponsInfo, converted here and only here
 * (STYLE 8). Status 3 (expired) is never written: an unused envelope whose expires_at is at or
 * before `now` reads as expired, so nothing has to sweep the table at midnight.
 */
import { and, count, desc, eq, gt, lte, ne, not, sql, type SQL } from 'drizzle-orm';
import { COUPON_TYPE_FIXED, COUPON_TYPE_FREE_RENTAL, COUPON_TYPE_PERCENTAGE, MS_PER_DAY, RED_PACKET_STATUS } from '~/platform/config/constants';
import { NEW_USER_RED_PACKET_VALID_DAYS, RED_PACKET_PAGE_SIZE } from '~/features/wallet/constants';
import { fenToYuan } from '~/platform/rules/money';
import type { RedPacket, RedPacketPage, RedPacketStatus } from '~/features/wallet/contract/red-packets';
import type { DbOrTx } from '~/platform/db/client';
import { redPackets, type RedPacketRow } from '~/platform/db/schema';
import { notifyFreeCouponsReceived, notifyRedPacketsReceived } from '~/features/notifications/server';
import { RED_PACKET_MAX_PAGE } from '~/features/wallet/wire';

/** PostgreSQL integer: a page past this would overflow the offset (the query's bound too). */
const MAX_PAGE = RED_PACKET_MAX_PAGE;

// ---------------------------------------------------------------------------------------------
// granting

/** One envelope to give, in fen (a row of red_packets without its owner and dates). */
export interface RedPacketGrant {
  name: string;
  type: typeof COUPON_TYPE_PERCENTAGE | typeof COUPON_TYPE_FIXED | typeof COUPON_TYPE_FREE_RENTAL;
  minOrderAmountFen: number;
  discountPercentage?: number | null;
  maxDiscountAmountFen?: number | null;
  discountAmountFen?: number | null;
  /** Hours a free-rental coupon (type 3) pays. */
  freeHours?: number | null;
}

/**
 * Only envelopes (types 1 and 2) are couponsInfo: a free-rental coupon (type 3) pays free play at
 * the free checkout (features/free) and is listed by GET free/coupons, never here.
 */
export function isEnvelope(): SQL {
  return ne(redPackets.type, COUPON_TYPE_FREE_RENTAL);
}

/** The welcome set every new account gets (spec §4 new-user popup), valid NEW_USER_RED_PACKET_VALID_DAYS. */
export const NEW_USER_RED_PACKETS: readonly RedPacketGrant[] = [
  { name: '新人红包·满10减3', type: COUPON_TYPE_FIXED, minOrderAmountFen: 1000, discountAmountFen: 300 },
  { name: '新人红包·9折券', type: COUPON_TYPE_PERCENTAGE, minOrderAmountFen: 0, discountPercentage: 90, maxDiscountAmountFen: 500 },
  { name: '新人红包·满30减8', type: COUPON_TYPE_FIXED, minOrderAmountFen: 3000, discountAmountFen: 800 },
];

export const NEW_USER_RED_PACKET_SOURCE = 'new_user';

export interface GrantOptions {
  /** Why the user gets them (red_packets.source), e.g. new_user, demo. */
  source: string;
  receivedAt: Date;
  expiresAt: Date;
  /** Stored status; 1 unused (default) or 2 used (then usedAt is receivedAt unless given). */
  status?: typeof RED_PACKET_STATUS.unused | typeof RED_PACKET_STATUS.used;
  usedAt?: Date | null;
  /** Tell the user (a 红包到账 notification in the same transaction); default true. The demo seed's history says false. */
  notify?: boolean;
  /** The console's campaign template the envelopes come from, for its limits and usage. */
  templateId?: number | null;
}

/** Gives `userId` the envelopes of `grants`, all with the same dates and source; answers the rows made. */
export async function grantRedPackets(db: DbOrTx, userId: number, grants: readonly RedPacketGrant[], options: GrantOptions): Promise<RedPacketRow[]> {
  if (grants.length === 0) return [];
  const status = options.status ?? RED_PACKET_STATUS.unused;
  const rows = await db.insert(redPackets).values(
    grants.map((grant) => ({
      userId,
      name: grant.name,
      type: grant.type,
      minOrderAmountFen: grant.minOrderAmountFen,
      discountPercentage: grant.discountPercentage ?? null,
      maxDiscountAmountFen: grant.maxDiscountAmountFen ?? null,
      discountAmountFen: grant.discountAmountFen ?? null,
      freeHours: grant.freeHours ?? null,
      status,
      source: options.source,
      receivedAt: options.receivedAt,
      expiresAt: options.expiresAt,
      usedAt: status === RED_PACKET_STATUS.used ? (options.usedAt ?? options.receivedAt) : null,
      templateId: options.templateId ?? null,
    })),
  ).returning();
  if ((options.notify ?? true) && status === RED_PACKET_STATUS.unused && options.expiresAt.getTime() > options.receivedAt.getTime()) {
    await notifyRedPacketsReceived(db, userId, grants.filter((grant) => grant.type !== COUPON_TYPE_FREE_RENTAL).map((grant) => grant.name), options.receivedAt);
    await notifyFreeCouponsReceived(db, userId, grants.filter((grant) => grant.type === COUPON_TYPE_FREE_RENTAL).map((grant) => grant.name), options.receivedAt);
  }
  return rows;
}

/**
 * The welcome set of a new account (spec §4): 满10减3, 9折 capped at 5 元, 满30减8, valid 30 days
 * from `now`. Called by createUser (users.ts) inside the transaction that makes the user, so an
 * account never exists without them.
 */
export async function grantNewUserRedPackets(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await grantRedPackets(tx, userId, NEW_USER_RED_PACKETS, {
    source: NEW_USER_RED_PACKET_SOURCE,
    receivedAt: now,
    expiresAt: new Date(now.getTime() + NEW_USER_RED_PACKET_VALID_DAYS * MS_PER_DAY),
  });
}

// ---------------------------------------------------------------------------------------------
// listing

export interface RedPacketQuery {
  status?: RedPacketStatus;
  canUse?: '0' | '1';
  page?: number;
  page_size?: number;
}

/** The condition "usable at `now`": unused and not yet expired. */
function usableAt(now: Date): SQL {
  return and(eq(redPackets.status, RED_PACKET_STATUS.unused), gt(redPackets.expiresAt, now))!;
}

function statusFilter(status: RedPacketStatus, now: Date): SQL {
  switch (status) {
    case RED_PACKET_STATUS.unused:
      return usableAt(now);
    case RED_PACKET_STATUS.used:
      return eq(redPackets.status, RED_PACKET_STATUS.used);
    case RED_PACKET_STATUS.expired:
      return and(eq(redPackets.status, RED_PACKET_STATUS.unused), lte(redPackets.expiresAt, now))!;
  }
}

/** The status the user sees: an unused envelope at or past expires_at is expired (3). */
export function redPacketStatusAt(row: Pick<RedPacketRow, 'status' | 'expiresAt'>, now: Date): RedPacketStatus {
  if (row.status === RED_PACKET_STATUS.used) return RED_PACKET_STATUS.used;
  return row.expiresAt.getTime() <= now.getTime() ? RED_PACKET_STATUS.expired : RED_PACKET_STATUS.unused;
}

const optionalYuan = (fen: number | null): string | null => (fen === null ? null : fenToYuan(fen));

/** A row as the API sends it: couponsInfo in yuan strings, dates in ISO 8601. */
export function reshapeRedPacket(row: RedPacketRow, now: Date): RedPacket {
  return {
    id: row.id,
    name: row.name,
    status: redPacketStatusAt(row, now),
    received_at: row.receivedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    couponsInfo: {
      id: row.id,
      type: row.type,
      min_order_amount: fenToYuan(row.minOrderAmountFen),
      discount_percentage: row.discountPercentage,
      max_discount_amount: optionalYuan(row.maxDiscountAmountFen),
      discount_amount: optionalYuan(row.discountAmountFen),
    },
  };
}

/**
 * One page of `userId`'s envelopes. Filters: status 1 = usable (unused, expires_at > now), 2 = used,
 * 3 = expired (unused, expires_at <= now); canUse '1' = usable now, '0' = not usable now (used or
 * expired); both given means both must hold.
 *
 * Order: usable envelopes first, soonest to expire first (the one to spend before it is lost
 * leads the list), ties by newest received; then every other envelope newest received first (a
 * used or expired one is history, read like a log). id breaks the remaining ties so pages are stable.
 */
export async function listRedPackets(db: DbOrTx, userId: number, query: RedPacketQuery, now: Date): Promise<RedPacketPage> {
  const page = Math.min(MAX_PAGE, Math.max(1, Math.trunc(query.page ?? 1) || 1));
  const pageSize = Math.min(RED_PACKET_PAGE_SIZE, Math.max(1, Math.trunc(query.page_size ?? RED_PACKET_PAGE_SIZE) || RED_PACKET_PAGE_SIZE));

  const conditions: SQL[] = [eq(redPackets.userId, userId), isEnvelope()];
  if (query.status !== undefined) conditions.push(statusFilter(query.status, now));
  if (query.canUse === '1') conditions.push(usableAt(now));
  if (query.canUse === '0') conditions.push(not(usableAt(now)));
  const where = and(...conditions);

  const usable = usableAt(now);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(redPackets)
      .where(where)
      .orderBy(
        sql`case when ${usable} then 0 else 1 end`,
        sql`case when ${usable} then ${redPackets.expiresAt} end asc`,
        desc(redPackets.receivedAt),
        desc(redPackets.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(redPackets).where(where),
  ]);
  return { list: rows.map((row) => reshapeRedPacket(row, now)), total: Number(totalRow?.n ?? 0), page, page_size: pageSize };
}
