/**
 * Popup advertisements (spec §3 Popup advertisement, §7 GET /api/v1/popup_advertisement device=1,
 * §9 ad constants). The server lists what may be shown; which one is shown, and how often, is the
 * browser's choice (features/campaigns/rules/ad-choice.ts) because the counts live in the visitor's local storage.
 * create/update/deactivate serve the operator console.
 */
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AD_DEVICE_CODE, AD_PRIORITIES } from '~/features/campaigns/constants';
import { textSchema } from '~/platform/wire/common';
import { isSameSitePath } from '~/platform/rules/return-path';
import { AD_DEVICE_MAX, type PopupAd } from '~/features/campaigns/contract/popups';
import type { DbOrTx } from '~/platform/db/client';
import { popupAds } from '~/platform/db/schema';

type PopupAdRow = typeof popupAds.$inferSelect;
import { badRequest, notFound, withReason } from '~/platform/http/errors';

/** Rows become the wire shape here and only here (STYLE 8). */
export function reshapePopupAd(row: Pick<PopupAdRow, 'id' | 'title' | 'image' | 'link' | 'priority' | 'displayFrequency' | 'position' | 'startDate' | 'endDate'>): PopupAd {
  return {
    id: row.id,
    title: row.title,
    image: row.image,
    link: row.link,
    priority: row.priority,
    display_frequency: row.displayFrequency,
    position: row.position,
    start_date: row.startDate?.toISOString() ?? null,
    end_date: row.endDate?.toISOString() ?? null,
  };
}

/**
 * Active ads of a device whose window has not ended at `now`, by priority then id. Ads that start
 * later are listed too: the list is kept for 10 minutes (spec §7) and the browser checks the window
 * itself (spec §4 eligibility), so an ad starting within that time still shows on time.
 */
export async function listPopupAds(db: DbOrTx, device: number, now: Date): Promise<PopupAd[]> {
  const rows = await db
    .select()
    .from(popupAds)
    .where(and(sql`${popupAds.isActive}`, eq(popupAds.device, device), or(isNull(popupAds.endDate), gte(popupAds.endDate, now))))
    .orderBy(asc(popupAds.priority), asc(popupAds.id));
  return rows.map(reshapePopupAd);
}

// ---------------------------------------------------------------------------------------------
// the operator console

/** A site path (/ads/x.svg, /uploads/...) or an http(s) URL; never javascript: or a protocol-relative //host. */
const linkSchema = (max: number) =>
  textSchema(max)
    .min(1, { error: '不能为空' })
    .refine((value) => (value.startsWith('/') ? isSameSitePath(value) : /^https?:\/\/[^\s/\\]+/i.test(value)), {
      error: withReason('应为站内路径（以 / 开头）或 http(s) 网址'),
    });

const dateSchema = z.coerce.date({ error: withReason('应为日期时间') }).refine((value) => !Number.isNaN(value.getTime()), { error: withReason('应为日期时间') });

const adFields = {
  title: textSchema(64).min(1, { error: '标题不能为空' }),
  image: linkSchema(1000),
  link: linkSchema(1000).nullable().optional(),
  priority: z.int({ error: withReason('应为 1、2 或 3') }).refine((value) => (AD_PRIORITIES as readonly number[]).includes(value), { error: withReason('应为 1、2 或 3') }),
  displayFrequency: z.int({ error: withReason('应为 0 到 3') }).min(0).max(3),
  position: z.union([z.literal(0), z.literal(1)], { error: withReason('应为 0（全站）或 1（仅特价页）') }),
  device: z.int().min(1).max(AD_DEVICE_MAX).optional(),
  startDate: dateSchema.nullable().optional(),
  endDate: dateSchema.nullable().optional(),
};

const windowInOrder = (ad: { startDate?: Date | null; endDate?: Date | null }): boolean => !ad.startDate || !ad.endDate || ad.endDate >= ad.startDate;
const MSG_WINDOW = '结束时间不能早于开始时间';

export const newPopupAdSchema = z
  .object({ ...adFields, priority: adFields.priority.default(1), displayFrequency: adFields.displayFrequency.default(0), position: adFields.position.default(0) })
  .refine(windowInOrder, { error: MSG_WINDOW, path: ['endDate'] });
export type NewPopupAd = z.input<typeof newPopupAdSchema>;

export const popupAdPatchSchema = z.object(adFields).partial();
export type PopupAdPatch = z.input<typeof popupAdPatchSchema>;

/** Adds an ad (active); returns it as the list shows it. */
export async function createPopupAd(db: DbOrTx, input: NewPopupAd): Promise<PopupAd> {
  const ad = await newPopupAdSchema.parseAsync(input);
  const [row] = await db
    .insert(popupAds)
    .values({
      title: ad.title,
      image: ad.image,
      link: ad.link ?? null,
      priority: ad.priority,
      displayFrequency: ad.displayFrequency,
      position: ad.position,
      device: ad.device ?? AD_DEVICE_CODE,
      startDate: ad.startDate ?? null,
      endDate: ad.endDate ?? null,
    })
    .returning();
  return reshapePopupAd(row!);
}

/** Changes the given fields of an ad; 404 when it does not exist; the window is checked as a whole. */
export async function updatePopupAd(db: DbOrTx, id: number, patch: PopupAdPatch): Promise<PopupAd> {
  const changes = await popupAdPatchSchema.parseAsync(patch);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(popupAds).where(eq(popupAds.id, id)).for('update');
    if (!current) throw notFound('广告不存在');
    const startDate = changes.startDate === undefined ? current.startDate : changes.startDate;
    const endDate = changes.endDate === undefined ? current.endDate : changes.endDate;
    if (!windowInOrder({ startDate, endDate })) throw badRequest(MSG_WINDOW);
    const [row] = await tx
      .update(popupAds)
      .set({
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.image !== undefined && { image: changes.image }),
        ...(changes.link !== undefined && { link: changes.link }),
        ...(changes.priority !== undefined && { priority: changes.priority }),
        ...(changes.displayFrequency !== undefined && { displayFrequency: changes.displayFrequency }),
        ...(changes.position !== undefined && { position: changes.position }),
        ...(changes.device !== undefined && { device: changes.device }),
        startDate,
        endDate,
      })
      .where(eq(popupAds.id, id))
      .returning();
    return reshapePopupAd(row!);
  });
}

/** Takes an ad off the list (kept for the record); 404 when it does not exist. */
export async function deactivatePopupAd(db: DbOrTx, id: number): Promise<void> {
  const rows = await db.update(popupAds).set({ isActive: false }).where(eq(popupAds.id, id)).returning({ id: popupAds.id });
  if (rows.length === 0) throw notFound('广告不存在');
}
