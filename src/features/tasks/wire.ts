/**
 * The wanted board's routes with their schemas (routes.ts declares them; the endpoints serve them
 * through platform/http/serve.ts and tests read the answer schemas). The answer types of the
 * contract are these schemas' outputs.
 */
import { z } from 'zod';
import { TASK_BUDGET_HOUR_MAX_FEN, TASK_BUDGET_HOUR_MIN_FEN, TASK_EXPIRY_HOURS_OPTIONS, TASK_HALL_PAGE_SIZE, TASK_HOURS_MAX, TASK_HOURS_MIN, TASK_OFFER_NOTE_MAX_CHARS, TASK_REQUIREMENTS_MAX_CHARS, TASK_REQUIREMENTS_MIN_CHARS } from '~/features/tasks/constants';
import { freeText, idField, intIn } from '~/features/tasks/contract';
import { MSG_OFFER_PRICE_INVALID, MSG_TASK_BUDGET_INVALID, MSG_TASK_EXPIRY_INVALID, MSG_TASK_GAME_REQUIRED, MSG_TASK_HOURS_INVALID, MSG_TASK_REQUIREMENTS_LONG, MSG_TASK_REQUIREMENTS_SHORT, OFFER_STATUS_LABEL, TASK_STATE_LABEL, type OfferStatus, type TaskState } from '~/features/tasks/rules/wanted-tasks';
import { TASK_ROUTES } from '~/features/tasks/routes';
import { optionalQuery, pageSchema, queryIdSchema, queryIntSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

/** POST task/publish. */
export const taskPublishBodySchema = z.object({
  game_id: idField(MSG_TASK_GAME_REQUIRED),
  requirements: freeText(TASK_REQUIREMENTS_MIN_CHARS, TASK_REQUIREMENTS_MAX_CHARS, MSG_TASK_REQUIREMENTS_SHORT, MSG_TASK_REQUIREMENTS_LONG),
  budget_hour_fen: intIn(TASK_BUDGET_HOUR_MIN_FEN, TASK_BUDGET_HOUR_MAX_FEN, MSG_TASK_BUDGET_INVALID),
  hours: intIn(TASK_HOURS_MIN, TASK_HOURS_MAX, MSG_TASK_HOURS_INVALID),
  expiry_hours: z.int({ error: MSG_TASK_EXPIRY_INVALID }).refine((value) => (TASK_EXPIRY_HOURS_OPTIONS as readonly number[]).includes(value), { error: MSG_TASK_EXPIRY_INVALID }),
});
export type TaskPublishBody = z.output<typeof taskPublishBodySchema>;

/** GET task/list?game_id&page&page_size. */
export const taskHallQuerySchema = z.object({
  game_id: optionalQuery(queryIdSchema),
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, 50)).default(TASK_HALL_PAGE_SIZE),
});
export type TaskHallQuery = z.output<typeof taskHallQuerySchema>;

/** GET task/detail?id and task/offerable?id. */
export const taskIdQuerySchema = z.object({ id: queryIdSchema });

/** GET task/mine?page&page_size. */
export const taskMineQuerySchema = z.object({
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, 50)).default(TASK_HALL_PAGE_SIZE),
});

/** POST task/offer. */
export const taskOfferBodySchema = z.object({
  task_id: idField('任务不存在'),
  listing_id: idField('请选择报价的账号'),
  price_hour_fen: intIn(1, TASK_BUDGET_HOUR_MAX_FEN, MSG_OFFER_PRICE_INVALID),
  note: freeText(0, TASK_OFFER_NOTE_MAX_CHARS, '备注无效', `备注最多${TASK_OFFER_NOTE_MAX_CHARS}个字`).optional().default(''),
});
export type TaskOfferBody = z.output<typeof taskOfferBodySchema>;

/** POST task/accept. */
export const taskAcceptBodySchema = z.object({ offer_id: idField('报价不存在') });
/** POST task/close. */
export const taskCloseBodySchema = z.object({ task_id: idField('任务不存在') });

// ---------------------------------------------------------------------------------------------
// answers

const TASK_STATES = Object.keys(TASK_STATE_LABEL) as [TaskState, ...TaskState[]];
const OFFER_STATUSES = Object.keys(OFFER_STATUS_LABEL) as [OfferStatus, ...OfferStatus[]];
const rowId = z.number().int().positive();
const fen = z.number().int().nonnegative();

export const taskViewSchema = z.strictObject({
  id: rowId,
  game_id: rowId,
  game_name: z.string(),
  requirements: z.string(),
  budget_hour_fen: fen,
  hours: z.number().int().positive(),
  state: z.enum(TASK_STATES),
  state_text: z.string(),
  /** ISO 8601. */
  expires_at: z.string(),
  created_at: z.string(),
  /** The publisher as others see them: the nickname, masked. */
  publisher: z.string(),
  offer_count: z.number().int().nonnegative(),
  /** The reader published it. */
  is_mine: z.boolean(),
});

export const taskOfferViewSchema = z.strictObject({
  id: rowId,
  task_id: rowId,
  listing_id: rowId,
  listing_title: z.string(),
  listing_cover: z.string().nullable(),
  shop_name: z.string(),
  /** The listing's own hourly price, to compare with the offer. */
  listing_rental_fen: fen,
  price_hour_fen: fen,
  /** price × the task's hours, before the listing's deposit. */
  price_total_fen: fen,
  deposit_fen: fen,
  note: z.string(),
  status: z.enum(OFFER_STATUSES),
  status_text: z.string(),
  /** The reader made it. */
  is_mine: z.boolean(),
  created_at: z.string(),
});

export const taskDetailSchema = z.strictObject({
  task: taskViewSchema,
  offers: z.array(taskOfferViewSchema),
  /** The order of the accepted offer, for the owner only. */
  order_no: z.string().nullable(),
});

export const offerableListingSchema = z.strictObject({
  id: rowId,
  title: z.string(),
  rental_fen: fen,
  min_rental_hours: z.number().int().nonnegative(),
});

export const taskAcceptAnswerSchema = z.strictObject({ order_no: z.string(), task_id: rowId });

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const TASK_WIRE = {
  list: wire(TASK_ROUTES.list, { input: taskHallQuerySchema, answer: pageSchema(taskViewSchema) }),
  // The offers in the answer depend on who asks: no shared cache may keep it.
  detail: wire(TASK_ROUTES.detail, { input: taskIdQuerySchema, answer: taskDetailSchema, cacheControl: 'private, no-store' }),
  mine: wire(TASK_ROUTES.mine, { input: taskMineQuerySchema, answer: pageSchema(taskViewSchema) }),
  offerable: wire(TASK_ROUTES.offerable, { input: taskIdQuerySchema, answer: z.array(offerableListingSchema) }),
  publish: wire(TASK_ROUTES.publish, { input: taskPublishBodySchema, answer: taskViewSchema }),
  offer: wire(TASK_ROUTES.offer, { input: taskOfferBodySchema, answer: taskOfferViewSchema }),
  accept: wire(TASK_ROUTES.accept, { input: taskAcceptBodySchema, answer: taskAcceptAnswerSchema }),
  close: wire(TASK_ROUTES.close, { input: taskCloseBodySchema, answer: taskViewSchema }),
};
