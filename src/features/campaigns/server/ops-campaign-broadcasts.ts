/**
 * 站内群发 in the console ("broadcast notifications to all or a segment"): the recipient
 * count shown before sending, the send itself (services/notifications.ts broadcast: one INSERT ...
 * SELECT in one transaction, exactly once per form thanks to its request key) with its audit row,
 * and the history with counts.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Page } from '~/platform/wire/common';
import { AUDIENCE_SEGMENT_LABELS, type AudienceSegment, type BroadcastSendBody, type BroadcastSendResult, type OpsBroadcastView } from '~/features/campaigns/contract/ops-campaigns';
import type { Db, DbOrTx } from '~/platform/db/client';
import { notificationBroadcasts, operators } from '~/platform/db/schema';
import { broadcast, countSegmentUsers } from '~/features/notifications/server';
import { writeAudit, type OperatorActor } from '~/features/console/server';

type BroadcastRow = typeof notificationBroadcasts.$inferSelect;

const segmentLabel = (segment: string): string => AUDIENCE_SEGMENT_LABELS[segment as AudienceSegment] ?? segment;

export function reshapeOpsBroadcast(row: BroadcastRow, operatorUsername: string | null): OpsBroadcastView {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    segment: row.segment,
    segment_label: segmentLabel(row.segment),
    popup: row.popup,
    recipients: row.recipients,
    operator_username: operatorUsername,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET campaigns/broadcasts/recipients: how many users the segment holds now (the confirm shows it). */
export async function broadcastRecipients(db: DbOrTx, segment: AudienceSegment, now: Date): Promise<{ segment: AudienceSegment; segment_label: string; recipients: number }> {
  return { segment, segment_label: segmentLabel(segment), recipients: await countSegmentUsers(db, segment, now) };
}

async function broadcastView(db: DbOrTx, id: number): Promise<OpsBroadcastView> {
  const [row] = await db
    .select({ broadcast: notificationBroadcasts, username: operators.username })
    .from(notificationBroadcasts)
    .leftJoin(operators, eq(operators.id, notificationBroadcasts.operatorId))
    .where(eq(notificationBroadcasts.id, id));
  return reshapeOpsBroadcast(row!.broadcast, row!.username);
}

/**
 * POST campaigns/broadcasts/send: sends once per request key. A repeat of the key (a double click,
 * a retry after a lost answer, two tabs racing) answers the first send with `replayed: true` and
 * writes neither messages nor a second audit row; the same key with other text is 409.
 */
export async function sendOpsBroadcast(db: Db, actor: OperatorActor, body: BroadcastSendBody, now: Date): Promise<BroadcastSendResult> {
  return db.transaction(async (tx) => {
    const sent = await broadcast(tx, { title: body.title, content: body.content, segment: body.segment, popup: body.popup }, now, {
      operatorId: actor.operatorId,
      requestKey: body.request_key,
    });
    const view = await broadcastView(tx, sent.id);
    if (!sent.replayed) await writeAudit(tx, actor, { action: 'broadcast.send', targetType: 'broadcast', targetId: sent.id, after: view }, now);
    return { broadcast: view, replayed: sent.replayed };
  });
}

/** GET campaigns/broadcasts: the history, newest first, with who sent each and how many got it. */
export async function listOpsBroadcasts(db: DbOrTx, query: { page: number; page_size: number }): Promise<Page<OpsBroadcastView>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ broadcast: notificationBroadcasts, username: operators.username })
      .from(notificationBroadcasts)
      .leftJoin(operators, eq(operators.id, notificationBroadcasts.operatorId))
      .orderBy(desc(notificationBroadcasts.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(notificationBroadcasts),
  ]);
  return { list: rows.map((row) => reshapeOpsBroadcast(row.broadcast, row.username)), total: Number(total?.n ?? 0), page: query.page, page_size: query.page_size };
}
