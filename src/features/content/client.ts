/**
 * The content's public reads the site's chrome makes: spec §7 "GET wechat official-account config"
 * (common/wechatOfficialConfig?page=) and the 联系我们 modal's contacts (common/contacts). A failure
 * of either only hides what it feeds (spec §8), so they go through publicGet: no token, and no
 * error toast for something the renter never asked for.
 */
import type { SiteContacts } from '~/features/content/contract/site-settings';
import type { OfficialAccountConfig, OfficialAccountPage } from '~/features/content/contract/wechat-official';
import { CONTENT_ROUTES } from '~/features/content/routes';
import { publicGet } from '~/platform/client/public-get';
import type { Route } from '~/platform/wire/route';

export type { OfficialAccountConfig, OfficialAccountPage };

/** A declared public GET through publicGet (its input is the query; none of these has path parameters). */
function publicCall<In extends Record<string, string | number>, Out>(route: Route<In, Out, 'GET'>, input: In, signal?: AbortSignal): Promise<Out> {
  return publicGet<Out>(route.path, input, signal);
}

export function getOfficialAccountConfig(page: OfficialAccountPage, signal?: AbortSignal): Promise<OfficialAccountConfig> {
  return publicCall(CONTENT_ROUTES.officialAccountConfig, { page }, signal);
}

export function getSiteContacts(signal?: AbortSignal): Promise<SiteContacts> {
  return publicCall(CONTENT_ROUTES.contacts, {}, signal);
}
