/**
 * The wire contract of maker-checker (docs/decisions.md "Two people for big money"): a wallet
 * credit above the threshold, the payout of a withdrawal held for review and a change of the
 * withdrawal-review setting wait as a request until a second operator with the same permission
 * approves it (then it runs, once) or rejects it; the maker may cancel it. Screen 待审批, calls
 * under /api/v1/ops/approvals.
 */
import { z } from 'zod';
import { OPS_PAGE_SIZE, OPS_PAGE_SIZE_MAX } from '~/platform/config/constants';
import { bodyIdSchema, optionalQuery, queryIntSchema } from '~/platform/wire/common';
import { platformReasonSchema } from '~/features/sellers/contract/ops-sellers';
import type { OpsPermission } from '~/features/console/contract/ops';

export const OPS_APPROVAL_KINDS = ['wallet.credit', 'withdrawal.pay', 'withdrawal.review'] as const;
export type OpsApprovalKind = (typeof OPS_APPROVAL_KINDS)[number];

export const OPS_APPROVAL_KIND_TEXT: Readonly<Record<OpsApprovalKind, string>> = {
  'wallet.credit': '钱包加款',
  'withdrawal.pay': '提现打款',
  'withdrawal.review': '提现审核设置',
};

/** Who may request and approve each kind: the permission the action itself needs. */
export const OPS_APPROVAL_PERMISSION: Readonly<Record<OpsApprovalKind, OpsPermission>> = {
  'wallet.credit': 'wallet.adjust',
  'withdrawal.pay': 'withdrawals',
  'withdrawal.review': 'settings.money',
};
export const OPS_APPROVAL_PERMISSIONS: readonly OpsPermission[] = [...new Set(Object.values(OPS_APPROVAL_PERMISSION))];

export const OPS_APPROVAL_STATUSES = ['pending', 'executed', 'rejected', 'cancelled', 'failed'] as const;
export type OpsApprovalStatus = (typeof OPS_APPROVAL_STATUSES)[number];
export const OPS_APPROVAL_STATUS_TEXT: Readonly<Record<OpsApprovalStatus, string>> = {
  pending: '待审批',
  executed: '已通过并执行',
  rejected: '已驳回',
  cancelled: '已撤回',
  failed: '执行失败',
};

export const OPS_APPROVAL_STATE_FILTERS = ['pending', 'all', 'executed', 'rejected', 'cancelled', 'failed'] as const;
export type OpsApprovalStateFilter = (typeof OPS_APPROVAL_STATE_FILTERS)[number];

/** What an existing screen shows when its action went to approval instead of running. */
export const MSG_APPROVAL_SUBMITTED = '已提交，等待另一位运营人员审批';
export const MSG_APPROVAL_NOT_FOUND = '审批申请不存在';
export const MSG_APPROVAL_DECIDED = '该申请已被处理，请刷新后查看';
export const MSG_APPROVAL_OWN = '不能审批自己提交的申请，请由另一位运营人员审批';
export const MSG_APPROVAL_NOT_MINE = '只能撤回自己提交的申请';
export const MSG_APPROVAL_FORBIDDEN = '无权审批此类申请';
export const MSG_APPROVAL_ALREADY_PENDING = '已有一笔相同的申请在等待审批，请先处理它';
export const MSG_APPROVAL_FAILED = (why: string): string => `执行失败，申请已关闭：${why}`;
export const MSG_CREDIT_DAILY_CAP = (capYuan: string, usedYuan: string): string =>
  `超出今日加款额度：每位运营人员每天加款与审批加款合计不超过 ¥${capYuan}，今日已用 ¥${usedYuan}`;

export interface OpsApprovalView {
  id: number;
  kind: OpsApprovalKind;
  kind_text: string;
  /** One line a person reads: 给用户 renter01（#12）加款 ¥5,000.00. */
  summary: string;
  target_type: string;
  target_id: string;
  amount_fen: number | null;
  status: OpsApprovalStatus;
  status_text: string;
  reason: string;
  requested_by_id: number;
  requested_by: string;
  requested_at: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_note: string | null;
  /** An executed 打款: where its withdrawal stands now (提现打款中, 提现已到账, 提现打款失败：...); else null. */
  result_text: string | null;
}

/** The answer of an action that went to approval. */
export interface OpsApprovalTicket {
  approval_id: number;
}

export const opsApprovalsQuerySchema = z.object({
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, OPS_PAGE_SIZE_MAX)).default(OPS_PAGE_SIZE),
  state: optionalQuery(z.enum(OPS_APPROVAL_STATE_FILTERS, { error: '状态无效' })).default('pending'),
});
export type OpsApprovalsQuery = z.output<typeof opsApprovalsQuerySchema>;

export const opsApprovalIdBodySchema = z.object({ id: bodyIdSchema });
export const opsApprovalRejectBodySchema = z.object({ id: bodyIdSchema, reason: platformReasonSchema('驳回原因') });
export type OpsApprovalRejectBody = z.output<typeof opsApprovalRejectBodySchema>;
