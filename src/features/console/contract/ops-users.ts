/**
 * The wire contract of the console's users and orders screens ("Users: search, view orders
 * and wallet (read-only unless finance), ban and unban with a reason"): the user search and detail,
 * ban / unban (`users.ban`), the finance wallet adjustment (`wallet.adjust`), and the read-only
 * order search and detail (`orders.read`).
 */
import { z } from 'zod';
import { OPS_PAGE_SIZE, OPS_PAGE_SIZE_MAX } from '~/platform/config/constants';
import { OPS_BAN_DAY_CHOICES, OPS_WALLET_ADJUST_MAX_FEN } from '~/features/console/constants';
import type { AuditEntryView } from '~/features/console/contract/ops';
import type { OpsComplaintOrder, OpsTimelineEvent } from '~/features/complaints/contract';
import { OPS_SEARCH_MAX_CHARS, platformReasonSchema } from '~/features/sellers/contract/ops-sellers';
import { bodyIdSchema, optionalQuery, queryIntSchema, yuanFenSchema } from '~/platform/wire/common';
import type { LedgerEntry } from '~/features/wallet/contract/money';

export { OPS_SEARCH_MAX_CHARS };

export const MSG_OPS_USER_NOT_FOUND = '用户不存在';
export const MSG_OPS_ORDER_NOT_FOUND = '订单不存在';
export const MSG_OPS_USER_ALREADY_BANNED = '该用户已被封禁';
export const MSG_OPS_USER_NOT_BANNED = '该用户未被封禁';
export const MSG_OPS_USER_DELETED = '该账号已注销，无需封禁';
export const MSG_OPS_LISTING_HELD_FOR_BAN = '号主账号封禁中，解封后自动恢复上架';
export const MSG_OPS_ADJUST_INSUFFICIENT = '余额不足，扣款后余额不能为负';
export const MSG_OPS_ADJUST_BAD_AMOUNT = '请输入正确的金额（0.01 至 1,000,000.00 元）';
export const MSG_OPS_BAN_DAYS_INVALID = `封禁时长只能是 ${OPS_BAN_DAY_CHOICES.join('、')} 天或永久`;
/** The reason written to the audit log when the sweep lifts a timed ban at its end. */
export const BAN_EXPIRE_REASON = '封禁期满，自动解封';
/**
 * What a banned user reads when signing in, whichever way (password, SMS, QR, third party); a timed
 * ban says when it ends ('YYYY-MM-DD HH:mm', Shanghai).
 */
export const bannedSignInMessage = (reason: string, until?: string): string => `账号已被封禁：${reason}${until ? `（${until} 自动解封）` : ''}`;
/** The hold reason a banned owner's listings carry while the ban lasts (the seller reads it later). */
export const BAN_HOLD_REASON = '号主账号已被封禁';

const pageParams = {
  page: optionalQuery(queryIntSchema(1, 100_000)).default(1),
  page_size: optionalQuery(queryIntSchema(1, OPS_PAGE_SIZE_MAX)).default(OPS_PAGE_SIZE),
};

const searchParam = optionalQuery(
  z
    .string()
    .trim()
    .max(OPS_SEARCH_MAX_CHARS, { error: `搜索内容不能超过${OPS_SEARCH_MAX_CHARS}个字` })
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: '搜索内容含有无效字符' }),
);

const dayParam = optionalQuery(z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为YYYY-MM-DD' }));

// ---------------------------------------------------------------------------------------------
// users (permission `users.read`)

export const OPS_USER_STATUS_FILTERS = ['all', 'active', 'banned', 'deleted'] as const;
export type OpsUserStatusFilter = (typeof OPS_USER_STATUS_FILTERS)[number];
export const OPS_USER_STATUS_TEXT: Readonly<Record<OpsUserStatusFilter, string>> = { all: '全部', active: '正常', banned: '已封禁', deleted: '已注销' };
export const OPS_USER_ROLE_FILTERS = ['all', 'seller', 'renter'] as const;
export type OpsUserRoleFilter = (typeof OPS_USER_ROLE_FILTERS)[number];
export const OPS_USER_ROLE_TEXT: Readonly<Record<OpsUserRoleFilter, string>> = { all: '全部', seller: '卖家（有店铺）', renter: '仅租客' };

/** GET ops/users: q matches the id, the username, the nickname, the full phone or its last 4 digits. */
export const opsUsersQuerySchema = z.object({
  ...pageParams,
  q: searchParam,
  status: optionalQuery(z.enum(OPS_USER_STATUS_FILTERS, { error: '状态筛选无效' })).default('all'),
  role: optionalQuery(z.enum(OPS_USER_ROLE_FILTERS, { error: '身份筛选无效' })).default('all'),
});
export type OpsUsersQuery = z.output<typeof opsUsersQuerySchema>;

export type OpsUserStatus = Exclude<OpsUserStatusFilter, 'all'>;

export interface OpsUserRow {
  id: number;
  username: string;
  nickname: string;
  /** 138****1234: customer service matches the last four digits, never needs the whole number. */
  mobile_masked: string | null;
  real_name_verified: boolean;
  status: OpsUserStatus;
  status_text: string;
  ban_reason: string | null;
  banned_at: string | null;
  /** When a timed ban ends; null for a ban until lifted (or no ban). */
  banned_until: string | null;
  shop: { id: number; name: string } | null;
  created_at: string;
}

export interface OpsUserOrderRow {
  id: number;
  order_no: string;
  kind: 'rental' | 'vip' | 'recharge';
  status_text: string;
  listing_title: string | null;
  total_fen: number;
  created_at: string;
}

export interface OpsUserDetail {
  user: OpsUserRow & {
    email_masked: string | null;
    real_name_masked: string | null;
    id_number_masked: string | null;
    invite_code: string | null;
  };
  shop: { id: number; name: string; cert_type_text: string; listings: number; listed: number; held_for_ban: number } | null;
  wallet: { balance_fen: number; frozen_fen: number; gold_coins: number; vip_expires_at: string | null };
  ledger: LedgerEntry[];
  orders: OpsUserOrderRow[];
  orders_total: number;
  /** user.ban / user.unban / wallet.adjust rows of this user, oldest first. */
  history: AuditEntryView[];
}

export const opsUserBanBodySchema = z.object({
  user_id: bodyIdSchema,
  reason: platformReasonSchema('封禁原因'),
  /** A timed ban's length in days (one of OPS_BAN_DAY_CHOICES); absent or null: until an operator lifts it. */
  days: z
    .number({ error: MSG_OPS_BAN_DAYS_INVALID })
    .refine((days) => (OPS_BAN_DAY_CHOICES as readonly number[]).includes(days), { error: MSG_OPS_BAN_DAYS_INVALID })
    .nullable()
    .optional(),
});
export type OpsUserBanBody = z.output<typeof opsUserBanBodySchema>;

export const opsUserUnbanBodySchema = z.object({
  user_id: bodyIdSchema,
  reason: platformReasonSchema('解封原因'),
});
export type OpsUserUnbanBody = z.output<typeof opsUserUnbanBodySchema>;

export interface OpsBanResult {
  user: OpsUserRow;
  /** Tokens revoked by a ban; listings held (ban) or given back (unban). */
  tokens_revoked: number;
  listings_changed: number;
}

// ---------------------------------------------------------------------------------------------
// wallet adjustment (permission `wallet.adjust`)

/** Yuan as text or a JSON number, 0.01 to the cap, at most two decimals → fen. */
const adjustAmountSchema = yuanFenSchema({ minFen: 1, maxFen: OPS_WALLET_ADJUST_MAX_FEN, bad: MSG_OPS_ADJUST_BAD_AMOUNT });

export const opsWalletAdjustBodySchema = z.object({
  user_id: bodyIdSchema,
  direction: z.enum(['credit', 'debit'], { error: '请选择加款或扣款' }),
  amount: adjustAmountSchema,
  reason: platformReasonSchema('调账原因'),
});
export type OpsWalletAdjustBody = z.output<typeof opsWalletAdjustBodySchema>;

/**
 * `executed`: the ledger row is written (ref_no, the new balance). `pending`: a credit above the
 * approval threshold waits for a second operator (approval_id); nothing moved yet.
 */
export interface OpsWalletAdjustResult {
  status: 'executed' | 'pending';
  ref_no: string | null;
  amount_fen: number;
  balance_fen: number | null;
  approval_id: number | null;
}

// ---------------------------------------------------------------------------------------------
// orders (permission `orders.read`)

export const OPS_ORDER_STATE_FILTERS = ['all', 'unpaid', 'paying', 'paid', 'finished', 'cancelled'] as const;
export type OpsOrderStateFilter = (typeof OPS_ORDER_STATE_FILTERS)[number];
export const OPS_ORDER_STATE_TEXT: Readonly<Record<OpsOrderStateFilter, string>> = {
  all: '全部',
  unpaid: '待支付',
  paying: '支付中',
  paid: '已支付（租用中）',
  finished: '已完成',
  cancelled: '已取消',
};
export const OPS_ORDER_KIND_FILTERS = ['all', 'rental', 'vip', 'recharge'] as const;
export const OPS_ORDER_KIND_TEXT: Readonly<Record<(typeof OPS_ORDER_KIND_FILTERS)[number], string>> = { all: '全部', rental: '租号', vip: '会员', recharge: '充值' };

/** GET ops/orders: q is an order number (or its start), user_id / listing_id exact, days in Shanghai time. */
export const opsOrdersQuerySchema = z.object({
  ...pageParams,
  q: searchParam,
  user_id: optionalQuery(queryIntSchema(1, 2_147_483_647)),
  listing_id: optionalQuery(queryIntSchema(1, 2_147_483_647)),
  state: optionalQuery(z.enum(OPS_ORDER_STATE_FILTERS, { error: '状态筛选无效' })).default('all'),
  kind: optionalQuery(z.enum(OPS_ORDER_KIND_FILTERS, { error: '类型筛选无效' })).default('all'),
  from: dayParam,
  to: dayParam,
});
export type OpsOrdersQuery = z.output<typeof opsOrdersQuerySchema>;

export interface OpsOrderRow {
  id: number;
  order_no: string;
  kind: 'rental' | 'vip' | 'recharge';
  kind_text: string;
  status: number;
  status_text: string;
  user: { id: number; username: string };
  listing: { id: number; title: string } | null;
  shop: { id: number; name: string } | null;
  total_fen: number;
  refund_fen: number;
  created_at: string;
  has_complaint: boolean;
}

export interface OpsOrderPayment {
  pay_no: string;
  channel: string;
  amount_fen: number;
  status: string;
  gateway_trade_no: string | null;
  paid_at: string | null;
  created_at: string;
}

export interface OpsOrderDetail {
  id: number;
  kind: 'rental' | 'vip' | 'recharge';
  kind_text: string;
  order: OpsComplaintOrder;
  renter: { id: number; username: string; nickname: string; status: OpsUserStatus };
  owner: { id: number; username: string } | null;
  timeline: OpsTimelineEvent[];
  payments: OpsOrderPayment[];
  /** Every wallet row naming this order (payment, refunds, deposit, the owner's release, decisions). */
  ledger: (LedgerEntry & { user_id: number })[];
  complaints: { id: number; status_text: string; type_name: string; created_at: string }[];
}

/** GET ops/users/detail and ops/orders/detail: ?id= */
export const opsIdQuerySchema = z.object({ id: queryIntSchema(1, 2_147_483_647) });
