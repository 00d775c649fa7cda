/**
 * spec §7 "GET wechat official-account config | param page; data has qrcode and text" and §8 "A
 * failed wechat-config call hides the official-account prompt": GET common/wechatOfficialConfig
 * answers the follow QR (drawn by us, a data URL) and the page's line for the pages that show the
 * prompt, 400 for any other page, 405 for other methods, 404 when the operator switched it off or
 * never configured it.
 */
import type { APIRoute } from 'astro';
import { describe, expect, it } from 'vitest';
import { MSG_OFFICIAL_ACCOUNT_CLOSED, MSG_OFFICIAL_ACCOUNT_PAGE, OFFICIAL_ACCOUNT_PAGES, type OfficialAccountConfig } from '~/features/content/contract/wechat-official';
import type { Db } from '~/platform/db/client';
import { readSetting, writeSetting } from '~/features/content/server/site-settings';
import { ALL as otherMethods, GET as configRoute, HEAD as headRoute } from '~/pages/api/v1/common/wechatOfficialConfig';
import { DEMO_OFFICIAL_ACCOUNT } from '~/app/seed/settings';
import { TEST_DRIVERS } from './drivers';
import { callRoute, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const PATH = '/api/v1/common/wechatOfficialConfig';

function get(query: string, route: APIRoute = configRoute, method = 'GET'): Promise<CallResult<OfficialAccountConfig>> {
  return callRoute<OfficialAccountConfig>(route, `${PATH}${query}`, { method });
}

/** The SVG inside a data:image/svg+xml;base64 URL. */
function svgOf(dataUrl: string): string {
  const match = /^data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match) throw new Error(`not an SVG data URL: ${dataUrl.slice(0, 40)}`);
  return Buffer.from(match[1]!, 'base64').toString('utf8');
}

describe.each(TEST_DRIVERS)('wechat official-account config on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip, seed: false }, (opened) => {
    db = opened;
  });

  it.skipIf(skip)('nothing configured (a fresh production install): 404, no placeholder account', async () => {
    for (const page of OFFICIAL_ACCOUNT_PAGES) {
      const result = await get(`?page=${page}`);
      expect(result.status, page).toBe(404);
      expect(result.body).toMatchObject({ code: 1, msg: MSG_OFFICIAL_ACCOUNT_CLOSED });
    }
    // The rest of the file works on the demo's setting.
    await writeSetting(db, 'wechat.official_account', DEMO_OFFICIAL_ACCOUNT);
  });

  it.skipIf(skip)('answers a QR drawn as an inline SVG and the line of each page', async () => {
    const texts = new Set<string>();
    for (const page of OFFICIAL_ACCOUNT_PAGES) {
      const result = await get(`?page=${page}`);
      expect(result.status).toBe(200);
      expect(result.body.code).toBe(0);
      expect(Object.keys(result.body.data).sort()).toEqual(['qrcode', 'text']);
      expect(svgOf(result.body.data.qrcode)).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(result.body.data.text.length).toBeGreaterThan(0);
      texts.add(result.body.data.text);
    }
    // The demo setting words the prompt for each page.
    expect(texts.size).toBe(OFFICIAL_ACCOUNT_PAGES.length);
  });

  it.skipIf(skip)('the code follows the operator setting, and a page without its own line gets the default', async () => {
    const before = (await get('?page=order')).body.data.qrcode;
    const setting = await readSetting(db, 'wechat.official_account');
    await writeSetting(db, 'wechat.official_account', { ...setting, follow_url: 'https://example.com/follow-us', text: '关注我们', texts: {} });
    try {
      const after = await get('?page=order');
      expect(after.body.data.text).toBe('关注我们');
      expect(after.body.data.qrcode).not.toBe(before);
    } finally {
      await writeSetting(db, 'wechat.official_account', setting);
    }
  });

  it.skipIf(skip)('a switched-off account answers 404, so the prompt stays hidden', async () => {
    const setting = await readSetting(db, 'wechat.official_account');
    await writeSetting(db, 'wechat.official_account', { ...setting, enabled: false });
    try {
      const result = await get('?page=pay-result');
      expect(result.status).toBe(404);
      expect(result.body).toMatchObject({ code: 1, msg: MSG_OFFICIAL_ACCOUNT_CLOSED });
    } finally {
      await writeSetting(db, 'wechat.official_account', setting);
    }
    expect((await get('?page=pay-result')).status).toBe(200);
  });

  it.skipIf(skip)('a page that shows no prompt, no page, a repeated page or a NUL byte is a 400 in Chinese', async () => {
    for (const query of ['?page=home', '', '?page=', '?page=order&page=order', '?page=order%00', '?page=ORDER', `?page=${'x'.repeat(5000)}`]) {
      const result = await get(query);
      expect(result.status, query).toBe(400);
      expect(result.body.code, query).toBe(1);
      expect(result.body.msg, query).toMatch(/[\u4e00-\u9fff]/);
      expect(result.text, query).not.toContain('stack');
    }
    expect((await get('?page=home')).body.msg).toBe(MSG_OFFICIAL_ACCOUNT_PAGE);
  });

  it.skipIf(skip)('only GET (and HEAD) are allowed', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const result = await get('?page=order', otherMethods, method);
      expect(result.status, method).toBe(405);
      expect(result.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    }
    const head = await headRoute({
      request: new Request(`http://localhost${PATH}?page=order`, { method: 'HEAD' }),
      url: new URL(`http://localhost${PATH}?page=order`),
      params: {},
      locals: { db },
    } as unknown as Parameters<APIRoute>[0]);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
