/**
 * Demo popups: two popup ads with images under public/banners and one emergency notice,
 * each table seeded when it is empty (so an install seeded before these tables existed gets them
 * on its next start, and a second run changes nothing). Written through the services.
 *
 * The ads are chosen so the spec §4 rule is visible on a fresh visit: on the special-offer page the
 * tejia-only ad (priority 1) comes first; six hours later the next priority (the SVIP ad, shown
 * everywhere and once ever) follows; on home only the SVIP ad can show.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client';
import { emergencyNotices, popupAds } from '~/platform/db/schema';
import { createEmergencyNotice, type NewEmergencyNotice, createPopupAd, type NewPopupAd } from '~/features/campaigns/server';

export const DEMO_POPUP_ADS: readonly NewPopupAd[] = [
  { title: '特价专区 限时五折起', image: '/banners/popup-tejia.svg', link: '/tejia.html', priority: 1, displayFrequency: 0, position: 1 },
  { title: '开通SVIP 每单立减', image: '/banners/popup-svip.svg', link: '/svip', priority: 2, displayFrequency: 2, position: 0 },
];

export const DEMO_EMERGENCY_NOTICES: readonly NewEmergencyNotice[] = [
  {
    title: '防诈骗紧急提醒',
    content:
      '近期有不法分子冒充平台客服，以“账号异常”“退款返现”为由诱导用户私下转账。平台客服不会索要您的密码或验证码，也不会要求向个人账户转账。如遇可疑情况，请立即通过在线客服核实。',
  },
];

/** Inserts the demo ads and notices whose table is empty; returns whether it inserted anything. */
export async function seedDemoPopups(db: Db, now: Date): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${popupAds}, ${emergencyNotices} in share row exclusive mode`);
    let seeded = false;
    if ((await tx.select({ id: popupAds.id }).from(popupAds).limit(1)).length === 0) {
      for (const ad of DEMO_POPUP_ADS) await createPopupAd(tx, ad);
      seeded = true;
    }
    if ((await tx.select({ id: emergencyNotices.id }).from(emergencyNotices).limit(1)).length === 0) {
      // Started a minute ago, so "in effect now" holds for a request made at once.
      for (const notice of DEMO_EMERGENCY_NOTICES) await createEmergencyNotice(tx, { ...notice, startsAt: new Date(now.getTime() - 60_000) }, now);
      seeded = true;
    }
    return { seeded };
  });
}
