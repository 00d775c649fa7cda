/**
 * The renter's (or seller's, or a visitor's) side of the customer-service chat: write, read,
 * history, the order picker. An owner (a user or a visitor, views.ts ChatOwner) has at most one
 * open conversation; the first message after the last one closed opens a new one, which waits in
 * the queue until an agent takes it. Visitors write text only (docs/decisions.md "Visitors reach
 * customer service").
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  CHAT_ORDER_PICKER_MAX,
  CHAT_PAGE_SIZE_DEFAULT,
  CHAT_USER_MESSAGES_PER_WINDOW,
  CHAT_USER_RATE_WINDOW_S,
  CHAT_VISITOR_IP_MESSAGES_PER_WINDOW,
  CHAT_VISITOR_IP_RATE_WINDOW_S,
  CHAT_VISITOR_MESSAGES_PER_WINDOW,
  CHAT_VISITOR_RATE_WINDOW_S,
} from '~/features/chat/constants';
import { CHAT_MESSAGES, type ChatHistory, type ChatOrderChoice, type ChatReadResult, type ChatSendResult } from '~/features/chat/contract/chat';
import type { ChatHistoryQuery, ChatSendBody } from '~/features/chat/contract/chat-schemas';
import type { DbOrTx, DbTx } from '~/platform/db/client';
import { chatConversations, chatMessages, orders, shops, uploadedImages } from '~/platform/db/schema';
import { forbidden, notFound, unauthorized } from '~/platform/http/errors';
import { loadOrderRecords } from '~/features/orders/server';
import { enforceRateLimits, type RateLimitRule } from '~/platform/db/rate-limit';
import { lockOpenVisitor } from '~/features/chat/server/visitors';
import { loadMessageViews, orderCardOf, ownerCondition, userChatState, userHistoryPage, userMessagesAfter, userOwner, userUnread, type ChatOwner, type ConversationRow } from '~/features/chat/server/views';

export const chatUserRateBucket = (userId: number): string => `chat:user:${userId}`;
export const chatVisitorRateBucket = (visitorId: number): string => `chat:visitor:${visitorId}`;
/** Over every visitor one address holds (a visitor can mint new ids; a signed-in user cannot). */
export const chatVisitorIpRateBucket = (ip: string): string => `chat-visitor:ip:${ip}`;

function sendRateRules(owner: ChatOwner, ip: string): RateLimitRule[] {
  if (owner.kind === 'user') return [{ bucket: chatUserRateBucket(owner.id), limit: CHAT_USER_MESSAGES_PER_WINDOW, windowS: CHAT_USER_RATE_WINDOW_S }];
  return [
    { bucket: chatVisitorRateBucket(owner.id), limit: CHAT_VISITOR_MESSAGES_PER_WINDOW, windowS: CHAT_VISITOR_RATE_WINDOW_S },
    { bucket: chatVisitorIpRateBucket(ip), limit: CHAT_VISITOR_IP_MESSAGES_PER_WINDOW, windowS: CHAT_VISITOR_IP_RATE_WINDOW_S },
  ];
}

/** What a message row holds besides its conversation and sender. */
interface MessagePayload {
  type: 'text' | 'image' | 'order';
  body: string | null;
  imageId: number | null;
  orderId: number | null;
}

/** Orders `userId` may attach: their own rentals and purchases, and rentals of the shop they own. */
function ownOrderCondition(userId: number) {
  return or(eq(orders.userId, userId), inArray(orders.shopId, sql`(select ${shops.id} from ${shops} where ${shops.ownerUserId} = ${userId})`));
}

/** An image the user uploaded for the chat, by id; 404 for anyone else's or another purpose's. */
export async function ownChatImage(db: DbOrTx, userId: number, imageId: number): Promise<number> {
  const [image] = await db
    .select({ id: uploadedImages.id })
    .from(uploadedImages)
    .where(and(eq(uploadedImages.id, imageId), eq(uploadedImages.ownerUserId, userId), eq(uploadedImages.purpose, 'chat')));
  if (!image) throw notFound(CHAT_MESSAGES.imageNotFound);
  return image.id;
}

async function payloadOf(db: DbOrTx, userId: number, body: ChatSendBody): Promise<MessagePayload> {
  switch (body.type) {
    case 'text':
      return { type: 'text', body: body.text, imageId: null, orderId: null };
    case 'image':
      return { type: 'image', body: null, imageId: await ownChatImage(db, userId, body.image_id), orderId: null };
    case 'order': {
      const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.orderNo, body.order_no), ownOrderCondition(userId)));
      // Someone else's order reads exactly like a missing one: nothing about it is revealed.
      if (!order) throw notFound(CHAT_MESSAGES.orderNotFound);
      return { type: 'order', body: null, imageId: null, orderId: order.id };
    }
  }
}

/**
 * The user's open conversation, locked for this transaction, or a new waiting one. Two first
 * messages at once meet at the partial unique index (one open per user): the loser reads the
 * winner's row.
 */
async function openConversationFor(tx: DbTx, owner: ChatOwner, now: Date): Promise<ConversationRow> {
  const findOpen = async (): Promise<ConversationRow | undefined> =>
    (await tx.select().from(chatConversations).where(and(ownerCondition(owner), ne(chatConversations.status, 'closed'))).for('update'))[0];
  const open = await findOpen();
  if (open) return open;
  const [created] = await tx
    .insert(chatConversations)
    .values({ userId: owner.kind === 'user' ? owner.id : null, visitorId: owner.kind === 'visitor' ? owner.id : null, status: 'waiting', lastMessageAt: now, createdAt: now })
    .onConflictDoNothing({ target: owner.kind === 'user' ? chatConversations.userId : chatConversations.visitorId, where: sql`status <> 'closed'` })
    .returning();
  if (created) return created;
  const winner = await findOpen();
  if (!winner) throw new Error('open conversation vanished while creating one');
  return winner;
}

/**
 * Sends one message from the user: 429 past CHAT_USER_MESSAGES_PER_WINDOW per window (counted in
 * the database, across processes), 404 for an image or order that is not theirs. The message, the
 * conversation's last message and the user's read pointer (writing means they have seen the chat)
 * commit together; the conversation's trigger announces it to every process.
 */
export function sendUserMessage(db: DbOrTx, userId: number, body: ChatSendBody, now: Date): Promise<ChatSendResult> {
  return sendOwnerMessage(db, userOwner(userId), body, now, '');
}

/**
 * Sends one message from a user or a visitor. A visitor sends text only (403 otherwise: the image
 * upload and the order picker are an account's) and is limited per visitor and per address (429);
 * a visitor whose browser signed in meanwhile is refused with 401 (its token no longer names a visitor).
 */
export async function sendOwnerMessage(db: DbOrTx, owner: ChatOwner, body: ChatSendBody, now: Date, ip: string): Promise<ChatSendResult> {
  if (owner.kind === 'visitor' && body.type !== 'text') throw forbidden(CHAT_MESSAGES.visitorTextOnly);
  await enforceRateLimits(db, sendRateRules(owner, ip), now, CHAT_MESSAGES.rateLimited);
  const payload = owner.kind === 'user' ? await payloadOf(db, owner.id, body) : { type: 'text' as const, body: body.type === 'text' ? body.text : null, imageId: null, orderId: null };
  const messageId = await db.transaction(async (tx) => {
    if (owner.kind === 'visitor' && !(await lockOpenVisitor(tx, owner.id))) throw unauthorized(CHAT_MESSAGES.visitorUnknown);
    const conversation = await openConversationFor(tx, owner, now);
    const [message] = await tx
      .insert(chatMessages)
      .values({ conversationId: conversation.id, sender: 'user', type: payload.type, body: payload.body, imageId: payload.imageId, orderId: payload.orderId, createdAt: now })
      .returning({ id: chatMessages.id });
    await tx
      .update(chatConversations)
      .set({ lastMessageId: message!.id, lastMessageAt: now, userLastReadId: sql`greatest(${chatConversations.userLastReadId}, ${message!.id})` })
      .where(eq(chatConversations.id, conversation.id));
    return message!.id;
  });
  const [message] = await loadMessageViews(db, 'user', eq(chatMessages.id, messageId), 'asc', 1, now);
  return { message: message!, state: await userChatState(db, owner, now) };
}

/**
 * The user has read everything up to `messageId`: each of their conversations' pointer moves up to
 * it (never past the conversation's last message, never back). Rows already there are not touched,
 * so a repeated read announces nothing.
 */
export async function markUserRead(db: DbOrTx, owner: ChatOwner, messageId: number): Promise<ChatReadResult> {
  const target = sql`least(${messageId}::bigint, coalesce(${chatConversations.lastMessageId}, 0))`;
  await db
    .update(chatConversations)
    .set({ userLastReadId: sql`greatest(${chatConversations.userLastReadId}, ${target})` })
    .where(and(ownerCondition(owner), sql`${chatConversations.userLastReadId} < ${target}`));
  return { unread: await userUnread(db, owner) };
}

/**
 * GET /api/v1/chat/messages: with `after_id`, the messages after it, oldest first (the poll that
 * stands in for a failed stream); otherwise a page of history before `before_id` (or the newest).
 */
export async function userHistory(db: DbOrTx, owner: ChatOwner, query: ChatHistoryQuery, now: Date): Promise<ChatHistory> {
  const limit = query.limit ?? CHAT_PAGE_SIZE_DEFAULT;
  if (query.after_id !== undefined) {
    const messages = await userMessagesAfter(db, 'user', owner, query.after_id, limit + 1, now);
    return { messages: messages.slice(0, limit), has_more: messages.length > limit, state: await userChatState(db, owner, now) };
  }
  const page = await userHistoryPage(db, 'user', owner, query.before_id ?? null, limit, now);
  return { messages: page.messages, has_more: page.hasMore, state: await userChatState(db, owner, now) };
}

/** The order picker: the user's newest orders (as renter, then as the listing's seller), at most CHAT_ORDER_PICKER_MAX. */
export async function chatOrderChoices(db: DbOrTx, userId: number, now: Date): Promise<ChatOrderChoice[]> {
  const records = await loadOrderRecords(db, ownOrderCondition(userId), { limit: CHAT_ORDER_PICKER_MAX, offset: 0 });
  return records.map((record) => ({ ...orderCardOf(record, userId, now), created_at: record.order.createdAt.toISOString() }));
}

