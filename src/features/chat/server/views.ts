/**
 * Rows of the chat as the wire contract's views (STYLE "rows become app types in one place"):
 * messages with their image and order card, the renter's state, the console's summaries. Every
 * stream, poll and answer reads through here, so the renter's chat and the console never see a row.
 */
import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { CHAT_AGENT_ONLINE_WINDOW_MS } from '~/features/chat/constants';
import type { ChatConversationBrief, ChatConversationSummary, ChatImage, ChatMessageView, ChatOrderCard, ChatState } from '~/features/chat/contract/chat';
import { chatPreview } from '~/features/chat/rules/chat';
import { orderStatusText } from '~/features/orders/rules/order-status';
import type { DbOrTx } from '~/platform/db/client';
import { chatAgentPresence, chatConversations, chatMessages, uploadedImages, users } from '~/platform/db/schema';
import { loadOrderRecordsByIds, type OrderRecord } from '~/features/orders/server';
import { uploadUrl } from '~/platform/db/uploads';

/** Whose eyes read the messages: their own messages carry read_by_peer. */
export type ChatViewer = 'user' | 'agent';

export type ConversationRow = typeof chatConversations.$inferSelect;

/**
 * Whose side of the chat: a signed-in user, or a visitor known by the token its browser keeps
 * (server/visitors.ts). Every read of the renter's side goes through ownerCondition, so a visitor
 * sees its own conversations and nothing else.
 */
export type ChatOwner = { kind: 'user'; id: number } | { kind: 'visitor'; id: number };

export const userOwner = (id: number): ChatOwner => ({ kind: 'user', id });

export function ownerCondition(owner: ChatOwner): SQL {
  return owner.kind === 'user' ? eq(chatConversations.userId, owner.id) : eq(chatConversations.visitorId, owner.id);
}

/** The hub's key of an owner: what the announcement (migration 0059) names after the colon. */
export function ownerKey(owner: ChatOwner): string {
  return owner.kind === 'user' ? String(owner.id) : `v${owner.id}`;
}

const messageSelection = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  sender: chatMessages.sender,
  agentName: chatMessages.agentName,
  type: chatMessages.type,
  body: chatMessages.body,
  orderId: chatMessages.orderId,
  createdAt: chatMessages.createdAt,
  conversationUserId: chatConversations.userId,
  userLastReadId: chatConversations.userLastReadId,
  agentLastReadId: chatConversations.agentLastReadId,
  imageId: uploadedImages.id,
  imageWidth: uploadedImages.width,
  imageHeight: uploadedImages.height,
  imageCardSha256: uploadedImages.cardSha256,
  imageDetailSha256: uploadedImages.detailSha256,
};

/** Order cards by order id, read once for a batch of messages. */
function orderCard(record: OrderRecord, conversationUserId: number | null, now: Date): ChatOrderCard {
  const { order, listing, plan } = record;
  const kind = order.kind;
  const gameName = kind === 'rental' ? (listing?.gameName ?? '') : kind === 'vip' ? 'VIP会员' : '余额充值';
  const title = kind === 'rental' ? (listing?.title ?? '') : kind === 'vip' ? (plan?.name ?? 'VIP会员') : '余额充值';
  return {
    order_id: order.id,
    order_no: order.orderNo,
    kind,
    game_name: gameName,
    title,
    status: order.status,
    status_text: orderStatusText(kind, order.status, order.startsAt, now),
    amount_fen: order.totalFen,
    as_renter: order.userId === conversationUserId,
  };
}

export { orderCard as orderCardOf };

/**
 * The messages matching `where`, in `order`, each as the viewer sees it. One query for the messages
 * (with their conversation's read pointers and image), one more only when order cards are among them.
 */
export async function loadMessageViews(db: DbOrTx, viewer: ChatViewer, where: SQL | undefined, order: 'asc' | 'desc', limit: number, now: Date): Promise<ChatMessageView[]> {
  const rows = await db
    .select(messageSelection)
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .leftJoin(uploadedImages, eq(uploadedImages.id, chatMessages.imageId))
    .where(where)
    .orderBy(order === 'asc' ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(limit);
  const orderIds = [...new Set(rows.map((row) => row.orderId).filter((id): id is number => id !== null))];
  const records = new Map((await loadOrderRecordsByIds(db, orderIds)).map((record) => [record.order.id, record]));
  return rows.map((row) => {
    const own = row.sender === viewer;
    const peerRead = viewer === 'user' ? row.agentLastReadId : row.userLastReadId;
    const record = row.orderId === null ? undefined : records.get(row.orderId);
    const image: ChatImage | null =
      row.imageId === null
        ? null
        : {
            card_url: uploadUrl(row.imageId, 'card', row.imageCardSha256!),
            detail_url: uploadUrl(row.imageId, 'detail', row.imageDetailSha256!),
            width: row.imageWidth!,
            height: row.imageHeight!,
          };
    return {
      id: row.id,
      conversation_id: row.conversationId,
      sender: row.sender,
      agent_name: row.sender === 'agent' ? row.agentName : null,
      type: row.type,
      text: row.body,
      image,
      order: record ? orderCard(record, row.conversationUserId, now) : null,
      created_at: row.createdAt.toISOString(),
      read_by_peer: own && row.id <= peerRead,
    };
  });
}

/** The messages of every conversation of `owner` after `afterId`, oldest first (streams and polls). */
export function userMessagesAfter(db: DbOrTx, viewer: ChatViewer, owner: ChatOwner, afterId: number, limit: number, now: Date): Promise<ChatMessageView[]> {
  return loadMessageViews(db, viewer, and(ownerCondition(owner), gt(chatMessages.id, afterId)), 'asc', limit, now);
}

/** A page of `owner`'s history: the newest `limit` messages before `beforeId` (all when null), oldest first, and whether older ones exist. */
export async function userHistoryPage(db: DbOrTx, viewer: ChatViewer, owner: ChatOwner, beforeId: number | null, limit: number, now: Date): Promise<{ messages: ChatMessageView[]; hasMore: boolean }> {
  const where = and(ownerCondition(owner), beforeId === null ? undefined : lt(chatMessages.id, beforeId));
  const newestFirst = await loadMessageViews(db, viewer, where, 'desc', limit + 1, now);
  const hasMore = newestFirst.length > limit;
  return { messages: newestFirst.slice(0, limit).reverse(), hasMore };
}

/** Agents whose console stream was seen within CHAT_AGENT_ONLINE_WINDOW_MS. */
export async function agentsOnline(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatAgentPresence)
    .where(gt(chatAgentPresence.seenAt, new Date(now.getTime() - CHAT_AGENT_ONLINE_WINDOW_MS)));
  return Number(row?.n ?? 0);
}

/** Waiting conversations created before this one, plus one. */
async function queuePosition(db: DbOrTx, conversation: ConversationRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.status, 'waiting'),
        sql`(${chatConversations.createdAt}, ${chatConversations.id}) < (${conversation.createdAt.toISOString()}::timestamptz, ${conversation.id})`,
      ),
    );
  return Number(row?.n ?? 0) + 1;
}

export function conversationBrief(conversation: ConversationRow, position: number | null): ChatConversationBrief {
  return {
    id: conversation.id,
    status: conversation.status,
    agent_name: conversation.status === 'assigned' ? conversation.operatorName : null,
    created_at: conversation.createdAt.toISOString(),
    queue_position: conversation.status === 'waiting' ? position : null,
    peer_read_id: conversation.agentLastReadId,
  };
}

/** The owner's newest conversation (open, or the last closed one), or null. */
export async function latestConversation(db: DbOrTx, owner: ChatOwner): Promise<ConversationRow | null> {
  const [row] = await db.select().from(chatConversations).where(ownerCondition(owner)).orderBy(desc(chatConversations.id)).limit(1);
  return row ?? null;
}

/** Agents' messages the owner has not read, over all of the owner's conversations. */
export async function userUnread(db: DbOrTx, owner: ChatOwner): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(ownerCondition(owner), eq(chatMessages.sender, 'agent'), gt(chatMessages.id, chatConversations.userLastReadId)));
  return Number(row?.n ?? 0);
}

/** The renter's (or visitor's) side at a glance (contract ChatState). */
export async function userChatState(db: DbOrTx, owner: ChatOwner, now: Date): Promise<ChatState> {
  const [conversation, unread, online] = await Promise.all([latestConversation(db, owner), userUnread(db, owner), agentsOnline(db, now)]);
  const position = conversation?.status === 'waiting' ? await queuePosition(db, conversation) : null;
  return { conversation: conversation ? conversationBrief(conversation, position) : null, unread, agents_online: online };
}

// ---------------------------------------------------------------------------------------------
// the console

/** Summaries of the conversations matching `where`, in `orderBy`, at most `limit`. */
export async function loadSummaries(db: DbOrTx, where: SQL | undefined, orderBy: SQL[], limit: number, now: Date): Promise<ChatConversationSummary[]> {
  const unread = sql<number>`(select count(*) from ${chatMessages} um where um.conversation_id = ${chatConversations.id} and um.sender = 'user' and um.id > ${chatConversations.agentLastReadId})`.mapWith(Number);
  // A null owner column equals nothing, so a user's conversation counts only the user's, a visitor's only the visitor's.
  const earlier = sql<number>`(select count(*) from ${chatConversations} ec where (ec.user_id = ${chatConversations.userId} or ec.visitor_id = ${chatConversations.visitorId}) and ec.id < ${chatConversations.id})`.mapWith(Number);
  const rows = await db
    .select({ conversation: chatConversations, username: users.username, nickname: users.nickname, unread, earlier })
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  const lastIds = rows.map((row) => row.conversation.lastMessageId).filter((id): id is number => id !== null);
  const lastMessages = lastIds.length === 0 ? [] : await loadMessageViews(db, 'agent', inArray(chatMessages.id, lastIds), 'asc', lastIds.length, now);
  const lastById = new Map(lastMessages.map((message) => [message.id, message]));
  return rows.map(({ conversation, username, nickname, unread: unreadCount, earlier: earlierCount }) => ({
    id: conversation.id,
    status: conversation.status,
    user: conversation.userId === null ? null : { id: conversation.userId, username: username ?? '', nickname: nickname ?? '' },
    visitor_id: conversation.visitorId,
    operator_id: conversation.operatorId,
    agent_name: conversation.operatorName,
    created_at: conversation.createdAt.toISOString(),
    assigned_at: conversation.assignedAt?.toISOString() ?? null,
    closed_at: conversation.closedAt?.toISOString() ?? null,
    last_message_at: conversation.lastMessageAt.toISOString(),
    last_message_preview: chatPreview(conversation.lastMessageId === null ? null : (lastById.get(conversation.lastMessageId) ?? null)),
    unread: unreadCount,
    peer_read_id: conversation.userLastReadId,
    earlier_conversations: earlierCount,
  }));
}

export async function summaryById(db: DbOrTx, conversationId: number, now: Date): Promise<ChatConversationSummary | null> {
  const [summary] = await loadSummaries(db, eq(chatConversations.id, conversationId), [asc(chatConversations.id)], 1, now);
  return summary ?? null;
}

/** The console's two counters: conversations waiting, and open ones assigned to this operator. */
export async function consoleCounts(db: DbOrTx, operatorId: number): Promise<{ queue: number; mine: number }> {
  const [row] = await db
    .select({
      queue: sql<number>`count(*) filter (where ${chatConversations.status} = 'waiting')`.mapWith(Number),
      mine: sql<number>`count(*) filter (where ${chatConversations.status} = 'assigned' and ${chatConversations.operatorId} = ${operatorId})`.mapWith(Number),
    })
    .from(chatConversations)
    .where(ne(chatConversations.status, 'closed'));
  return { queue: row?.queue ?? 0, mine: row?.mine ?? 0 };
}
