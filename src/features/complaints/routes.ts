/**
 * The complaints' routes, declared once: the browser calls them with `call(route, input)` (a
 * renter's, spec §7 order "complaint with list and types") or `callConsole(route, input)` (the
 * console's arbitration, permission `complaints`); the endpoints serve them with the schemas of
 * wire.ts. The types are public; a renter's list and filing need the token; the console's calls
 * answer its 404 to anyone without an operator session.
 */
import { route, type NoInput } from '~/platform/wire/route';
import type { Page } from '~/platform/wire/common';
import type { Complaint, ComplaintType } from '~/features/wallet/contract/money';
import type { OpsComplaintDecided, OpsComplaintDetail, OpsComplaintsPage, OpsComplaintStatusFilter, OpsLoginFailureView } from '~/features/complaints/contract';
import type { ComplaintOutcome } from '~/features/complaints/rules/complaint-decision';

export interface ComplaintRequest {
  order_no: string;
  type: number;
  /** 5-500 characters. */
  content: string;
  /** Evidence: ids (or URLs) of the renter's own complaint uploads; absent means none. */
  images?: number[];
}

export interface ComplaintsPaging {
  page?: number;
  page_size?: number;
}

export interface OpsComplaintsQueryInput extends ComplaintsPaging {
  status?: OpsComplaintStatusFilter;
  /** 0 (or absent): every type. */
  type?: number;
  /** An order number (prefix) or a renter's or owner's username. */
  q?: string;
}

/** `refund_fen`: refund_partial (and optional for penalize); `penalty_fen`: penalize. */
export interface OpsComplaintDecideRequest {
  complaint_id: number;
  outcome: ComplaintOutcome;
  refund_fen?: number;
  penalty_fen?: number;
  text: string;
}

export interface OpsLoginFailureRequest {
  complaint_id: number;
  action: 'uphold' | 'reverse';
  reason: string;
}

export const COMPLAINT_ROUTES = {
  /** The complaint types; public. */
  types: route.get<NoInput, ComplaintType[]>('/order/complaintTypes'),
  /** The renter's complaints, newest first. */
  mine: route.get<ComplaintsPaging, Page<Complaint>>('/order/complaints'),
  /** Files a complaint about a paid rental; needs a bound phone (403 code 1004). */
  create: route.post<ComplaintRequest, Complaint>('/order/complaint'),
  /** The console's queue: open first, oldest first, then handled ones, newest first. */
  opsList: route.get<OpsComplaintsQueryInput, OpsComplaintsPage>('/ops/complaints'),
  /** The arbitration screen of one complaint. */
  opsDetail: route.get<{ id: number }, OpsComplaintDetail>('/ops/complaints/detail'),
  /** Decides a complaint, once (two agents at once: one wins, the other gets 409). */
  opsDecide: route.post<OpsComplaintDecideRequest, OpsComplaintDecided>('/ops/complaints/decide'),
  /** A "cannot log in" report: uphold after the owner's appeal, or reverse with a reason. */
  opsLoginFailure: route.post<OpsLoginFailureRequest, OpsLoginFailureView>('/ops/complaints/loginFailure'),
};
