/**
 * Becoming a seller ("Who sells"; the spec shows only the result, merchantInfo.cert_type):
 * - an individual owner (cert_type 0) is approved on submitting, once real-name verified (spec §6);
 * - a store (1) or merchant (2) submits business details that an operator approves, or rejects
 *   with a reason the seller sees; a rejected application is corrected and submitted again;
 * - an application under review can be withdrawn back to a draft.
 * Approved is final here: changing the type later is a new application (written down in
 * docs/decisions.md "Seller certification").
 */
import type { CertType } from '~/features/sellers/rules/settlement';

export const CERTIFICATION_STATES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type CertificationState = (typeof CERTIFICATION_STATES)[number];

export type CertificationEvent =
  | { type: 'submit'; realNameVerified: boolean }
  | { type: 'approve' }
  | { type: 'reject'; reason: string }
  | { type: 'withdraw' };

export type CertificationStep =
  | { ok: true; state: CertificationState; rejectReason: string | null }
  | { ok: false; error: string };

export const REJECT_REASON_MAX_CHARS = 200;

export const CERTIFICATION_MESSAGES = {
  realNameFirst: '请先完成实名认证',
  notSubmittable: '当前状态不能提交认证',
  notUnderReview: '该申请不在审核中',
  reasonRequired: '请填写驳回原因',
  reasonTooLong: `驳回原因不能超过${REJECT_REASON_MAX_CHARS}字`,
} as const;

const refuse = (error: string): CertificationStep => ({ ok: false, error });
const move = (state: CertificationState, rejectReason: string | null = null): CertificationStep => ({ ok: true, state, rejectReason });

export function nextCertification(current: { state: CertificationState; certType: CertType }, event: CertificationEvent): CertificationStep {
  switch (event.type) {
    case 'submit':
      if (current.state !== 'draft' && current.state !== 'rejected') return refuse(CERTIFICATION_MESSAGES.notSubmittable);
      if (!event.realNameVerified) return refuse(CERTIFICATION_MESSAGES.realNameFirst);
      // An individual owner needs nothing beyond the real-name check an operator could review.
      return move(current.certType === 0 ? 'approved' : 'submitted');
    case 'approve':
      return current.state === 'submitted' ? move('approved') : refuse(CERTIFICATION_MESSAGES.notUnderReview);
    case 'reject': {
      if (current.state !== 'submitted') return refuse(CERTIFICATION_MESSAGES.notUnderReview);
      const reason = event.reason.trim();
      if (reason === '') return refuse(CERTIFICATION_MESSAGES.reasonRequired);
      if (Array.from(reason).length > REJECT_REASON_MAX_CHARS) return refuse(CERTIFICATION_MESSAGES.reasonTooLong);
      return move('rejected', reason);
    }
    case 'withdraw':
      return current.state === 'submitted' ? move('draft') : refuse(CERTIFICATION_MESSAGES.notUnderReview);
  }
}

/** The cert_type a listing's badge shows (spec §6): only an approved application counts. */
export function shownCertType(application: { state: CertificationState; certType: CertType } | null): CertType | null {
  return application?.state === 'approved' ? application.certType : null;
}
