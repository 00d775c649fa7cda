/**
 * What the sandbox message provider "sent" (providers/sms/sandbox-outbox.ts), for /sandbox/outbox, reshaped
 * for the page (STYLE 8: pages never see a row).
 */
import { desc } from 'drizzle-orm';
import { formatShanghaiDateTimeSeconds } from '~/platform/rules/shanghai-time';
import type { Db } from '~/platform/db/client';
import { outboxMessages, type CodeChannel } from '~/platform/db/schema';

/** How many of the newest messages the page lists. */
export const OUTBOX_PAGE_SIZE = 50;

export interface OutboxEntry {
  id: number;
  channel: CodeChannel;
  recipient: string;
  body: string;
  /** ISO 8601, for <time datetime>. */
  sent_at: string;
  /** Asia/Shanghai wall time to the second, 'YYYY-MM-DD HH:mm:ss' (two codes may share a minute). */
  sent_at_text: string;
}

/** The newest `limit` messages, newest first. */
export async function listOutbox(db: Db, limit: number = OUTBOX_PAGE_SIZE): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    body: row.body,
    sent_at: row.createdAt.toISOString(),
    sent_at_text: formatShanghaiDateTimeSeconds(row.createdAt),
  }));
}
