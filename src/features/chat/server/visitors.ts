/**
 * Visitors of the customer-service chat (issue 26 part 3; docs/decisions.md "Visitors reach
 * customer service"): a browser that has not signed in gets an opaque random token (32 bytes, so
 * never guessed nor enumerated; only its SHA-256 is stored) and sends it in VISITOR_TOKEN_HEADER.
 * When that browser signs in, the visitor's conversations join the account's, once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { CHAT_VISITOR_MINT_WINDOW_S, CHAT_VISITOR_MINTS_PER_IP } from '~/features/chat/constants';
import { CHAT_MESSAGES, type ChatJoinResult, type ChatVisitorAnswer } from '~/features/chat/contract/chat';
import { joinKeeper, mergedReadPointer } from '~/features/chat/rules/chat';
import type { DbOrTx, DbTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { enforceRateLimits } from '~/platform/db/rate-limit';
import { chatConversations, chatMessages, chatVisitors } from '~/platform/db/schema';
import { userChatState, userOwner, type ConversationRow } from '~/features/chat/server/views';

/** 32 random bytes as base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const chatVisitorMintBucket = (ip: string): string => `chat-visitor-mint:ip:${ip}`;

function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** POST /api/v1/chat/visitor: a new visitor, 429 past CHAT_VISITOR_MINTS_PER_IP per window from one address. */
export async function mintVisitor(db: DbOrTx, ip: string, now: Date): Promise<ChatVisitorAnswer> {
  await enforceRateLimits(db, [{ bucket: chatVisitorMintBucket(ip), limit: CHAT_VISITOR_MINTS_PER_IP, windowS: CHAT_VISITOR_MINT_WINDOW_S }], now, CHAT_MESSAGES.visitorMintLimited);
  const token = randomBytes(32).toString('base64url');
  await db.insert(chatVisitors).values({ tokenHash: hashVisitorToken(token), createdAt: now });
  return { token };
}

/** The visitor a token names, while it has not joined an account; null for anything else. */
export async function visitorByToken(db: DbOrTx, token: string | null): Promise<number | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ id: chatVisitors.id })
    .from(chatVisitors)
    .where(and(eq(chatVisitors.tokenHash, hashVisitorToken(token)), isNull(chatVisitors.joinedUserId)));
  return row?.id ?? null;
}

/**
 * Locks the visitor's row for a write of theirs (a message): false once it joined an account, so
 * a message racing the join waits for it and is refused after (the browser then writes as the
 * account), never lands in a conversation that just moved.
 */
export async function lockOpenVisitor(tx: DbTx, visitorId: number): Promise<boolean> {
  const [row] = await tx.select({ joinedUserId: chatVisitors.joinedUserId }).from(chatVisitors).where(eq(chatVisitors.id, visitorId)).for('update');
  return row !== undefined && row.joinedUserId === null;
}

/**
 * Moves the visitor's conversations to the account, in one transaction under the visitor's row
 * lock: a second join (another tab, a retry) finds `joined_user_id` set and does nothing. Closed
 * conversations become the account's earlier ones. When both have an open conversation, they
 * become one (rules/chat.ts joinKeeper): the other's messages move into it and it is deleted, so
 * the desk sees one conversation.
 */
async function joinOnce(db: DbOrTx, userId: number, visitorId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [visitor] = await tx.select().from(chatVisitors).where(eq(chatVisitors.id, visitorId)).for('update');
    if (!visitor || visitor.joinedUserId !== null) return false;
    await tx.update(chatVisitors).set({ joinedUserId: userId, joinedAt: now }).where(eq(chatVisitors.id, visitorId));

    const [accountOpen] = await tx.select().from(chatConversations).where(and(eq(chatConversations.userId, userId), ne(chatConversations.status, 'closed'))).for('update');
    const visitorRows: ConversationRow[] = await tx.select().from(chatConversations).where(eq(chatConversations.visitorId, visitorId)).for('update');
    const visitorOpen = visitorRows.find((row) => row.status !== 'closed');

    if (accountOpen && visitorOpen) {
      const keeper = joinKeeper(
        { status: accountOpen.status as 'waiting' | 'assigned', operatorId: accountOpen.operatorId },
        { status: visitorOpen.status as 'waiting' | 'assigned', operatorId: visitorOpen.operatorId },
      );
      const [keep, drop] = keeper === 'account' ? [accountOpen, visitorOpen] : [visitorOpen, accountOpen];
      await tx.update(chatMessages).set({ conversationId: keep.id }).where(eq(chatMessages.conversationId, drop.id));
      const parts = [keep, drop];
      const lastMessageId = Math.max(keep.lastMessageId ?? 0, drop.lastMessageId ?? 0) || null;
      const lastMessageAt = keep.lastMessageAt > drop.lastMessageAt ? keep.lastMessageAt : drop.lastMessageAt;
      await tx.delete(chatConversations).where(eq(chatConversations.id, drop.id));
      await tx
        .update(chatConversations)
        .set({
          userId,
          visitorId: null,
          lastMessageId,
          lastMessageAt,
          // The older conversation's place in the queue.
          createdAt: keep.createdAt < drop.createdAt ? keep.createdAt : drop.createdAt,
          userLastReadId: mergedReadPointer(parts.map((part) => ({ pointer: part.userLastReadId, lastMessageId: part.lastMessageId }))),
          agentLastReadId: mergedReadPointer(parts.map((part) => ({ pointer: part.agentLastReadId, lastMessageId: part.lastMessageId }))),
        })
        .where(eq(chatConversations.id, keep.id));
    }
    const rest = visitorRows.filter((row) => !(accountOpen && row.id === visitorOpen?.id)).map((row) => row.id);
    if (rest.length > 0) await tx.update(chatConversations).set({ userId, visitorId: null }).where(inArray(chatConversations.id, rest));
    return true;
  });
}

/** Attempts of a join that met a conversation the account opened meanwhile (one open per account). */
const JOIN_ATTEMPTS = 3;

/**
 * POST /api/v1/chat/join: the signed-in user's browser hands over its visitor token. An unknown
 * token, or one already joined (to this account or another), joins nothing (joined: false).
 */
export async function joinVisitor(db: DbOrTx, userId: number, token: string, now: Date): Promise<ChatJoinResult> {
  const visitorId = await visitorByToken(db, token);
  let joined = false;
  if (visitorId !== null) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        joined = await joinOnce(db, userId, visitorId, now);
        break;
      } catch (error) {
        // The account's first message opened a conversation between our read and our move: read again.
        if (attempt >= JOIN_ATTEMPTS || violatedUniqueConstraint(error) !== 'chat_conversations_one_open_key') throw error;
      }
    }
  }
  return { joined, state: await userChatState(db, userOwner(userId), now) };
}
