/**
 * Which agents are at the desk: the console's stream marks its agent present when it
 * opens and on every heartbeat, and every console call does too; the renter's chat counts agents
 * seen within CHAT_AGENT_ONLINE_WINDOW_MS (views.ts agentsOnline) to say honestly whether anyone
 * is there. A closed console simply stops being seen.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '~/platform/db/client';
import { chatAgentPresence } from '~/platform/db/schema';

export async function recordAgentPresence(db: DbOrTx, operatorId: number, now: Date): Promise<void> {
  await db
    .insert(chatAgentPresence)
    .values({ operatorId, seenAt: now })
    .onConflictDoUpdate({ target: chatAgentPresence.operatorId, set: { seenAt: sql`greatest(${chatAgentPresence.seenAt}, excluded.seen_at)` } });
}
