/**
 * The wire contract of the operator console: roles, what each may do, sign-in, operator
 * accounts and the audit log. Every console call is under /api/v1/ops/ and is authenticated by the
 * operator's session cookie, never by a marketplace Bearer token: to anyone without an operator
 * session the console answers 404 as if it did not exist, and an operator lacking a permission gets
 * 403 (docs/decisions.md "Operator console").
 */
import { z } from 'zod';

export const OPS_ROLES = ['admin', 'operations', 'service', 'finance'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

export const OPS_ROLE_LABELS: Readonly<Record<OpsRole, string>> = {
  admin: '管理员',
  operations: '运营',
  service: '客服',
  finance: '财务',
};

/**
 * Each permission and the roles that hold it besides admin, who holds every one. The console's
 * screens and calls name a permission, never a role, so a role's reach is read here and only here.
 */
export const OPS_PERMISSIONS = {
  /** The numbers (overview). */
  dashboard: ['operations', 'service', 'finance'],
  /** Store and merchant certification decisions. */
  sellers: ['operations'],
  /** Listings under review, taking a listing down. */
  listings: ['operations'],
  /** Putting a game into maintenance. */
  games: ['operations'],
  /** Popup ads, emergency notices, broadcasts, red-envelope campaigns, exchange codes. */
  campaigns: ['operations'],
  /** Announcements (the Notice pages) and help pages. */
  content: ['operations'],
  /** Complaint arbitration. */
  complaints: ['service'],
  /** Customer-service chat. */
  chat: ['service'],
  /** Users' orders, read-only. */
  'orders.read': ['operations', 'service', 'finance'],
  /** User search and the user's page (orders, wallet), read-only. */
  'users.read': ['operations', 'service', 'finance'],
  /** Banning and unbanning users. */
  'users.ban': ['operations', 'service'],
  /** Manual wallet adjustments, through the wallet service with a ledger row. */
  'wallet.adjust': ['finance'],
  /** Withdrawal review: mark paid or refuse. */
  withdrawals: ['finance'],
  /** Settlements and ledger reports. */
  finance: ['finance'],
  /** Listing review on/off, contacts, launcher manifest, official-account QR. */
  'settings.site': ['operations'],
  /** Commission and earnings holds. */
  'settings.money': ['finance'],
  /** Operator accounts. */
  operators: [],
  /** The audit log. */
  audit: [],
} as const satisfies Record<string, readonly Exclude<OpsRole, 'admin'>[]>;

export type OpsPermission = keyof typeof OPS_PERMISSIONS;
export const OPS_PERMISSION_NAMES = Object.keys(OPS_PERMISSIONS) as OpsPermission[];

/** Whether `role` may use what `permission` guards. */
export function opsCan(role: OpsRole, permission: OpsPermission): boolean {
  if (role === 'admin') return true;
  return (OPS_PERMISSIONS[permission] as readonly OpsRole[]).includes(role);
}

/** Whether `role` holds at least one of `permissions`. */
export function opsCanAny(role: OpsRole, permissions: readonly OpsPermission[]): boolean {
  return permissions.some((permission) => opsCan(role, permission));
}

/** The name of the operator's session cookie (HttpOnly, SameSite=Strict). */
export const OPS_SESSION_COOKIE = 'ops_session';

export const MSG_OPS_BAD_CREDENTIALS = '用户名或密码错误';
export const MSG_OPS_FORBIDDEN = '无权进行此操作';
export const MSG_OPS_USERNAME_TAKEN = '该用户名已被使用';
export const MSG_OPS_OPERATOR_NOT_FOUND = '运营人员不存在';
export const MSG_OPS_LAST_ADMIN = '至少保留一名可用的管理员';
export const MSG_OPS_SELF_CHANGE = '不能停用自己或修改自己的角色';
export const MSG_OPS_WRONG_PASSWORD = '原密码错误';
export const MSG_OPS_TOTP_SELF_RESET = '不能重置自己的两步验证，请联系其他管理员';
export const MSG_OPS_TOTP_WRONG = '验证码不正确';
export const MSG_OPS_TOTP_REPLAYED = '此验证码刚刚已使用过，请等待验证器显示新的验证码';
export const MSG_OPS_RECOVERY_WRONG = '恢复码不正确或已使用';
export const MSG_OPS_TOTP_ALREADY = '已启用两步验证；如需更换，请联系其他管理员重置';
export const MSG_OPS_TOTP_NOT_STARTED = '请先获取新的密钥，再输入验证码';

/** Where a signed-in-by-password session still stands: 'code' owes a code, 'enrol' must enrol first. */
export type OpsPendingStep = 'code' | 'enrol';

/** The sign-in answer: who, and the second-factor step still owed (null: signed in). */
export interface OpsLoginAnswer extends OperatorMe {
  second_factor: OpsPendingStep | null;
}

/** POST ops/auth/totp/enrol: a new secret to put in the authenticator (not active until confirmed). */
export interface OpsTotpEnrolment {
  secret: string;
  uri: string;
  /** The otpauth:// URI as an inline SVG QR code (drawn on the server; nothing loaded from outside). */
  qr_svg: string;
}

/** POST ops/auth/totp/confirm: the one time the recovery codes are shown. */
export interface OpsTotpConfirmed {
  recovery_codes: string[];
}

export const opsTotpCodeBodySchema = z.object({
  code: z.string({ error: '请输入验证码' }).trim().min(1, { error: '请输入验证码' }).max(32, { error: '验证码格式不正确' }),
});

export const opsOperatorIdBodySchema = z.object({
  id: z.int({ error: '人员编号应为整数' }).min(1).max(2_147_483_647),
});

export const MSG_OPS_SELF_RESET = '不能通过此功能重置自己的密码，请在“我的账号”中输入原密码修改';

const noControl = (text: string): boolean => !/[\u0000-\u001f\u007f]/.test(text);

export const OPS_USERNAME_PATTERN = /^[a-z][a-z0-9_]{2,31}$/;
export const OPS_PASSWORD_MIN = 10;
export const OPS_PASSWORD_MAX = 64;

const usernameSchema = z
  .string({ error: '请输入用户名' })
  .trim()
  .toLowerCase()
  .regex(OPS_USERNAME_PATTERN, { error: '用户名为3-32位小写字母、数字或下划线，以字母开头' });

/** A new password: long enough to resist guessing; any printable characters. */
export const opsPasswordSchema = z
  .string({ error: '请输入密码' })
  .min(OPS_PASSWORD_MIN, { error: `密码至少${OPS_PASSWORD_MIN}位` })
  .max(OPS_PASSWORD_MAX, { error: `密码不能超过${OPS_PASSWORD_MAX}位` })
  .refine(noControl, { error: '密码含有无效字符' });

const displayNameSchema = z
  .string({ error: '请输入姓名' })
  .trim()
  .min(1, { error: '请输入姓名' })
  .max(16, { error: '姓名不能超过16个字' })
  .refine(noControl, { error: '姓名含有无效字符' });

/** POST ops/auth/login. The password is checked as typed (old demo passwords are shorter than new ones may be). */
export const opsLoginBodySchema = z.object({
  username: z.string({ error: '请输入用户名' }).trim().toLowerCase().min(1, { error: '请输入用户名' }).max(32, { error: MSG_OPS_BAD_CREDENTIALS }),
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(OPS_PASSWORD_MAX, { error: MSG_OPS_BAD_CREDENTIALS }),
});
export type OpsLoginBody = z.output<typeof opsLoginBodySchema>;

/** POST ops/auth/password: the signed-in operator changes their own password. */
export const opsPasswordChangeBodySchema = z.object({
  old_password: z.string({ error: '请输入原密码' }).min(1, { error: '请输入原密码' }).max(OPS_PASSWORD_MAX, { error: MSG_OPS_WRONG_PASSWORD }),
  new_password: opsPasswordSchema,
});

/** What GET ops/auth/me answers: who is signed in and what they may do. */
export interface OperatorMe {
  id: number;
  username: string;
  display_name: string;
  role: OpsRole;
  role_label: string;
  permissions: OpsPermission[];
}

// ---------------------------------------------------------------------------------------------
// Operator accounts (permission `operators`)

export const opsOperatorCreateBodySchema = z.object({
  username: usernameSchema,
  display_name: displayNameSchema,
  role: z.enum(OPS_ROLES, { error: '请选择角色' }),
  password: opsPasswordSchema,
});
export type OpsOperatorCreateBody = z.output<typeof opsOperatorCreateBodySchema>;

export const opsOperatorUpdateBodySchema = z.object({
  id: z.int().min(1).max(2_147_483_647),
  role: z.enum(OPS_ROLES, { error: '请选择角色' }).optional(),
  display_name: displayNameSchema.optional(),
  disabled: z.boolean().optional(),
});
export type OpsOperatorUpdateBody = z.output<typeof opsOperatorUpdateBodySchema>;

export const opsOperatorPasswordBodySchema = z.object({
  id: z.int().min(1).max(2_147_483_647),
  password: opsPasswordSchema,
});

export interface OperatorView {
  id: number;
  username: string;
  display_name: string;
  role: OpsRole;
  role_label: string;
  disabled: boolean;
  created_at: string;
  last_login_at: string | null;
  /** Whether the operator has TOTP (given by the operator list and the TOTP reset). */
  totp_enabled?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Audit log (permission `audit`)

export interface AuditEntryView {
  id: number;
  created_at: string;
  /** Null only for a refused sign-in (session.login_failed, session.locked_out): nobody known acted. */
  operator_id: number | null;
  /** The operator who acted; for a refused sign-in, the name that was tried. */
  operator_username: string;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  /** The browser's User-Agent, for sign-ins. */
  user_agent: string | null;
}

/**
 * The answer schema of one audit row, shared by every answer that lists them: the audit log, an
 * operator's history, a complaint's arbitration trail. before/after are whatever the action recorded.
 */
export const auditEntrySchema = z.strictObject({
  id: z.number().int(),
  created_at: z.string(),
  operator_id: z.number().int().nullable(),
  operator_username: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
}) satisfies z.ZodType<AuditEntryView>;

/** Chinese names of audit actions the audit screen shows beside the dotted code. */
export const OPS_AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'session.login': '登录',
  'session.logout': '退出登录',
  'session.login_failed': '登录失败',
  'session.locked_out': '登录被锁定',
  'operator.create': '新增人员',
  'operator.update': '修改人员',
  'operator.disable': '停用人员',
  'operator.enable': '启用人员',
  'operator.password_reset': '重设密码',
  'operator.password_change': '修改本人密码',
  'session.password_ok': '密码正确，待两步验证',
  'operator.totp_enrol': '启用两步验证',
  'operator.totp_reset': '重置两步验证',
  'operator.recovery_code_used': '使用恢复码登录',
};

/** A day filter 'YYYY-MM-DD' (Shanghai) in a console query. */
export const opsDayQuerySchema = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为YYYY-MM-DD' });

/** GET ops/audit: the audit screen's filters. */
export const opsAuditQuerySchema = z.object({
  page: z.coerce.number({ error: '页码应为整数' }).int().min(1).max(100_000).default(1),
  page_size: z.coerce.number({ error: '每页条数应为整数' }).int().min(1).max(100).default(20),
  operator: z.string().trim().toLowerCase().max(32).optional(),
  action: z.string().trim().max(48).optional(),
  target_type: z.string().trim().max(32).optional(),
  target_id: z.string().trim().max(64).optional(),
  from: opsDayQuerySchema.optional(),
  to: opsDayQuerySchema.optional(),
});
export type OpsAuditQuery = z.output<typeof opsAuditQuerySchema>;
