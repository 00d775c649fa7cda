/**
 * The complaints' routes with their schemas (routes.ts declares them; the endpoints serve them
 * through platform/http/serve.ts and tests read the answer schemas). The answer types are the
 * wallet contract's (a renter's Complaint) and contract.ts's (the console's); `wire` checks that
 * these schemas produce them.
 */
import { z } from 'zod';
import { COMPLAINT_TYPES } from '~/platform/config/constants';
import { COMPLAINT_EVIDENCE_IMAGES_MAX } from '~/features/complaints/constants';
import { COMPLAINT_ROUTES } from '~/features/complaints/routes';
import { opsComplaintDecideBodySchema, opsComplaintDetailQuerySchema, opsComplaintsQuerySchema, opsLoginFailureBodySchema } from '~/features/complaints/contract';
import { COMPLAINT_OUTCOMES, type EarningsState } from '~/features/complaints/rules/complaint-decision';
import { moneyPagingSchema, orderNoSchema } from '~/features/orders/wire';
import { UPLOAD_URL_PATTERN } from '~/features/sellers/contract/seller-earnings';
import { bodyIdSchema, pageSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';
import { auditEntrySchema } from '~/features/console/contract/ops';

// ---------------------------------------------------------------------------------------------
// requests

export const MSG_PICK_TYPE = '请选择投诉类型';
export const MSG_CONTENT_LENGTH = '问题描述需5-500个字';
export const MSG_EVIDENCE_IMAGE_INVALID = '图片无效，请重新上传';
export const MSG_EVIDENCE_IMAGES_MAX = `最多上传${COMPLAINT_EVIDENCE_IMAGES_MAX}张图片`;

/** Description length in characters (code points, as a counter shows them). */
const CONTENT_MIN_CHARS = 5;
const CONTENT_MAX_CHARS = 500;

const codePoints = (value: string): number => Array.from(value).length;

/** Body of POST order/complaint; content is trimmed. */
export const complaintBodySchema = z.object({
  order_no: orderNoSchema,
  type: z
    .number({ error: MSG_PICK_TYPE })
    .refine((type) => COMPLAINT_TYPES.some((t) => t.type === type), { error: MSG_PICK_TYPE }),
  content: z
    .string({ error: MSG_CONTENT_LENGTH })
    .trim()
    .refine((text) => codePoints(text) >= CONTENT_MIN_CHARS && codePoints(text) <= CONTENT_MAX_CHARS, { error: MSG_CONTENT_LENGTH }),
  /** Evidence: upload ids, or the URLs POST uploads/image answered, of the renter's own 'complaint' uploads. */
  images: z
    .array(z.union([bodyIdSchema, z.string().trim().regex(UPLOAD_URL_PATTERN, { error: MSG_EVIDENCE_IMAGE_INVALID })]), { error: MSG_EVIDENCE_IMAGE_INVALID })
    .max(COMPLAINT_EVIDENCE_IMAGES_MAX, { error: MSG_EVIDENCE_IMAGES_MAX })
    .default([]),
});
/** The body as validated; `images` may be left out by callers inside the server (tests, the seed). */
export type ComplaintBody = Omit<z.output<typeof complaintBodySchema>, 'images'> & { images?: readonly (number | string)[] };

/** Query of GET order/complaints: the page and page size of the other money lists. */
export const complaintsQuerySchema = moneyPagingSchema;
export type ComplaintsQuery = z.output<typeof complaintsQuerySchema>;

/** GET order/complaintTypes takes nothing: a query is ignored, as it always was. */
const noInputSchema = z.object({});

// ---------------------------------------------------------------------------------------------
// answers

const rowId = z.number().int().positive();
const isoTime = z.string();
/** Yuan as text, "12.50". */
const yuan = z.string();
const fen = z.number().int();
const outcome = z.enum(COMPLAINT_OUTCOMES);
const EARNINGS_STATES = ['none', 'frozen', 'released'] as const satisfies readonly EarningsState[];
const earningsState = z.enum(EARNINGS_STATES);

export const complaintTypeSchema = z.strictObject({ type: z.number().int(), name: z.string() });

/** A listing owner's answer to a complaint (sellers/contract/seller-earnings.ts ComplaintAnswerView). */
export const complaintAnswerSchema = z.strictObject({
  id: rowId,
  content: z.string(),
  images: z.array(z.string()),
  created_at: isoTime,
});

/** The platform's decision as the renter reads it. */
export const complaintDecisionViewSchema = z.strictObject({
  outcome,
  outcome_text: z.string(),
  refund: yuan,
  refund_fen: fen,
  ended_rental: z.boolean(),
  text: z.string(),
  decided_at: isoTime,
});

/** One complaint of the renter's (我的投诉). */
export const complaintSchema = z.strictObject({
  id: rowId,
  order_no: z.string(),
  type: z.number().int(),
  type_name: z.string(),
  content: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  reply: z.string().nullable(),
  created_at: isoTime,
  product_title: z.string().nullable(),
  seller_answers: z.array(complaintAnswerSchema),
  images: z.array(z.string()),
  decision: complaintDecisionViewSchema.nullable(),
});

const partyRef = z.strictObject({ id: z.number().int(), username: z.string(), nickname: z.string() });

/** One row of the console's queue. */
export const opsComplaintRowSchema = z.strictObject({
  id: rowId,
  created_at: isoTime,
  status: z.number().int(),
  status_text: z.string(),
  type: z.number().int(),
  type_name: z.string(),
  order_no: z.string(),
  listing_title: z.string().nullable(),
  renter: partyRef,
  /** id 0 and empty names when the order has no shop left. */
  owner: partyRef.extend({ shop_name: z.string() }),
  answers: z.number().int().nonnegative(),
  outcome: outcome.nullable(),
  outcome_text: z.string().nullable(),
  decided_at: isoTime.nullable(),
  login_failure_status_text: z.string().nullable(),
});

const partyHistory = z.strictObject({
  user: partyRef.extend({ mobile_bound: z.boolean(), real_name_verified: z.boolean(), status: z.string(), created_at: isoTime }),
  rentals: z.number().int(),
  complaints: z.number().int(),
  open: z.number().int(),
  upheld: z.number().int(),
  rejected: z.number().int(),
  penalties_fen: fen,
  owed_fen: fen,
  recent: z.array(
    z.strictObject({ id: rowId, created_at: isoTime, order_no: z.string(), type_name: z.string(), status_text: z.string(), outcome_text: z.string().nullable() }),
  ),
});

const opsComplaintOrder = z.strictObject({
  order_no: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  listing: z.strictObject({ id: rowId, title: z.string() }).nullable(),
  shop: z.strictObject({ id: rowId, name: z.string(), cert_type: z.number().int() }).nullable(),
  option_label: z.string().nullable(),
  hours: z.number().int().nullable(),
  bonus_hours: z.number().int(),
  reserved: z.boolean(),
  is_free: z.boolean(),
  created_at: isoTime,
  paid_at: isoTime.nullable(),
  starts_at: isoTime.nullable(),
  ends_at: isoTime.nullable(),
  cancelled_at: isoTime.nullable(),
  finished_at: isoTime.nullable(),
  pay_channel: z.string().nullable(),
  original_fen: fen,
  activity_discount_fen: fen,
  vip_discount_fen: fen,
  coupon_discount_fen: fen,
  pay_fen: fen,
  refund_fen: fen,
  deposit_fen: fen,
  deposit_returned_fen: fen,
  game_money_fen: fen,
  refund_game_money_fen: fen,
});

/** The decision as the console shows it: who decided and what the owner was charged. */
const opsDecisionView = z.strictObject({
  outcome,
  outcome_text: z.string(),
  refund_fen: fen,
  owner_share_fen: fen,
  penalty_fen: fen,
  ended_rental: z.boolean(),
  text: z.string(),
  earnings_state: earningsState,
  decided_at: isoTime,
  // id 0: decided by the rule at once (a one-click login-failure report), not by an operator.
  operator: z.strictObject({ id: z.number().int().nonnegative(), username: z.string(), display_name: z.string() }),
  charges: z.array(z.strictObject({ kind: z.enum(['clawback', 'penalty']), kind_text: z.string(), amount_fen: fen, collected_fen: fen })),
});


/** A "cannot log in" report on the arbitration screen (contract.ts OpsLoginFailureView). */
export const opsLoginFailureViewSchema = z.strictObject({
  case_id: rowId,
  status: z.string(),
  status_text: z.string(),
  rent_refund_fen: fen,
  deposit_refund_fen: fen,
  hafu_refund_fen: fen,
  compensation_fen: fen,
  first_reveal_at: isoTime,
  reported_at: isoTime,
  answer_until: isoTime,
  answered_at: isoTime.nullable(),
  took_down: z.boolean(),
  reversed_at: isoTime.nullable(),
  reverse_reason: z.string().nullable(),
  compensation_back_fen: fen,
  owner_returned_fen: fen,
  can_uphold: z.boolean(),
  can_reverse: z.boolean(),
});

/** GET ops/complaints/detail. */
export const opsComplaintDetailSchema = z.strictObject({
  id: rowId,
  status: z.number().int(),
  status_text: z.string(),
  type: z.number().int(),
  type_name: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  created_at: isoTime,
  renter: partyHistory,
  owner: partyHistory.extend({ balance_fen: fen }).nullable(),
  answers: z.array(complaintAnswerSchema),
  order: opsComplaintOrder,
  earnings: z
    .strictObject({
      status: earningsState,
      commission_bps: z.number().int(),
      rent_fen: fen,
      refunded_fen: fen,
      commission_fen: fen,
      seller_fen: fen,
      release_at: isoTime.nullable(),
      released_at: isoTime.nullable(),
    })
    .nullable(),
  refundable_fen: fen,
  rule_input: z.strictObject({
    rent_fen: fen,
    refunded_fen: fen,
    commission_bps: z.number().int(),
    earnings: earningsState,
    rental_open: z.boolean(),
    owner_balance_fen: fen,
  }),
  timeline: z.array(z.strictObject({ at: isoTime, kind: z.string(), text: z.string(), amount_fen: fen.nullable() })),
  reveals: z.array(
    z.strictObject({ at: isoTime, viewer: z.enum(['renter', 'owner']), viewer_label: z.string(), ip: z.string().nullable(), user_agent: z.string().nullable() }),
  ),
  siblings: z.array(z.strictObject({ id: rowId, status_text: z.string(), type_name: z.string(), created_at: isoTime })),
  decision: opsDecisionView.nullable(),
  login_failure: opsLoginFailureViewSchema.nullable(),
  audit: z.array(auditEntrySchema),
});

const rentSplit = z.strictObject({ netRentFen: fen, commissionFen: fen, sellerFen: fen });

/** POST ops/complaints/decide: the decision and its money (rules/complaint-decision.ts DecisionMoney). */
export const opsComplaintDecidedSchema = z.strictObject({
  complaint_id: rowId,
  decision: opsDecisionView,
  money: z.strictObject({
    outcome,
    refundableFen: fen,
    refundFen: fen,
    endsRental: z.boolean(),
    before: rentSplit,
    after: rentSplit,
    ownerShareDeltaFen: fen,
    commissionDeltaFen: fen,
    ownerShareFen: fen,
    clawbackFen: fen,
    penaltyFen: fen,
    penaltyWithheldFen: fen,
    clawbackNowFen: fen,
    penaltyNowFen: fen,
    owedFen: fen,
  }),
});

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const COMPLAINT_WIRE = {
  types: wire(COMPLAINT_ROUTES.types, { input: noInputSchema, answer: z.array(complaintTypeSchema) }),
  mine: wire(COMPLAINT_ROUTES.mine, { input: complaintsQuerySchema, answer: pageSchema(complaintSchema) }),
  create: wire(COMPLAINT_ROUTES.create, { input: complaintBodySchema, answer: complaintSchema }),
  opsList: wire(COMPLAINT_ROUTES.opsList, { input: opsComplaintsQuerySchema, answer: pageSchema(opsComplaintRowSchema) }),
  opsDetail: wire(COMPLAINT_ROUTES.opsDetail, { input: opsComplaintDetailQuerySchema, answer: opsComplaintDetailSchema }),
  opsDecide: wire(COMPLAINT_ROUTES.opsDecide, { input: opsComplaintDecideBodySchema, answer: opsComplaintDecidedSchema }),
  opsLoginFailure: wire(COMPLAINT_ROUTES.opsLoginFailure, { input: opsLoginFailureBodySchema, answer: opsLoginFailureViewSchema }),
};
