import { describe, expect, it } from 'vitest';
import {
  CERTIFICATION_MESSAGES as MSG,
  nextCertification,
  REJECT_REASON_MAX_CHARS,
  shownCertType,
  type CertificationEvent,
  type CertificationState,
} from '~/features/sellers/rules/seller-certification';
import type { CertType } from '~/features/sellers/rules/settlement';

// Issue 13 "the state machine is already real: draft, submitted, approved, rejected with a reason".

const submit = (realNameVerified = true): CertificationEvent => ({ type: 'submit', realNameVerified });

describe('seller certification', () => {
  it.each<[string, CertificationState, CertType, CertificationEvent, CertificationState | string]>([
    ['an individual owner is approved on submitting', 'draft', 0, submit(), 'approved'],
    ['a store goes to review', 'draft', 1, submit(), 'submitted'],
    ['a merchant goes to review', 'draft', 2, submit(), 'submitted'],
    ['a rejected store submits again', 'rejected', 1, submit(), 'submitted'],
    ['nobody submits without real-name verification', 'draft', 0, submit(false), MSG.realNameFirst],
    ['an application under review is not submitted twice', 'submitted', 1, submit(), MSG.notSubmittable],
    ['an approved seller does not submit again', 'approved', 2, submit(), MSG.notSubmittable],
    ['an operator approves what is under review', 'submitted', 1, { type: 'approve' }, 'approved'],
    ['a draft cannot be approved', 'draft', 1, { type: 'approve' }, MSG.notUnderReview],
    ['a rejected application cannot be approved', 'rejected', 2, { type: 'approve' }, MSG.notUnderReview],
    ['an operator rejects with a reason', 'submitted', 2, { type: 'reject', reason: ' 营业执照不清晰 ' }, 'rejected'],
    ['a rejection needs a reason', 'submitted', 2, { type: 'reject', reason: '   ' }, MSG.reasonRequired],
    ['a rejection reason has a limit', 'submitted', 2, { type: 'reject', reason: '字'.repeat(REJECT_REASON_MAX_CHARS + 1) }, MSG.reasonTooLong],
    ['an approved seller is not rejected here', 'approved', 1, { type: 'reject', reason: '违规' }, MSG.notUnderReview],
    ['an application under review is withdrawn to a draft', 'submitted', 1, { type: 'withdraw' }, 'draft'],
    ['only one under review can be withdrawn', 'approved', 1, { type: 'withdraw' }, MSG.notUnderReview],
  ])('%s', (_label, state, certType, event, expected) => {
    const step = nextCertification({ state, certType }, event);
    if (['draft', 'submitted', 'approved', 'rejected'].includes(expected)) expect(step).toMatchObject({ ok: true, state: expected });
    else expect(step).toEqual({ ok: false, error: expected });
  });

  it('keeps the trimmed reason for the seller to read; other steps carry none', () => {
    expect(nextCertification({ state: 'submitted', certType: 2 }, { type: 'reject', reason: ' 营业执照不清晰 ' })).toEqual({ ok: true, state: 'rejected', rejectReason: '营业执照不清晰' });
    expect(nextCertification({ state: 'submitted', certType: 2 }, { type: 'reject', reason: '字'.repeat(REJECT_REASON_MAX_CHARS) })).toMatchObject({ ok: true });
    expect(nextCertification({ state: 'rejected', certType: 2 }, submit())).toEqual({ ok: true, state: 'submitted', rejectReason: null });
  });

  it.each<[CertificationState | null, CertType, CertType | null]>([
    ['approved', 2, 2],
    ['approved', 0, 0],
    ['submitted', 2, null],
    ['rejected', 1, null],
    ['draft', 1, null],
    [null, 0, null],
  ])('a listing badge shows the approved type only (%s, cert %i → %s)', (state, certType, shown) => {
    expect(shownCertType(state === null ? null : { state, certType })).toBe(shown);
  });
});
