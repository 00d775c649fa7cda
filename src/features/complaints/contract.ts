/**
 * The wire contract of complaint arbitration in the operator console (permission
 * `complaints`). Every call is under /api/v1/ops/complaints/ and answers the console's 404 to
 * anyone without an operator session (docs/decisions.md "Operator console").
 *
 *   GET  ops/complaints?status=&type=&q=&page=&page_size=   → Page<OpsComplaintRow> (open first, oldest first)
 *   GET  ops/complaints/detail?id=                          → OpsComplaintDetail
 *   POST ops/complaints/decide { complaint_id, outcome, refund_fen?, penalty_fen?, text } → OpsComplaintDecided
 *
 * Money is integer fen throughout (the console types yuan and sends fen). The decision's money rule
 * is features/complaints/rules/complaint-decision.ts; deciding an already decided complaint is 409 (two agents at
 * once: exactly one wins).
 */
import { z } from 'zod';
import { COMPLAINT_TYPES, OPS_PAGE_SIZE, OPS_PAGE_SIZE_MAX } from '~/platform/config/constants';
import { COMPLAINT_DECISION_TEXT_MAX_CHARS, COMPLAINT_DECISION_TEXT_MIN_CHARS, COMPLAINT_PENALTY_MAX_FEN } from '~/features/complaints/constants';
import { COMPLAINT_OUTCOMES, type ComplaintOutcome, type DecisionMoney, type EarningsState } from '~/features/complaints/rules/complaint-decision';
import { bodyIdSchema, NUL, optionalQuery, queryIdSchema, queryIntSchema, type Page } from '~/platform/wire/common';
import type { AuditEntryView } from '~/features/console/contract/ops';
import type { ComplaintAnswerView } from '~/features/sellers/contract/seller-earnings';

export type { Page } from '~/platform/wire/common';

export const OPS_COMPLAINT_STATUS_FILTERS = ['all', 'open', 'handled'] as const;
export type OpsComplaintStatusFilter = (typeof OPS_COMPLAINT_STATUS_FILTERS)[number];
export const OPS_COMPLAINT_STATUS_FILTER_LABELS: Readonly<Record<OpsComplaintStatusFilter, string>> = { all: '全部', open: '处理中', handled: '已处理' };

export const MSG_COMPLAINT_NOT_FOUND = '投诉不存在';
export const MSG_COMPLAINT_DECIDED = '该投诉已处理，不能重复处理';
export const MSG_DECISION_TEXT_LENGTH = `处理说明需${COMPLAINT_DECISION_TEXT_MIN_CHARS}-${COMPLAINT_DECISION_TEXT_MAX_CHARS}个字`;
export const MSG_DECISION_TEXT_CONTROL = '处理说明含有无效字符';
export const MSG_PICK_OUTCOME = '请选择处理结果';
export const MSG_PENALTY_ONLY_PENALIZE = '仅处罚号主时可填写处罚金额';
export const MSG_REFUND_NOT_ASKED = '全额退款无需填写退款金额，驳回时不能退款';
/** The search box: an order number or a username, at most this long. */
export const OPS_COMPLAINT_SEARCH_MAX = 32;

/** GET ops/complaints. */
export const opsComplaintsQuerySchema = z.object({
  status: optionalQuery(z.enum(OPS_COMPLAINT_STATUS_FILTERS, { error: '参数 status 无效' })).default('all'),
  /** 0 (or absent): every type. */
  type: optionalQuery(queryIntSchema(0, Math.max(...COMPLAINT_TYPES.map((t) => t.type)))).default(0),
  q: optionalQuery(
    z
      .string()
      .trim()
      .max(OPS_COMPLAINT_SEARCH_MAX, { error: `搜索内容不能超过${OPS_COMPLAINT_SEARCH_MAX}个字` })
      .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), { error: '搜索内容含有无效字符' }),
  ),
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, OPS_PAGE_SIZE_MAX)).default(OPS_PAGE_SIZE),
});
export type OpsComplaintsQuery = z.output<typeof opsComplaintsQuerySchema>;

/** GET ops/complaints/detail. */
export const opsComplaintDetailQuerySchema = z.object({ id: queryIdSchema });

const codePoints = (value: string): number => Array.from(value).length;
/** C0 controls and DEL; a line break is a normal part of a written decision. */
const hasControl = (value: string): boolean => /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(value);
const fenSchema = (max: number) => z.int({ error: '金额应为整数分' }).min(0, { error: '金额不能为负' }).max(max, { error: '金额过大' });

/** POST ops/complaints/decide. `refund_fen`: refund_partial (and optional for penalize); `penalty_fen`: penalize. */
export const opsComplaintDecideBodySchema = z
  .object({
    complaint_id: bodyIdSchema,
    outcome: z.enum(COMPLAINT_OUTCOMES, { error: MSG_PICK_OUTCOME }),
    refund_fen: fenSchema(2_000_000_000).optional(),
    penalty_fen: fenSchema(COMPLAINT_PENALTY_MAX_FEN).optional(),
    text: z
      .string({ error: MSG_DECISION_TEXT_LENGTH })
      .trim()
      .refine((text) => !text.includes(NUL) && !hasControl(text), { error: MSG_DECISION_TEXT_CONTROL })
      .refine((text) => codePoints(text) >= COMPLAINT_DECISION_TEXT_MIN_CHARS && codePoints(text) <= COMPLAINT_DECISION_TEXT_MAX_CHARS, { error: MSG_DECISION_TEXT_LENGTH }),
  })
  // An amount the outcome does not use is a mistake in the form, not something to drop silently.
  .refine((body) => body.penalty_fen === undefined || body.outcome === 'penalize', { error: MSG_PENALTY_ONLY_PENALIZE, path: ['penalty_fen'] })
  .refine((body) => body.refund_fen === undefined || (body.outcome !== 'refund_full' && body.outcome !== 'reject'), { error: MSG_REFUND_NOT_ASKED, path: ['refund_fen'] });
export type OpsComplaintDecideBody = z.output<typeof opsComplaintDecideBodySchema>;

/**
 * POST ops/complaints/loginFailure: an operator's word on a "cannot log in" report. `uphold` keeps
 * the decision after the owner's appeal; `reverse` undoes it (the owner's compensation given back,
 * counted against the renter). The reason is what both sides read, 5-500 characters.
 */
export const opsLoginFailureBodySchema = z.object({
  complaint_id: bodyIdSchema,
  action: z.enum(['uphold', 'reverse'], { error: '请选择处理方式' }),
  reason: z
    .string({ error: MSG_DECISION_TEXT_LENGTH })
    .trim()
    .refine((text) => !text.includes(NUL) && !hasControl(text), { error: MSG_DECISION_TEXT_CONTROL })
    .refine((text) => codePoints(text) >= COMPLAINT_DECISION_TEXT_MIN_CHARS && codePoints(text) <= COMPLAINT_DECISION_TEXT_MAX_CHARS, { error: MSG_DECISION_TEXT_LENGTH }),
});
export type OpsLoginFailureBody = z.output<typeof opsLoginFailureBodySchema>;

/** A "cannot log in" report on the arbitration screen. */
export interface OpsLoginFailureView {
  case_id: number;
  status: string;
  status_text: string;
  rent_refund_fen: number;
  deposit_refund_fen: number;
  hafu_refund_fen: number;
  compensation_fen: number;
  first_reveal_at: string;
  reported_at: string;
  answer_until: string;
  answered_at: string | null;
  took_down: boolean;
  reversed_at: string | null;
  reverse_reason: string | null;
  compensation_back_fen: number;
  owner_returned_fen: number;
  /** What an operator may do now. */
  can_uphold: boolean;
  can_reverse: boolean;
}

export const MSG_LOGIN_FAILURE_CASE_MISSING = '该投诉不是一键无法登录上报';
export const MSG_LOGIN_FAILURE_REVERSED = '该上报已撤销';
export const MSG_LOGIN_FAILURE_NOT_DISPUTED = '号主未申诉，无需维持判定';
/** Complaints of these reports cannot be decided with the ordinary form: they were decided at once. */
export const MSG_LOGIN_FAILURE_USE_CASE = '一键无法登录上报已自动判定，请使用维持或撤销';

/** A marketplace user as the arbitration screen names them. */
export interface OpsPartyRef {
  id: number;
  username: string;
  nickname: string;
}

/** One row of the queue. */
export interface OpsComplaintRow {
  id: number;
  created_at: string;
  status: number;
  status_text: string;
  type: number;
  type_name: string;
  order_no: string;
  listing_title: string | null;
  renter: OpsPartyRef;
  owner: OpsPartyRef & { shop_name: string };
  /** Answers the owner gave. */
  answers: number;
  outcome: ComplaintOutcome | null;
  outcome_text: string | null;
  decided_at: string | null;
  /** A one-click "cannot log in" report: its state (已退款，等待号主答复, 号主申诉中 ...); null for other complaints. */
  login_failure_status_text: string | null;
}

export interface OpsTimelineEvent {
  at: string;
  /** created, paid, started, renewed, cancelled, refund, deposit_returned, ended, released, complaint_filed, complaint_answered, complaint_decided, credentials_viewed, owner_charged. */
  kind: string;
  text: string;
  /** Money moved by the event, signed from the renter's or the owner's view as the text says; null when none. */
  amount_fen: number | null;
}

export interface OpsCredentialReveal {
  at: string;
  viewer: 'renter' | 'owner';
  /** 租客 / 号主. */
  viewer_label: string;
  ip: string | null;
  user_agent: string | null;
}

/** What the arbitration screen shows of one party's past, to weigh their word (hints, not a score). */
export interface OpsPartyHistory {
  user: OpsPartyRef & { mobile_bound: boolean; real_name_verified: boolean; status: string; created_at: string };
  /** Paid rentals they took (a renter) or that were taken on their shop's listings (an owner). */
  rentals: number;
  /** Complaints they filed (renter) or that were filed about their listings (owner). */
  complaints: number;
  open: number;
  /** Decided with a refund or a penalty (the renter was right). */
  upheld: number;
  rejected: number;
  /** An owner's penalties, and what they still owe from decisions. */
  penalties_fen: number;
  owed_fen: number;
  /** Their other complaints, newest first. */
  recent: { id: number; created_at: string; order_no: string; type_name: string; status_text: string; outcome_text: string | null }[];
}

export interface OpsComplaintOrder {
  order_no: string;
  status: number;
  status_text: string;
  listing: { id: number; title: string } | null;
  shop: { id: number; name: string; cert_type: number } | null;
  option_label: string | null;
  hours: number | null;
  bonus_hours: number;
  reserved: boolean;
  is_free: boolean;
  created_at: string;
  paid_at: string | null;
  starts_at: string | null;
  ends_at: string | null;
  cancelled_at: string | null;
  finished_at: string | null;
  pay_channel: string | null;
  original_fen: number;
  activity_discount_fen: number;
  vip_discount_fen: number;
  coupon_discount_fen: number;
  /** Rent paid, renewals included. */
  pay_fen: number;
  refund_fen: number;
  deposit_fen: number;
  deposit_returned_fen: number;
  game_money_fen: number;
  refund_game_money_fen: number;
}

export interface OpsComplaintEarnings {
  status: EarningsState;
  commission_bps: number;
  rent_fen: number;
  refunded_fen: number;
  commission_fen: number;
  seller_fen: number;
  release_at: string | null;
  released_at: string | null;
}

export interface OpsComplaintDecisionView {
  outcome: ComplaintOutcome;
  outcome_text: string;
  refund_fen: number;
  owner_share_fen: number;
  penalty_fen: number;
  ended_rental: boolean;
  text: string;
  earnings_state: EarningsState;
  decided_at: string;
  operator: { id: number; username: string; display_name: string };
  /** What the owner was charged by this decision and what of it is collected. */
  charges: { kind: 'clawback' | 'penalty'; kind_text: string; amount_fen: number; collected_fen: number }[];
}

export interface OpsComplaintDetail {
  id: number;
  status: number;
  status_text: string;
  type: number;
  type_name: string;
  content: string;
  images: string[];
  created_at: string;
  renter: OpsPartyHistory;
  owner: (OpsPartyHistory & { balance_fen: number }) | null;
  answers: ComplaintAnswerView[];
  order: OpsComplaintOrder;
  earnings: OpsComplaintEarnings | null;
  /** Rent that a decision could still give back. */
  refundable_fen: number;
  /** The inputs of the decision rule as they stand, for the form's preview (the server decides again in its transaction). */
  rule_input: { rent_fen: number; refunded_fen: number; commission_bps: number; earnings: EarningsState; rental_open: boolean; owner_balance_fen: number };
  timeline: OpsTimelineEvent[];
  reveals: OpsCredentialReveal[];
  /** The order's other complaints. */
  siblings: { id: number; status_text: string; type_name: string; created_at: string }[];
  decision: OpsComplaintDecisionView | null;
  /** The one-click "cannot log in" report behind this complaint, if it is one. */
  login_failure: OpsLoginFailureView | null;
  audit: AuditEntryView[];
}

/** POST ops/complaints/decide answer. */
export interface OpsComplaintDecided {
  complaint_id: number;
  decision: OpsComplaintDecisionView;
  money: DecisionMoney;
}

export type OpsComplaintsPage = Page<OpsComplaintRow>;

/** complaints.status. */
export const COMPLAINT_STATUS = { open: 1, handled: 2 } as const;
