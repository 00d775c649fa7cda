/**
 * The account's routes with their schemas (routes.ts declares them; the endpoints serve them
 * through platform/http/serve.ts and tests read the answer schemas). The answer types of the
 * contract (contract/footprints.ts, contract/deactivation.ts) are these schemas' outputs.
 */
import { z } from 'zod';
import { ACCOUNT_ROUTES } from '~/features/account/routes';
import type { CreditFactorKey } from '~/features/account/rules/credit';
import { DEACTIVATION_MSG, type DeactivationBlockerKey } from '~/features/account/rules/deactivation';
import { listingCardSchema } from '~/features/catalog/wire';
import { FOOTPRINT_PAGE_SIZE_MAX } from '~/platform/config/constants';
import { bodyIdSchema, optionalQuery, pageSchema, queryIdSchema, queryIntSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

/** A route that takes nothing: a GET's query and a POST's body are ignored, as they always were. */
const noInputSchema = z.object({});

/** GET account/footprints: page ≥ 1, page_size 1-50 (defaults are the service's). */
export const footprintsQuerySchema = z.object({
  page: optionalQuery(queryIdSchema),
  page_size: optionalQuery(queryIntSchema(1, FOOTPRINT_PAGE_SIZE_MAX)),
});

/** POST account/footprintDelete: one footprint by its id. */
export const footprintDeleteBodySchema = z.object({ id: bodyIdSchema });

/** POST account/deactivationStart: the SMS code and the consent to give up the balance. */
export const deactivationStartBodySchema = z.object({
  code: z.string().regex(/^\d{6}$/, '请输入6位验证码'),
  /** The user ticked "give up my balance"; required only when there is one. */
  forfeit_balance: z.boolean().default(false),
});
export type StartDeactivationInput = z.output<typeof deactivationStartBodySchema>;

// ---------------------------------------------------------------------------------------------
// answers

/** One footprint: a listing viewed on a Shanghai day, with the latest view of that day. */
export const footprintItemSchema = z.strictObject({
  id: z.number().int().positive(),
  /** 'YYYY-MM-DD', Asia/Shanghai. */
  viewed_day: z.string(),
  /** ISO instant of the day's latest view. */
  viewed_at: z.string(),
  listing: listingCardSchema,
});

/** Newest view first. */
export const footprintPageSchema = pageSchema(footprintItemSchema);

/** How many footprints went (1 for one, any number for all). */
export const footprintClearResultSchema = z.strictObject({ deleted: z.number().int().nonnegative() });

const creditFactorKeys = ['completed_rentals', 'upheld_complaints', 'cancellations'] as const satisfies readonly CreditFactorKey[];

/**
 * The credit score (rules/credit.ts CreditScore, which the rule computes; `wire` checks this
 * schema's output against it).
 */
export const creditScoreSchema = z.strictObject({
  score: z.number().int(),
  level: z.string(),
  base: z.number().int(),
  factors: z.array(
    z.strictObject({
      key: z.enum(creditFactorKeys),
      label: z.string(),
      count: z.number().int().nonnegative(),
      /** Negative: takes away. */
      points: z.number().int(),
      rule: z.string(),
    }),
  ),
});

const blockerKeys = Object.keys(DEACTIVATION_MSG) as [DeactivationBlockerKey, ...DeactivationBlockerKey[]];

/** What stands in the way of deregistering, the sentence the page shows and where to resolve it. */
export const deactivationBlockerSchema = z.strictObject({ key: z.enum(blockerKeys), msg: z.string(), href: z.string() });

/** The latest deregistration request, if any; the times are ISO 8601. */
export const deactivationStatusSchema = z.strictObject({
  state: z.enum(['none', 'pending', 'cancelled', 'completed']),
  started_at: z.string().nullable(),
  cools_until: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});

export const deactivationCheckSchema = z.strictObject({
  /** A balance alone does not make it false: the form resolves it with the consent box. */
  ok: z.boolean(),
  blockers: z.array(deactivationBlockerSchema),
  balance_fen: z.number().int().nonnegative(),
  frozen_fen: z.number().int().nonnegative(),
  /** Masked phone the code goes to, null without one. */
  mobile_masked: z.string().nullable(),
  cooling_off_days: z.number().int().positive(),
  status: deactivationStatusSchema,
});

/** Seconds until the next code may be asked for. */
export const deactivationSmsResultSchema = z.strictObject({ resend_after: z.number().int().nonnegative() });

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const ACCOUNT_WIRE = {
  footprints: wire(ACCOUNT_ROUTES.footprints, { input: footprintsQuerySchema, answer: footprintPageSchema }),
  deleteFootprint: wire(ACCOUNT_ROUTES.deleteFootprint, { input: footprintDeleteBodySchema, answer: footprintClearResultSchema }),
  // The browser sent `{}`; the server never read it.
  clearFootprints: wire(ACCOUNT_ROUTES.clearFootprints, { input: noInputSchema, answer: footprintClearResultSchema, body: 'none' }),
  credit: wire(ACCOUNT_ROUTES.credit, { input: noInputSchema, answer: creditScoreSchema }),
  deactivationCheck: wire(ACCOUNT_ROUTES.deactivationCheck, { input: noInputSchema, answer: deactivationCheckSchema }),
  // The browser sent `{}`; the code goes to the caller's own phone, so there is nothing to read.
  deactivationSms: wire(ACCOUNT_ROUTES.deactivationSms, { input: noInputSchema, answer: deactivationSmsResultSchema, body: 'none' }),
  deactivationStart: wire(ACCOUNT_ROUTES.deactivationStart, { input: deactivationStartBodySchema, answer: deactivationStatusSchema }),
};
