/**
 * What every process does on a timer for money (main.ts, every ORDER_SWEEP_INTERVAL_MS): settle
 * orders by the clock, release sellers' earnings past their hold, post the sandbox gateway's due notifies, and pay due withdrawals out
 * through the payout provider (claim, send, recover: wallet/server/payouts.ts); timed bans that have ended are lifted too. Each step claims its rows (SKIP LOCKED or a lease), so many
 * processes share the work; a failing step does not stop the others.
 */
import { sandboxPagesEnabled } from '~/platform/config/config';
import type { Db } from '~/platform/db/client';
import { log } from '~/platform/config/log';
import { deliverDueNotifies } from '~/platform/providers/payment/sandbox';
import { sweepNotifications } from '~/features/notifications/server';
import { liftEndedBans } from '~/features/console/server';
import { sweepHafuSettlements, sweepOrders } from '~/features/orders/server';
import { releaseDueEarnings } from '~/features/sellers/server';
import { sweepPayouts } from '~/features/wallet/server';

export async function sweepMoney(db: Db, now: Date): Promise<void> {
  const steps: [string, () => Promise<unknown>][] = [
    ['orders', () => sweepOrders(db, now)],
    ['earnings', () => releaseDueEarnings(db, now)],
    // Hafu-coin settlements whose renter or owner was silent past the window: the rule's defaults.
    ['hafu', () => sweepHafuSettlements(db, now)],
    // Rental starting, 10 minutes before the end, VIP expiring: deduped, so every process may run it.
    ['notifications', () => sweepNotifications(db, now)],
    // Timed bans at their end: the listings the ban held come back with the ban.
    ['bans', () => liftEndedBans(db, now)],
    // Claims pending withdrawals (SKIP LOCKED) and recovers unknown payouts (a lease): every process may run it.
    ['payouts', () => sweepPayouts(db, now)],
  ];
  if (sandboxPagesEnabled()) {
    steps.push(['sandbox notifies', () => deliverDueNotifies(db, now)]);
  }
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      log.warn('money sweep step failed', { step: name, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
