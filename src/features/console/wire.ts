/**
 * The console's routes with their schemas (routes.ts declares them; the endpoints serve them
 * through serveConsole, features/console/server/ops-auth.ts, and tests read the answer schemas).
 * The request schemas are the contracts' own (contract/ops.ts, ops-users.ts, ops-finance.ts, and
 * content's site-settings.ts for the settings); the answer schemas follow the contracts' answer
 * types, which `wire` checks them against.
 */
import { z } from 'zod';
import { CONSOLE_ROUTES } from '~/features/console/routes';
import {
  OPS_PERMISSIONS,
  OPS_ROLES,
  auditEntrySchema,
  opsAuditQuerySchema,
  opsLoginBodySchema,
  opsOperatorCreateBodySchema,
  opsOperatorIdBodySchema,
  opsOperatorPasswordBodySchema,
  opsTotpCodeBodySchema,
  opsOperatorUpdateBodySchema,
  opsPasswordChangeBodySchema,
  type OpsPermission,
} from '~/features/console/contract/ops';
import {
  opsIdQuerySchema,
  opsOrdersQuerySchema,
  opsUserBanBodySchema,
  opsUserUnbanBodySchema,
  opsUsersQuerySchema,
  opsWalletAdjustBodySchema,
} from '~/features/console/contract/ops-users';
import { opsFinanceDailyQuerySchema, opsLedgerQuerySchema, opsWithdrawalDecideBodySchema, opsWithdrawalsQuerySchema } from '~/features/console/contract/ops-finance';
import {
  DOWNLOAD_PLATFORMS,
  downloadFileNameInputSchema,
  downloadFileViewSchema,
  opsCommissionBodySchema,
  opsContactsBodySchema,
  opsDownloadBodySchema,
  opsHoldBodySchema,
  opsReviewBodySchema,
  opsWechatBodySchema,
  opsFilingBodySchema,
  opsWithdrawReviewBodySchema,
} from '~/features/content/contract/site-settings';
import { LEDGER_KINDS } from '~/features/wallet/contract/money';
import {
  OPS_APPROVAL_KINDS,
  OPS_APPROVAL_STATUSES,
  opsApprovalIdBodySchema,
  opsApprovalRejectBodySchema,
  opsApprovalsQuerySchema,
} from '~/features/console/contract/ops-approvals';
import { pageSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests (the contracts' schemas; only these are new)

/** A route that takes nothing: a GET's query and a POST's body are ignored, as they always were. */
const noInputSchema = z.object({});

/**
 * GET ops/finance/daily's query. Its endpoint is not served through its route (format=csv answers
 * a CSV download, not the envelope), so it reads the query with this schema itself.
 */
export const financeDailyQuerySchema = opsFinanceDailyQuerySchema;

// ---------------------------------------------------------------------------------------------
// answers

const id = z.number().int();
const count = z.number().int().nonnegative();
const fen = z.number().int();
/** An ISO 8601 instant. */
const instant = z.string();
const roleSchema = z.enum(OPS_ROLES);
const permissionSchema = z.enum(Object.keys(OPS_PERMISSIONS) as [OpsPermission, ...OpsPermission[]]);
const orderKindSchema = z.enum(['rental', 'vip', 'recharge']);
const userStatusSchema = z.enum(['active', 'banned', 'deleted']);
const ledgerKindSchema = z.enum(LEDGER_KINDS);

/** contract/ops.ts OperatorMe: who is signed in and what their role may do. */
export const operatorMeSchema = z.strictObject({
  id,
  username: z.string(),
  display_name: z.string(),
  role: roleSchema,
  role_label: z.string(),
  permissions: z.array(permissionSchema),
});

/** contract/ops.ts OperatorView: an operator account as the admin sees it. */
export const operatorViewSchema = z.strictObject({
  id,
  username: z.string(),
  display_name: z.string(),
  role: roleSchema,
  role_label: z.string(),
  disabled: z.boolean(),
  created_at: instant,
  last_login_at: instant.nullable(),
  totp_enabled: z.boolean().optional(),
});

const opsLoginAnswerSchema = operatorMeSchema.extend({ second_factor: z.enum(['code', 'enrol']).nullable() });
const opsTotpEnrolmentSchema = z.strictObject({ secret: z.string(), uri: z.string(), qr_svg: z.string() });
const opsTotpConfirmedSchema = z.strictObject({ recovery_codes: z.array(z.string()) });


const idName = z.strictObject({ id, name: z.string() });
const idTitle = z.strictObject({ id, title: z.string() });
const idUsername = z.strictObject({ id, username: z.string() });

const userRowShape = {
  id,
  username: z.string(),
  nickname: z.string(),
  mobile_masked: z.string().nullable(),
  real_name_verified: z.boolean(),
  status: userStatusSchema,
  status_text: z.string(),
  ban_reason: z.string().nullable(),
  banned_at: instant.nullable(),
  banned_until: instant.nullable(),
  shop: idName.nullable(),
  created_at: instant,
};

/** contract/ops-users.ts OpsUserRow. */
export const opsUserRowSchema = z.strictObject(userRowShape);

const ledgerEntryShape = {
  id,
  kind: ledgerKindSchema,
  kind_text: z.string(),
  /** Signed yuan: "+100.00", "-12.50". */
  amount: z.string(),
  amount_fen: fen,
  balance_after: z.string(),
  balance_after_fen: fen,
  ref_no: z.string(),
  created_at: instant,
};

/** contract/ops-users.ts OpsUserDetail. */
export const opsUserDetailSchema = z.strictObject({
  user: z.strictObject({
    ...userRowShape,
    email_masked: z.string().nullable(),
    real_name_masked: z.string().nullable(),
    id_number_masked: z.string().nullable(),
    invite_code: z.string().nullable(),
  }),
  shop: z.strictObject({ id, name: z.string(), cert_type_text: z.string(), listings: count, listed: count, held_for_ban: count }).nullable(),
  wallet: z.strictObject({ balance_fen: fen, frozen_fen: fen, gold_coins: z.number().int(), vip_expires_at: instant.nullable() }),
  ledger: z.array(z.strictObject(ledgerEntryShape)),
  orders: z.array(
    z.strictObject({
      id,
      order_no: z.string(),
      kind: orderKindSchema,
      status_text: z.string(),
      listing_title: z.string().nullable(),
      total_fen: fen,
      created_at: instant,
    }),
  ),
  orders_total: count,
  history: z.array(auditEntrySchema),
});

/** contract/ops-users.ts OpsBanResult. */
export const opsBanResultSchema = z.strictObject({ user: opsUserRowSchema, tokens_revoked: count, listings_changed: count });

/** contract/ops-users.ts OpsWalletAdjustResult. */
export const opsWalletAdjustResultSchema = z.strictObject({
  status: z.enum(['executed', 'pending']),
  ref_no: z.string().nullable(),
  amount_fen: fen,
  balance_fen: fen.nullable(),
  approval_id: id.nullable(),
});

/** contract/ops-users.ts OpsOrderRow. */
export const opsOrderRowSchema = z.strictObject({
  id,
  order_no: z.string(),
  kind: orderKindSchema,
  kind_text: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  user: idUsername,
  listing: idTitle.nullable(),
  shop: idName.nullable(),
  total_fen: fen,
  refund_fen: fen,
  created_at: instant,
  has_complaint: z.boolean(),
});

/** complaints/contract.ts OpsComplaintOrder: the order as the console's order and complaint views show it. */
const opsComplaintOrderSchema = z.strictObject({
  order_no: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  listing: idTitle.nullable(),
  shop: z.strictObject({ id, name: z.string(), cert_type: z.number().int() }).nullable(),
  option_label: z.string().nullable(),
  hours: z.number().nullable(),
  bonus_hours: z.number(),
  reserved: z.boolean(),
  is_free: z.boolean(),
  created_at: instant,
  paid_at: instant.nullable(),
  starts_at: instant.nullable(),
  ends_at: instant.nullable(),
  cancelled_at: instant.nullable(),
  finished_at: instant.nullable(),
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

/** contract/ops-users.ts OpsOrderDetail. */
export const opsOrderDetailSchema = z.strictObject({
  id,
  kind: orderKindSchema,
  kind_text: z.string(),
  order: opsComplaintOrderSchema,
  renter: z.strictObject({ id, username: z.string(), nickname: z.string(), status: userStatusSchema }),
  owner: idUsername.nullable(),
  timeline: z.array(z.strictObject({ at: instant, kind: z.string(), text: z.string(), amount_fen: fen.nullable() })),
  payments: z.array(
    z.strictObject({
      pay_no: z.string(),
      channel: z.string(),
      amount_fen: fen,
      status: z.string(),
      gateway_trade_no: z.string().nullable(),
      paid_at: instant.nullable(),
      created_at: instant,
    }),
  ),
  ledger: z.array(z.strictObject({ ...ledgerEntryShape, user_id: id })),
  complaints: z.array(z.strictObject({ id, status_text: z.string(), type_name: z.string(), created_at: instant })),
});

const financeFigures = {
  rentals: count,
  rent_paid_fen: fen,
  commission_fen: fen,
  refunds_fen: fen,
  withdrawals_paid: count,
  withdrawals_paid_fen: fen,
  earnings_released_fen: fen,
  earnings_held_fen: fen,
};

/** contract/ops-finance.ts OpsFinanceDailyPage: days newest first, the range and its totals. */
export const opsFinanceDailyPageSchema = pageSchema(z.strictObject({ day: z.string(), ...financeFigures })).extend({
  from: z.string(),
  to: z.string(),
  totals: z.strictObject(financeFigures),
});

/** contract/ops-finance.ts OpsLedgerPage. */
export const opsLedgerPageSchema = pageSchema(
  z.strictObject({
    id,
    user_id: id,
    username: z.string(),
    kind: ledgerKindSchema,
    kind_text: z.string(),
    amount_fen: fen,
    balance_after_fen: fen,
    ref_no: z.string(),
    created_at: instant,
  }),
);

/** contract/ops-finance.ts OpsLedgerCheckView. */
export const opsLedgerCheckSchema = z.strictObject({
  holds: z.boolean(),
  checked_at: instant,
  lines: z.array(z.strictObject({ label: z.string(), value: z.number().int(), unit: z.enum(['fen', 'count']), bad: z.boolean() })),
});

/** contract/ops-finance.ts OpsWithdrawalView: the user's Withdrawal and who and what is behind it. */
export const opsWithdrawalViewSchema = z.strictObject({
  withdraw_no: z.string(),
  amount: z.string(),
  amount_fen: fen,
  account_masked: z.string(),
  status: z.enum(['pending', 'done', 'cancelled', 'review', 'refused', 'paying', 'failed']),
  status_text: z.string(),
  created_at: instant,
  finished_at: instant.nullable(),
  refuse_reason: z.string().nullable(),
  id,
  user_id: id,
  username: z.string(),
  mobile_masked: z.string().nullable(),
  real_name: z.string(),
  reviewed_by: z.string().nullable(),
  approval_id: id.nullable(),
});

/** contract/ops-finance.ts OpsWithdrawalsPage: a page, and the review queue's length and money. */
export const opsWithdrawalsPageSchema = pageSchema(opsWithdrawalViewSchema).extend({ review_total: count, review_fen: fen });

/** content's DownloadManifest as the download section stored it. */
export const downloadManifestAnswerSchema = z.strictObject({
  version: z.string(),
  released_on: z.string(),
  builds: z.array(
    z.strictObject({
      platform: z.enum(DOWNLOAD_PLATFORMS),
      file: z.string(),
      size: z.number().int().positive(),
      sha256: z.string(),
      notes: z.string(),
    }),
  ),
});

/** contract/ops-approvals.ts OpsApprovalView. */
export const opsApprovalViewSchema = z.strictObject({
  id,
  kind: z.enum(OPS_APPROVAL_KINDS),
  kind_text: z.string(),
  summary: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  amount_fen: fen.nullable(),
  status: z.enum(OPS_APPROVAL_STATUSES),
  status_text: z.string(),
  reason: z.string(),
  requested_by_id: id,
  requested_by: z.string(),
  requested_at: instant,
  decided_by: z.string().nullable(),
  decided_at: instant.nullable(),
  decision_note: z.string().nullable(),
  result_text: z.string().nullable(),
});
export const opsApprovalTicketSchema = z.strictObject({ approval_id: id });

// ---------------------------------------------------------------------------------------------
// the routes, wired

const R = CONSOLE_ROUTES;

export const CONSOLE_WIRE = {
  login: wire(R.login, { input: opsLoginBodySchema, answer: opsLoginAnswerSchema }),
  totpVerify: wire(R.totpVerify, { input: opsTotpCodeBodySchema, answer: operatorMeSchema }),
  totpEnrol: wire(R.totpEnrol, { input: noInputSchema, answer: opsTotpEnrolmentSchema, body: 'none' }),
  totpConfirm: wire(R.totpConfirm, { input: opsTotpCodeBodySchema, answer: opsTotpConfirmedSchema }),
  // Signing out reads no body, as it never did.
  logout: wire(R.logout, { input: noInputSchema, answer: z.null(), body: 'none' }),
  me: wire(R.me, { input: noInputSchema, answer: operatorMeSchema }),
  changePassword: wire(R.changePassword, { input: opsPasswordChangeBodySchema, answer: z.null() }),

  operators: wire(R.operators, { input: noInputSchema, answer: z.array(operatorViewSchema) }),
  createOperator: wire(R.createOperator, { input: opsOperatorCreateBodySchema, answer: operatorViewSchema }),
  updateOperator: wire(R.updateOperator, { input: opsOperatorUpdateBodySchema, answer: operatorViewSchema }),
  resetOperatorPassword: wire(R.resetOperatorPassword, { input: opsOperatorPasswordBodySchema, answer: operatorViewSchema }),
  resetOperatorTotp: wire(R.resetOperatorTotp, { input: opsOperatorIdBodySchema, answer: operatorViewSchema }),
  audit: wire(R.audit, { input: opsAuditQuerySchema, answer: pageSchema(auditEntrySchema) }),

  users: wire(R.users, { input: opsUsersQuerySchema, answer: pageSchema(opsUserRowSchema) }),
  user: wire(R.user, { input: opsIdQuerySchema, answer: opsUserDetailSchema }),
  banUser: wire(R.banUser, { input: opsUserBanBodySchema, answer: opsBanResultSchema }),
  unbanUser: wire(R.unbanUser, { input: opsUserUnbanBodySchema, answer: opsBanResultSchema }),
  adjustWallet: wire(R.adjustWallet, { input: opsWalletAdjustBodySchema, answer: opsWalletAdjustResultSchema }),
  orders: wire(R.orders, { input: opsOrdersQuerySchema, answer: pageSchema(opsOrderRowSchema) }),
  order: wire(R.order, { input: opsIdQuerySchema, answer: opsOrderDetailSchema }),

  financeDaily: wire(R.financeDaily, { input: financeDailyQuerySchema, answer: opsFinanceDailyPageSchema }),
  ledger: wire(R.ledger, { input: opsLedgerQuerySchema, answer: opsLedgerPageSchema }),
  ledgerCheck: wire(R.ledgerCheck, { input: noInputSchema, answer: opsLedgerCheckSchema }),
  withdrawals: wire(R.withdrawals, { input: opsWithdrawalsQuerySchema, answer: opsWithdrawalsPageSchema }),
  decideWithdrawal: wire(R.decideWithdrawal, { input: opsWithdrawalDecideBodySchema, answer: opsWithdrawalViewSchema }),

  approvals: wire(R.approvals, { input: opsApprovalsQuerySchema, answer: pageSchema(opsApprovalViewSchema) }),
  approveApproval: wire(R.approveApproval, { input: opsApprovalIdBodySchema, answer: opsApprovalViewSchema }),
  rejectApproval: wire(R.rejectApproval, { input: opsApprovalRejectBodySchema, answer: opsApprovalViewSchema }),
  cancelApproval: wire(R.cancelApproval, { input: opsApprovalIdBodySchema, answer: opsApprovalViewSchema }),

  saveCommission: wire(R.saveCommission, { input: opsCommissionBodySchema, answer: z.null() }),
  saveHold: wire(R.saveHold, { input: opsHoldBodySchema, answer: z.null() }),
  saveWithdrawReview: wire(R.saveWithdrawReview, { input: opsWithdrawReviewBodySchema, answer: opsApprovalTicketSchema }),
  saveReview: wire(R.saveReview, { input: opsReviewBodySchema, answer: z.null() }),
  saveContacts: wire(R.saveContacts, { input: opsContactsBodySchema, answer: z.null() }),
  saveDownload: wire(R.saveDownload, { input: opsDownloadBodySchema, answer: downloadManifestAnswerSchema }),
  uploadDownloadFile: wire(R.uploadDownloadFile, { input: downloadFileNameInputSchema, answer: downloadFileViewSchema }),
  deleteDownloadFile: wire(R.deleteDownloadFile, { input: downloadFileNameInputSchema, answer: downloadFileViewSchema }),
  saveWechat: wire(R.saveWechat, { input: opsWechatBodySchema, answer: z.null() }),
  saveFiling: wire(R.saveFiling, { input: opsFilingBodySchema, answer: z.null() }),
};
