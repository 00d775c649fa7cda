/**
 * Demo notifications: a welcome broadcast to every account, and for renter01 a few
 * messages of the kinds the 消息通知 screen groups, one about the demo's finished rental (so its
 * order link has an order to open) and one from yesterday (so is_today=false has something).
 * Runs only while no broadcast exists, so seeding again changes nothing.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { MS_PER_DAY, MS_PER_HOUR } from '~/platform/config/constants';
import type { Db } from '~/platform/db/client';
import { notificationBroadcasts, orders, users } from '~/platform/db/schema';
import { broadcast, notify } from '~/features/notifications/server';

export const DEMO_BROADCAST = {
  title: '欢迎来到租号平台',
  content: '平台已上线消息通知：订单支付、租期开始与到期、押金退还、投诉处理、提现结果都会第一时间通知您。租号遇到问题可在订单详情中发起投诉。',
} as const;

export async function seedDemoNotifications(db: Db, renterUsername: string, now: Date): Promise<{ seeded: boolean }> {
  const seeded = await db.transaction(async (tx) => {
    // Serialises two seeders (the check below then sees the other's row).
    await tx.execute(sql`lock table ${notificationBroadcasts} in share row exclusive mode`);
    const [existing] = await tx.select({ id: notificationBroadcasts.id }).from(notificationBroadcasts).limit(1);
    if (existing) return false;
    await broadcast(tx, { ...DEMO_BROADCAST, segment: 'all', popup: false }, new Date(now.getTime() - 2 * MS_PER_HOUR));
    return true;
  });
  if (!seeded) return { seeded: false };

  const [renter] = await db.select({ id: users.id }).from(users).where(eq(users.username, renterUsername));
  if (!renter) return { seeded: true };
  const [finished] = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, renter.id), eq(orders.kind, 'rental')))
    .orderBy(desc(orders.id))
    .limit(1);
  await db.transaction(async (tx) => {
    await notify(
      tx,
      renter.id,
      { type: 'broadcast', title: '会员权益提醒', content: '开通会员可享租号 88 折优惠（每单最多优惠 2 元），在会员中心即可开通。', params: {}, dedupeKey: 'demo:vip', popup: false },
      new Date(now.getTime() - MS_PER_DAY),
    );
    if (finished) {
      await notify(
        tx,
        renter.id,
        {
          type: 'rental_ended',
          title: '租期已结束',
          content: `您的订单 ${finished.orderNo} 租期已结束，账号已收回。欢迎评价本次租号体验。`,
          params: { order_no: finished.orderNo },
          dedupeKey: 'demo:rental_ended',
        },
        new Date(now.getTime() - MS_PER_HOUR),
      );
    }
    await notify(
      tx,
      renter.id,
      { type: 'red_packet', title: '红包到账', content: '您获得了 2 个红包：演示红包·满20减5、演示红包·8.8折券，可在「我的红包」中查看，下单时可抵扣。', params: { count: 2 }, dedupeKey: 'demo:red_packet' },
      new Date(now.getTime() - 10 * 60_000),
    );
  });
  return { seeded: true };
}
