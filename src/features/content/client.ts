/**
 * The content's public reads the site's chrome makes: spec §7 "GET wechat official-account config"
 * (common/wechatOfficialConfig?page=) and the 联系我们 modal's contacts (common/contacts). A failure
 * of either only hides what it feeds (spec §8), so they go through callPublic: no token, and no
 * error toast for something the renter never asked for.
 */
import type { SiteContacts } from '~/features/content/contract/site-settings';
import type { OfficialAccountConfig, OfficialAccountPage } from '~/features/content/contract/wechat-official';
import { CONTENT_ROUTES } from '~/features/content/routes';
import { callPublic } from '~/platform/client/public-get';

export type { OfficialAccountConfig, OfficialAccountPage };

export function getOfficialAccountConfig(page: OfficialAccountPage, signal?: AbortSignal): Promise<OfficialAccountConfig> {
  return callPublic(CONTENT_ROUTES.officialAccountConfig, { page }, signal);
}

export function getSiteContacts(signal?: AbortSignal): Promise<SiteContacts> {
  return callPublic(CONTENT_ROUTES.contacts, {}, signal);
}
