/**
 * Request schemas of the customer-service chat, shared by the endpoints and the tests.
 * Kept apart from chat.ts so the browser's chat chunk imports no schema library.
 */
import { z } from 'zod';
import { CHAT_PAGE_SIZE_MAX, CHAT_TEXT_MAX_CHARS } from '~/features/chat/constants';
import { bodyIdSchema, NUL, MSG_NUL_IN_INPUT, optionalQuery, queryIdSchema, queryIntSchema, withQueryReason } from '~/platform/wire/common';
import { CHAT_OPS_VIEWS } from '~/features/chat/contract/chat';

/** Message ids are bigserial: any safe integer, sent as at most 15 digits in a query. */
export const MESSAGE_ID_MAX = 999_999_999_999_999;
const queryMessageIdSchema = queryIntSchema(0, MESSAGE_ID_MAX);
const bodyMessageIdSchema = z.int().min(1).max(MESSAGE_ID_MAX);

/** Trimmed, not empty, at most CHAT_TEXT_MAX_CHARS characters counted as code points (the column's unit). */
export const chatTextSchema = z
  .string()
  .trim()
  .min(1)
  .refine((value) => Array.from(value).length <= CHAT_TEXT_MAX_CHARS, withQueryReason(`长度应不超过 ${CHAT_TEXT_MAX_CHARS} 个字符`))
  .refine((value) => !value.includes(NUL), { error: MSG_NUL_IN_INPUT });

const orderNoSchema = z.string().trim().regex(/^[A-Za-z0-9]{1,32}$/, withQueryReason('应为订单号'));

/** POST /api/v1/chat/messages */
export const chatSendBodySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: chatTextSchema }),
  z.strictObject({ type: z.literal('image'), image_id: bodyIdSchema }),
  z.strictObject({ type: z.literal('order'), order_no: orderNoSchema }),
]);
export type ChatSendBody = z.output<typeof chatSendBodySchema>;

/** POST /api/v1/ops/chat/reply: agents send text and images (order cards are the user's). */
export const chatReplyBodySchema = z.discriminatedUnion('type', [
  z.strictObject({ conversation_id: bodyIdSchema, type: z.literal('text'), text: chatTextSchema }),
  z.strictObject({ conversation_id: bodyIdSchema, type: z.literal('image'), image_id: bodyIdSchema }),
]);
export type ChatReplyBody = z.output<typeof chatReplyBodySchema>;

/** POST /api/v1/chat/read */
export const chatReadBodySchema = z.strictObject({ message_id: bodyMessageIdSchema });

/** POST /api/v1/ops/chat/read */
export const chatOpsReadBodySchema = z.strictObject({ conversation_id: bodyIdSchema, message_id: bodyMessageIdSchema });

/** POST /api/v1/ops/chat/{take,close,release} */
export const chatConversationBodySchema = z.strictObject({ conversation_id: bodyIdSchema });

/** GET /api/v1/chat/messages: a page before `before_id` (older, for scrolling up) or after `after_id` (the poll). */
export const chatHistoryQuerySchema = z.strictObject({
  before_id: optionalQuery(queryMessageIdSchema),
  after_id: optionalQuery(queryMessageIdSchema),
  limit: optionalQuery(queryIntSchema(1, CHAT_PAGE_SIZE_MAX)),
});
export type ChatHistoryQuery = z.output<typeof chatHistoryQuerySchema>;

/** GET /api/v1/ops/chat/messages */
export const chatOpsHistoryQuerySchema = chatHistoryQuerySchema.extend({ conversation_id: queryIdSchema });
export type ChatOpsHistoryQuery = z.output<typeof chatOpsHistoryQuerySchema>;

/** GET /api/v1/chat/stream and /api/v1/ops/chat/stream: resume after a message id (or Last-Event-ID). */
export const chatStreamQuerySchema = z.strictObject({ after_id: optionalQuery(queryMessageIdSchema) });

/** GET /api/v1/ops/chat/conversations */
export const chatOpsListQuerySchema = z.strictObject({
  view: optionalQuery(z.enum(CHAT_OPS_VIEWS)).transform((value) => value ?? 'queue'),
});
