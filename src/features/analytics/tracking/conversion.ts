/**
 * spec §7 "POST collector (upload-convert-data)": token, conversion type (§9: 6) and the landing
 * URL, sent when a visitor who came from a channel creates an account (completeLogin with
 * is_new_user, whichever way: register, SMS or QR sign-in). The server stores it once per account.
 */
import { CONVERSION_TYPE } from '~/features/analytics/constants';
import { ANALYTICS_ROUTES } from '~/features/analytics/routes';
import { hrefOf } from '~/platform/wire/route';
import { hasChannel, readStoredChannel, type StoredChannel } from '~/features/analytics/tracking/channel';

export interface ConversionBody {
  token: string;
  conversion_type: typeof CONVERSION_TYPE;
  landing_url: string;
  channel?: string;
  net_id?: string;
  uid?: string;
  bd_vid?: string;
  qhclickid?: string;
}

/** The report for a new account, or null when the visit came from no channel. */
export function buildConversionBody(token: string, stored: StoredChannel, currentUrl: string): ConversionBody | null {
  if (!hasChannel(stored)) return null;
  const body: ConversionBody = { token, conversion_type: CONVERSION_TYPE, landing_url: stored.landingUrl ?? currentUrl };
  if (stored.channelInfo) {
    body.channel = stored.channelInfo.channel;
    if (stored.channelInfo.netId) body.net_id = stored.channelInfo.netId;
    if (stored.channelInfo.uid) body.uid = stored.channelInfo.uid;
  }
  if (stored.bdVid) body.bd_vid = stored.bdVid;
  if (stored.qhclickid) body.qhclickid = stored.qhclickid;
  return body;
}

/** Posts the conversion of a just-created account (fetch keepalive: registering may navigate away). */
export async function reportConversion(token: string): Promise<void> {
  let store: Storage | null = null;
  try {
    store = localStorage;
  } catch {
    return;
  }
  const body = buildConversionBody(token, readStoredChannel(store), location.href);
  if (!body) return;
  await fetch(hrefOf(ANALYTICS_ROUTES.convert), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}
