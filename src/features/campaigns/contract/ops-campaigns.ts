/**
 * The wire contract of the console's campaigns (permission `campaigns`): popup ads,
 * emergency notices, broadcasts, red-envelope campaigns and exchange codes. Every call is under
 * /api/v1/ops/campaigns/ (docs/decisions.md "Campaigns"). Money travels as integer fen,
 * instants as ISO 8601, ad windows as Shanghai days 'YYYY-MM-DD'.
 */
import { z } from 'zod';
import { OPS_PAGE_SIZE, OPS_PAGE_SIZE_MAX } from '~/platform/config/constants';
import { EXCHANGE_CODE_BATCH_MAX_CODES, EXCHANGE_CODE_GOLD_MAX, EXCHANGE_CODE_PER_USER_MAX, EXCHANGE_CODE_USES_MAX, RED_PACKET_GRANT_USERNAMES_MAX, RED_PACKET_TEMPLATE_DISCOUNT_MAX_FEN, RED_PACKET_TEMPLATE_MIN_ORDER_MAX_FEN, RED_PACKET_TEMPLATE_PER_USER_MAX, RED_PACKET_TEMPLATE_TOTAL_MAX, RED_PACKET_TEMPLATE_VALID_DAYS_MAX } from '~/features/campaigns/constants';
import type { AdStatus } from '~/features/campaigns/rules/ad-schedule';
import type { PopupAd } from '~/features/campaigns/rules/ad-choice';
import { shanghaiDayStart } from '~/platform/rules/shanghai-time';
import { bodyIdSchema, ID_MAX, NUL, textSchema, withQueryReason } from '~/platform/wire/common';
import { isSameSitePath } from '~/platform/rules/return-path';

const noControl = (text: string): boolean => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);

/** A console text: trimmed, at most `max` characters, no control characters but line breaks and tabs. */
const consoleText = (max: number, label: string) =>
  textSchema(max)
    .min(1, { error: `请填写${label}` })
    .refine(noControl, { error: `${label}含有无效字符` });

/** A Shanghai day 'YYYY-MM-DD' that exists. */
export const shanghaiDaySchema = z
  .string()
  .trim()
  .refine((value) => shanghaiDayStart(value) !== null, { error: '日期格式应为YYYY-MM-DD' });

/** An instant as ISO 8601 with its offset (the console's forms send Shanghai wall time as +08:00). */
export const instantSchema = z
  .string()
  .trim()
  .max(40)
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)), {
    error: '时间格式无效',
  })
  .transform((value) => new Date(value));

/** A form's request key: one per form shown, so a double click or a retry sends the same key (exactly once). */
export const requestKeySchema = z.string({ error: '缺少请求标识' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求标识无效' });

const pageSchema = z.coerce.number({ error: '页码应为整数' }).int().min(1).max(100_000).default(1);
const pageSizeSchema = z.coerce.number({ error: '每页条数应为整数' }).int().min(1).max(OPS_PAGE_SIZE_MAX).default(OPS_PAGE_SIZE);

export const opsIdBodySchema = z.object({ id: bodyIdSchema });
export type OpsIdBody = z.output<typeof opsIdBodySchema>;

/** ?id= of a console GET. */
export const opsIdQuerySchema = z.object({
  id: z
    .string()
    .trim()
    .refine((value) => /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= ID_MAX, withQueryReason('应为正整数'))
    .transform(Number),
});

// ---------------------------------------------------------------------------------------------
// popup ads (spec §3 Popup advertisement, §4 Ad popup choice)

export const AD_STATUS_FILTERS = ['all', 'active', 'upcoming', 'ended', 'inactive'] as const;
export type AdStatusFilter = (typeof AD_STATUS_FILTERS)[number];
export const AD_POSITION_FILTERS = ['all', '0', '1'] as const;

/** spec §3 position. */
export const AD_POSITION_LABELS: Readonly<Record<number, string>> = { 0: '全站', 1: '仅特价页' };
/** spec §4 frequency rule, in the operator's words. */
export const AD_FREQUENCY_LABELS: Readonly<Record<number, string>> = {
  0: '每天1次',
  1: '每天2次',
  2: '仅1次（永久）',
  3: '每天1次（同0）',
};

/** A site path (an upload or a file under public/): nothing may load from another host. */
const sitePathSchema = (label: string) =>
  consoleText(1000, label).refine((value) => isSameSitePath(value), {
    error: `${label}应为站内路径（以 / 开头），请上传图片`,
  });

/** Where a click goes: a site path, or an http(s) address opened in a new tab. */
const adLinkSchema = textSchema(1000).refine((value) => (value.startsWith('/') ? isSameSitePath(value) : /^https?:\/\/[^\s/\\]+/i.test(value)), {
  error: '链接应为站内路径（以 / 开头）或 http(s) 网址',
});

const adFields = {
  title: consoleText(64, '标题'),
  image: sitePathSchema('图片'),
  link: adLinkSchema.nullable().optional(),
  priority: z.int({ error: '优先级应为 1、2 或 3' }).min(1, { error: '优先级应为 1、2 或 3' }).max(3, { error: '优先级应为 1、2 或 3' }),
  display_frequency: z.int({ error: '展示频率应为 0 到 3' }).min(0, { error: '展示频率应为 0 到 3' }).max(3, { error: '展示频率应为 0 到 3' }),
  position: z.union([z.literal(0), z.literal(1)], { error: '位置应为 0（全站）或 1（仅特价页）' }),
  start_date: shanghaiDaySchema.nullable().optional(),
  end_date: shanghaiDaySchema.nullable().optional(),
};

const adWindowInOrder = (ad: { start_date?: string | null | undefined; end_date?: string | null | undefined }): boolean =>
  !ad.start_date || !ad.end_date || ad.end_date >= ad.start_date;
const MSG_AD_WINDOW = '结束日期不能早于开始日期';

/** POST campaigns/ads/create. Dates are Shanghai days, both included; absent means no limit. */
export const adCreateBodySchema = z.object(adFields).refine(adWindowInOrder, { error: MSG_AD_WINDOW, path: ['end_date'] });
export type AdCreateBody = z.output<typeof adCreateBodySchema>;

/** POST campaigns/ads/update: every field again (the form sends the whole ad). */
export const adUpdateBodySchema = z.object({ id: bodyIdSchema, ...adFields }).refine(adWindowInOrder, { error: MSG_AD_WINDOW, path: ['end_date'] });
export type AdUpdateBody = z.output<typeof adUpdateBodySchema>;

export const adListQuerySchema = z.object({
  status: z.enum(AD_STATUS_FILTERS, { error: '状态筛选无效' }).default('all'),
  position: z.enum(AD_POSITION_FILTERS, { error: '位置筛选无效' }).default('all'),
  page: pageSchema,
  page_size: pageSizeSchema,
});
export type AdListQuery = z.output<typeof adListQuerySchema>;

/** An ad as the console lists it: the public shape, plus whether it is on and its state now. */
export interface OpsAdView extends PopupAd {
  is_active: boolean;
  status: AdStatus;
  /** The window as Shanghai days (what the form shows). */
  start_day: string | null;
  end_day: string | null;
  created_at: string;
}

/** POST campaigns/ads/upload answers the stored image's URLs (the popup uses `detail_url`). */
export interface OpsUploadedImage {
  id: number;
  card_url: string;
  detail_url: string;
  width: number;
  height: number;
}

// ---------------------------------------------------------------------------------------------
// emergency notices (spec §3 Emergency notice, §4 notice popups)

export const NOTICE_STATUS_FILTERS = ['all', 'active', 'upcoming', 'ended', 'inactive'] as const;
export type NoticeStatusFilter = (typeof NOTICE_STATUS_FILTERS)[number];
export type NoticeStatus = Exclude<NoticeStatusFilter, 'all'>;
export const NOTICE_STATUS_LABELS: Readonly<Record<NoticeStatus, string>> = { active: '生效中', upcoming: '未开始', ended: '已结束', inactive: '已停用' };

const noticeFields = {
  title: consoleText(64, '标题'),
  content: consoleText(2000, '内容'),
  /** Default: now. */
  starts_at: instantSchema.optional(),
  /** Absent or null: until deactivated. */
  ends_at: instantSchema.nullable().optional(),
};

export const noticeCreateBodySchema = z.object(noticeFields);
export type NoticeCreateBody = z.output<typeof noticeCreateBodySchema>;
export const noticeUpdateBodySchema = z.object({ id: bodyIdSchema, ...noticeFields });
export type NoticeUpdateBody = z.output<typeof noticeUpdateBodySchema>;

export const noticeListQuerySchema = z.object({
  status: z.enum(NOTICE_STATUS_FILTERS, { error: '状态筛选无效' }).default('all'),
  page: pageSchema,
  page_size: pageSizeSchema,
});
export type NoticeListQuery = z.output<typeof noticeListQuerySchema>;

export interface OpsNoticeView {
  id: number;
  title: string;
  content: string;
  starts_at: string;
  ends_at: string | null;
  is_active: boolean;
  status: NoticeStatus;
  created_at: string;
}

// ---------------------------------------------------------------------------------------------
// audiences (broadcasts and red-envelope grants)

/** Who a broadcast or a grant reaches: active accounts, VIP members now, shop owners. */
export const AUDIENCE_SEGMENTS = ['all', 'vip', 'sellers'] as const;
export type AudienceSegment = (typeof AUDIENCE_SEGMENTS)[number];
export const AUDIENCE_SEGMENT_LABELS: Readonly<Record<AudienceSegment, string>> = {
  all: '全部用户',
  vip: 'VIP会员',
  sellers: '卖家（店铺主）',
};
const segmentSchema = z.enum(AUDIENCE_SEGMENTS, { error: '请选择发送对象' });

// ---------------------------------------------------------------------------------------------
// broadcasts ("broadcast notifications to all or a segment")

export const broadcastRecipientsQuerySchema = z.object({ segment: segmentSchema });

export const broadcastSendBodySchema = z.object({
  title: consoleText(64, '标题'),
  content: consoleText(1000, '内容'),
  segment: segmentSchema,
  /** Also pop up (spec §4 logged-in notification popups); default yes. */
  popup: z.boolean({ error: '参数 popup 应为布尔值' }).default(true),
  request_key: requestKeySchema,
});
export type BroadcastSendBody = z.output<typeof broadcastSendBodySchema>;

export const broadcastListQuerySchema = z.object({ page: pageSchema, page_size: pageSizeSchema });

export interface OpsBroadcastView {
  id: number;
  title: string;
  content: string;
  segment: string;
  segment_label: string;
  popup: boolean;
  recipients: number;
  operator_username: string | null;
  created_at: string;
}

export interface BroadcastSendResult {
  broadcast: OpsBroadcastView;
  /** The same request key was sent before: nothing new was sent, this is the first send's answer. */
  replayed: boolean;
}

// ---------------------------------------------------------------------------------------------
// red-envelope campaigns (spec §3 couponsInfo; "red-envelope campaigns")

const fenSchema = (label: string, min: number, max: number) =>
  z.int({ error: `${label}应为整数（分）` }).min(min, { error: `${label}应不小于${min / 100}元` }).max(max, { error: `${label}应不大于${max / 100}元` });

export const redPacketTemplateBodySchema = z
  .object({
    /** The envelope's name as users see it on 我的红包. */
    name: consoleText(32, '红包名称'),
    /** spec §3: 1 percentage, 2 fixed amount; ours: 3 free-rental coupon (免费租号券). */
    type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '类型应为 1（折扣）、2（满减）或 3（免费租号券）' }),
    min_order_amount_fen: fenSchema('使用门槛', 0, RED_PACKET_TEMPLATE_MIN_ORDER_MAX_FEN).default(0),
    /** Share paid, 90 = 9折 (type 1). */
    discount_percentage: z.int({ error: '折扣应为 1 到 99 的整数' }).min(1, { error: '折扣应为 1 到 99 的整数' }).max(99, { error: '折扣应为 1 到 99 的整数' }).nullable().optional(),
    /** Cap of a percentage envelope (type 1); absent: no cap. */
    max_discount_amount_fen: fenSchema('最高优惠', 1, RED_PACKET_TEMPLATE_DISCOUNT_MAX_FEN).nullable().optional(),
    /** Amount off (type 2). */
    discount_amount_fen: fenSchema('优惠金额', 1, RED_PACKET_TEMPLATE_DISCOUNT_MAX_FEN).nullable().optional(),
    /** Hours of free play a free-rental coupon pays (type 3). */
    free_hours: z.int({ error: '免费时长应为 1 到 24 的整数（小时）' }).min(1, { error: '免费时长应为 1 到 24 的整数（小时）' }).max(24, { error: '免费时长应为 1 到 24 的整数（小时）' }).nullable().optional(),
    valid_days: z.int({ error: '有效天数应为整数' }).min(1, { error: '有效天数至少1天' }).max(RED_PACKET_TEMPLATE_VALID_DAYS_MAX, { error: `有效天数最多${RED_PACKET_TEMPLATE_VALID_DAYS_MAX}天` }),
    per_user_limit: z.int({ error: '每人限领应为整数' }).min(1, { error: '每人限领至少1个' }).max(RED_PACKET_TEMPLATE_PER_USER_MAX, { error: `每人限领最多${RED_PACKET_TEMPLATE_PER_USER_MAX}个` }).default(1),
    /** Absent or null: no total limit. */
    total_limit: z.int({ error: '发放总量应为整数' }).min(1, { error: '发放总量至少1个' }).max(RED_PACKET_TEMPLATE_TOTAL_MAX, { error: '发放总量过大' }).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === 1 && (value.discount_percentage === null || value.discount_percentage === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['discount_percentage'], message: '折扣红包请填写折扣（如 90 表示9折）' });
    }
    if (value.type === 2 && (value.discount_amount_fen === null || value.discount_amount_fen === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['discount_amount_fen'], message: '满减红包请填写优惠金额' });
    }
    if (value.type === 3 && (value.free_hours === null || value.free_hours === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['free_hours'], message: '免费租号券请填写免费时长（小时）' });
    }
  });
export type RedPacketTemplateBody = z.output<typeof redPacketTemplateBodySchema>;

export const redPacketTemplateActiveBodySchema = z.object({ id: bodyIdSchema, active: z.boolean({ error: '参数 active 应为布尔值' }) });

export const redPacketTemplateListQuerySchema = z.object({
  status: z.enum(['all', 'active', 'inactive'], { error: '状态筛选无效' }).default('all'),
  page: pageSchema,
  page_size: pageSizeSchema,
});
export type RedPacketTemplateListQuery = z.output<typeof redPacketTemplateListQuerySchema>;

export interface RedPacketUsage {
  /** Issued and still usable. */
  unused: number;
  used: number;
  expired: number;
}

export interface OpsRedPacketTemplateView {
  id: number;
  name: string;
  type: number;
  /** 满30减3元, 9折 最高减5元 ... */
  label: string;
  min_order_amount_fen: number;
  discount_percentage: number | null;
  max_discount_amount_fen: number | null;
  discount_amount_fen: number | null;
  /** Hours a free-rental coupon (type 3) pays; null for envelopes. */
  free_hours: number | null;
  valid_days: number;
  per_user_limit: number;
  total_limit: number | null;
  issued: number;
  /** What the total limit leaves; null without one. */
  remaining: number | null;
  is_active: boolean;
  usage: RedPacketUsage;
  created_at: string;
}

export const GRANT_TARGETS = ['segment', 'usernames'] as const;
export type GrantTarget = (typeof GRANT_TARGETS)[number];

/** The usernames an operator pasted: one per line (or separated by commas, spaces, semicolons), each once. */
export function parseUsernameList(text: string): string[] {
  return [...new Set(text.split(/[\s,，;；、]+/).map((name) => name.trim()).filter((name) => name.length > 0))];
}

const grantFields = {
  template_id: bodyIdSchema,
  target: z.enum(GRANT_TARGETS, { error: '请选择发放对象' }),
  segment: segmentSchema.nullable().optional(),
  /** target 'usernames': the names, one per line. */
  usernames: z
    .string({ error: '用户名列表应为文本' })
    .max(RED_PACKET_GRANT_USERNAMES_MAX * 40, { error: '用户名列表过长' })
    .refine((value) => !value.includes(NUL), { error: '用户名列表含有无效字符' })
    .transform(parseUsernameList)
    .pipe(
      z
        .array(z.string().max(32, { error: '用户名过长' }))
        .max(RED_PACKET_GRANT_USERNAMES_MAX, { error: `一次最多发放给${RED_PACKET_GRANT_USERNAMES_MAX}个用户名` }),
    )
    .nullable()
    .optional(),
};

const grantTargetGiven = (value: { target: GrantTarget; segment?: string | null | undefined; usernames?: string[] | null | undefined }, ctx: z.RefinementCtx): void => {
  if (value.target === 'segment' && !value.segment) ctx.addIssue({ code: 'custom', path: ['segment'], message: '请选择发放对象' });
  if (value.target === 'usernames' && (!value.usernames || value.usernames.length === 0)) ctx.addIssue({ code: 'custom', path: ['usernames'], message: '请填写用户名' });
};

export const redPacketGrantPreviewBodySchema = z.object(grantFields).superRefine(grantTargetGiven);
export type RedPacketGrantPreviewBody = z.output<typeof redPacketGrantPreviewBodySchema>;
export const redPacketGrantBodySchema = z.object({ ...grantFields, request_key: requestKeySchema }).superRefine(grantTargetGiven);
export type RedPacketGrantBody = z.output<typeof redPacketGrantBodySchema>;

export interface RedPacketGrantPreview {
  template_id: number;
  /** Users of the audience below the per-user limit: each would get one envelope. */
  eligible: number;
  /** Users of the audience already holding the per-user limit (skipped). */
  at_limit: number;
  /** Names that match no active account (a grant with any of them is refused). */
  unknown_usernames: string[];
  remaining: number | null;
  /** Why the grant would be refused, or null when it would go through. */
  refusal: string | null;
}

export const redPacketGrantListQuerySchema = z.object({
  template_id: z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= ID_MAX), withQueryReason('应为正整数'))
    .transform((value) => (value === '' ? null : Number(value)))
    .optional(),
  page: pageSchema,
  page_size: pageSizeSchema,
});
export type RedPacketGrantListQuery = z.output<typeof redPacketGrantListQuerySchema>;

export interface OpsRedPacketGrantView {
  id: number;
  template_id: number;
  template_name: string;
  target: GrantTarget;
  /** 全部用户, or 指定用户（N 个） */
  target_label: string;
  recipients: number;
  /** Users of the audience skipped at the per-user limit. */
  skipped: number;
  operator_username: string;
  created_at: string;
}

export interface RedPacketGrantResult {
  grant: OpsRedPacketGrantView;
  replayed: boolean;
}

// ---------------------------------------------------------------------------------------------
// exchange codes ("exchange codes (batches, limits, expiry)")

export const EXCHANGE_REWARD_KINDS = ['red_packet', 'gold'] as const;
export type ExchangeRewardKind = (typeof EXCHANGE_REWARD_KINDS)[number];
export const EXCHANGE_REWARD_LABELS: Readonly<Record<ExchangeRewardKind, string>> = { red_packet: '红包', gold: '金币' };

export const exchangeBatchCreateBodySchema = z
  .object({
    name: consoleText(32, '批次名称'),
    reward_kind: z.enum(EXCHANGE_REWARD_KINDS, { error: '请选择兑换内容' }),
    /** reward_kind red_packet: the template each redemption issues. */
    template_id: bodyIdSchema.nullable().optional(),
    /** reward_kind gold: the coins each redemption gives. */
    gold_coins: z.int({ error: '金币数应为整数' }).min(1, { error: '金币数至少为1' }).max(EXCHANGE_CODE_GOLD_MAX, { error: `金币数最多${EXCHANGE_CODE_GOLD_MAX}` }).nullable().optional(),
    count: z.int({ error: '兑换码数量应为整数' }).min(1, { error: '兑换码数量至少为1' }).max(EXCHANGE_CODE_BATCH_MAX_CODES, { error: `一批最多${EXCHANGE_CODE_BATCH_MAX_CODES}个兑换码` }),
    uses_per_code: z.int({ error: '每码可用次数应为整数' }).min(1, { error: '每码可用次数至少为1' }).max(EXCHANGE_CODE_USES_MAX, { error: `每码可用次数最多${EXCHANGE_CODE_USES_MAX}` }).default(1),
    per_user_limit: z.int({ error: '每人限兑应为整数' }).min(1, { error: '每人限兑至少为1' }).max(EXCHANGE_CODE_PER_USER_MAX, { error: `每人限兑最多${EXCHANGE_CODE_PER_USER_MAX}` }).default(1),
    expires_at: instantSchema,
    request_key: requestKeySchema,
  })
  .superRefine((value, ctx) => {
    if (value.reward_kind === 'red_packet' && !value.template_id) ctx.addIssue({ code: 'custom', path: ['template_id'], message: '请选择红包模板' });
    if (value.reward_kind === 'gold' && !value.gold_coins) ctx.addIssue({ code: 'custom', path: ['gold_coins'], message: '请填写金币数' });
  });
export type ExchangeBatchCreateBody = z.output<typeof exchangeBatchCreateBodySchema>;

export const exchangeBatchListQuerySchema = z.object({
  status: z.enum(['all', 'active', 'expired', 'disabled'], { error: '状态筛选无效' }).default('all'),
  page: pageSchema,
  page_size: pageSizeSchema,
});
export type ExchangeBatchListQuery = z.output<typeof exchangeBatchListQuerySchema>;

export type ExchangeBatchStatus = 'active' | 'expired' | 'disabled';
export const EXCHANGE_BATCH_STATUS_LABELS: Readonly<Record<ExchangeBatchStatus, string>> = { active: '可兑换', expired: '已过期', disabled: '已停用' };

export interface OpsExchangeBatchView {
  id: number;
  name: string;
  reward_kind: ExchangeRewardKind;
  /** 红包「新人红包·满10减3」 or 30 金币 */
  reward_label: string;
  template_id: number | null;
  gold_coins: number | null;
  count: number;
  uses_per_code: number;
  per_user_limit: number;
  expires_at: string;
  status: ExchangeBatchStatus;
  /** Redemptions so far (each one code by one user). */
  redeemed: number;
  /** Codes redeemed at least once. */
  codes_used: number;
  operator_username: string;
  created_at: string;
}

export const exchangeBatchExportQuerySchema = z.object({
  batch_id: z
    .string({ error: '缺少参数 batch_id' })
    .trim()
    .refine((value) => /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= ID_MAX, withQueryReason('应为正整数'))
    .transform(Number),
});

export const exchangeCodeLookupQuerySchema = z.object({ code: z.string({ error: '请输入兑换码' }).trim().min(1, { error: '请输入兑换码' }).max(64, { error: '兑换码无效' }) });

export interface ExchangeCodeLookup {
  batch: OpsExchangeBatchView;
  code: string;
  uses: number;
  max_uses: number;
  redemptions: { username: string; created_at: string }[];
}

export interface ExchangeRedemptionView {
  id: number;
  username: string;
  code_tail: string;
  reward_label: string;
  created_at: string;
}

// ---------------------------------------------------------------------------------------------
// lottery prizes (the activities' draws: stock and chance; docs/decisions.md "Lottery prizes in the console")

/** Largest stock or weight an operator may give a prize. */
export const LOTTERY_PRIZE_STOCK_MAX = 1_000_000;
export const LOTTERY_PRIZE_WEIGHT_MAX = 1_000_000;
export const MSG_LOTTERY_PRIZE_NOT_FOUND = '奖品不存在';
export const MSG_LOTTERY_PRIZE_KEEP_UNLIMITED = '每个活动至少保留一个不限量的奖品（如谢谢参与），抽奖才总有结果';
const MSG_LOTTERY_STOCK = `库存应为 0 至 ${LOTTERY_PRIZE_STOCK_MAX.toLocaleString('en-US')} 的整数，留空为不限量`;
const MSG_LOTTERY_WEIGHT = `权重应为 1 至 ${LOTTERY_PRIZE_WEIGHT_MAX.toLocaleString('en-US')} 的整数`;

/** POST campaigns/lottery-prizes/update: the prize's whole state; no stock (absent or null) is unlimited. */
export const lotteryPrizeUpdateBodySchema = z.object({
  id: bodyIdSchema,
  stock: z.int({ error: MSG_LOTTERY_STOCK }).min(0, { error: MSG_LOTTERY_STOCK }).max(LOTTERY_PRIZE_STOCK_MAX, { error: MSG_LOTTERY_STOCK }).nullable().optional(),
  weight: z.int({ error: MSG_LOTTERY_WEIGHT }).min(1, { error: MSG_LOTTERY_WEIGHT }).max(LOTTERY_PRIZE_WEIGHT_MAX, { error: MSG_LOTTERY_WEIGHT }),
});
export type LotteryPrizeUpdateBody = z.output<typeof lotteryPrizeUpdateBodySchema>;

export interface OpsLotteryPrizeView {
  id: number;
  activity: string;
  /** The activity's name as the site shows it. */
  activity_text: string;
  name: string;
  coins: number;
  /** What is left; null is unlimited. */
  stock: number | null;
  weight: number;
  /** The chance of drawing it now: its weight over the weights of the activity's prizes in stock. */
  chance: number;
  /** Draws that won it so far. */
  won: number;
}
