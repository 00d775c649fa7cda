/**
 * VIP (spec §6 "VIP (wallet vip_status) gives a capped discount", §7 vip "list, subscribe").
 * A subscription is an order of kind 'vip', paid like any order (wallet or gateway); paying it
 * extends wallets.vip_expires_at from the later of now and the current end (order-payment.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { SubscribeBody } from '~/features/wallet/wire';
import { ORDER_PAY_TIMEOUT_MS, ORDER_STATUS } from '~/platform/config/constants';
import type { OrderView, VipPlans } from '~/features/wallet/contract/money';
import { fenToYuan } from '~/platform/rules/money';
import type { Db, DbOrTx } from '~/platform/db/client';
import { orders, vipPlans } from '~/platform/db/schema';
import { notFound } from '~/platform/http/errors';
import { withIdempotency } from '~/platform/db/idempotency';
import { newNumber, orderViewById } from '~/features/orders/server';
import { isVipAt, readWallet } from '~/features/wallet/server/wallet';

/** The plans seeded for the demo (seed.ts): month, quarter, year. */
export const DEMO_VIP_PLANS = [
  { name: '月卡VIP', days: 30, priceFen: 1_500, originalPriceFen: 2_000, sort: 1 },
  { name: '季卡VIP', days: 90, priceFen: 3_900, originalPriceFen: 6_000, sort: 2 },
  { name: '年卡VIP', days: 365, priceFen: 12_800, originalPriceFen: 24_000, sort: 3 },
] as const;

export async function listVipPlans(db: DbOrTx, userId: number | null, now: Date): Promise<VipPlans> {
  const plans = await db.select().from(vipPlans).where(eq(vipPlans.isActive, true)).orderBy(asc(vipPlans.sort), asc(vipPlans.id));
  const wallet = userId === null ? null : await readWallet(db, userId);
  const vip = wallet !== null && isVipAt(wallet.vipExpiresAt, now);
  return {
    plans: plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      days: plan.days,
      price: fenToYuan(plan.priceFen),
      price_fen: plan.priceFen,
      original_price: fenToYuan(plan.originalPriceFen),
      original_price_fen: plan.originalPriceFen,
    })),
    vip_status: vip ? 1 : 0,
    vip_expires_at: vip ? wallet!.vipExpiresAt!.toISOString() : null,
  };
}

export async function subscribeVip(db: Db, userId: number, body: SubscribeBody, key: string | null, now: Date): Promise<OrderView> {
  return withIdempotency(db, { userId, scope: 'vip.subscribe', key, request: body }, async (tx) => {
    const [plan] = await tx.select().from(vipPlans).where(and(eq(vipPlans.id, body.plan_id), eq(vipPlans.isActive, true)));
    if (!plan) throw notFound('VIP套餐不存在');
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newNumber('vip', now),
        kind: 'vip',
        userId,
        status: ORDER_STATUS.unpaid,
        originalFen: plan.originalPriceFen,
        activityDiscountFen: plan.originalPriceFen - plan.priceFen,
        payFen: plan.priceFen,
        totalFen: plan.priceFen,
        vipPlanId: plan.id,
        vipDays: plan.days,
        payDeadline: new Date(now.getTime() + ORDER_PAY_TIMEOUT_MS),
        createdAt: now,
      })
      .returning({ id: orders.id });
    return orderViewById(tx, order!.id, now);
  });
}
