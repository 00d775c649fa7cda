/**
 * The customer-service chat's tables: conversations, their messages and the agents' presence.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CHAT_CONVERSATION_STATUSES, CHAT_MESSAGE_TYPES, CHAT_SENDERS, type ChatConversationStatus, type ChatMessageType, type ChatSender } from '~/features/chat/contract/chat';
import { createdAt } from '~/platform/db/columns';
import { users, operators, uploadedImages } from '~/platform/db/tables';
import { orders } from '~/features/orders/server/tables';

// ---------------------------------------------------------------------------------------------
// customer-service chat
// docs/decisions.md "Customer-service chat". A change to a conversation row (a new
// message moves last_message_id, a read moves a read pointer, take/close move status) is announced
// by the trigger of the custom migration chat_custom on the channel chat_events with ids only;
// every process listens once and its open streams read the rows.

/**
 * A visitor of the chat who has not signed in: one per browser, known by an opaque token the
 * browser keeps (docs/decisions.md "Visitors reach customer service"). Only the token's SHA-256 is
 * stored. Once the browser signs in, the visitor's conversations join the account and
 * `joined_user_id` is set (once: the row lock and this column make a second join a no-op); the
 * token is then no longer a visitor's.
 */
export const chatVisitors = pgTable('chat_visitors', {
  id: serial('id').primaryKey(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  joinedUserId: integer('joined_user_id').references(() => users.id, { onDelete: 'set null' }),
  joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/**
 * One conversation between a user (or a visitor: exactly one of the two) and the desk. At most one per user is open (waiting or assigned)
 * at a time; a user writing after it closed starts a new one, so history is a user's conversations
 * in order. Read pointers are message ids: each side has read everything up to its pointer.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A visitor's conversation until the visitor signs in (then user_id takes over). */
    visitorId: integer('visitor_id').references(() => chatVisitors.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CHAT_CONVERSATION_STATUSES }).$type<ChatConversationStatus>().notNull().default('waiting'),
    /** The operator who took it; null while waiting. */
    operatorId: integer('operator_id').references(() => operators.id),
    /** Their display name when they took it: what the user was told (客服 小美 已接入). */
    operatorName: varchar('operator_name', { length: 32 }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The user has read every message up to this id (0: none). */
    userLastReadId: bigint('user_last_read_id', { mode: 'number' }).notNull().default(0),
    /** The desk (any agent) has read every message up to this id. */
    agentLastReadId: bigint('agent_last_read_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_one_open_key').on(t.userId).where(sql`${t.status} <> 'closed'`),
    uniqueIndex('chat_conversations_visitor_open_key').on(t.visitorId).where(sql`${t.status} <> 'closed'`),
    index('chat_conversations_user_idx').on(t.userId, t.id.desc()),
    index('chat_conversations_visitor_idx').on(t.visitorId, t.id.desc()),
    // The queue, oldest first.
    index('chat_conversations_waiting_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'waiting'`),
    index('chat_conversations_operator_idx').on(t.operatorId, t.status),
    index('chat_conversations_recent_idx').on(t.lastMessageAt.desc()),
    check('chat_conversations_owner_check', sql`(${t.userId} is null) <> (${t.visitorId} is null)`),
    check('chat_conversations_status_check', sql`${t.status} in ('waiting', 'assigned', 'closed')`),
    check('chat_conversations_assigned_check', sql`${t.status} <> 'assigned' or ${t.operatorId} is not null`),
    check('chat_conversations_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

/**
 * One line of a conversation: the user's or an agent's text, image (an upload of purpose chat) or
 * order card (an order of the user's; shown from the order's current state), or a system line
 * (客服已接入, 会话已结束). Ids grow across all conversations, so a stream resumes after an id.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: CHAT_SENDERS }).$type<ChatSender>().notNull(),
    /** The agent who wrote it (sender agent), or who caused a system line. */
    operatorId: integer('operator_id').references(() => operators.id),
    /** The agent's display name as the user saw it when it was sent. */
    agentName: varchar('agent_name', { length: 32 }),
    type: text('type', { enum: CHAT_MESSAGE_TYPES }).$type<ChatMessageType>().notNull(),
    body: varchar('body', { length: 1000 }),
    imageId: integer('image_id').references(() => uploadedImages.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    check('chat_messages_sender_check', sql`${t.sender} in ('user', 'agent', 'system')`),
    check('chat_messages_type_check', sql`${t.type} in ('text', 'image', 'order', 'system')`),
    check('chat_messages_agent_check', sql`${t.sender} <> 'agent' or ${t.operatorId} is not null`),
    check('chat_messages_system_check', sql`(${t.sender} = 'system') = (${t.type} = 'system')`),
    check('chat_messages_text_check', sql`${t.type} not in ('text', 'system') or ${t.body} is not null`),
  ],
);

/** When each agent's console was last seen (its stream's heartbeat): 客服在线 for the renter's side. */
export const chatAgentPresence = pgTable('chat_agent_presence', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
});
