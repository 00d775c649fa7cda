/**
 * The desk's side of the customer-service chat, for operators with the `chat`
 * permission: the queue (oldest first), my conversations, take (exactly one of two racing agents
 * wins: the other gets 409), reply, read, close and release back to the queue. Every action that
 * changes a conversation's state writes the audit log in its own transaction.
 */
import { and, asc, desc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import { CHAT_AGENT_MESSAGES_PER_WINDOW, CHAT_AGENT_RATE_WINDOW_S, CHAT_OPS_LIST_MAX, CHAT_PAGE_SIZE_DEFAULT } from '~/features/chat/constants';
import { CHAT_MESSAGES, CHAT_SYSTEM_TEXT, type ChatConversationSummary, type ChatMessageView, type ChatOpsHistory, type ChatOpsList, type ChatOpsView } from '~/features/chat/contract/chat';
import type { ChatOpsHistoryQuery, ChatReplyBody } from '~/features/chat/contract/chat-schemas';
import type { DbOrTx, DbTx } from '~/platform/db/client';
import { chatConversations, chatMessages, uploadedImages } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { type OperatorActor, writeAudit } from '~/features/console/server';
import { enforceRateLimits } from '~/platform/db/rate-limit';
import { recordAgentPresence } from '~/features/chat/server/presence';
import { consoleCounts, loadMessageViews, loadSummaries, summaryById, type ConversationRow } from '~/features/chat/server/views';

export const chatAgentRateBucket = (operatorId: number): string => `chat:agent:${operatorId}`;

const VIEWS: Record<ChatOpsView, (operatorId: number) => { where: SQL | undefined; orderBy: SQL[] }> = {
  // The queue: who has waited longest comes first.
  queue: () => ({ where: eq(chatConversations.status, 'waiting'), orderBy: [asc(chatConversations.createdAt), asc(chatConversations.id)] }),
  mine: (operatorId) => ({
    where: and(eq(chatConversations.status, 'assigned'), eq(chatConversations.operatorId, operatorId)),
    orderBy: [desc(chatConversations.lastMessageAt), desc(chatConversations.id)],
  }),
  open: () => ({ where: ne(chatConversations.status, 'closed'), orderBy: [desc(chatConversations.lastMessageAt), desc(chatConversations.id)] }),
  closed: () => ({ where: eq(chatConversations.status, 'closed'), orderBy: [desc(chatConversations.closedAt), desc(chatConversations.id)] }),
};

/** GET /api/v1/ops/chat/conversations?view= */
export async function listConversations(db: DbOrTx, actor: OperatorActor, view: ChatOpsView, now: Date): Promise<ChatOpsList> {
  await recordAgentPresence(db, actor.operatorId, now);
  const { where, orderBy } = VIEWS[view](actor.operatorId);
  const [conversations, counts] = await Promise.all([loadSummaries(db, where, orderBy, CHAT_OPS_LIST_MAX, now), consoleCounts(db, actor.operatorId)]);
  return { view, conversations, counts };
}

async function requireSummary(db: DbOrTx, conversationId: number, now: Date): Promise<ChatConversationSummary> {
  const summary = await summaryById(db, conversationId, now);
  if (!summary) throw notFound(CHAT_MESSAGES.notFound);
  return summary;
}

/**
 * GET /api/v1/ops/chat/messages?conversation_id=: the conversation, and its user's messages over
 * every conversation (history kept: the agent sees what was said before), paged like the
 * renter's: before_id for older, after_id for what came since.
 */
export async function conversationHistory(db: DbOrTx, query: ChatOpsHistoryQuery, now: Date): Promise<ChatOpsHistory> {
  const conversation = await requireSummary(db, query.conversation_id, now);
  const limit = query.limit ?? CHAT_PAGE_SIZE_DEFAULT;
  // A visitor's conversation: that visitor's history (a visitor has no account to read across).
  const ofUser = conversation.user ? eq(chatConversations.userId, conversation.user.id) : eq(chatConversations.visitorId, conversation.visitor_id!);
  if (query.after_id !== undefined) {
    const messages = await loadMessageViews(db, 'agent', and(ofUser, gt(chatMessages.id, query.after_id)), 'asc', limit + 1, now);
    return { conversation, messages: messages.slice(0, limit), has_more: messages.length > limit };
  }
  const newestFirst = await loadMessageViews(db, 'agent', and(ofUser, query.before_id === undefined ? undefined : lt(chatMessages.id, query.before_id)), 'desc', limit + 1, now);
  return { conversation, messages: newestFirst.slice(0, limit).reverse(), has_more: newestFirst.length > limit };
}

async function lockConversation(tx: DbTx, conversationId: number): Promise<ConversationRow> {
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, conversationId)).for('update');
  if (!row) throw notFound(CHAT_MESSAGES.notFound);
  return row;
}

/** A system line in the conversation, moving its last message (the trigger announces the change). */
async function writeSystemLine(tx: DbTx, conversationId: number, text: string, actor: OperatorActor, now: Date, set: Partial<typeof chatConversations.$inferInsert>): Promise<number> {
  const [message] = await tx
    .insert(chatMessages)
    .values({ conversationId, sender: 'system', type: 'system', body: text, operatorId: actor.operatorId, agentName: actor.displayName, createdAt: now })
    .returning({ id: chatMessages.id });
  await tx
    .update(chatConversations)
    .set({ ...set, lastMessageId: message!.id, lastMessageAt: now })
    .where(eq(chatConversations.id, conversationId));
  return message!.id;
}

/**
 * POST /api/v1/ops/chat/take: waiting → assigned to the actor. The conditional UPDATE is the race's
 * referee: of two agents taking at once exactly one row update succeeds; the other answers 409
 * 该会话已被其他客服接入 (or 该会话已结束 / 不在排队中).
 */
export async function takeConversation(db: DbOrTx, actor: OperatorActor, conversationId: number, now: Date): Promise<ChatConversationSummary> {
  await db.transaction(async (tx) => {
    const taken = await tx
      .update(chatConversations)
      .set({ status: 'assigned', operatorId: actor.operatorId, operatorName: actor.displayName, assignedAt: now })
      .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.status, 'waiting')))
      .returning({ id: chatConversations.id });
    if (taken.length === 0) {
      const [row] = await tx.select({ status: chatConversations.status, operatorId: chatConversations.operatorId }).from(chatConversations).where(eq(chatConversations.id, conversationId));
      if (!row) throw notFound(CHAT_MESSAGES.notFound);
      if (row.status === 'closed') throw conflict(CHAT_MESSAGES.closed);
      throw conflict(row.operatorId === actor.operatorId ? CHAT_MESSAGES.notWaiting : CHAT_MESSAGES.alreadyTaken);
    }
    await writeSystemLine(tx, conversationId, CHAT_SYSTEM_TEXT.taken, actor, now, {});
    await writeAudit(tx, actor, { action: 'chat.take', targetType: 'chat_conversation', targetId: conversationId, before: { status: 'waiting' }, after: { status: 'assigned', operator_id: actor.operatorId } }, now);
  });
  await recordAgentPresence(db, actor.operatorId, now);
  return requireSummary(db, conversationId, now);
}

/** The actor may speak in / act on an assigned conversation only when it is theirs (admins too: one voice per conversation). */
function assertMine(row: ConversationRow, actor: OperatorActor): void {
  if (row.status === 'closed') throw conflict(CHAT_MESSAGES.closed);
  if (row.status === 'waiting') throw conflict(CHAT_MESSAGES.takeFirst);
  if (row.operatorId !== actor.operatorId) throw conflict(CHAT_MESSAGES.notYours);
}

/** An image the operator uploaded for the chat; 404 otherwise. */
async function ownOperatorImage(db: DbOrTx, operatorId: number, imageId: number): Promise<number> {
  const [image] = await db
    .select({ id: uploadedImages.id })
    .from(uploadedImages)
    .where(and(eq(uploadedImages.id, imageId), eq(uploadedImages.ownerOperatorId, operatorId), eq(uploadedImages.purpose, 'chat')));
  if (!image) throw notFound(CHAT_MESSAGES.imageNotFound);
  return image.id;
}

/** POST /api/v1/ops/chat/reply: text or an image into the actor's own conversation (409 otherwise, 429 past the agent rate). */
export async function replyToConversation(db: DbOrTx, actor: OperatorActor, body: ChatReplyBody, now: Date): Promise<ChatMessageView> {
  await enforceRateLimits(db, [{ bucket: chatAgentRateBucket(actor.operatorId), limit: CHAT_AGENT_MESSAGES_PER_WINDOW, windowS: CHAT_AGENT_RATE_WINDOW_S }], now, CHAT_MESSAGES.rateLimited);
  const imageId = body.type === 'image' ? await ownOperatorImage(db, actor.operatorId, body.image_id) : null;
  const messageId = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, body.conversation_id);
    assertMine(row, actor);
    const [message] = await tx
      .insert(chatMessages)
      .values({
        conversationId: row.id,
        sender: 'agent',
        operatorId: actor.operatorId,
        agentName: actor.displayName,
        type: body.type,
        body: body.type === 'text' ? body.text : null,
        imageId,
        createdAt: now,
      })
      .returning({ id: chatMessages.id });
    await tx
      .update(chatConversations)
      .set({ lastMessageId: message!.id, lastMessageAt: now, agentLastReadId: sql`greatest(${chatConversations.agentLastReadId}, ${message!.id})` })
      .where(eq(chatConversations.id, row.id));
    return message!.id;
  });
  await recordAgentPresence(db, actor.operatorId, now);
  const [message] = await loadMessageViews(db, 'agent', eq(chatMessages.id, messageId), 'asc', 1, now);
  return message!;
}

/** POST /api/v1/ops/chat/read: the desk has read the conversation up to `messageId` (never back, never past its end). */
export async function markAgentRead(db: DbOrTx, actor: OperatorActor, conversationId: number, messageId: number, now: Date): Promise<ChatConversationSummary> {
  const target = sql`least(${messageId}::bigint, coalesce(${chatConversations.lastMessageId}, 0))`;
  await db
    .update(chatConversations)
    .set({ agentLastReadId: sql`greatest(${chatConversations.agentLastReadId}, ${target})` })
    .where(and(eq(chatConversations.id, conversationId), sql`${chatConversations.agentLastReadId} < ${target}`));
  await recordAgentPresence(db, actor.operatorId, now);
  return requireSummary(db, conversationId, now);
}

/**
 * POST /api/v1/ops/chat/close: the actor's own conversation, or one still waiting (spam need not be
 * taken first); admins may close any. 会话已结束 goes to the user; their next message opens a new one.
 */
export async function closeConversation(db: DbOrTx, actor: OperatorActor, conversationId: number, now: Date): Promise<ChatConversationSummary> {
  await db.transaction(async (tx) => {
    const row = await lockConversation(tx, conversationId);
    if (row.status === 'closed') throw conflict(CHAT_MESSAGES.closed);
    if (row.status === 'assigned' && row.operatorId !== actor.operatorId && actor.role !== 'admin') throw conflict(CHAT_MESSAGES.notYours);
    await writeSystemLine(tx, row.id, CHAT_SYSTEM_TEXT.closed, actor, now, { status: 'closed', closedAt: now });
    await writeAudit(tx, actor, { action: 'chat.close', targetType: 'chat_conversation', targetId: row.id, before: { status: row.status, operator_id: row.operatorId }, after: { status: 'closed' } }, now);
  });
  return requireSummary(db, conversationId, now);
}

/** POST /api/v1/ops/chat/release: the actor's conversation (any, for an admin) goes back to the queue, keeping its place by age. */
export async function releaseConversation(db: DbOrTx, actor: OperatorActor, conversationId: number, now: Date): Promise<ChatConversationSummary> {
  await db.transaction(async (tx) => {
    const row = await lockConversation(tx, conversationId);
    if (row.status !== 'assigned') throw conflict(row.status === 'closed' ? CHAT_MESSAGES.closed : CHAT_MESSAGES.notAssigned);
    if (row.operatorId !== actor.operatorId && actor.role !== 'admin') throw conflict(CHAT_MESSAGES.notYours);
    await writeSystemLine(tx, row.id, CHAT_SYSTEM_TEXT.released, actor, now, { status: 'waiting', operatorId: null, operatorName: null, assignedAt: null });
    await writeAudit(tx, actor, { action: 'chat.release', targetType: 'chat_conversation', targetId: row.id, before: { status: 'assigned', operator_id: row.operatorId }, after: { status: 'waiting' } }, now);
  });
  return requireSummary(db, conversationId, now);
}
