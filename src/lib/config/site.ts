/**
 * Operator contact channels shown on /ContactUs and named by the business-invest page. These are
 * reserved example values until the operator configures real ones (docs/decisions.md).
 */
export const CONTACT_CHANNELS = [
  { label: '客服热线', value: '400-000-0000', note: '每天 09:00-24:00' },
  { label: '客服邮箱', value: 'service@example.com', note: '1 个工作日内回复' },
  { label: '商务合作', value: 'bd@example.com', note: '号商入驻、渠道合作' },
] as const;

export const BUSINESS_EMAIL = 'bd@example.com';
