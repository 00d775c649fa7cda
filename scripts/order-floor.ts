/**
 * The floor under a one-step order (issue 27): the rows 确认订单 writes, written by hand with the
 * cheapest SQL there is, with no reads, no rules, no ORM and no locks beyond the rows' own. Whatever
 * the order's code does, it cannot cost less than writing what it must keep:
 * the idempotency record, the wallet debit and its ledger line, the paid order, the listing's rented
 * flag and rental count, the owner's earnings and the two messages (renter's and owner's).
 *
 * Two forms, both on the app's pool with named (prepared) statements:
 * - `separate`: one statement per write in one transaction, as the order's code sends them
 *   (begin, claim, debit, ledger, order, flag, count, earnings, messages, answer, commit);
 * - `oneStatement`: every write in one statement (data-modifying CTEs) sent alone, so PostgreSQL
 *   runs it as its own transaction: one round trip, the least any implementation can send.
 * - `readOnceWriteOnce`: what an order shaped as "read everything, decide in TypeScript, write
 *   everything" would cost at least: begin; one statement holding the listing's lock and the
 *   order's reads (the renter with wallet and envelopes, the own-listing check with its key-share
 *   lock, the listing as the quote reads it, the earnings basis); the writes in one statement, the
 *   stale-order expiry among them; commit. Four round trips, the rules left in TypeScript.
 *
 * The rows are copies of one real checkout's rows (`captureOrderRows`), with fresh keys, and each
 * order's window lies far in the future at its own hour so the exclusion constraint never refuses
 * one. These rows are not a consistent ledger (the debit is not the order's price as the rules
 * would set it), so the bench writes them after its ledger-identity check.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { LISTING_WINDOWS_LOCK_NAMESPACE } from '../src/features/orders/server/booking';

type Row = Record<string, unknown>;

/** One checkout's rows, read back as templates for the copies. */
export interface OrderRows {
  order: Row;
  earnings: Row;
  notices: Row[];
  ledger: Row;
  idempotency: Row;
}

async function one(client: pg.PoolClient, text: string, values: unknown[]): Promise<Row> {
  const { rows } = await client.query<Row>(text, values);
  if (rows.length === 0) throw new Error(`no row for: ${text}`);
  return rows[0]!;
}

/** Reads the rows the checkout of `orderNo` wrote (before anything changes them). */
export async function captureOrderRows(pool: pg.Pool, orderNo: string): Promise<OrderRows> {
  const client = await pool.connect();
  try {
    const order = await one(client, 'select * from orders where order_no = $1', [orderNo]);
    const earnings = await one(client, 'select * from seller_earnings where order_id = $1', [order['id']]);
    const { rows: notices } = await client.query<Row>(
      `select * from notifications where (user_id = $1 and notification_type = 'order_paid') or (user_id = $2 and notification_type = 'seller_rented') order by id desc limit 2`,
      [order['user_id'], earnings['seller_user_id']],
    );
    if (notices.length !== 2) throw new Error(`expected the two messages of ${orderNo}, found ${notices.length}`);
    const ledger = await one(client, 'select * from wallet_ledger where ref_no = $1', [orderNo]);
    const idempotency = await one(client, `select * from idempotency_keys where user_id = $1 order by created_at desc limit 1`, [order['user_id']]);
    return { order, earnings, notices, ledger, idempotency };
  } finally {
    client.release();
  }
}

/** Runs `work` on one connection between begin and commit (rollback on error). */
async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await work(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** The order's columns the copies write (the id comes from the sequence, shop_id from the trigger). */
const orderColumns = (order: Row): string[] => Object.keys(order).filter((column) => column !== 'id' && column !== 'shop_id');
const earningsColumns = (earnings: Row): string[] => Object.keys(earnings).filter((column) => column !== 'order_id' && column !== 'listing_id');

const placeholders = (from: number, count: number): string => Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ');

/** Far enough ahead that no real order's window is near, one hour apart per copy. */
const FLOOR_EPOCH_MS = Date.UTC(2200, 0, 1);
const HOUR_MS = 3_600_000;

export interface FloorWriter {
  /** One statement per write, in one transaction. */
  separate(n: number, userId: number, listingId: number): Promise<void>;
  /** All writes in one statement, its own transaction. */
  oneStatement(n: number, userId: number, listingId: number): Promise<void>;
  /** The order's reads in one statement and its writes in another, in one transaction. */
  readOnceWriteOnce(n: number, userId: number, listingId: number): Promise<void>;
}


/**
 * The order's reads as one statement ($1 renter, $2 listing, $3 now, $4 the order being paid, or
 * null): each read is the one the order's code sends, as a JSON column.
 */
const ALL_READS = `select pg_advisory_xact_lock(${LISTING_WINDOWS_LOCK_NAMESPACE}, $2::int),
  (select row_to_json(buyer) from (
    select u.is_real_name, u.created_at,
      exists (select 1 from orders o where o.user_id = u.id and o.kind = 'rental' and o.status = 4) as has_finished,
      w.balance_fen, w.vip_expires_at,
      (select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'type', r.type, 'min', r.min_order_amount_fen,
          'pct', r.discount_percentage, 'maxFen', r.max_discount_amount_fen, 'fen', r.discount_amount_fen) order by r.id), '[]'::json)
        from red_packets r where r.user_id = u.id and r.status = 1 and r.expires_at > $3 and r.type <> 3) as envelopes
    from users u left join wallets w on w.user_id = u.id where u.id = $1) buyer),
  (select coalesce(s.owner_user_id = $1, false) from listings l left join shops s on s.id = l.shop_id where l.id = $2 for key share of l),
  (select row_to_json(listing) from (
    select l.id, l.title, l.imgs ->> 0 as cover, l.game_id, l.rental_fen, l.min_rental_hours, l.deposit_fen, l.is_rented, l.is_reservation,
      l.is_listed, l.is_use_bargain, l.is_use_vip_discount, l.top_shelf, l.is_insurance, l.third_type, l.rental_time, l.game_money,
      l.money_exchange_rate, l.activity_discount, l.promo_rental_hours, l.promo_bonus_hours, l.daily_rental, l.ten_hour_rental,
      l.weekly_rental, l.morning_rental, l.afternoon_rental, l.night_rental, l.popularity, l.created_at, g.name as game,
      g.maintenance_status, g.is_suspended, g.has_hafu_coin, p.name as platform, z.name as zone, s.cert_type,
      coalesce(st.rentals, 0) as rentals, coalesce(st.complained_rentals, 0) as complained, coalesce(st.login_failures, 0) as failures,
      st.median_reply_seconds, l.role_name, l.description, l.imgs, g.slug, g.icon, g.maintenance_notice, s.id as shop_id, s.name as shop,
      (select coalesce(json_agg(json_build_object('attr_name', a.attr_name, 'value', a.value) order by a.id), '[]'::json)
        from listing_attrs a where a.listing_id = l.id) as attrs
    from listings l join games g on g.id = l.game_id join shops s on s.id = l.shop_id left join platforms p on p.id = l.platform_id
      left join zones z on z.id = l.zone_id left join listing_stats st on st.listing_id = l.id
    where l.id = $2 and l.seller_state <> 'deleted' and l.held_at is null) listing),
  (select row_to_json(basis) from (
    select s.cert_type, s.owner_user_id, l.title, e.*,
      (select value from site_settings where key = 'commission'), (select value from site_settings where key = 'earnings')
    from listings l join shops s on s.id = l.shop_id left join seller_earnings e on e.order_id = $4 where l.id = $2) basis)`;

export function floorWriter(pool: pg.Pool, rows: OrderRows): FloorWriter {
  const orderCols = orderColumns(rows.order);
  const earningsCols = earningsColumns(rows.earnings);
  const noticeCols = ['user_id', 'notification_type', 'title', 'content', 'params', 'popup'];
  const payFen = Number(rows.order['pay_fen']);

  /** Values for copy `n`, in the order each statement below takes them. */
  const orderValues = (n: number, userId: number, listingId: number, orderNo: string): unknown[] => {
    const startsAt = new Date(FLOOR_EPOCH_MS + n * HOUR_MS);
    const overrides: Row = { order_no: orderNo, user_id: userId, listing_id: listingId, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + HOUR_MS), created_at: new Date(), paid_at: new Date() };
    return orderCols.map((column) => (column in overrides ? overrides[column] : rows.order[column]));
  };
  const earningsValues = (): unknown[] => earningsCols.map((column) => rows.earnings[column]);
  const noticeValues = (userId: number): unknown[] => [
    userId, rows.notices[0]!['notification_type'], rows.notices[0]!['title'], rows.notices[0]!['content'], rows.notices[0]!['params'], rows.notices[0]!['popup'],
    rows.notices[1]!['user_id'], rows.notices[1]!['notification_type'], rows.notices[1]!['title'], rows.notices[1]!['content'], rows.notices[1]!['params'], rows.notices[1]!['popup'],
  ];
  const ledgerKind = rows.ledger['kind'];
  const scope = rows.idempotency['scope'];
  const requestHash = rows.idempotency['request_hash'];
  const response = rows.idempotency['response'];

  const insertOrder = `insert into orders (${orderCols.join(', ')}) values (${placeholders(1, orderCols.length)}) returning id`;
  const insertEarnings = `insert into seller_earnings (order_id, listing_id, ${earningsCols.join(', ')}) values ($1, $2, ${placeholders(3, earningsCols.length)})`;
  const insertNotices = `insert into notifications (${noticeCols.join(', ')}) values (${placeholders(1, 6)}), (${placeholders(7, 6)})`;
  const flipFlag = 'update listings set is_rented = not is_rented where id = $1';
  const countRental = `insert into listing_stats (listing_id, rentals, updated_at) values ($1, 1, now())
    on conflict (listing_id) do update set rentals = listing_stats.rentals + 1, updated_at = excluded.updated_at`;

  const separate: FloorWriter['separate'] = async (n, userId, listingId) => {
    const orderNo = `F${n}${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    await inTransaction(pool, async (client) => {
      await client.query({ name: 'floor_claim', text: 'insert into idempotency_keys (user_id, scope, key, request_hash, response) values ($1, $2, $3, $4, $5)', values: [userId, scope, key, requestHash, {}] });
      const debit = await client.query<{ balance_fen: string }>({ name: 'floor_debit', text: 'update wallets set balance_fen = balance_fen - $2, updated_at = now() where user_id = $1 returning balance_fen', values: [userId, payFen] });
      await client.query({ name: 'floor_ledger', text: 'insert into wallet_ledger (user_id, kind, amount_fen, balance_after_fen, ref_no) values ($1, $2, $3, $4, $5)', values: [userId, ledgerKind, -payFen, debit.rows[0]!.balance_fen, orderNo] });
      const order = await client.query<{ id: number }>({ name: 'floor_order', text: insertOrder, values: orderValues(n, userId, listingId, orderNo) });
      await client.query({ name: 'floor_flag', text: flipFlag, values: [listingId] });
      await client.query({ name: 'floor_count', text: countRental, values: [listingId] });
      await client.query({ name: 'floor_earnings', text: insertEarnings, values: [order.rows[0]!.id, listingId, ...earningsValues()] });
      await client.query({ name: 'floor_notices', text: insertNotices, values: noticeValues(userId) });
      await client.query({ name: 'floor_answer', text: 'update idempotency_keys set response = $4 where user_id = $1 and scope = $2 and key = $3', values: [userId, scope, key, response] });
    });
  };

  // The same writes as data-modifying CTEs: the ledger line takes the debit's balance, the
  // earnings the order's id. Parameters: the order's first, then the rest numbered after them.
  const base = orderCols.length;
  const p = (i: number): string => `$${base + i}`;
  const allInOne = `with
    ord as (insert into orders (${orderCols.join(', ')}) values (${placeholders(1, base)}) returning id),
    debit as (update wallets set balance_fen = balance_fen - ${p(1)}, updated_at = now() where user_id = ${p(2)} returning balance_fen),
    ledger as (insert into wallet_ledger (user_id, kind, amount_fen, balance_after_fen, ref_no) select ${p(2)}, ${p(3)}, -${p(1)}::bigint, balance_fen, ${p(4)} from debit),
    flag as (update listings set is_rented = not is_rented where id = ${p(5)}),
    stats as (insert into listing_stats (listing_id, rentals, updated_at) values (${p(5)}, 1, now())
      on conflict (listing_id) do update set rentals = listing_stats.rentals + 1, updated_at = excluded.updated_at),
    earn as (insert into seller_earnings (order_id, listing_id, ${earningsCols.join(', ')}) select ord.id, ${p(5)}, ${placeholders(base + 6, earningsCols.length)} from ord),
    note as (insert into notifications (${noticeCols.join(', ')}) values (${placeholders(base + 6 + earningsCols.length, 6)}), (${placeholders(base + 12 + earningsCols.length, 6)})),
    idem as (insert into idempotency_keys (user_id, scope, key, request_hash, response) values (${p(2)}, ${placeholders(base + 18 + earningsCols.length, 4)}))
    select id from ord`;

  /** `allInOne`'s parameters for copy `n`. */
  const allInOneValues = (n: number, userId: number, listingId: number, orderNo: string): unknown[] => [
    ...orderValues(n, userId, listingId, orderNo), payFen, userId, ledgerKind, orderNo, listingId,
    ...earningsValues(), ...noticeValues(userId), scope, randomUUID(), requestHash, response,
  ];

  const oneStatement: FloorWriter['oneStatement'] = async (n, userId, listingId) => {
    await pool.query({ name: 'floor_all', text: allInOne, values: allInOneValues(n, userId, listingId, `G${n}${randomUUID().slice(0, 8)}`) });
  };

  // The writes of `allInOne` with the stale-order expiry in front, as the order's code runs it
  // before inserting (it usually changes no row).
  const expiry = `expire as (update orders set status = 5, cancelled_at = now() where status in (1, 2) and pay_deadline <= now() and listing_id = ${p(5)} returning id),`;
  const writesWithExpiry = allInOne.replace(/^with/, `with ${expiry}`);

  const readOnceWriteOnce: FloorWriter['readOnceWriteOnce'] = async (n, userId, listingId) => {
    const values = allInOneValues(n, userId, listingId, `H${n}${randomUUID().slice(0, 8)}`);
    await inTransaction(pool, async (client) => {
      await client.query({ name: 'floor_reads', text: ALL_READS, values: [userId, listingId, new Date(), null] });
      await client.query({ name: 'floor_writes', text: writesWithExpiry, values });
    });
  };

  return { separate, oneStatement, readOnceWriteOnce };
}
