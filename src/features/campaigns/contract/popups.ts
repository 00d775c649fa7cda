/**
 * The wire contract of the popups of spec §3/§7: GET /api/v1/popup_advertisement (a list of
 * PopupAd) and GET /api/v1/common/emergencyNotices (a list of EmergencyNotice), declared in
 * routes.ts POPUP_ROUTES. The shapes are the ones the pure rules read
 * (features/campaigns/rules/ad-choice.ts, features/campaigns/rules/notice-popups.ts).
 */
export type { PopupAd } from '~/features/campaigns/rules/ad-choice';
export type { EmergencyNotice } from '~/features/campaigns/rules/notice-popups';

/** The largest device code an ad may name: popup_ads.device is a smallint. */
export const AD_DEVICE_MAX = 32_767;
