/**
 * The content feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { currentAgreementVersions, getAgreement, listAgreementAcceptances, listAgreementVersionsForOps, publishAgreementVersion, recordAgreementAcceptances } from '~/features/content/server/agreements';
export { listContracts, MSG_CONTRACT_OUTDATED, signContract } from '~/features/content/server/contracts';
export {
  deleteDownloadFile,
  downloadContentType,
  downloadNameUsed,
  downloadsDir,
  importDownloadFolder,
  listDownloadFiles,
  lookupDownload,
  readDownloadFile,
  storeDownloadFile,
  streamDownload,
} from '~/features/content/server/downloads';
export type { ByteSource, DownloadLookup, StoredDownload } from '~/features/content/server/downloads';
export { SHIPPED_HELP_DIR, getHelpPage, importHelpPagesFromDir, listHelpPages, listHelpTypes, searchHelp } from '~/features/content/server/help';
export { markdownToPlainText, renderStoredMarkdown } from '~/features/content/server/markdown';
export { previewMarkdown, uploadContentImage } from '~/features/content/server/ops-content';
export { getAnnouncementForOps, listAnnouncementsForOps, pinAnnouncement, publishAnnouncement, saveAnnouncement } from '~/features/content/server/ops-content-announcements';
export { getHelpPageForOps, listHelpPagesForOps, listHelpTypesForOps, publishHelpPage, saveHelpPage } from '~/features/content/server/ops-content-help';
export { readSetting, readSettings, settingOf, storedSettingSql, writeSetting } from '~/features/content/server/site-settings';
export type { SettingKey, SettingValue } from '~/features/content/server/site-settings';
export { getOfficialAccountConfig } from '~/features/content/server/wechat-official';
