/**
 * Spec §1 visitor tracking and §3 local storage keys: the channel parameters a visitor arrives
 * with (a, b, c; bd_vid; qhclickid; sourceid), read from the query or the route, and kept in
 * localStorage under the spec's keys so a later registration can be reported as a conversion.
 *
 * Mapping (the spec names the keys, not their meaning; docs/decisions.md "Channels"):
 *   a → channelInfo.channel, b → channelInfo.netId, c → channelInfo.uid;
 *   sourceid → channelInfo.channel when a is absent (some ad platforms only send sourceid);
 *   bd_vid → baidu_bd_vid, qhclickid → qhclickid (click ids the ad platforms match conversions by).
 * "The route": the query part of a hash route (`/#/register?a=x`), which old links carry; the
 * real query wins over it.
 */

export const CHANNEL_INFO_KEY = 'channelInfo';
export const BAIDU_BD_VID_KEY = 'baidu_bd_vid';
export const QHCLICKID_KEY = 'qhclickid';
/** Ours: the URL the channel visit landed on (the conversion report's landing URL). */
export const CHANNEL_LANDING_KEY = 'channelLanding';

/** spec §3 Channel info (local). */
export interface ChannelInfo {
  channel: string;
  netId: string;
  uid: string;
}

export interface ChannelParams {
  channelInfo: ChannelInfo | null;
  bdVid: string | null;
  qhclickid: string | null;
  sourceid: string | null;
}

export interface StoredChannel {
  channelInfo: ChannelInfo | null;
  bdVid: string | null;
  qhclickid: string | null;
  landingUrl: string | null;
}

/** Ids are short tokens; anything else (markup, spaces, megabytes) is ignored, not stored. */
const ID_PATTERN = /^[\w.~:@%+=,-]{1,64}$/;
const CLICK_ID_PATTERN = /^[\w.~:@%+=,-]{1,256}$/;

function pick(params: URLSearchParams[], key: string, pattern: RegExp): string | null {
  for (const source of params) {
    const value = source.get(key)?.trim();
    if (value && pattern.test(value)) return value;
  }
  return null;
}

/** The query string inside a hash route (`#/path?x=1` → `x=1`); '' when there is none. */
function hashQuery(hash: string): string {
  const at = hash.indexOf('?');
  return at === -1 ? '' : hash.slice(at + 1);
}

/** The channel parameters of a URL's search and hash. */
export function parseChannelParams(search: string, hash = ''): ChannelParams {
  const sources = [new URLSearchParams(search), new URLSearchParams(hashQuery(hash))];
  const a = pick(sources, 'a', ID_PATTERN);
  const sourceid = pick(sources, 'sourceid', ID_PATTERN);
  const channel = a ?? sourceid;
  return {
    channelInfo: channel ? { channel, netId: pick(sources, 'b', ID_PATTERN) ?? '', uid: pick(sources, 'c', ID_PATTERN) ?? '' } : null,
    bdVid: pick(sources, 'bd_vid', CLICK_ID_PATTERN),
    qhclickid: pick(sources, 'qhclickid', CLICK_ID_PATTERN),
    sourceid,
  };
}

export const hasChannel = (p: { channelInfo: ChannelInfo | null; bdVid: string | null; qhclickid: string | null }): boolean =>
  p.channelInfo !== null || p.bdVid !== null || p.qhclickid !== null;

/**
 * Keeps what the URL carries (the latest channel visit wins, key by key) and the landing URL; a URL
 * without channel parameters leaves storage as it was. Returns whether anything was written.
 */
export function saveChannelParams(params: ChannelParams, landingUrl: string, store: Storage | null): boolean {
  if (!store || !hasChannel(params)) return false;
  try {
    if (params.channelInfo) store.setItem(CHANNEL_INFO_KEY, JSON.stringify(params.channelInfo));
    if (params.bdVid) store.setItem(BAIDU_BD_VID_KEY, params.bdVid);
    if (params.qhclickid) store.setItem(QHCLICKID_KEY, params.qhclickid);
    store.setItem(CHANNEL_LANDING_KEY, landingUrl.slice(0, 2048));
    return true;
  } catch {
    // Storage full or blocked: this visit is simply not attributed.
    return false;
  }
}

function readChannelInfo(raw: string | null): ChannelInfo | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof ChannelInfo, unknown>> | null;
    if (typeof value !== 'object' || value === null || typeof value.channel !== 'string' || !ID_PATTERN.test(value.channel)) return null;
    const text = (v: unknown): string => (typeof v === 'string' && ID_PATTERN.test(v) ? v : '');
    return { channel: value.channel, netId: text(value.netId), uid: text(value.uid) };
  } catch {
    return null;
  }
}

/** What storage holds; a malformed value reads as absent (it was not written by us). */
export function readStoredChannel(store: Storage | null): StoredChannel {
  const get = (key: string): string | null => {
    try {
      return store?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const id = (key: string): string | null => {
    const value = get(key);
    return value && CLICK_ID_PATTERN.test(value) ? value : null;
  };
  const landing = get(CHANNEL_LANDING_KEY);
  return {
    channelInfo: readChannelInfo(get(CHANNEL_INFO_KEY)),
    bdVid: id(BAIDU_BD_VID_KEY),
    qhclickid: id(QHCLICKID_KEY),
    landingUrl: landing && /^https?:\/\//.test(landing) ? landing : null,
  };
}

/** The report record's sem (spec §3): the channel name, else the ad platform a click id came from. */
export function semOf(stored: Pick<StoredChannel, 'channelInfo' | 'bdVid' | 'qhclickid'>): string | null {
  if (stored.channelInfo) return stored.channelInfo.channel;
  if (stored.bdVid) return 'baidu';
  if (stored.qhclickid) return 'qihu360';
  return null;
}
