/**
 * The hafu-coin settlement's answers (docs/decisions.md "Hafu-coin settlement"): one shape for
 * the renter's order card, the owner's order page and the operators' queue. Plain types, so the
 * islands that read them do not load zod (the schemas are in wire.ts).
 */
import type { HafuDecider, HafuStage } from '~/features/orders/rules/hafu-settlement';

export interface HafuSettlementView {
  order_no: string;
  stage: HafuStage;
  stage_text: string;
  /** Coins on the account when the prepay was charged, and coins per yuan then. */
  start_coins: number;
  rate: number;
  prepay: string;
  prepay_fen: number;
  /** When the rental ended; null while it runs. */
  ended_at: string | null;
  /** The renter reports before this (null while the rental runs). */
  report_deadline: string | null;
  renter_coins: number | null;
  reported_at: string | null;
  /** The owner answers before this (null before the report). */
  answer_deadline: string | null;
  /** accept: the owner confirmed the renter's count; dispute: gave their own; null: not answered. */
  owner_answer: 'accept' | 'dispute' | null;
  owner_coins: number | null;
  owner_evidence: string | null;
  owner_images: string[];
  answered_at: string | null;
  operator_text: string | null;
  final_coins: number | null;
  used_coins: number | null;
  decided_by: HafuDecider | null;
  decided_text: string | null;
  /** Settled money, yuan and fen (null until settled). */
  owner_amount: string | null;
  owner_fen: number | null;
  renter_amount: string | null;
  renter_fen: number | null;
  settled_at: string | null;
  /** The caller may report now (renter) or answer now (owner). */
  can_report: boolean;
  can_answer: boolean;
}

/** A row of the operators' dispute queue: the view with whose order it is. */
export interface OpsHafuDispute extends HafuSettlementView {
  listing_title: string | null;
  renter_user_id: number;
  owner_user_id: number;
}

export interface HafuReportRequest {
  order_no: string;
  coins_left: number;
}

export interface HafuAnswerRequest {
  order_no: string;
  accept: boolean;
  /** With accept false: the owner's count of coins left, and their evidence. */
  coins_left?: number;
  evidence?: string;
  /** Ids or URLs of the owner's own 'complaint' uploads, at most 6. */
  images?: (number | string)[];
}

export interface HafuResolveRequest {
  order_no: string;
  coins_left: number;
  text: string;
}
