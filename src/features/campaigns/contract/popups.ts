/**
 * The wire contract of the popups of spec §3/§7: GET /api/v1/popup_advertisement (a list of
 * PopupAd) and GET /api/v1/common/emergencyNotices (a list of EmergencyNotice). The shapes are the
 * ones the pure rules read (features/campaigns/rules/ad-choice.ts, features/campaigns/rules/notice-popups.ts).
 */
export type { PopupAd } from '~/features/campaigns/rules/ad-choice';
export type { EmergencyNotice } from '~/features/campaigns/rules/notice-popups';

/** spec §7 popup advertisement path (exact) and ours for today's emergency notices (common group). */
export const POPUP_ADS_PATH = '/popup_advertisement';
export const EMERGENCY_NOTICES_PATH = '/common/emergencyNotices';
