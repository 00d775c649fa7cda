/**
 * The wire contract of the wanted board (/task, /task-publish; docs/decisions.md "Wanted
 * board and investment leads") and of the investment form (/business-invest). The rules
 * and their Chinese messages are features/tasks/rules/wanted-tasks.ts; these schemas hold the wire shapes.
 */
import { z } from 'zod';
import {
  INVEST_BUDGETS,
  INVEST_CITY_MAX_CHARS,
  INVEST_MESSAGE_MAX_CHARS,
  INVEST_NAME_MAX_CHARS,
  OPS_PAGE_SIZE,
  OPS_PAGE_SIZE_MAX,
  TASK_BUDGET_HOUR_MAX_FEN,
  TASK_BUDGET_HOUR_MIN_FEN,
  TASK_EXPIRY_HOURS_OPTIONS,
  TASK_HALL_PAGE_SIZE,
  TASK_HOURS_MAX,
  TASK_HOURS_MIN,
  TASK_OFFER_NOTE_MAX_CHARS,
  TASK_REQUIREMENTS_MAX_CHARS,
  TASK_REQUIREMENTS_MIN_CHARS,
} from '~/platform/config/constants';
import { PHONE_PATTERN } from '~/platform/rules/validation';
import {
  MSG_INVEST_BUDGET,
  MSG_INVEST_CITY,
  MSG_INVEST_CITY_LONG,
  MSG_INVEST_MESSAGE_LONG,
  MSG_INVEST_NAME,
  MSG_INVEST_NAME_LONG,
  MSG_INVEST_PHONE,
  MSG_INVEST_RATE_LIMITED,
  type InvestBudget,
} from '~/features/activities/rules/investment';
import {
  MSG_OFFER_PRICE_INVALID,
  MSG_TASK_BUDGET_INVALID,
  MSG_TASK_EXPIRY_INVALID,
  MSG_TASK_GAME_REQUIRED,
  MSG_TASK_HOURS_INVALID,
  MSG_TASK_REQUIREMENTS_LONG,
  MSG_TASK_REQUIREMENTS_SHORT,
  type OfferStatus,
  type TaskState,
} from '~/features/tasks/rules/wanted-tasks';
import { ID_MAX, MSG_NUL_IN_INPUT, NUL, optionalQuery, queryIdSchema, queryIntSchema } from '~/platform/wire/common';

export type { OfferStatus, TaskState };

const codePoints = (text: string): number => Array.from(text).length;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Free text: trimmed, no NUL or control characters (line breaks allowed), min..max characters. */
const freeText = (min: number, max: number, short: string, long: string) =>
  z
    .string({ error: short })
    .refine((value) => !value.includes(NUL), { error: MSG_NUL_IN_INPUT, abort: true })
    .transform((value) => value.trim())
    .refine((value) => codePoints(value) >= min, { error: short, abort: true })
    .refine((value) => codePoints(value) <= max, { error: long, abort: true })
    .refine((value) => !CONTROL.test(value), { error: '内容含有无效字符' });

const intIn = (min: number, max: number, msg: string) => z.int({ error: msg }).min(min, { error: msg }).max(max, { error: msg });
const idField = (msg: string) => intIn(1, ID_MAX, msg);

// ---------------------------------------------------------------------------------------------
// tasks

export const taskPublishBodySchema = z.object({
  game_id: idField(MSG_TASK_GAME_REQUIRED),
  requirements: freeText(TASK_REQUIREMENTS_MIN_CHARS, TASK_REQUIREMENTS_MAX_CHARS, MSG_TASK_REQUIREMENTS_SHORT, MSG_TASK_REQUIREMENTS_LONG),
  budget_hour_fen: intIn(TASK_BUDGET_HOUR_MIN_FEN, TASK_BUDGET_HOUR_MAX_FEN, MSG_TASK_BUDGET_INVALID),
  hours: intIn(TASK_HOURS_MIN, TASK_HOURS_MAX, MSG_TASK_HOURS_INVALID),
  expiry_hours: z.int({ error: MSG_TASK_EXPIRY_INVALID }).refine((value) => (TASK_EXPIRY_HOURS_OPTIONS as readonly number[]).includes(value), { error: MSG_TASK_EXPIRY_INVALID }),
});
export type TaskPublishBody = z.output<typeof taskPublishBodySchema>;

export const taskHallQuerySchema = z.object({
  game_id: optionalQuery(queryIdSchema),
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, 50)).default(TASK_HALL_PAGE_SIZE),
});
export type TaskHallQuery = z.output<typeof taskHallQuerySchema>;

export const taskIdQuerySchema = z.object({ id: queryIdSchema });

export const taskMineQuerySchema = z.object({
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, 50)).default(TASK_HALL_PAGE_SIZE),
});

export const taskOfferBodySchema = z.object({
  task_id: idField('任务不存在'),
  listing_id: idField('请选择报价的账号'),
  price_hour_fen: intIn(1, TASK_BUDGET_HOUR_MAX_FEN, MSG_OFFER_PRICE_INVALID),
  note: freeText(0, TASK_OFFER_NOTE_MAX_CHARS, '备注无效', `备注最多${TASK_OFFER_NOTE_MAX_CHARS}个字`).optional().default(''),
});
export type TaskOfferBody = z.output<typeof taskOfferBodySchema>;

export const taskAcceptBodySchema = z.object({ offer_id: idField('报价不存在') });
export const taskCloseBodySchema = z.object({ task_id: idField('任务不存在') });

export interface TaskView {
  id: number;
  game_id: number;
  game_name: string;
  requirements: string;
  budget_hour_fen: number;
  hours: number;
  state: TaskState;
  state_text: string;
  expires_at: string;
  created_at: string;
  /** The publisher as others see them: the nickname, masked. */
  publisher: string;
  offer_count: number;
  /** The reader published it. */
  is_mine: boolean;
}

export interface TaskOfferView {
  id: number;
  task_id: number;
  listing_id: number;
  listing_title: string;
  listing_cover: string | null;
  shop_name: string;
  /** The listing's own hourly price, to compare with the offer. */
  listing_rental_fen: number;
  price_hour_fen: number;
  /** price × the task's hours, before the listing's deposit. */
  price_total_fen: number;
  deposit_fen: number;
  note: string;
  status: OfferStatus;
  status_text: string;
  /** The reader made it. */
  is_mine: boolean;
  created_at: string;
}

/**
 * One task as the reader may see it. `offers` holds every offer for the task's owner, the reader's
 * own offers for a seller who offered, and is empty for everybody else (offers are private).
 */
export interface TaskDetail {
  task: TaskView;
  offers: TaskOfferView[];
  /** The order of the accepted offer, for the owner only. */
  order_no: string | null;
}

/** A listing the seller may offer on a task (their own, listed, of the task's game). */
export interface OfferableListing {
  id: number;
  title: string;
  rental_fen: number;
  min_rental_hours: number;
}

/** What accepting an offer answers: the order to pay. */
export interface TaskAcceptAnswer {
  order_no: string;
  task_id: number;
}

// ---------------------------------------------------------------------------------------------
// investment form (招商合作)

export type { InvestBudget };
export const INVEST_BUDGET_KEYS = Object.keys(INVEST_BUDGETS) as [InvestBudget, ...InvestBudget[]];
export { MSG_INVEST_RATE_LIMITED };

export const investBodySchema = z.object({
  name: freeText(1, INVEST_NAME_MAX_CHARS, MSG_INVEST_NAME, MSG_INVEST_NAME_LONG),
  phone: z.string({ error: MSG_INVEST_PHONE }).trim().regex(PHONE_PATTERN, { error: MSG_INVEST_PHONE }),
  city: freeText(1, INVEST_CITY_MAX_CHARS, MSG_INVEST_CITY, MSG_INVEST_CITY_LONG),
  budget: z.enum(INVEST_BUDGET_KEYS, { error: MSG_INVEST_BUDGET }),
  message: freeText(0, INVEST_MESSAGE_MAX_CHARS, '留言无效', MSG_INVEST_MESSAGE_LONG).optional().default(''),
});
export type InvestBody = z.output<typeof investBodySchema>;

export interface InvestAnswer {
  id: number;
}

export const OPS_INVEST_FILTERS = ['new', 'handled', 'all'] as const;
export type OpsInvestFilter = (typeof OPS_INVEST_FILTERS)[number];

export const opsInvestQuerySchema = z.object({
  status: optionalQuery(z.enum(OPS_INVEST_FILTERS)).default('new'),
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, OPS_PAGE_SIZE_MAX)).default(OPS_PAGE_SIZE),
});
export type OpsInvestQuery = z.output<typeof opsInvestQuerySchema>;

export const opsInvestHandleBodySchema = z.object({ id: idField('申请不存在') });

export interface OpsInvestLeadView {
  id: number;
  name: string;
  phone: string;
  city: string;
  budget: InvestBudget;
  budget_text: string;
  message: string;
  ip: string | null;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}
