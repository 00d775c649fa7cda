/**
 * The detail page's 档期 (issue 26 "the detail page shows the free days ahead"), on both drivers:
 * the windows real orders hold are not free, an order that no longer holds its window gives it
 * back, an unlisted listing has no days, a missing one answers 404 with code -400.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '~/platform/db/client';
import { listings, orders, users } from '~/platform/db/schema';
import { createUser } from '~/features/account/server/users';
import { createOrder } from '~/features/orders/server/orders';
import { listingDaysAhead } from '~/features/orders/server/days-ahead';
import { GET } from '~/pages/api/v1/detail/daysAhead';
import { bookableListingIds } from './bookable-listings';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

// A fixed morning (Monday 1 March 2027, 10:00 Shanghai), so the expectations need no clock.
const NOW = new Date('2027-03-01T10:00:00+08:00');

describe.each(TEST_DRIVERS)('free days ahead on $label', ({ driver, skip }) => {
  let db: Db;
  let pool: number[] = [];
  let renterId = 0;
  useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
    db = opened;
    pool = await bookableListingIds(db, 1);
    const id = await db.transaction((tx) => createUser(tx, { username: `days_ahead_${driver}`, nickname: '档期' }, new Date('2026-01-01T00:00:00Z')));
    if (id === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true }).where(eq(users.id, id));
    renterId = id;
  });

  const take = (): number => {
    const id = pool.shift();
    if (id === undefined) throw new Error('no bookable listing left');
    return id;
  };

  it.skipIf(skip)('a booked rental is not free; the rest of the day and the next days are', async () => {
    const listingId = take();
    const order = await createOrder(db, renterId, { account_id: listingId, option: 'hourly', hours: 3, red_packet_id: null }, null, NOW);
    const view = await listingDaysAhead(db, listingId, NOW);
    expect(view.listed).toBe(true);
    expect(view.days).toHaveLength(7);
    const [today, tomorrow] = view.days;
    expect(today).toMatchObject({ date: '2027-03-01', label: '今天', state: 'partial', free: [{ from: '13:00', to: '24:00' }] });
    expect(tomorrow).toMatchObject({ date: '2027-03-02', label: '明天', state: 'free', free: [{ from: '00:00', to: '24:00' }] });

    // cancelled before paying: the window is free again
    await db.update(orders).set({ status: 5, cancelledAt: NOW }).where(eq(orders.orderNo, order.order_no));
    const after = await listingDaysAhead(db, listingId, NOW);
    expect(after.days[0]).toMatchObject({ state: 'free', free: [{ from: '10:00', to: '24:00' }] });
  });

  it.skipIf(skip)('an unlisted listing has no days to offer', async () => {
    const listingId = take();
    await db.update(listings).set({ sellerState: 'off_shelf', isListed: false }).where(eq(listings.id, listingId));
    expect(await listingDaysAhead(db, listingId, NOW)).toEqual({ listed: false, days: [] });
  });

  it.skipIf(skip)('the public endpoint answers the days, and 404 with code -400 for a missing listing', async () => {
    const listingId = take();
    const view = expectOk(await callRoute<{ listed: boolean; days: unknown[] }>(GET, `/api/v1/detail/daysAhead?account_id=${listingId}`));
    expect(view.listed).toBe(true);
    expect(view.days).toHaveLength(7);
    expectError(await callRoute(GET, '/api/v1/detail/daysAhead?account_id=2147483000'), 404, '账号已删除', -400);
    const bad = await callRoute(GET, '/api/v1/detail/daysAhead?account_id=abc');
    expect(bad.status).toBe(400);
  });
});
