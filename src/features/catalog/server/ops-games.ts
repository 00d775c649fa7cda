/**
 * The console's games screen (permission `games`): put a game into maintenance and back.
 *
 * spec §4: a listing is in maintenance when its game has maintenance_status 1 and is_suspended 1,
 * so the console sets both together (and clears both). The hall and the detail page show 维护中 at
 * once (games writes raise catalog_version), renting and renewing are refused
 * (orders/server/booking.ts assertRentable, order-lifecycle.ts renewPrice); rentals already running go on. The
 * optional notice is what renters read beside 维护中 (预计18:00恢复).
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import { MSG_OPS_GAME_NOT_FOUND, MSG_OPS_GAME_NOT_IN_MAINTENANCE, type OpsGameMaintenanceBody, type OpsGameView } from '~/features/sellers/contract/ops-sellers';
import { isGameInMaintenance } from '~/features/catalog/rules/availability';
import type { Db, DbOrTx } from '~/platform/db/client';
import { games, listings, orders, type GameRow } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { writeAudit, type OperatorActor } from '~/features/console/server';

const flag01 = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

function reshape(row: Pick<GameRow, 'id' | 'name' | 'icon' | 'maintenanceStatus' | 'isSuspended' | 'maintenanceNotice'>, listed: number, running: number): OpsGameView {
  const maintenance_status = flag01(row.maintenanceStatus);
  const is_suspended = flag01(row.isSuspended);
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    in_maintenance: isGameInMaintenance({ maintenance_status, is_suspended }),
    maintenance_status,
    is_suspended,
    maintenance_notice: row.maintenanceNotice,
    listed,
    running_rentals: running,
  };
}

/** Every game in the catalogue's order, with its listed accounts and the rentals running at `now`. */
export async function listGamesForOps(db: DbOrTx, now: Date): Promise<OpsGameView[]> {
  const [rows, listedRows, runningRows] = await Promise.all([
    db.select().from(games).orderBy(asc(games.sort), asc(games.id)),
    db.select({ gameId: listings.gameId, n: sql<number>`count(*)::int` }).from(listings).where(sql`${listings.isListed}`).groupBy(listings.gameId),
    db
      .select({ gameId: listings.gameId, n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .where(and(eq(orders.kind, 'rental'), eq(orders.status, ORDER_STATUS.paid), lte(orders.startsAt, now), gt(orders.endsAt, now)))
      .groupBy(listings.gameId),
  ]);
  const listed = new Map(listedRows.map((row) => [row.gameId, Number(row.n)]));
  const running = new Map(runningRows.map((row) => [row.gameId, Number(row.n)]));
  return rows.map((row) => reshape(row, listed.get(row.id) ?? 0, running.get(row.id) ?? 0));
}

function auditGame(row: Pick<GameRow, 'maintenanceStatus' | 'isSuspended' | 'maintenanceNotice'>): Record<string, unknown> {
  return { maintenance_status: row.maintenanceStatus, is_suspended: row.isSuspended, maintenance_notice: row.maintenanceNotice };
}

/**
 * POST ops/games/maintenance. On: both flags 1 and the notice (an operator may send it again to
 * change the notice). Off: both flags 0 and the notice cleared; 409 when the game is not in
 * maintenance.
 */
export async function setGameMaintenance(db: Db, actor: OperatorActor, body: OpsGameMaintenanceBody, now: Date): Promise<OpsGameView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(games).where(eq(games.id, body.id)).for('update');
    if (!before) throw notFound(MSG_OPS_GAME_NOT_FOUND);
    const wasInMaintenance = isGameInMaintenance({ maintenance_status: flag01(before.maintenanceStatus), is_suspended: flag01(before.isSuspended) });
    if (!body.maintenance && before.maintenanceStatus === 0 && before.isSuspended === 0) throw conflict(MSG_OPS_GAME_NOT_IN_MAINTENANCE);
    const notice = body.maintenance ? body.notice || null : null;
    const [after] = await tx
      .update(games)
      .set({ maintenanceStatus: body.maintenance ? 1 : 0, isSuspended: body.maintenance ? 1 : 0, maintenanceNotice: notice })
      .where(eq(games.id, body.id))
      .returning();
    const action = body.maintenance ? (wasInMaintenance ? 'game.maintenance_update' : 'game.maintenance_on') : 'game.maintenance_off';
    await writeAudit(tx, actor, { action, targetType: 'game', targetId: body.id, before: auditGame(before), after: auditGame(after!), reason: notice }, now);
    // games is a small table: the screen's own reading gives the counts.
    return (await listGamesForOps(tx, now)).find((game) => game.id === after!.id)!;
  });
}
