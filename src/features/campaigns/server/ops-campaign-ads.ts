/**
 * 弹窗广告 in the console ("popup advertisements (all spec §3 fields, image upload, date
 * window, preview of the choice rule)"). Writes go through services/popup-ads.ts inside a
 * transaction that also writes the audit row; the window is typed as Shanghai days and stored as
 * instants (features/campaigns/rules/ad-schedule.ts). Which ad a visitor sees is the browser's rule; the preview
 * here runs that same rule (ad-choice.ts) with a fixed random source.
 */
import { and, count, desc, eq, gt, gte, isNull, lt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { AD_DEVICE_CODE } from '~/features/campaigns/constants';
import type { Page } from '~/platform/wire/common';
import type { AdCreateBody, AdListQuery, AdUpdateBody, OpsAdView, OpsUploadedImage } from '~/features/campaigns/contract/ops-campaigns';
import type { AdChoicePreviewView } from '~/features/campaigns/routes';
import type { PopupAd } from '~/features/campaigns/rules/ad-choice';
import { adDaysOf, adStatusAt, adWindowFromDays, previewAdRotation, type AdPreviewStep } from '~/features/campaigns/rules/ad-schedule';
import type { Db, DbOrTx } from '~/platform/db/client';
import { popupAds } from '~/platform/db/schema';
import { badRequest, notFound } from '~/platform/http/errors';
import { createPopupAd, reshapePopupAd, updatePopupAd } from '~/features/campaigns/server/popup-ads';
import { readUploadVariant, storeOwnedImage } from '~/platform/db/uploads';
import { writeAudit, type OperatorActor } from '~/features/console/server';

export const MSG_AD_NOT_FOUND = '广告不存在';
export const MSG_AD_IMAGE_MISSING = '图片不存在，请重新上传';
const MSG_AD_WINDOW = '日期无效或结束日期早于开始日期';

type PopupAdRow = typeof popupAds.$inferSelect;

export function reshapeOpsAd(row: PopupAdRow, now: Date): OpsAdView {
  const ad = reshapePopupAd(row);
  const days = adDaysOf(ad);
  return {
    ...ad,
    is_active: row.isActive,
    status: adStatusAt({ ...ad, is_active: row.isActive }, now),
    start_day: days.startDay,
    end_day: days.endDay,
    created_at: row.createdAt.toISOString(),
  };
}

function statusCondition(status: AdListQuery['status'], now: Date): SQL | undefined {
  const active = sql`${popupAds.isActive}`;
  switch (status) {
    case 'all':
      return undefined;
    case 'inactive':
      return not(active);
    case 'upcoming':
      return and(active, gt(popupAds.startDate, now));
    case 'ended':
      return and(active, lt(popupAds.endDate, now));
    case 'active':
      return and(active, or(isNull(popupAds.startDate), lte(popupAds.startDate, now)), or(isNull(popupAds.endDate), gte(popupAds.endDate, now)));
  }
}

/** One page of the console's ad list, newest first, by state (at `now`) and position. */
export async function listOpsAds(db: DbOrTx, query: AdListQuery, now: Date): Promise<Page<OpsAdView>> {
  const conditions = [statusCondition(query.status, now), query.position === 'all' ? undefined : eq(popupAds.position, Number(query.position))].filter(
    (condition): condition is SQL => condition !== undefined,
  );
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(popupAds)
      .where(where)
      .orderBy(desc(popupAds.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(popupAds).where(where),
  ]);
  return { list: rows.map((row) => reshapeOpsAd(row, now)), total: Number(total?.n ?? 0), page: query.page, page_size: query.page_size };
}

export async function getOpsAd(db: DbOrTx, id: number, now: Date): Promise<OpsAdView> {
  const [row] = await db.select().from(popupAds).where(eq(popupAds.id, id));
  if (!row) throw notFound(MSG_AD_NOT_FOUND);
  return reshapeOpsAd(row, now);
}

/** An uploaded image's own URL must name an upload that exists (a typo would pop up a broken picture). */
async function checkImage(db: Db, image: string): Promise<void> {
  const match = /^\/uploads\/([^/]+)\/([^/]+)$/.exec(image);
  if (!match) return;
  if (!(await readUploadVariant(db, match[1], match[2]))) throw badRequest(MSG_AD_IMAGE_MISSING);
}

function adRowValues(body: AdCreateBody) {
  const window = adWindowFromDays(body.start_date ?? null, body.end_date ?? null);
  if (!window) throw badRequest(MSG_AD_WINDOW);
  return {
    title: body.title,
    image: body.image,
    link: body.link ? body.link : null,
    priority: body.priority,
    displayFrequency: body.display_frequency,
    position: body.position,
    device: AD_DEVICE_CODE,
    startDate: window.startDate,
    endDate: window.endDate,
  };
}

/** POST campaigns/ads/create: a new ad, active at once (its window decides when it shows). */
export async function createOpsAd(db: Db, actor: OperatorActor, body: AdCreateBody, now: Date): Promise<OpsAdView> {
  const values = adRowValues(body);
  await checkImage(db, values.image);
  return db.transaction(async (tx) => {
    const created = await createPopupAd(tx, values);
    const view = await getOpsAd(tx, created.id, now);
    await writeAudit(tx, actor, { action: 'ad.create', targetType: 'popup_ad', targetId: view.id, after: view }, now);
    return view;
  });
}

/** POST campaigns/ads/update: every field replaced; 404 when the ad does not exist. */
export async function updateOpsAd(db: Db, actor: OperatorActor, body: AdUpdateBody, now: Date): Promise<OpsAdView> {
  const values = adRowValues(body);
  await checkImage(db, values.image);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(popupAds).where(eq(popupAds.id, body.id)).for('update');
    if (!current) throw notFound(MSG_AD_NOT_FOUND);
    await updatePopupAd(tx, body.id, values);
    const view = await getOpsAd(tx, body.id, now);
    await writeAudit(tx, actor, { action: 'ad.update', targetType: 'popup_ad', targetId: body.id, before: reshapeOpsAd(current, now), after: view }, now);
    return view;
  });
}

/** POST campaigns/ads/activate | deactivate: puts an ad on or takes it off the public list (kept for the record). */
export async function setOpsAdActive(db: Db, actor: OperatorActor, id: number, active: boolean, now: Date): Promise<OpsAdView> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(popupAds).where(eq(popupAds.id, id)).for('update');
    if (!current) throw notFound(MSG_AD_NOT_FOUND);
    const [row] = await tx.update(popupAds).set({ isActive: active }).where(eq(popupAds.id, id)).returning();
    const view = reshapeOpsAd(row!, now);
    await writeAudit(
      tx,
      actor,
      { action: active ? 'ad.activate' : 'ad.deactivate', targetType: 'popup_ad', targetId: id, before: { is_active: current.isActive }, after: { is_active: active } },
      now,
    );
    return view;
  });
}

/** POST campaigns/ads/upload: an ad image, stored like every upload (sniffed, re-encoded, no metadata). */
export async function uploadAdImage(db: Db, actor: OperatorActor, bytes: Uint8Array, now: Date): Promise<OpsUploadedImage> {
  return storeOwnedImage(db, { kind: 'operator', operatorId: actor.operatorId }, 'ad', bytes, now, {
    onStored: (tx, image) => writeAudit(tx, actor, { action: 'upload.image', targetType: 'upload', targetId: image.id, after: { purpose: 'ad', ...image } }, now),
  });
}

export interface AdChoicePreview {
  day: string;
  /** The ads the rule chose from: active web ads, by priority then id (the public list's order). */
  ads: PopupAd[];
  home: AdPreviewStep[];
  tejia: AdPreviewStep[];
}

/**
 * What a fresh visitor would see on `day` on home and on tejia (spec §4 rule, fixed random source:
 * features/campaigns/rules/ad-schedule.ts previewAdRotation). Ads still to start or already ended that day are
 * passed too; the rule's window check leaves them out, as the browser's would.
 */
export async function previewAdChoice(db: DbOrTx, day: string): Promise<AdChoicePreview> {
  const rows = await db
    .select()
    .from(popupAds)
    .where(and(sql`${popupAds.isActive}`, eq(popupAds.device, AD_DEVICE_CODE)))
    .orderBy(popupAds.priority, popupAds.id);
  const ads = rows.map(reshapePopupAd);
  return { day, ads, home: previewAdRotation(ads, day, false), tejia: previewAdRotation(ads, day, true) };
}

/** The preview as GET campaigns/ads/preview answers it: each visit's instant as ISO 8601 (what JSON makes of it). */
export async function previewAdChoiceView(db: DbOrTx, day: string): Promise<AdChoicePreviewView> {
  const preview = await previewAdChoice(db, day);
  const steps = (list: AdPreviewStep[]) => list.map((step) => ({ ...step, at: step.at.toISOString() }));
  return { ...preview, home: steps(preview.home), tejia: steps(preview.tejia) };
}
