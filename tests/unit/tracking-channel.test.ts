/**
 * spec §1 visitor tracking (a, b, c; bd_vid; qhclickid; sourceid from the query or route), §3
 * Channel info and local storage keys, §7 upload-convert-data body, §3 pendingReportData with the
 * §8 format-error rule.
 */
import { describe, expect, it } from 'vitest';
import {
  BAIDU_BD_VID_KEY,
  CHANNEL_INFO_KEY,
  CHANNEL_LANDING_KEY,
  QHCLICKID_KEY,
  parseChannelParams,
  readStoredChannel,
  saveChannelParams,
  semOf,
} from '~/features/analytics/tracking/channel';
import { buildConversionBody } from '~/features/analytics/tracking/conversion';
import {
  MSG_PENDING_FORMAT_ERROR,
  PENDING_REPORT_KEY,
  appendPendingReport,
  parsePendingReports,
  removePendingReport,
  type ReportRecord,
} from '~/features/analytics/tracking/pending-reports';

function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('parseChannelParams', () => {
  it.each<[string, string, ReturnType<typeof parseChannelParams>]>([
    ['?a=toutiao&b=net7&c=u42', '', { channelInfo: { channel: 'toutiao', netId: 'net7', uid: 'u42' }, bdVid: null, qhclickid: null, sourceid: null }],
    ['?a=toutiao', '', { channelInfo: { channel: 'toutiao', netId: '', uid: '' }, bdVid: null, qhclickid: null, sourceid: null }],
    ['?bd_vid=11223344', '', { channelInfo: null, bdVid: '11223344', qhclickid: null, sourceid: null }],
    ['?qhclickid=abc-9', '', { channelInfo: null, bdVid: null, qhclickid: 'abc-9', sourceid: null }],
    ['?sourceid=sogou', '', { channelInfo: { channel: 'sogou', netId: '', uid: '' }, bdVid: null, qhclickid: null, sourceid: 'sogou' }],
    ['?a=baidu&sourceid=sogou', '', { channelInfo: { channel: 'baidu', netId: '', uid: '' }, bdVid: null, qhclickid: null, sourceid: 'sogou' }],
    ['', '#/register?a=wx&b=2&bd_vid=77', { channelInfo: { channel: 'wx', netId: '2', uid: '' }, bdVid: '77', qhclickid: null, sourceid: null }],
    ['?a=q', '#/x?a=h&c=9', { channelInfo: { channel: 'q', netId: '', uid: '9' }, bdVid: null, qhclickid: null, sourceid: null }],
    ['?page=2&invite=abc', '', { channelInfo: null, bdVid: null, qhclickid: null, sourceid: null }],
    ['?a=%3Cscript%3E&bd_vid=' + 'x'.repeat(257), '', { channelInfo: null, bdVid: null, qhclickid: null, sourceid: null }],
    ['?a=%20%20', '', { channelInfo: null, bdVid: null, qhclickid: null, sourceid: null }],
  ])('%s %s', (search, hash, expected) => {
    expect(parseChannelParams(search, hash)).toEqual(expected);
  });
});

describe('saveChannelParams / readStoredChannel (spec §3 keys channelInfo, baidu_bd_vid, qhclickid)', () => {
  it('keeps each parameter under the spec key and the landing URL', () => {
    const store = memoryStorage();
    const url = 'https://zu.example/?a=toutiao&b=n&c=u&bd_vid=B1&qhclickid=Q1';
    expect(saveChannelParams(parseChannelParams(new URL(url).search), url, store)).toBe(true);
    expect(JSON.parse(store.getItem(CHANNEL_INFO_KEY)!)).toEqual({ channel: 'toutiao', netId: 'n', uid: 'u' });
    expect(store.getItem(BAIDU_BD_VID_KEY)).toBe('B1');
    expect(store.getItem(QHCLICKID_KEY)).toBe('Q1');
    expect(store.getItem(CHANNEL_LANDING_KEY)).toBe(url);
    expect(readStoredChannel(store)).toEqual({ channelInfo: { channel: 'toutiao', netId: 'n', uid: 'u' }, bdVid: 'B1', qhclickid: 'Q1', landingUrl: url });
  });

  it('a later page without parameters leaves the kept channel alone', () => {
    const store = memoryStorage();
    saveChannelParams(parseChannelParams('?a=first'), 'https://zu.example/?a=first', store);
    expect(saveChannelParams(parseChannelParams('?page=2'), 'https://zu.example/zuhao.html?page=2', store)).toBe(false);
    expect(readStoredChannel(store).channelInfo?.channel).toBe('first');
    expect(readStoredChannel(store).landingUrl).toBe('https://zu.example/?a=first');
  });

  it('a later channel visit wins key by key', () => {
    const store = memoryStorage();
    saveChannelParams(parseChannelParams('?a=first&bd_vid=B1'), 'https://zu.example/?a=first&bd_vid=B1', store);
    saveChannelParams(parseChannelParams('?qhclickid=Q2'), 'https://zu.example/?qhclickid=Q2', store);
    expect(readStoredChannel(store)).toMatchObject({ channelInfo: { channel: 'first' }, bdVid: 'B1', qhclickid: 'Q2', landingUrl: 'https://zu.example/?qhclickid=Q2' });
  });

  it('malformed stored values read as absent', () => {
    const store = memoryStorage();
    store.setItem(CHANNEL_INFO_KEY, '{not json');
    store.setItem(BAIDU_BD_VID_KEY, 'has space');
    store.setItem(CHANNEL_LANDING_KEY, 'javascript:alert(1)');
    expect(readStoredChannel(store)).toEqual({ channelInfo: null, bdVid: null, qhclickid: null, landingUrl: null });
    store.setItem(CHANNEL_INFO_KEY, JSON.stringify({ channel: 42 }));
    expect(readStoredChannel(store).channelInfo).toBeNull();
  });

  it('sem is the channel, else the ad platform of a click id, else null', () => {
    expect(semOf({ channelInfo: { channel: 'wx', netId: '', uid: '' }, bdVid: 'b', qhclickid: null })).toBe('wx');
    expect(semOf({ channelInfo: null, bdVid: 'b', qhclickid: 'q' })).toBe('baidu');
    expect(semOf({ channelInfo: null, bdVid: null, qhclickid: 'q' })).toBe('qihu360');
    expect(semOf({ channelInfo: null, bdVid: null, qhclickid: null })).toBeNull();
  });
});

describe('buildConversionBody (spec §7 upload-convert-data, §9 type 6)', () => {
  it('carries the token, type 6, the landing URL and the kept channel', () => {
    const body = buildConversionBody(
      'tok',
      { channelInfo: { channel: 'toutiao', netId: 'n', uid: '' }, bdVid: 'B1', qhclickid: null, landingUrl: 'https://zu.example/?a=toutiao&bd_vid=B1' },
      'https://zu.example/register',
    );
    expect(body).toEqual({ token: 'tok', conversion_type: 6, landing_url: 'https://zu.example/?a=toutiao&bd_vid=B1', channel: 'toutiao', net_id: 'n', bd_vid: 'B1' });
  });

  it('is null for a visitor who came from no channel', () => {
    expect(buildConversionBody('tok', { channelInfo: null, bdVid: null, qhclickid: null, landingUrl: null }, 'https://zu.example/')).toBeNull();
  });

  it('falls back to the current URL when no landing URL was kept', () => {
    expect(buildConversionBody('t', { channelInfo: null, bdVid: null, qhclickid: 'Q', landingUrl: null }, 'https://zu.example/register')?.landing_url).toBe(
      'https://zu.example/register',
    );
  });
});

const record: ReportRecord = {
  kind: 'activity',
  name: 'zuhao',
  title: '租号大厅',
  time: 300,
  pageTools: { action: 'hidden' },
  userId: null,
  sem: null,
  prevPage: null,
  agent: 'UA',
  path: '/zuhao.html',
};

describe('pendingReportData (spec §3) and its format error (spec §8 暂存存储格式错误)', () => {
  it('the key and the message are the spec\'s', () => {
    expect(PENDING_REPORT_KEY).toBe('pendingReportData');
    expect(MSG_PENDING_FORMAT_ERROR).toBe('暂存存储格式错误');
  });

  it('absent or empty is no records, not an error', () => {
    expect(parsePendingReports(null)).toEqual({ ok: true, records: [] });
    expect(parsePendingReports('')).toEqual({ ok: true, records: [] });
  });

  it('a stored array of report records reads back', () => {
    expect(parsePendingReports(JSON.stringify([record]))).toEqual({ ok: true, records: [record] });
  });

  it.each([
    ['not JSON', '{oops'],
    ['an object, not an array', JSON.stringify(record)],
    ['a string', '"x"'],
    ['an array with a number', '[1]'],
    ['a record without a path', JSON.stringify([{ ...record, path: undefined }])],
    ['a path that is not absolute', JSON.stringify([{ ...record, path: 'http://evil' }])],
    ['a record without pageTools.action', JSON.stringify([{ ...record, pageTools: {} }])],
    ['a time that is not a number', JSON.stringify([{ ...record, time: '5' }])],
  ])('%s is a format error', (_label, raw) => {
    expect(parsePendingReports(raw)).toEqual({ ok: false });
  });

  it('append keeps the newest 20 and replaces a malformed value', () => {
    let raw: string | null = null;
    for (let i = 0; i < 25; i++) raw = appendPendingReport(raw, { ...record, time: i });
    const read = parsePendingReports(raw);
    expect(read.ok && read.records.map((r) => r.time)).toEqual(Array.from({ length: 20 }, (_, i) => i + 5));
    expect(parsePendingReports(appendPendingReport('{oops', record))).toEqual({ ok: true, records: [record] });
  });

  it('remove takes out exactly the given record, and null when none is left', () => {
    const other = { ...record, time: 1 };
    const raw = JSON.stringify([record, other]);
    expect(removePendingReport(raw, record)).toBe(JSON.stringify([other]));
    expect(removePendingReport(JSON.stringify([record]), record)).toBeNull();
  });
});
