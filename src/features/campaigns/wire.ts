/**
 * The campaigns' routes with their schemas (routes.ts declares them; the endpoints serve them
 * through platform/http/serve.ts and tests read the answer schemas). The request schemas are the
 * contract's (contract/ops-campaigns.ts), which the console's forms share; the answer schemas
 * below check what the services return against the contract's interfaces.
 */
import { z } from 'zod';
import {
  AUDIENCE_SEGMENTS,
  EXCHANGE_BATCH_STATUS_LABELS,
  EXCHANGE_REWARD_KINDS,
  GRANT_TARGETS,
  NOTICE_STATUS_LABELS,
  adCreateBodySchema,
  adListQuerySchema,
  adUpdateBodySchema,
  broadcastListQuerySchema,
  broadcastRecipientsQuerySchema,
  broadcastSendBodySchema,
  exchangeBatchCreateBodySchema,
  exchangeBatchExportQuerySchema,
  exchangeBatchListQuerySchema,
  exchangeCodeLookupQuerySchema,
  lotteryPrizeUpdateBodySchema,
  noticeCreateBodySchema,
  noticeListQuerySchema,
  noticeUpdateBodySchema,
  opsIdBodySchema,
  redPacketGrantBodySchema,
  redPacketGrantListQuerySchema,
  redPacketGrantPreviewBodySchema,
  redPacketTemplateActiveBodySchema,
  redPacketTemplateBodySchema,
  redPacketTemplateListQuerySchema,
  shanghaiDaySchema,
  type ExchangeBatchStatus,
  type NoticeStatus,
} from '~/features/campaigns/contract/ops-campaigns';
import { AD_DEVICE_MAX } from '~/features/campaigns/contract/popups';
import { OPS_CAMPAIGN_ROUTES, POPUP_ROUTES } from '~/features/campaigns/routes';
import { AD_STATUS_LABELS, type AdStatus } from '~/features/campaigns/rules/ad-schedule';
import { MSG_IMAGE_TOO_LARGE, MSG_UPLOAD_NOT_MULTIPART, UPLOAD_FORM_MAX_BYTES } from '~/platform/db/uploads';
import { pageSchema, queryIntSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests not in the contract

/** A GET that takes nothing: whatever query it is sent is ignored, as it always was. */
const noInputSchema = z.object({});

/**
 * Cache-Control of the popup lists (ads and emergency notices): the same for every visitor, so a
 * browser or proxy may keep them a minute; an operator's change reaches everyone within it.
 */
export const POPUP_LIST_CACHE_CONTROL = 'public, max-age=60';

/** GET popup_advertisement: device (spec §7 device=1, the web), required. */
export const popupAdsQuerySchema = z.object({ device: queryIntSchema(1, AD_DEVICE_MAX) });

/** GET ops/campaigns/ads/preview: the Shanghai day to preview (default today). */
export const adPreviewQuerySchema = z.object({ day: shanghaiDaySchema.optional() });

/**
 * exchange-codes/export answers a CSV file, not the envelope, so it stays a handler of its own
 * (no route to serve); it reads its query with this schema.
 */
export const exchangeCodesExportQuerySchema = exchangeBatchExportQuerySchema;

/**
 * ads/upload is multipart (an image), not JSON, so it stays a handler of its own; it reads its form
 * with these limits and answers `adUploadAnswerSchema`.
 */
export const AD_UPLOAD_FORM_LIMITS = { maxBytes: UPLOAD_FORM_MAX_BYTES, tooLargeMsg: MSG_IMAGE_TOO_LARGE, unsupportedMsg: MSG_UPLOAD_NOT_MULTIPART };

// ---------------------------------------------------------------------------------------------
// answers

const idSchema = z.number().int().positive();
const countSchema = z.number().int().nonnegative();
const keysOf = <K extends string>(labels: Readonly<Record<K, string>>) => Object.keys(labels) as [K, ...K[]];

/** spec §3 Popup advertisement (features/campaigns/rules/ad-choice.ts PopupAd); instants ISO 8601 or null. */
export const popupAdSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  image: z.string(),
  link: z.string().nullable(),
  priority: z.number().int(),
  display_frequency: z.number().int(),
  position: z.number().int(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});

/** spec §3 Emergency notice. */
export const emergencyNoticeSchema = z.strictObject({ id: idSchema, title: z.string(), content: z.string() });

export const opsAdViewSchema = popupAdSchema.extend({
  is_active: z.boolean(),
  status: z.enum(keysOf<AdStatus>(AD_STATUS_LABELS)),
  start_day: z.string().nullable(),
  end_day: z.string().nullable(),
  created_at: z.string(),
});

/** The stored image's URLs (the ad uses detail_url). */
export const adUploadAnswerSchema = z.strictObject({ id: idSchema, card_url: z.string(), detail_url: z.string(), width: z.number().int(), height: z.number().int() });

const adPreviewStepSchema = z.strictObject({ at: z.string(), ad: popupAdSchema.nullable(), possible: z.array(popupAdSchema) });
export const adChoicePreviewSchema = z.strictObject({ day: z.string(), ads: z.array(popupAdSchema), home: z.array(adPreviewStepSchema), tejia: z.array(adPreviewStepSchema) });

export const opsNoticeViewSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  content: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  is_active: z.boolean(),
  status: z.enum(keysOf<NoticeStatus>(NOTICE_STATUS_LABELS)),
  created_at: z.string(),
});

export const opsBroadcastViewSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  content: z.string(),
  segment: z.string(),
  segment_label: z.string(),
  popup: z.boolean(),
  recipients: countSchema,
  operator_username: z.string().nullable(),
  created_at: z.string(),
});

export const broadcastRecipientsSchema = z.strictObject({ segment: z.enum(AUDIENCE_SEGMENTS), segment_label: z.string(), recipients: countSchema });
export const broadcastSendResultSchema = z.strictObject({ broadcast: opsBroadcastViewSchema, replayed: z.boolean() });

export const opsRedPacketTemplateViewSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  type: z.number().int(),
  label: z.string(),
  min_order_amount_fen: countSchema,
  discount_percentage: z.number().int().nullable(),
  max_discount_amount_fen: z.number().int().nullable(),
  discount_amount_fen: z.number().int().nullable(),
  free_hours: z.number().int().nullable(),
  valid_days: z.number().int(),
  per_user_limit: z.number().int(),
  total_limit: z.number().int().nullable(),
  issued: countSchema,
  remaining: z.number().int().nullable(),
  is_active: z.boolean(),
  usage: z.strictObject({ unused: countSchema, used: countSchema, expired: countSchema }),
  created_at: z.string(),
});

export const redPacketGrantPreviewSchema = z.strictObject({
  template_id: idSchema,
  eligible: countSchema,
  at_limit: countSchema,
  unknown_usernames: z.array(z.string()),
  remaining: z.number().int().nullable(),
  refusal: z.string().nullable(),
});

export const opsRedPacketGrantViewSchema = z.strictObject({
  id: idSchema,
  template_id: idSchema,
  template_name: z.string(),
  target: z.enum(GRANT_TARGETS),
  target_label: z.string(),
  recipients: countSchema,
  skipped: countSchema,
  operator_username: z.string(),
  created_at: z.string(),
});

export const redPacketGrantResultSchema = z.strictObject({ grant: opsRedPacketGrantViewSchema, replayed: z.boolean() });

export const opsExchangeBatchViewSchema = z.strictObject({
  id: idSchema,
  name: z.string(),
  reward_kind: z.enum(EXCHANGE_REWARD_KINDS),
  reward_label: z.string(),
  template_id: idSchema.nullable(),
  gold_coins: z.number().int().nullable(),
  count: z.number().int(),
  uses_per_code: z.number().int(),
  per_user_limit: z.number().int(),
  expires_at: z.string(),
  status: z.enum(keysOf<ExchangeBatchStatus>(EXCHANGE_BATCH_STATUS_LABELS)),
  redeemed: countSchema,
  codes_used: countSchema,
  operator_username: z.string(),
  created_at: z.string(),
});

export const exchangeBatchCreateResultSchema = z.strictObject({ batch: opsExchangeBatchViewSchema, replayed: z.boolean() });

export const exchangeCodeLookupSchema = z.strictObject({
  batch: opsExchangeBatchViewSchema,
  code: z.string(),
  uses: countSchema,
  max_uses: z.number().int(),
  redemptions: z.array(z.strictObject({ username: z.string(), created_at: z.string() })),
});

export const opsLotteryPrizeViewSchema = z.strictObject({
  id: idSchema,
  activity: z.string(),
  activity_text: z.string(),
  name: z.string(),
  coins: z.number().int(),
  stock: z.number().int().nullable(),
  weight: z.number().int(),
  chance: z.number(),
  won: countSchema,
});

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const POPUP_WIRE = {
  ads: wire(POPUP_ROUTES.ads, { input: popupAdsQuerySchema, answer: z.array(popupAdSchema), cacheControl: POPUP_LIST_CACHE_CONTROL }),
  emergencyNotices: wire(POPUP_ROUTES.emergencyNotices, { input: noInputSchema, answer: z.array(emergencyNoticeSchema), cacheControl: POPUP_LIST_CACHE_CONTROL }),
};

const R = OPS_CAMPAIGN_ROUTES;

export const OPS_CAMPAIGN_WIRE = {
  adList: wire(R.adList, { input: adListQuerySchema, answer: pageSchema(opsAdViewSchema) }),
  adPreview: wire(R.adPreview, { input: adPreviewQuerySchema, answer: adChoicePreviewSchema }),
  adCreate: wire(R.adCreate, { input: adCreateBodySchema, answer: opsAdViewSchema }),
  adUpdate: wire(R.adUpdate, { input: adUpdateBodySchema, answer: opsAdViewSchema }),
  adActivate: wire(R.adActivate, { input: opsIdBodySchema, answer: opsAdViewSchema }),
  adDeactivate: wire(R.adDeactivate, { input: opsIdBodySchema, answer: opsAdViewSchema }),

  noticeList: wire(R.noticeList, { input: noticeListQuerySchema, answer: pageSchema(opsNoticeViewSchema) }),
  noticeCreate: wire(R.noticeCreate, { input: noticeCreateBodySchema, answer: opsNoticeViewSchema }),
  noticeUpdate: wire(R.noticeUpdate, { input: noticeUpdateBodySchema, answer: opsNoticeViewSchema }),
  noticeActivate: wire(R.noticeActivate, { input: opsIdBodySchema, answer: opsNoticeViewSchema }),
  noticeDeactivate: wire(R.noticeDeactivate, { input: opsIdBodySchema, answer: opsNoticeViewSchema }),

  broadcastList: wire(R.broadcastList, { input: broadcastListQuerySchema, answer: pageSchema(opsBroadcastViewSchema) }),
  broadcastRecipients: wire(R.broadcastRecipients, { input: broadcastRecipientsQuerySchema, answer: broadcastRecipientsSchema }),
  broadcastSend: wire(R.broadcastSend, { input: broadcastSendBodySchema, answer: broadcastSendResultSchema }),

  redPacketList: wire(R.redPacketList, { input: redPacketTemplateListQuerySchema, answer: pageSchema(opsRedPacketTemplateViewSchema) }),
  redPacketCreate: wire(R.redPacketCreate, { input: redPacketTemplateBodySchema, answer: opsRedPacketTemplateViewSchema }),
  redPacketStatus: wire(R.redPacketStatus, { input: redPacketTemplateActiveBodySchema, answer: opsRedPacketTemplateViewSchema }),
  redPacketGrantPreview: wire(R.redPacketGrantPreview, { input: redPacketGrantPreviewBodySchema, answer: redPacketGrantPreviewSchema }),
  redPacketGrant: wire(R.redPacketGrant, { input: redPacketGrantBodySchema, answer: redPacketGrantResultSchema }),
  redPacketGrants: wire(R.redPacketGrants, { input: redPacketGrantListQuerySchema, answer: pageSchema(opsRedPacketGrantViewSchema) }),

  exchangeBatchList: wire(R.exchangeBatchList, { input: exchangeBatchListQuerySchema, answer: pageSchema(opsExchangeBatchViewSchema) }),
  exchangeBatchCreate: wire(R.exchangeBatchCreate, { input: exchangeBatchCreateBodySchema, answer: exchangeBatchCreateResultSchema }),
  exchangeBatchDeactivate: wire(R.exchangeBatchDeactivate, { input: opsIdBodySchema, answer: opsExchangeBatchViewSchema }),
  exchangeCodeLookup: wire(R.exchangeCodeLookup, { input: exchangeCodeLookupQuerySchema, answer: exchangeCodeLookupSchema }),

  lotteryPrizeList: wire(R.lotteryPrizeList, { input: noInputSchema, answer: z.array(opsLotteryPrizeViewSchema) }),
  lotteryPrizeUpdate: wire(R.lotteryPrizeUpdate, { input: lotteryPrizeUpdateBodySchema, answer: opsLotteryPrizeViewSchema }),
};
