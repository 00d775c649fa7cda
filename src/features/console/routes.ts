/**
 * The operator console's own API routes (under /api/v1/ops), declared once: the console's islands
 * call them with `callConsole(route, input)`, the endpoints serve them with the schemas of wire.ts.
 * Sign-in, the operator's own account, operator accounts, the audit log, users, orders, finance,
 * withdrawal review and the site settings. Every one but sign-in needs an operator session; without
 * one the console answers 404 (docs/decisions.md "Operator console").
 *
 * Not the console's screens: those are ops-routes.ts.
 */
import { route, type NoInput } from '~/platform/wire/route';
import type { AuditEntryView, OperatorMe, OperatorView, OpsLoginAnswer, OpsRole, OpsTotpConfirmed, OpsTotpEnrolment } from '~/features/console/contract/ops';
import type {
  OpsBanResult,
  OpsOrderDetail,
  OpsOrderRow,
  OpsOrderStateFilter,
  OpsUserDetail,
  OpsUserRoleFilter,
  OpsUserRow,
  OpsUserStatusFilter,
  OpsWalletAdjustResult,
} from '~/features/console/contract/ops-users';
import type {
  OpsFinanceDailyPage,
  OpsLedgerCheckView,
  OpsLedgerPage,
  OpsWithdrawalStateFilter,
  OpsWithdrawalView,
  OpsWithdrawalsPage,
} from '~/features/console/contract/ops-finance';
import type { OpsApprovalStateFilter, OpsApprovalTicket, OpsApprovalView } from '~/features/console/contract/ops-approvals';
import type { LedgerKind } from '~/features/wallet/contract/money';
import type { DownloadFileView, DownloadManifest } from '~/features/content/contract/site-settings';
import type { Page } from '~/platform/wire/common';

/** The paging every console list takes (defaults: page 1, the console's page size). */
export interface OpsPaging {
  page?: number;
  page_size?: number;
}

/** A Shanghai day 'YYYY-MM-DD'. */
type Day = string;

export interface OpsUsersListQuery extends OpsPaging {
  /** The id, username, nickname, the full phone or its last 4 digits. */
  q?: string;
  status?: OpsUserStatusFilter;
  role?: OpsUserRoleFilter;
}

export interface OpsOrdersListQuery extends OpsPaging {
  /** An order number or its start. */
  q?: string;
  user_id?: number;
  listing_id?: number;
  state?: OpsOrderStateFilter;
  kind?: 'all' | 'rental' | 'vip' | 'recharge';
  from?: Day;
  to?: Day;
}

export interface OpsAuditListQuery extends OpsPaging {
  operator?: string;
  /** Ending in a dot: a prefix (`complaint.`). */
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: Day;
  to?: Day;
}

export interface OpsWithdrawalsListQuery extends OpsPaging {
  state?: OpsWithdrawalStateFilter;
  q?: string;
  from?: Day;
  to?: Day;
}

export interface OpsFinanceDailyListQuery extends OpsPaging {
  from?: Day;
  to?: Day;
}

export interface OpsLedgerListQuery extends OpsPaging {
  /** Exact username, phone, or id. */
  user?: string;
  kind?: 'all' | LedgerKind;
  from?: Day;
  to?: Day;
}

export interface OpsApprovalsListQuery extends OpsPaging {
  state?: OpsApprovalStateFilter;
}

export type OpsWithdrawalDecision = { withdraw_no: string; decision: 'pay' } | { withdraw_no: string; decision: 'refuse'; reason: string };

export const CONSOLE_ROUTES = {
  // -- sign-in and the operator's own account
  /**
   * The one console call open to everybody; sets the session cookie. 400 用户名或密码错误, 429.
   * `second_factor` not null: the session opens nothing until totpVerify ('code') or the
   * enrolment ('enrol') is done.
   */
  login: route.post<{ username: string; password: string }, OpsLoginAnswer>('/ops/auth/login'),
  /** The code step: a 6-digit TOTP code or a recovery code. 400 验证码不正确, 429 (the sign-in lockout). */
  totpVerify: route.post<{ code: string }, OperatorMe>('/ops/auth/totp/verify'),
  /** A new, not yet active secret with its QR code (a session waiting to enrol, or 我的账号). 409 when on. */
  totpEnrol: route.post<NoInput, OpsTotpEnrolment>('/ops/auth/totp/enrol'),
  /** One code of the new secret turns TOTP on; answers the recovery codes, shown this once. */
  totpConfirm: route.post<{ code: string }, OpsTotpConfirmed>('/ops/auth/totp/confirm'),
  /** Ends this session and clears the cookie (no body). */
  logout: route.post<NoInput, null>('/ops/auth/logout'),
  /** Who is signed in and what their role may do. */
  me: route.get<NoInput, OperatorMe>('/ops/auth/me'),
  /** The operator's own password; their other sessions end. 400 原密码错误. */
  changePassword: route.post<{ old_password: string; new_password: string }, null>('/ops/auth/password'),

  // -- operator accounts (permission `operators`) and the audit log (`audit`)
  operators: route.get<NoInput, OperatorView[]>('/ops/operators'),
  createOperator: route.post<{ username: string; display_name: string; role: OpsRole; password: string }, OperatorView>('/ops/operators/create'),
  updateOperator: route.post<{ id: number; role?: OpsRole; display_name?: string; disabled?: boolean }, OperatorView>('/ops/operators/update'),
  resetOperatorPassword: route.post<{ id: number; password: string }, OperatorView>('/ops/operators/password'),
  /** Turns another operator's TOTP off (never one's own: 403); their sessions end. */
  resetOperatorTotp: route.post<{ id: number }, OperatorView>('/ops/operators/totp-reset'),
  audit: route.get<OpsAuditListQuery, Page<AuditEntryView>>('/ops/audit'),

  // -- users (`users.read`, `users.ban`, `wallet.adjust`) and orders (`orders.read`)
  users: route.get<OpsUsersListQuery, Page<OpsUserRow>>('/ops/users'),
  user: route.get<{ id: number }, OpsUserDetail>('/ops/users/detail'),
  /** A timed ban's `days`; absent or null: until an operator lifts it. */
  banUser: route.post<{ user_id: number; reason: string; days?: number | null }, OpsBanResult>('/ops/users/ban'),
  unbanUser: route.post<{ user_id: number; reason: string }, OpsBanResult>('/ops/users/unban'),
  /** `amount` in yuan (text or a number). A credit above the approval threshold answers status pending with its approval_id. */
  adjustWallet: route.post<{ user_id: number; direction: 'credit' | 'debit'; amount: string | number; reason: string }, OpsWalletAdjustResult>('/ops/users/wallet-adjust'),
  orders: route.get<OpsOrdersListQuery, Page<OpsOrderRow>>('/ops/orders'),
  order: route.get<{ id: number }, OpsOrderDetail>('/ops/orders/detail'),

  // -- finance (`finance`) and withdrawal review (`withdrawals`)
  /** The JSON report; the same path with format=csv is a download (a link, not a call). */
  financeDaily: route.get<OpsFinanceDailyListQuery, OpsFinanceDailyPage>('/ops/finance/daily'),
  ledger: route.get<OpsLedgerListQuery, OpsLedgerPage>('/ops/finance/ledger'),
  ledgerCheck: route.get<NoInput, OpsLedgerCheckView>('/ops/finance/ledger-check'),
  withdrawals: route.get<OpsWithdrawalsListQuery, OpsWithdrawalsPage>('/ops/withdrawals'),
  /** `pay` asks a second operator to approve the payout (the answer's approval_id); `refuse` runs at once. */
  decideWithdrawal: route.post<OpsWithdrawalDecision, OpsWithdrawalView>('/ops/withdrawals/decide'),

  // -- maker-checker (the permission of each request's kind: `wallet.adjust`, `withdrawals`, `settings.money`)
  /** Requests of the kinds the operator may decide; pending ones oldest first. */
  approvals: route.get<OpsApprovalsListQuery, Page<OpsApprovalView>>('/ops/approvals'),
  /** A second operator approves and the action runs, once. 403 for one's own request. */
  approveApproval: route.post<{ id: number }, OpsApprovalView>('/ops/approvals/approve'),
  rejectApproval: route.post<{ id: number; reason: string }, OpsApprovalView>('/ops/approvals/reject'),
  /** The maker withdraws their own pending request. */
  cancelApproval: route.post<{ id: number }, OpsApprovalView>('/ops/approvals/cancel'),

  // -- site settings (`settings.money`: commission, hold, withdrawal review; `settings.site`: the rest)
  saveCommission: route.post<{ bps_0: number; bps_1: number; bps_2: number }, null>('/ops/settings/commission'),
  saveHold: route.post<{ hours: number }, null>('/ops/settings/hold'),
  /** A request a second operator approves (maker-checker). */
  saveWithdrawReview: route.post<{ enabled: boolean; above_fen: number }, OpsApprovalTicket>('/ops/settings/withdraw-review'),
  saveReview: route.post<{ enabled: boolean; price_change_percent: number }, null>('/ops/settings/review'),
  /** The contact rows as the form shows them (a wholly empty row is dropped). */
  saveContacts: route.post<{ channels: { label: string; value: string; note?: string }[]; notice?: string }, null>('/ops/settings/contacts'),
  /** Each named file must be an uploaded build (uploadDownloadFile). */
  saveDownload: route.post<
    { version: string; released_on?: string; windows_file?: string | null; windows_notes?: string; macos_file?: string | null; macos_notes?: string },
    DownloadManifest
  >('/ops/settings/download'),
  /**
   * A launcher build: the request body is the file itself (application/octet-stream, streamed,
   * at most DOWNLOAD_UPLOAD_MAX_BYTES) and `name` travels in the query. The console's upload
   * panel sends it with a progress bar (hrefOf + XMLHttpRequest), not through callConsole.
   */
  uploadDownloadFile: route.post<{ name: string }, DownloadFileView>('/ops/downloads/upload'),
  /** Deletes an uploaded build the manifest does not offer; its address answers 410 afterwards. */
  deleteDownloadFile: route.post<{ name: string }, DownloadFileView>('/ops/downloads/delete'),
  saveWechat: route.post<{ enabled: boolean; follow_url: string; text: string; text_pay_result?: string; text_order?: string }, null>('/ops/settings/wechat'),
  /** The operator's name and filing numbers the footer shows; each empty one is not shown. */
  saveFiling: route.post<{ operator_name?: string; icp?: string; police?: string; licence?: string }, null>('/ops/settings/filing'),
};
