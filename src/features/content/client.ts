/**
 * spec §7 "GET wechat official-account config" (common/wechatOfficialConfig?page=). A public read
 * whose failure only hides the 关注公众号 prompt (spec §8), so it goes through publicGet: no token,
 * and no error toast for a prompt the renter never asked for.
 */
import type { OfficialAccountConfig, OfficialAccountPage } from '~/features/content/contract/wechat-official';
import { publicGet } from '~/platform/client/public-get';

export type { OfficialAccountConfig, OfficialAccountPage };

export function getOfficialAccountConfig(page: OfficialAccountPage, signal?: AbortSignal): Promise<OfficialAccountConfig> {
  return publicGet<OfficialAccountConfig>('/common/wechatOfficialConfig', { page }, signal);
}
