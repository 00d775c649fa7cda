/**
 * The wire contract of the seller side: becoming a seller. Listings, orders and
 * earnings have their own modules (seller-listings.ts, seller-earnings.ts). All seller calls are
 * under /api/v1/seller/ and need a Bearer token; a caller that is not an approved seller gets 403
 * code SELLER_CODES.notSeller, and another seller's listing, order or complaint answers 404.
 */
import { z } from 'zod';
import type { CertificationState } from '~/features/sellers/rules/seller-certification';
import type { CertType } from '~/features/sellers/rules/settlement';

export const SELLER_CODES = {
  /** 403: the caller has no approved seller certification (msg 请先申请成为卖家). */
  notSeller: 1101,
} as const;

export const MSG_NOT_SELLER = '请先申请成为卖家';

export const CERT_TYPE_LABEL: Readonly<Record<CertType, string>> = { 0: '个人号主', 1: '店铺', 2: '商家' };
export const CERTIFICATION_STATE_LABEL: Readonly<Record<CertificationState, string>> = {
  draft: '未提交',
  submitted: '审核中',
  approved: '已通过',
  rejected: '已驳回',
};

export const SHOP_NAME_MAX_CHARS = 16;
const codePoints = (text: string): number => Array.from(text).length;
const noControl = (text: string): boolean => !/[\u0000-\u001f\u007f]/.test(text);

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .refine((value) => codePoints(value) >= min, { error: `请填写${label}` })
    .refine((value) => codePoints(value) <= max, { error: `${label}不能超过${max}个字` })
    .refine(noControl, { error: `${label}含有无效字符` });

/** Business details a store or merchant submits for review (not asked of an individual owner). */
export const businessDetailsSchema = z.object({
  company_name: text('主体名称', 2, 40),
  license_no: z
    .string({ error: '请填写统一社会信用代码' })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/, { error: '请输入正确的统一社会信用代码' }),
  contact_name: text('联系人', 2, 16),
  contact_phone: z.string({ error: '请填写联系电话' }).trim().regex(/^1[3-9]\d{9}$/, { error: '请输入正确的手机号' }),
});
export type BusinessDetails = z.output<typeof businessDetailsSchema>;

/** POST seller/certification: apply (or re-apply after a rejection). */
export const certificationBodySchema = z.discriminatedUnion(
  'cert_type',
  [
    z.object({ cert_type: z.literal(0), shop_name: text('店铺名称', 2, SHOP_NAME_MAX_CHARS) }),
    z.object({ cert_type: z.literal(1), shop_name: text('店铺名称', 2, SHOP_NAME_MAX_CHARS), details: businessDetailsSchema }),
    z.object({ cert_type: z.literal(2), shop_name: text('店铺名称', 2, SHOP_NAME_MAX_CHARS), details: businessDetailsSchema }),
  ],
  { error: '请选择认证类型' },
);
export type CertificationBody = z.output<typeof certificationBodySchema>;

export interface CertificationView {
  cert_type: CertType;
  cert_type_text: string;
  state: CertificationState;
  state_text: string;
  shop_name: string;
  /** Business details as submitted; the licence number masked after approval. */
  details: Partial<BusinessDetails>;
  reject_reason: string | null;
  submitted_at: string | null;
  decided_at: string | null;
}

/** GET seller/profile: where the caller stands as a seller. */
export interface SellerProfile {
  real_name_verified: boolean;
  certification: CertificationView | null;
  /** The shop, once a certification was approved. */
  shop: { id: number; name: string; cert_type: CertType; cert_type_text: string } | null;
  /** The platform's commission per cert_type in percent (e.g. 10 for 10%), and the earnings hold: shown before applying. */
  commission_percent: Readonly<Record<CertType, number>>;
  earnings_hold_hours: number;
}
