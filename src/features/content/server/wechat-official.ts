/**
 * spec §7 "GET wechat official-account config | param page; data has qrcode and text": the follow
 * QR and the line for one page, from the operator's setting (site_settings
 * 'wechat.official_account'). The code is drawn here as an SVG data URL, so the browser loads no
 * image from an outside host. A switched-off account answers 404, which the browser treats like any
 * failed call: the prompt stays hidden (spec §8).
 */
import { renderSVG } from 'uqr';
import { MSG_OFFICIAL_ACCOUNT_CLOSED, type OfficialAccountConfig, type OfficialAccountPage } from '~/features/content/contract/wechat-official';
import type { DbOrTx } from '~/platform/db/client';
import { notFound } from '~/platform/http/errors';
import { readSetting } from '~/features/content/server/site-settings';

// The follow link changes once in a long while; drawing its code once per process is enough.
let drawn: { url: string; dataUrl: string } | null = null;

function qrDataUrl(url: string): string {
  if (drawn?.url !== url) drawn = { url, dataUrl: `data:image/svg+xml;base64,${Buffer.from(renderSVG(url), 'utf8').toString('base64')}` };
  return drawn.dataUrl;
}

export async function getOfficialAccountConfig(db: DbOrTx, page: OfficialAccountPage): Promise<OfficialAccountConfig> {
  const setting = await readSetting(db, 'wechat.official_account');
  if (!setting.enabled) throw notFound(MSG_OFFICIAL_ACCOUNT_CLOSED);
  return { qrcode: qrDataUrl(setting.follow_url), text: setting.texts[page] ?? setting.text };
}
