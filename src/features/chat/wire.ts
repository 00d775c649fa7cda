/**
 * The chat's routes with their schemas (routes.ts declares them; the endpoints serve them through
 * platform/http/serve.ts and tests read the answer schemas). The request schemas are
 * contract/chat-schemas.ts's (the services' input types are their outputs); the answer schemas are
 * strict, so a field renamed in a service fails a test.
 */
import { z } from 'zod';
import { CHAT_CONVERSATION_STATUSES, CHAT_MESSAGE_TYPES, CHAT_OPS_VIEWS, CHAT_SENDERS } from '~/features/chat/contract/chat';
import {
  chatConversationBodySchema,
  chatHistoryQuerySchema,
  chatOpsHistoryQuerySchema,
  chatOpsListQuerySchema,
  chatOpsReadBodySchema,
  chatReadBodySchema,
  chatReplyBodySchema,
  chatSendBodySchema,
  chatStreamQuerySchema,
} from '~/features/chat/contract/chat-schemas';
import { CHAT_ROUTES } from '~/features/chat/routes';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

/** A route that takes no input: whatever query comes is ignored, as before routes were declared. */
const noInputSchema = z.object({});

/**
 * GET chat/stream?after_id=: a server-sent event stream, not an envelope, so its endpoint stays a
 * handler of its own (serve answers JSON) and reads its query with this.
 */
export const chatStreamInputSchema = chatStreamQuerySchema;

// ---------------------------------------------------------------------------------------------
// answers

const countSchema = z.number().int().nonnegative();
/** Message ids are bigserial read as numbers; 0 means "none yet" for the read pointers. */
const messageIdSchema = z.number().int().nonnegative();

export const chatImageSchema = z.strictObject({ card_url: z.string(), detail_url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });

export const chatOrderCardSchema = z.strictObject({
  order_id: z.number().int().positive(),
  order_no: z.string(),
  kind: z.enum(['rental', 'vip', 'recharge']),
  game_name: z.string(),
  title: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  amount_fen: z.number().int(),
  as_renter: z.boolean(),
});

export const chatMessageViewSchema = z.strictObject({
  id: z.number().int().positive(),
  conversation_id: z.number().int().positive(),
  sender: z.enum(CHAT_SENDERS),
  agent_name: z.string().nullable(),
  type: z.enum(CHAT_MESSAGE_TYPES),
  text: z.string().nullable(),
  image: chatImageSchema.nullable(),
  order: chatOrderCardSchema.nullable(),
  created_at: z.string(),
  read_by_peer: z.boolean(),
});

export const chatConversationBriefSchema = z.strictObject({
  id: z.number().int().positive(),
  status: z.enum(CHAT_CONVERSATION_STATUSES),
  agent_name: z.string().nullable(),
  created_at: z.string(),
  queue_position: z.number().int().positive().nullable(),
  peer_read_id: messageIdSchema,
});

export const chatStateSchema = z.strictObject({ conversation: chatConversationBriefSchema.nullable(), unread: countSchema, agents_online: countSchema });

export const chatHistorySchema = z.strictObject({ messages: z.array(chatMessageViewSchema), has_more: z.boolean(), state: chatStateSchema });

export const chatOrderChoiceSchema = chatOrderCardSchema.extend({ created_at: z.string() });

export const chatSendResultSchema = z.strictObject({ message: chatMessageViewSchema, state: chatStateSchema });

export const chatReadResultSchema = z.strictObject({ unread: countSchema });

export const chatConversationSummarySchema = z.strictObject({
  id: z.number().int().positive(),
  status: z.enum(CHAT_CONVERSATION_STATUSES),
  user: z.strictObject({ id: z.number().int().positive(), username: z.string(), nickname: z.string() }).nullable(),
  visitor_id: z.number().int().positive().nullable(),
  operator_id: z.number().int().positive().nullable(),
  agent_name: z.string().nullable(),
  created_at: z.string(),
  assigned_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  last_message_at: z.string(),
  last_message_preview: z.string(),
  unread: countSchema,
  peer_read_id: messageIdSchema,
  earlier_conversations: countSchema,
});

export const chatVisitorAnswerSchema = z.strictObject({ token: z.string() });

export const chatJoinResultSchema = z.strictObject({ joined: z.boolean(), state: chatStateSchema });

export const chatOpsListSchema = z.strictObject({
  view: z.enum(CHAT_OPS_VIEWS),
  conversations: z.array(chatConversationSummarySchema),
  counts: z.strictObject({ queue: countSchema, mine: countSchema }),
});

export const chatOpsHistorySchema = z.strictObject({ conversation: chatConversationSummarySchema, messages: z.array(chatMessageViewSchema), has_more: z.boolean() });

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const CHAT_WIRE = {
  history: wire(CHAT_ROUTES.history, { input: chatHistoryQuerySchema, answer: chatHistorySchema }),
  send: wire(CHAT_ROUTES.send, { input: chatSendBodySchema, answer: chatSendResultSchema }),
  state: wire(CHAT_ROUTES.state, { input: noInputSchema, answer: chatStateSchema }),
  read: wire(CHAT_ROUTES.read, { input: chatReadBodySchema, answer: chatReadResultSchema }),
  orders: wire(CHAT_ROUTES.orders, { input: noInputSchema, answer: z.array(chatOrderChoiceSchema) }),
  visitor: wire(CHAT_ROUTES.visitor, { input: noInputSchema, answer: chatVisitorAnswerSchema, body: 'none' }),
  join: wire(CHAT_ROUTES.join, { input: noInputSchema, answer: chatJoinResultSchema, body: 'none' }),

  opsConversations: wire(CHAT_ROUTES.opsConversations, { input: chatOpsListQuerySchema, answer: chatOpsListSchema }),
  opsHistory: wire(CHAT_ROUTES.opsHistory, { input: chatOpsHistoryQuerySchema, answer: chatOpsHistorySchema }),
  opsTake: wire(CHAT_ROUTES.opsTake, { input: chatConversationBodySchema, answer: chatConversationSummarySchema }),
  opsClose: wire(CHAT_ROUTES.opsClose, { input: chatConversationBodySchema, answer: chatConversationSummarySchema }),
  opsRelease: wire(CHAT_ROUTES.opsRelease, { input: chatConversationBodySchema, answer: chatConversationSummarySchema }),
  opsReply: wire(CHAT_ROUTES.opsReply, { input: chatReplyBodySchema, answer: chatMessageViewSchema }),
  opsRead: wire(CHAT_ROUTES.opsRead, { input: chatOpsReadBodySchema, answer: chatConversationSummarySchema }),
};
