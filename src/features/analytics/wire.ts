/**
 * The collector's routes with their schemas (routes.ts declares them). The endpoints keep
 * `handle()` (a beacon sends text/plain, and each call is refused per IP before its body is
 * read), but read their bodies with these schemas and the limits of COLLECTOR_BODY, and tests
 * read the answer schemas.
 */
import { z } from 'zod';
import { SESSION_ID_LENGTH } from '~/platform/config/constants';
import { COLLECTOR_BODY_MAX_BYTES, CONVERSION_TYPE } from '~/features/analytics/constants';
import { ANALYTICS_ROUTES } from '~/features/analytics/routes';
import { withReason } from '~/platform/http/errors';
import { wire } from '~/platform/wire/wired-route';

/**
 * How every collector endpoint reads its body: JSON or text/plain (navigator.sendBeacon with a
 * string can only send that type), at most 64 KB (declared or streamed, before parsing).
 */
export const COLLECTOR_BODY = { acceptTextPlain: true, maxBytes: COLLECTOR_BODY_MAX_BYTES } as const;

// ---------------------------------------------------------------------------------------------
// requests

/** spec §7: the "pending report data left from a page refresh" arrives as one batch of at most this many. */
export const ACTIVITY_BATCH_MAX = 20;
/** A record's free-form `value`, serialised, stays under this size. */
export const ACTIVITY_VALUE_MAX_BYTES = 2 * 1024;
export const ACTIVITY_KINDS = ['pageview', 'click', 'activity'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

const SESSION_ID_PATTERN = new RegExp(`^[A-Za-z0-9]{${SESSION_ID_LENGTH}}$`);
const utf8 = new TextEncoder();

/**
 * One record as the browser sends it. Unknown keys are dropped rather than refused: the spec's
 * report record also carries userId and agent, which the server takes from the session and the
 * request instead, and a beacon must not fail over a harmless extra field.
 */
export const activityRecordSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  /** Route name (spec §2), e.g. zuhao or account_goldCoin. */
  name: z.string().max(64).optional(),
  title: z.string().max(128).optional(),
  path: z.string().max(512).startsWith('/'),
  /** spec §3: the session key onlyuser holds a random 32-character id. */
  sessionId: z
    .string()
    .regex(SESSION_ID_PATTERN, { error: withReason(`应为 ${SESSION_ID_LENGTH} 位字母或数字`) })
    .optional(),
  prevPage: z.string().max(512).nullable().optional(),
  /** Channel (spec §1 visitor tracking). */
  sem: z.string().max(64).nullable().optional(),
  /** spec §3 pageTools.action / click tracking action. */
  action: z.string().max(64).optional(),
  /** spec §3 pageTools.value / the click record's value (gameId and gameName, ...). */
  value: z
    .record(z.string(), z.unknown())
    .refine((v) => utf8.encode(JSON.stringify(v)).byteLength <= ACTIVITY_VALUE_MAX_BYTES, {
      error: withReason(`序列化后应不超过 ${ACTIVITY_VALUE_MAX_BYTES} 字节`),
    })
    .optional(),
  /** Click tracking record: whether the click navigates. */
  isJump: z.boolean().optional(),
  /** Click tracking record (spec §3 "now"): the browser's clock at the click, milliseconds since the epoch. */
  now: z.number().int().min(0).max(1e13).optional(),
  /** Report record: seconds spent on the page so far / click record: seconds since the previous record. */
  time: z.number().min(0).max(1e13).optional(),
  /** spec §3 report record pageTools (action, value): the same two fields, nested as the spec names them. */
  pageTools: z
    .object({
      action: z.string().max(64).optional(),
      value: z
        .record(z.string(), z.unknown())
        .refine((v) => utf8.encode(JSON.stringify(v)).byteLength <= ACTIVITY_VALUE_MAX_BYTES, {
          error: withReason(`序列化后应不超过 ${ACTIVITY_VALUE_MAX_BYTES} 字节`),
        })
        .optional(),
    })
    .optional(),
});
export type ActivityRecord = z.output<typeof activityRecordSchema>;

export const activityBatchSchema = z.array(activityRecordSchema).min(1).max(ACTIVITY_BATCH_MAX);

/** spec §7 user-activity: the pending report records, a batch; a record without a kind is an activity report. */
export const userActivityBatchSchema = z
  .array(activityRecordSchema.extend({ kind: z.enum(ACTIVITY_KINDS).default('activity') }))
  .min(1)
  .max(ACTIVITY_BATCH_MAX);


// ---------------------------------------------------------------------------------------------
// Channel conversions (spec §7 upload-convert-data, §9 conversion type 6)

const channelText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[\w.~:@%+=,-]*$/, { error: withReason('只能包含字母、数字和 _-.~:@%+=,') })
    .nullable()
    .optional();

/** spec §7: token, conversion type, landing URL; plus the channel the browser kept (spec §3 channelInfo). */
export const conversionInputSchema = z.object({
  /** spec §7 sends the token in the body; the Bearer header is taken when it is absent. */
  token: z.string().max(256).optional(),
  conversion_type: z.literal(CONVERSION_TYPE, { error: `转化类型应为 ${CONVERSION_TYPE}` }),
  landing_url: z
    .string()
    .max(2048)
    .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), { error: withReason('应为 http(s) 网址') }),
  channel: channelText(64),
  net_id: channelText(64),
  uid: channelText(64),
  bd_vid: channelText(256),
  qhclickid: channelText(256),
});
export type ConversionInput = z.output<typeof conversionInputSchema>;


/** POST collector/activity: a batch (an array) or one record, told apart by the body's shape. */
export const activityBodySchema = z.union([activityBatchSchema, activityRecordSchema]);

// ---------------------------------------------------------------------------------------------
// the routes, wired

const ids = z.array(z.number().int().positive());

export const ANALYTICS_WIRE = {
  activity: wire(ANALYTICS_ROUTES.activity, {
    input: activityBodySchema,
    answer: z.union([z.strictObject({ id: z.number().int().positive() }), z.strictObject({ ids })]),
    maxBodyBytes: COLLECTOR_BODY_MAX_BYTES,
  }),
  userActivity: wire(ANALYTICS_ROUTES.userActivity, { input: userActivityBatchSchema, answer: z.strictObject({ ids }), maxBodyBytes: COLLECTOR_BODY_MAX_BYTES }),
  convert: wire(ANALYTICS_ROUTES.convert, { input: conversionInputSchema, answer: z.strictObject({ counted: z.boolean() }), maxBodyBytes: COLLECTOR_BODY_MAX_BYTES }),
};
