/**
 * Settings operators change without a deploy (now; the console that edits them is issue
 * 15). Each key has a zod schema and a default here, the one place both live; a stored value that
 * no longer parses falls back to the default rather than breaking a money path.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { COMMISSION_BPS_BY_CERT_TYPE, EARNINGS_HOLD_HOURS, REVIEW_PRICE_CHANGE_RATIO } from '~/platform/config/constants';
import { WITHDRAW_REVIEW_ABOVE_FEN, WITHDRAW_REVIEW_ABOVE_MAX_FEN } from '~/features/content/constants';
import { EMPTY_DOWNLOAD_MANIFEST, EMPTY_SITE_FILING, downloadManifestSchema, siteContactsSchema, siteFilingSchema } from '~/features/content/contract/site-settings';
import { OFFICIAL_ACCOUNT_PAGES } from '~/features/content/contract/wechat-official';
import type { DbOrTx } from '~/platform/db/client';
import { siteSettings } from '~/platform/db/schema';

const bps = z.number().int().min(0).max(10_000);

const officialAccountSchema = z.object({
  enabled: z.boolean(),
  /** What the QR encodes: the account's follow link. */
  follow_url: z.string().min(1).max(512),
  /** The default line under the code, and optional lines per page. */
  text: z.string().min(1).max(100),
  texts: z.partialRecord(z.enum(OFFICIAL_ACCOUNT_PAGES), z.string().min(1).max(100)),
});

/** Nothing configured: no follow prompt anywhere (a live site never shows a placeholder account). */
const OFFICIAL_ACCOUNT_OFF: z.output<typeof officialAccountSchema> = { enabled: false, follow_url: '', text: '微信扫一扫，关注公众号', texts: {} };

const SETTINGS = {
  /** Platform commission per cert_type, basis points of the rent finally paid. */
  'seller.commission_bps': { schema: z.object({ 0: bps, 1: bps, 2: bps }), fallback: COMMISSION_BPS_BY_CERT_TYPE },
  /** Hours earnings stay frozen after a rental ends (the complaint window). */
  'seller.earnings_hold_hours': { schema: z.number().int().min(0).max(24 * 90), fallback: EARNINGS_HOLD_HOURS },
  /** Whether new listings and big price changes wait for an operator (on unless turned off). */
  'seller.review_enabled': { schema: z.boolean(), fallback: true },
  /** A price change beyond this share of the old price goes to review. */
  'seller.review_price_change_ratio': { schema: z.number().min(0).max(100), fallback: REVIEW_PRICE_CHANGE_RATIO },
  /**
   * The WeChat official account the 关注公众号 prompt offers (spec §7 wechat official-account
   * config): whether it is offered, what its QR encodes, and the line shown per page. Off until an
   * operator stores the real account; the demo seed stores a placeholder (seed/settings.ts).
   */
  'wechat.official_account': { schema: officialAccountSchema, fallback: OFFICIAL_ACCOUNT_OFF },
  /**
   * The contacts /ContactUs and the 联系我们 modal show. Nothing configured is an empty
   * list, which the pages show as 联系方式尚未配置: never placeholder numbers or addresses. The demo
   * seed stores its own, labelled as such (seed/settings.ts).
   */
  'site.contacts': { schema: siteContactsSchema, fallback: { channels: [], notice: '' } },
  /**
   * Who runs the site and its filing numbers (ICP 备案号, 公安备案号, 经营许可证), shown in the
   * footer each only when set. Nothing configured shows none: never a placeholder number.
   */
  'site.filing': { schema: siteFilingSchema, fallback: EMPTY_SITE_FILING },
  /**
   * The launcher builds /download offers, each a file in the server's downloads folder
   * (services/downloads.ts) with its size and SHA-256. Nothing configured: no builds, and /download
   * says the launcher is not out yet.
   */
  'download.manifest': { schema: downloadManifestSchema, fallback: EMPTY_DOWNLOAD_MANIFEST },
  /**
   * Withdrawal review: when enabled, a withdrawal above `above_fen` waits (审核中, its
   * amount frozen) until a finance operator pays or refuses it; at or below it the payout pays it.
   */
  'withdrawal.review': {
    schema: z.object({ enabled: z.boolean(), above_fen: z.number().int().min(0).max(WITHDRAW_REVIEW_ABOVE_MAX_FEN) }),
    fallback: { enabled: true, above_fen: WITHDRAW_REVIEW_ABOVE_FEN },
  },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTINGS)[K]['schema']>;

/** A stored value as the setting reads it: the default when absent (null) or no longer valid. */
export function settingOf<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
  const parsed = stored === null || stored === undefined ? null : SETTINGS[key].schema.safeParse(stored);
  return (parsed?.success ? parsed.data : SETTINGS[key].fallback) as SettingValue<K>;
}

/**
 * The stored value of `key` as a scalar subquery, for a statement that reads it with its own rows
 * (one round trip less on a hot path); read it with settingOf.
 */
export function storedSettingSql(key: SettingKey): SQL<unknown> {
  return sql`(select ${siteSettings.value} from ${siteSettings} where ${siteSettings.key} = ${key})`;
}

export async function readSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  return settingOf(key, row?.value);
}

export async function readSettings<K extends SettingKey>(db: DbOrTx, keys: readonly K[]): Promise<{ [P in K]: SettingValue<P> }> {
  const rows = await db.select().from(siteSettings).where(inArray(siteSettings.key, [...keys]));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const out = {} as Record<K, unknown>;
  for (const key of keys) out[key] = settingOf(key, stored.get(key));
  return out as { [P in K]: SettingValue<P> };
}

/** Validates and stores one setting (throws a ZodError on a bad value). */
export async function writeSetting<K extends SettingKey>(db: DbOrTx, key: K, value: SettingValue<K>, now: Date = new Date()): Promise<void> {
  const parsed = SETTINGS[key].schema.parse(value);
  await db
    .insert(siteSettings)
    .values({ key, value: parsed, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: parsed, updatedAt: now } });
}
