/**
 * 紧急通知 in the console ("emergency notices"): list by state, create, edit, withdraw and
 * put back, each with its audit row in the same transaction. The public list and the popup rule
 * are services/emergency-notices.ts and features/campaigns/rules/notice-popups.ts.
 */
import { and, count, desc, eq, gt, isNotNull, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '~/platform/wire/common';
import type { NoticeCreateBody, NoticeListQuery, NoticeStatus, NoticeUpdateBody, OpsNoticeView } from '~/features/campaigns/contract/ops-campaigns';
import type { Db, DbOrTx } from '~/platform/db/client';
import { emergencyNotices } from '~/platform/db/schema';
import { notFound } from '~/platform/http/errors';
import { createEmergencyNotice, updateEmergencyNotice } from '~/features/campaigns/server/emergency-notices';
import { writeAudit, type OperatorActor } from '~/features/console/server';

export const MSG_NOTICE_NOT_FOUND = '通知不存在';

type NoticeRow = typeof emergencyNotices.$inferSelect;

/** A notice's state at `now`: in effect (starts_at ≤ now < ends_at), not started, ended, or withdrawn. */
export function noticeStatusAt(row: Pick<NoticeRow, 'isActive' | 'startsAt' | 'endsAt'>, now: Date): NoticeStatus {
  if (!row.isActive) return 'inactive';
  if (row.startsAt > now) return 'upcoming';
  if (row.endsAt !== null && row.endsAt <= now) return 'ended';
  return 'active';
}

export function reshapeOpsNotice(row: NoticeRow, now: Date): OpsNoticeView {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    is_active: row.isActive,
    status: noticeStatusAt(row, now),
    created_at: row.createdAt.toISOString(),
  };
}

function statusCondition(status: NoticeListQuery['status'], now: Date): SQL | undefined {
  const active = sql`${emergencyNotices.isActive}`;
  switch (status) {
    case 'all':
      return undefined;
    case 'inactive':
      return not(active);
    case 'upcoming':
      return and(active, gt(emergencyNotices.startsAt, now));
    case 'ended':
      return and(active, isNotNull(emergencyNotices.endsAt), lte(emergencyNotices.endsAt, now));
    case 'active':
      return and(active, lte(emergencyNotices.startsAt, now), or(isNull(emergencyNotices.endsAt), gt(emergencyNotices.endsAt, now)));
  }
}

export async function listOpsNotices(db: DbOrTx, query: NoticeListQuery, now: Date): Promise<Page<OpsNoticeView>> {
  const where = statusCondition(query.status, now);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emergencyNotices)
      .where(where)
      .orderBy(desc(emergencyNotices.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(emergencyNotices).where(where),
  ]);
  return { list: rows.map((row) => reshapeOpsNotice(row, now)), total: Number(total?.n ?? 0), page: query.page, page_size: query.page_size };
}

async function noticeRow(db: DbOrTx, id: number, lock: boolean): Promise<NoticeRow> {
  const query = db.select().from(emergencyNotices).where(eq(emergencyNotices.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(MSG_NOTICE_NOT_FOUND);
  return row;
}

/** POST campaigns/notices/create: published from starts_at (default now) until ends_at (default: until withdrawn). */
export async function createOpsNotice(db: Db, actor: OperatorActor, body: NoticeCreateBody, now: Date): Promise<OpsNoticeView> {
  return db.transaction(async (tx) => {
    const created = await createEmergencyNotice(tx, { title: body.title, content: body.content, startsAt: body.starts_at, endsAt: body.ends_at ?? null }, now);
    const view = reshapeOpsNotice(await noticeRow(tx, created.id, false), now);
    await writeAudit(tx, actor, { action: 'notice.create', targetType: 'emergency_notice', targetId: view.id, after: view }, now);
    return view;
  });
}

/** POST campaigns/notices/update: title, content and window replaced (an absent start keeps the current one). */
export async function updateOpsNotice(db: Db, actor: OperatorActor, body: NoticeUpdateBody, now: Date): Promise<OpsNoticeView> {
  return db.transaction(async (tx) => {
    const before = reshapeOpsNotice(await noticeRow(tx, body.id, true), now);
    await updateEmergencyNotice(tx, body.id, {
      title: body.title,
      content: body.content,
      ...(body.starts_at ? { startsAt: body.starts_at } : {}),
      endsAt: body.ends_at ?? null,
    });
    const view = reshapeOpsNotice(await noticeRow(tx, body.id, false), now);
    await writeAudit(tx, actor, { action: 'notice.update', targetType: 'emergency_notice', targetId: body.id, before, after: view }, now);
    return view;
  });
}

/** POST campaigns/notices/activate | deactivate. */
export async function setOpsNoticeActive(db: Db, actor: OperatorActor, id: number, active: boolean, now: Date): Promise<OpsNoticeView> {
  return db.transaction(async (tx) => {
    const current = await noticeRow(tx, id, true);
    const [row] = await tx.update(emergencyNotices).set({ isActive: active }).where(eq(emergencyNotices.id, id)).returning();
    await writeAudit(
      tx,
      actor,
      { action: active ? 'notice.activate' : 'notice.deactivate', targetType: 'emergency_notice', targetId: id, before: { is_active: current.isActive }, after: { is_active: active } },
      now,
    );
    return reshapeOpsNotice(row!, now);
  });
}
