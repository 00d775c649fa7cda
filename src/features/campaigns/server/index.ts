/**
 * The campaigns feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { createEmergencyNotice, listEmergencyNotices } from '~/features/campaigns/server/emergency-notices';
export type { NewEmergencyNotice } from '~/features/campaigns/server/emergency-notices';
export { createOpsAd, getOpsAd, listOpsAds, previewAdChoice, previewAdChoiceView, setOpsAdActive, updateOpsAd, uploadAdImage } from '~/features/campaigns/server/ops-campaign-ads';
export { broadcastRecipients, listOpsBroadcasts, sendOpsBroadcast } from '~/features/campaigns/server/ops-campaign-broadcasts';
export { createOpsNotice, listOpsNotices, setOpsNoticeActive, updateOpsNotice } from '~/features/campaigns/server/ops-campaign-notices';
export { createBatch, deactivateBatch, exchangeCodeHash, exportBatch, getBatch, listBatches, listRedemptions, lookupCode } from '~/features/campaigns/server/ops-exchange-codes';
export { listLotteryPrizes, updateLotteryPrize } from '~/features/campaigns/server/ops-lottery-prizes';
export { activeTemplateOptions, createTemplate, getTemplate, grantTemplate, listGrants, listTemplates, previewGrant, setTemplateActive } from '~/features/campaigns/server/ops-red-packet-campaigns';
export { createPopupAd, listPopupAds } from '~/features/campaigns/server/popup-ads';
export type { NewPopupAd } from '~/features/campaigns/server/popup-ads';
export { EXCHANGE_CODE_RED_PACKET_SOURCE, TemplateRefused, issueTemplateToUser } from '~/features/campaigns/server/red-packet-templates';
