/** Issue 28: the 渠道 report shows only well-formed channel values; the rest count as 其他. */
import { describe, expect, it } from 'vitest';
import { OTHER_CHANNEL, channelLabel } from '~/features/console/rules/channel-label';

describe('channel labels', () => {
  it.each(['baidu', 'qihu360', 'wx', 'toutiao', 'wx_ad-2', 'a.b', '7', 'x'.repeat(32)])('%s is a channel code', (raw) => {
    expect(channelLabel(raw)).toBe(raw);
  });

  it.each(['', ' baidu', 'baidu ', '<script>', '百度推广', 'a b', '-wx', '_wx', 'x'.repeat(33), 'wx?a=1', 'wx%20', 'baidu\u0000'])('%j counts as 其他', (raw) => {
    expect(channelLabel(raw)).toBe(OTHER_CHANNEL);
  });
});
