/**
 * Emergency notices (spec §3 Emergency notice: id, title, content; §4 "today's popups are fetched
 * and merged with pending ones"). "Today's" notices are the ones in effect now: active, started,
 * not yet ended (docs/decisions.md). How often one pops up is the browser's rule
 * (features/campaigns/rules/notice-popups.ts). create/update/deactivate serve the operator console.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { textSchema } from '~/platform/wire/common';
import type { EmergencyNotice } from '~/features/campaigns/contract/popups';
import type { DbOrTx } from '~/platform/db/client';
import { emergencyNotices } from '~/platform/db/schema';
import { badRequest, notFound, withReason } from '~/platform/http/errors';

/** At most this many at once: an emergency list longer than this is an operator's mistake, not news. */
export const EMERGENCY_NOTICES_MAX = 20;

/** Notices in effect at `now`, oldest start first (the popup rule shows the first not used up). */
export async function listEmergencyNotices(db: DbOrTx, now: Date): Promise<EmergencyNotice[]> {
  return db
    .select({ id: emergencyNotices.id, title: emergencyNotices.title, content: emergencyNotices.content })
    .from(emergencyNotices)
    .where(
      and(
        sql`${emergencyNotices.isActive}`,
        lte(emergencyNotices.startsAt, now),
        or(isNull(emergencyNotices.endsAt), gt(emergencyNotices.endsAt, now)),
      ),
    )
    .orderBy(asc(emergencyNotices.startsAt), asc(emergencyNotices.id))
    .limit(EMERGENCY_NOTICES_MAX);
}

// ---------------------------------------------------------------------------------------------
// the operator console

const dateSchema = z.coerce.date({ error: withReason('应为日期时间') });

const noticeFields = {
  title: textSchema(64).min(1, { error: '标题不能为空' }),
  content: textSchema(2000).min(1, { error: '内容不能为空' }),
  startsAt: dateSchema.optional(),
  endsAt: dateSchema.nullable().optional(),
};

const MSG_WINDOW = '结束时间应晚于开始时间';

export const newEmergencyNoticeSchema = z.object(noticeFields);
export type NewEmergencyNotice = z.input<typeof newEmergencyNoticeSchema>;
export const emergencyNoticePatchSchema = z.object(noticeFields).partial();
export type EmergencyNoticePatch = z.input<typeof emergencyNoticePatchSchema>;

/** Publishes a notice, from `startsAt` (default `now`) until `endsAt` (default: until deactivated). */
export async function createEmergencyNotice(db: DbOrTx, input: NewEmergencyNotice, now: Date = new Date()): Promise<EmergencyNotice> {
  const notice = await newEmergencyNoticeSchema.parseAsync(input);
  const startsAt = notice.startsAt ?? now;
  const endsAt = notice.endsAt ?? null;
  if (endsAt && endsAt <= startsAt) throw badRequest(MSG_WINDOW);
  const [row] = await db
    .insert(emergencyNotices)
    .values({ title: notice.title, content: notice.content, startsAt, endsAt })
    .returning({ id: emergencyNotices.id, title: emergencyNotices.title, content: emergencyNotices.content });
  return row!;
}

/** Changes the given fields; 404 when it does not exist; the window is checked as a whole. */
export async function updateEmergencyNotice(db: DbOrTx, id: number, patch: EmergencyNoticePatch): Promise<EmergencyNotice> {
  const changes = await emergencyNoticePatchSchema.parseAsync(patch);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(emergencyNotices).where(eq(emergencyNotices.id, id)).for('update');
    if (!current) throw notFound('公告不存在');
    const startsAt = changes.startsAt ?? current.startsAt;
    const endsAt = changes.endsAt === undefined ? current.endsAt : changes.endsAt;
    if (endsAt && endsAt <= startsAt) throw badRequest(MSG_WINDOW);
    const [row] = await tx
      .update(emergencyNotices)
      .set({
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.content !== undefined && { content: changes.content }),
        startsAt,
        endsAt,
      })
      .where(eq(emergencyNotices.id, id))
      .returning({ id: emergencyNotices.id, title: emergencyNotices.title, content: emergencyNotices.content });
    return row!;
  });
}

/** Withdraws a notice (kept for the record); 404 when it does not exist. */
export async function deactivateEmergencyNotice(db: DbOrTx, id: number): Promise<void> {
  const rows = await db.update(emergencyNotices).set({ isActive: false }).where(eq(emergencyNotices.id, id)).returning({ id: emergencyNotices.id });
  if (rows.length === 0) throw notFound('公告不存在');
}
