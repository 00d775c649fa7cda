/**
 * 站点设置: the console's saves of the site settings. Each section's body becomes the
 * stored value of one or two keys, validated again by the key's own schema (site-settings.ts), and
 * written with one audit row per changed key (before and after) in the same transaction. Every
 * write to site_settings raises catalog_version (migration ops_settings_custom), so the cached
 * pages that show a setting (/ContactUs, /download) are rendered again on their next request.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  DOWNLOAD_PLATFORMS,
  MSG_DOWNLOAD_FILE_MISSING,
  MSG_DOWNLOAD_NO_BUILD,
  opsCommissionBodySchema,
  opsFilingBodySchema,
  opsHoldBodySchema,
  opsReviewBodySchema,
  opsWechatBodySchema,
  opsWithdrawReviewBodySchema,
  type DownloadBuild,
  type DownloadFileView,
  type DownloadManifest,
  type OpsDownloadBody,
  type SiteContacts,
} from '~/features/content/contract/site-settings';
import type { Db, DbTx } from '~/platform/db/client';
import { fenToYuan } from '~/platform/rules/money';
import type { OpsApprovalTicket } from '~/features/console/contract/ops-approvals';
import { siteSettings } from '~/platform/db/schema';
import { badRequest, conflict } from '~/platform/http/errors';
import {
  deleteDownloadFile,
  readDownloadFile,
  readSetting,
  readSettings,
  storeDownloadFile,
  writeSetting,
  type ByteSource,
  type SettingKey,
  type SettingValue,
} from '~/features/content/server';
import { writeAudit } from '~/features/console/server/audit';
import type { OperatorActor } from '~/features/console/server/operators';
import { requestApproval } from '~/features/console/server/approvals';

export const MSG_SETTINGS_UNCHANGED = '设置没有变化';

export const CONSOLE_SETTING_KEYS = [
  'seller.commission_bps',
  'seller.earnings_hold_hours',
  'seller.review_enabled',
  'seller.review_price_change_ratio',
  'site.contacts',
  'download.manifest',
  'wechat.official_account',
  'withdrawal.review',
  'site.filing',
] as const satisfies readonly SettingKey[];

export type ConsoleSettings = { [K in (typeof CONSOLE_SETTING_KEYS)[number]]: SettingValue<K> };

export function readConsoleSettings(db: Db): Promise<ConsoleSettings> {
  return readSettings(db, CONSOLE_SETTING_KEYS);
}

type Change = { [K in SettingKey]: { key: K; value: SettingValue<K> } }[SettingKey];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Stores the changes and audits each key that changed; 409 设置没有变化 when none did. The rows
 * are locked first (in key order) so two operators saving at once are serialised and each audit
 * row's `before` is what the other left.
 */
export async function saveSettings(db: Db, actor: OperatorActor, changes: readonly Change[], now: Date = new Date()): Promise<void> {
  await db.transaction((tx) => applySettings(tx, actor, changes, now));
}

/** saveSettings inside the caller's transaction (an approved request runs it so). */
async function applySettings(tx: DbTx, actor: OperatorActor, changes: readonly Change[], now: Date): Promise<void> {
  for (const key of changes.map((change) => change.key).sort()) {
    await tx.select({ key: siteSettings.key }).from(siteSettings).where(eq(siteSettings.key, key)).for('update');
  }
  let changed = 0;
  for (const change of changes) {
    const before = await readSetting(tx, change.key);
    if (same(before, change.value)) continue;
    await writeSetting(tx, change.key, change.value as never, now);
    const after = await readSetting(tx, change.key);
    await writeAudit(tx, actor, { action: 'setting.update', targetType: 'setting', targetId: change.key, before, after }, now);
    changed++;
  }
  if (changed === 0) throw conflict(MSG_SETTINGS_UNCHANGED);
}

export function saveCommission(db: Db, actor: OperatorActor, body: z.output<typeof opsCommissionBodySchema>, now?: Date): Promise<void> {
  return saveSettings(db, actor, [{ key: 'seller.commission_bps', value: { 0: body.bps_0, 1: body.bps_1, 2: body.bps_2 } }], now);
}

export function saveHold(db: Db, actor: OperatorActor, body: z.output<typeof opsHoldBodySchema>, now?: Date): Promise<void> {
  return saveSettings(db, actor, [{ key: 'seller.earnings_hold_hours', value: body.hours }], now);
}

export function saveReview(db: Db, actor: OperatorActor, body: z.output<typeof opsReviewBodySchema>, now?: Date): Promise<void> {
  return saveSettings(
    db,
    actor,
    [
      { key: 'seller.review_enabled', value: body.enabled },
      { key: 'seller.review_price_change_ratio', value: body.price_change_percent / 100 },
    ],
    now,
  );
}

export type WithdrawReviewPayload = z.output<typeof opsWithdrawReviewBodySchema>;

/**
 * POST ops/settings/withdraw-review: the withdrawal review guards payouts, so changing it is a
 * request a second operator approves (maker-checker). 409 when it would change nothing, or when a
 * change already waits.
 */
export async function saveWithdrawReview(db: Db, actor: OperatorActor, body: WithdrawReviewPayload, now: Date = new Date()): Promise<OpsApprovalTicket> {
  return db.transaction(async (tx) => {
    const before = await readSetting(tx, 'withdrawal.review');
    const value = { enabled: body.enabled, above_fen: body.above_fen };
    if (same(before, value)) throw conflict(MSG_SETTINGS_UNCHANGED);
    const rule = (review: WithdrawReviewPayload): string => (review.enabled ? `开启（超过 ¥${fenToYuan(review.above_fen)} 须审核）` : '关闭');
    return requestApproval(
      tx,
      actor,
      {
        kind: 'withdrawal.review',
        targetType: 'setting',
        targetId: 'withdrawal.review',
        amountFen: null,
        payload: value,
        summary: `提现审核：${rule(before)} → ${rule(value)}`,
        reason: '修改提现审核设置',
      },
      now,
    );
  });
}

/** The approved change (approvals.ts), under the approver. */
export async function applyWithdrawReview(tx: DbTx, actor: OperatorActor, payload: WithdrawReviewPayload, now: Date): Promise<WithdrawReviewPayload> {
  const value = { enabled: payload.enabled, above_fen: payload.above_fen };
  await applySettings(tx, actor, [{ key: 'withdrawal.review', value }], now);
  return value;
}

export function saveContacts(db: Db, actor: OperatorActor, contacts: SiteContacts, now?: Date): Promise<void> {
  return saveSettings(db, actor, [{ key: 'site.contacts', value: contacts }], now);
}

export function saveFiling(db: Db, actor: OperatorActor, body: z.output<typeof opsFilingBodySchema>, now?: Date): Promise<void> {
  return saveSettings(db, actor, [{ key: 'site.filing', value: body }], now);
}

export function saveWechat(db: Db, actor: OperatorActor, body: z.output<typeof opsWechatBodySchema>, now?: Date): Promise<void> {
  const texts: Partial<Record<'pay-result' | 'order', string>> = {};
  if (body.text_pay_result) texts['pay-result'] = body.text_pay_result;
  if (body.text_order) texts.order = body.text_order;
  return saveSettings(db, actor, [{ key: 'wechat.official_account', value: { enabled: body.enabled, follow_url: body.follow_url, text: body.text, texts } }], now);
}

function fieldError(field: string, msg: string): Error {
  return badRequest(msg, { data: { field, issues: [{ field, code: 'custom', msg }] } });
}

/**
 * The manifest of the console's download section: each named file must be an uploaded build now,
 * and its size and SHA-256 are the ones computed when it was uploaded, so the manifest cannot
 * promise bytes the server does not hold.
 */
export async function buildManifest(db: Db, body: OpsDownloadBody): Promise<DownloadManifest> {
  const builds: DownloadBuild[] = [];
  for (const platform of DOWNLOAD_PLATFORMS) {
    const file = body[`${platform}_file`];
    if (!file) continue;
    const facts = await readDownloadFile(db, file);
    if (!facts) throw fieldError(`${platform}_file`, MSG_DOWNLOAD_FILE_MISSING(file));
    builds.push({ platform, file, size: facts.size, sha256: facts.sha256, notes: body[`${platform}_notes`] });
  }
  if (builds.length === 0) throw fieldError('windows_file', MSG_DOWNLOAD_NO_BUILD);
  return { version: body.version, released_on: body.released_on, builds };
}

export async function saveDownload(db: Db, actor: OperatorActor, body: OpsDownloadBody, now?: Date): Promise<DownloadManifest> {
  const manifest = await buildManifest(db, body);
  await saveSettings(db, actor, [{ key: 'download.manifest', value: manifest }], now);
  return manifest;
}

/**
 * POST ops/downloads/upload: a launcher build streamed into the database (content's
 * storeDownloadFile), audited as `download.upload` in the transaction that makes it visible.
 */
export function uploadDownloadBuild(
  db: Db,
  actor: OperatorActor,
  upload: { name: string; body: ByteSource | null; declaredBytes: number | null },
  now: Date = new Date(),
): Promise<DownloadFileView> {
  return storeDownloadFile(
    db,
    { ...upload, uploadedBy: actor.operatorId },
    (tx, file) => writeAudit(tx, actor, { action: 'download.upload', targetType: 'download_file', targetId: file.name, after: { size: file.size, sha256: file.sha256 } }, now),
    now,
  ).then((file) => ({ ...file, uploaded_by: actor.displayName }));
}

/** POST ops/downloads/delete: a build the manifest does not offer, audited as `download.delete`. */
export function deleteDownloadBuild(db: Db, actor: OperatorActor, name: string, now: Date = new Date()): Promise<DownloadFileView> {
  return deleteDownloadFile(
    db,
    name,
    (tx, file) => writeAudit(tx, actor, { action: 'download.delete', targetType: 'download_file', targetId: file.name, before: { size: file.size, sha256: file.sha256 } }, now),
    now,
  );
}
