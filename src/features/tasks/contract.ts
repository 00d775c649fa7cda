/**
 * The wire contract of the wanted board (/task, /task-publish; docs/decisions.md "Wanted
 * board and investment leads") and of the investment form (/business-invest). The rules
 * and their Chinese messages are features/tasks/rules/wanted-tasks.ts; the wanted board's request
 * and answer schemas are wire.ts (its routes, routes.ts), the investment form's are here.
 */
import { z } from 'zod';
import type { offerableListingSchema, taskAcceptAnswerSchema, taskDetailSchema, taskOfferViewSchema, taskViewSchema } from '~/features/tasks/wire';
import {
  INVEST_BUDGETS,
  INVEST_CITY_MAX_CHARS,
  INVEST_MESSAGE_MAX_CHARS,
  INVEST_NAME_MAX_CHARS,
  OPS_PAGE_SIZE,
  OPS_PAGE_SIZE_MAX,
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
import type { OfferStatus, TaskState } from '~/features/tasks/rules/wanted-tasks';
import { ID_MAX, MSG_NUL_IN_INPUT, NUL, optionalQuery, queryIntSchema } from '~/platform/wire/common';

export type { OfferStatus, TaskState };

const codePoints = (text: string): number => Array.from(text).length;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Free text (also of the wanted board's requests, wire.ts): trimmed, no NUL or control characters (line breaks allowed), min..max characters. */
export const freeText = (min: number, max: number, short: string, long: string) =>
  z
    .string({ error: short })
    .refine((value) => !value.includes(NUL), { error: MSG_NUL_IN_INPUT, abort: true })
    .transform((value) => value.trim())
    .refine((value) => codePoints(value) >= min, { error: short, abort: true })
    .refine((value) => codePoints(value) <= max, { error: long, abort: true })
    .refine((value) => !CONTROL.test(value), { error: '内容含有无效字符' });

export const intIn = (min: number, max: number, msg: string) => z.int({ error: msg }).min(min, { error: msg }).max(max, { error: msg });
export const idField = (msg: string) => intIn(1, ID_MAX, msg);

// ---------------------------------------------------------------------------------------------
// tasks

// The request schemas of the wanted board's routes live in wire.ts; the answers' types are the
// outputs of their schemas there, and a type import keeps zod's schemas out of the islands.
export type TaskView = z.output<typeof taskViewSchema>;
export type TaskOfferView = z.output<typeof taskOfferViewSchema>;
/**
 * One task as the reader may see it. `offers` holds every offer for the task's owner, the reader's
 * own offers for a seller who offered, and is empty for everybody else (offers are private).
 */
export type TaskDetail = z.output<typeof taskDetailSchema>;
/** A listing the seller may offer on a task (their own, listed, of the task's game). */
export type OfferableListing = z.output<typeof offerableListingSchema>;
/** What accepting an offer answers: the order to pay. */
export type TaskAcceptAnswer = z.output<typeof taskAcceptAnswerSchema>;

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
