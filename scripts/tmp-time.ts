import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inArray } from 'drizzle-orm';
import { openTestDatabase } from '../src/app/seed/test-database';
import { users } from '../src/platform/db/schema';
import { checkoutOrder } from '../src/features/orders/server/order-payment';
import { cancelOrder } from '../src/features/orders/server/order-lifecycle';
import { createUser } from '../src/features/account/server/users';
import { changeBalance } from '../src/features/wallet/server/wallet';
import { bookableListingIds } from '../tests/integration/bookable-listings';
import { giveRentalHistory } from './renter-history';

const times = new Map<string, number[]>();
let on = false;
const orig = pg.Client.prototype.query;
(pg.Client.prototype as any).query = function (this: unknown, ...args: any[]) {
  const q = args[0]; const text: string = (typeof q === 'string' ? q : q?.text ?? '').replace(/\s+/g, ' ').slice(0, 70);
  const t0 = performance.now();
  const r = (orig as any).apply(this, args);
  if (on && r && typeof r.then === 'function') r.then(() => { const a = times.get(text) ?? []; a.push(performance.now() - t0); times.set(text, a); }, () => {});
  return r;
};
const database = await openTestDatabase({ driver: 'postgres', seed: true });
const db = database.db;
const id = (await createUser(db, { username: 'time_r', nickname: 'c' }, new Date()))!;
await db.update(users).set({ isRealName: true }).where(inArray(users.id, [id]));
await db.transaction((tx) => changeBalance(tx, { userId: id, kind: 'demo_credit', amountFen: 100_000_000, refNo: 'time-credit' }));
const ids = await bookableListingIds(db, 1);
await giveRentalHistory(db, [id], ids[0]!);
const req = (l: number) => ({ account_id: l, option: 'hourly' as const, hours: 1, red_packet_id: null });
for (let round = 0; round < 2; round++) {
  on = round === 1;
  const t0 = performance.now();
  for (const l of ids.slice(1, 61)) {
    const o = await checkoutOrder(db, id, req(l), randomUUID(), new Date());
    on = false; await cancelOrder(db, id, o.order_no, new Date()); on = round === 1;
  }
  if (round === 1) console.log('60 sequential checkouts ms', (performance.now() - t0).toFixed(0));
}
const rows = [...times].map(([k, a]) => [k, a.length, a.reduce((x, y) => x + y, 0) / a.length] as const).sort((a, b) => b[2] * b[1] - a[2] * a[1]);
for (const [k, n, avg] of rows) console.log(avg.toFixed(2).padStart(6), String(n).padStart(4), k);
await database.close();
