/**
 * Popup ads and emergency notices (issue 14; spec §3, §7 GET /api/v1/popup_advertisement device=1):
 * the window filtering, the wire shape, bad input, the operator's services and the demo seed, on
 * PGlite and, when DATABASE_URL_TEST is set, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmergencyNotice, PopupAd } from '~/features/campaigns/contract/popups';
import type { Db } from '~/platform/db/client';
import { emergencyNotices, popupAds } from '~/platform/db/schema';
import { DEMO_EMERGENCY_NOTICES, DEMO_POPUP_ADS, seedDemoPopups } from '~/app/seed/popups';
import {
  createEmergencyNotice,
  deactivateEmergencyNotice,
  listEmergencyNotices,
  updateEmergencyNotice,
} from '~/features/campaigns/server/emergency-notices';
import { createPopupAd, deactivatePopupAd, listPopupAds, updatePopupAd } from '~/features/campaigns/server/popup-ads';
import { GET as getAds, HEAD as headAds, ALL as otherAds } from '~/pages/api/v1/popup_advertisement';
import { GET as getNotices, ALL as otherNotices } from '~/pages/api/v1/common/emergencyNotices';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectOk } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const HOUR = 3_600_000;

describe.each(TEST_DRIVERS)('popup ads and emergency notices on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip }, (opened) => {
    db = opened;
  });

  beforeEach(async () => {
    if (skip) return;
    await db.execute(sql`truncate ${popupAds}, ${emergencyNotices} restart identity`);
  });

  describe.skipIf(skip)('GET /api/v1/popup_advertisement', () => {
    it('lists active ads of the device whose window has not ended, by priority then id, in the spec §3 shape', async () => {
      const now = new Date();
      const later = await createPopupAd(db, { title: '稍后开始', image: '/banners/popup-svip.svg', priority: 2, startDate: new Date(now.getTime() + HOUR) });
      const running = await createPopupAd(db, {
        title: '进行中',
        image: '/banners/popup-tejia.svg',
        link: '/tejia.html',
        priority: 1,
        displayFrequency: 1,
        position: 1,
        startDate: new Date(now.getTime() - HOUR),
        endDate: new Date(now.getTime() + HOUR),
      });
      await createPopupAd(db, { title: '已结束', image: '/a.svg', endDate: new Date(now.getTime() - 1000) });
      const withdrawn = await createPopupAd(db, { title: '已下架', image: '/a.svg' });
      await deactivatePopupAd(db, withdrawn.id);
      await createPopupAd(db, { title: '其他设备', image: '/a.svg', device: 2 });

      const result = await callRoute<PopupAd[]>(getAds, '/api/v1/popup_advertisement?device=1');
      const ads = expectOk(result);
      expect(ads.map((ad) => ad.title)).toEqual(['进行中', '稍后开始']);
      expect(ads[0]).toEqual({
        id: running.id,
        title: '进行中',
        image: '/banners/popup-tejia.svg',
        link: '/tejia.html',
        priority: 1,
        display_frequency: 1,
        position: 1,
        start_date: new Date(now.getTime() - HOUR).toISOString(),
        end_date: new Date(now.getTime() + HOUR).toISOString(),
      });
      expect(ads[1]).toMatchObject({ id: later.id, link: null, display_frequency: 0, position: 0, end_date: null });
      expect(result.headers.get('cache-control')).toBe('public, max-age=60');

      const other = expectOk(await callRoute<PopupAd[]>(getAds, '/api/v1/popup_advertisement?device=2'));
      expect(other.map((ad) => ad.title)).toEqual(['其他设备']);
    });

    it('an ad ending exactly now is still listed; one ended a millisecond ago is not', async () => {
      const now = new Date('2026-03-10T04:00:00Z');
      await createPopupAd(db, { title: '正好结束', image: '/a.svg', endDate: now });
      await createPopupAd(db, { title: '刚结束', image: '/a.svg', endDate: new Date(now.getTime() - 1) });
      expect((await listPopupAds(db, 1, now)).map((ad) => ad.title)).toEqual(['正好结束']);
    });

    it.each([
      ['no device', '', 400, '参数 device'],
      ['device=0', '?device=0', 400, '参数 device'],
      ['device=abc', '?device=abc', 400, '参数 device'],
      ['a huge device', '?device=99999999999999999999', 400, '参数 device'],
      ['device=1.5', '?device=1.5', 400, '参数 device'],
      ['a NUL byte', '?device=1%00', 400, '非法字符'],
      ['device twice', '?device=1&device=2', 400, '参数 device'],
    ])('%s answers %i with a Chinese message', async (_name, query, status, text) => {
      const result = await callRoute(getAds, `/api/v1/popup_advertisement${query}`);
      expect(result.status).toBe(status);
      expect(result.body.code).not.toBe(0);
      expect(result.body.msg).toContain(text);
      expect(result.text).not.toMatch(/stack|Error:/);
    });

    it('POST answers 405 naming GET; HEAD has no body', async () => {
      const post = await callRoute(otherAds, '/api/v1/popup_advertisement?device=1', { method: 'POST', body: {} });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toContain('GET');
      const head = await headAds({ request: new Request('http://localhost/api/v1/popup_advertisement?device=1', { method: 'HEAD' }), url: new URL('http://localhost/api/v1/popup_advertisement?device=1'), params: {}, locals: { db } } as never);
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
    });
  });

  describe.skipIf(skip)('GET /api/v1/common/emergencyNotices (today\'s: in effect now)', () => {
    it('lists active notices that have started and not ended, oldest start first, as id/title/content', async () => {
      const now = new Date();
      const second = await createEmergencyNotice(db, { title: '第二条', content: '内容二', startsAt: new Date(now.getTime() - HOUR) }, now);
      const first = await createEmergencyNotice(db, { title: '第一条', content: '内容一', startsAt: new Date(now.getTime() - 2 * HOUR), endsAt: new Date(now.getTime() + HOUR) }, now);
      await createEmergencyNotice(db, { title: '未开始', content: '…', startsAt: new Date(now.getTime() + HOUR) }, now);
      await createEmergencyNotice(db, { title: '已结束', content: '…', startsAt: new Date(now.getTime() - 3 * HOUR), endsAt: new Date(now.getTime() - 1000) }, now);
      const withdrawn = await createEmergencyNotice(db, { title: '已撤回', content: '…' }, new Date(now.getTime() - HOUR));
      await deactivateEmergencyNotice(db, withdrawn.id);

      const result = await callRoute<EmergencyNotice[]>(getNotices, '/api/v1/common/emergencyNotices');
      expect(expectOk(result)).toEqual([
        { id: first.id, title: '第一条', content: '内容一' },
        { id: second.id, title: '第二条', content: '内容二' },
      ]);
      expect(result.headers.get('cache-control')).toBe('public, max-age=60');
    });

    it('the window is [starts_at, ends_at): in at its start, out at its end', async () => {
      const start = new Date('2026-03-10T04:00:00Z');
      await createEmergencyNotice(db, { title: '窗口', content: '内容', startsAt: start, endsAt: new Date(start.getTime() + HOUR) }, start);
      expect(await listEmergencyNotices(db, new Date(start.getTime() - 1))).toEqual([]);
      expect(await listEmergencyNotices(db, start)).toHaveLength(1);
      expect(await listEmergencyNotices(db, new Date(start.getTime() + HOUR - 1))).toHaveLength(1);
      expect(await listEmergencyNotices(db, new Date(start.getTime() + HOUR))).toEqual([]);
    });

    it('PUT answers 405', async () => {
      const put = await callRoute(otherNotices, '/api/v1/common/emergencyNotices', { method: 'PUT', body: {} });
      expect(put.status).toBe(405);
    });
  });

  describe.skipIf(skip)('the operator\'s services (issue 15 console)', () => {
    it.each([
      ['an empty title', { title: '', image: '/a.svg' }, '标题不能为空'],
      ['a NUL in the title', { title: 'a\u0000b', image: '/a.svg' }, '非法字符'],
      ['a javascript: image', { title: 't', image: 'javascript:alert(1)' }, '站内路径'],
      ['a protocol-relative link', { title: 't', image: '/a.svg', link: '//evil.example/x' }, '站内路径'],
      ['priority 4', { title: 't', image: '/a.svg', priority: 4 }, '1、2 或 3'],
      ['frequency 9', { title: 't', image: '/a.svg', displayFrequency: 9 }, 'displayFrequency'],
      ['position 2', { title: 't', image: '/a.svg', position: 2 }, '仅特价页'],
      ['an end before the start', { title: 't', image: '/a.svg', startDate: '2026-03-10T00:00:00Z', endDate: '2026-03-09T00:00:00Z' }, '结束时间不能早于开始时间'],
    ])('createPopupAd refuses %s', async (_name, input, message) => {
      await expect(createPopupAd(db, input as never)).rejects.toThrow(message);
      expect(await listPopupAds(db, 1, new Date())).toEqual([]);
    });

    it('updatePopupAd changes the given fields, checks the whole window, and answers 404 for a missing ad', async () => {
      const ad = await createPopupAd(db, { title: '原标题', image: '/a.svg', startDate: '2026-03-10T00:00:00Z' });
      const updated = await updatePopupAd(db, ad.id, { title: '新标题', priority: 3 });
      expect(updated).toMatchObject({ id: ad.id, title: '新标题', priority: 3, image: '/a.svg', start_date: '2026-03-10T00:00:00.000Z' });
      await expect(updatePopupAd(db, ad.id, { endDate: '2026-03-09T00:00:00Z' })).rejects.toMatchObject({ httpStatus: 400 });
      await expect(updatePopupAd(db, 999_999, { title: 'x' })).rejects.toMatchObject({ httpStatus: 404, message: '广告不存在' });
      await expect(deactivatePopupAd(db, 999_999)).rejects.toMatchObject({ httpStatus: 404 });
    });

    it('createEmergencyNotice and updateEmergencyNotice validate; deactivate takes it off the list', async () => {
      const now = new Date();
      await expect(createEmergencyNotice(db, { title: '标题', content: '' }, now)).rejects.toThrow('内容不能为空');
      await expect(createEmergencyNotice(db, { title: 'x'.repeat(65), content: '内容' }, now)).rejects.toThrow();
      await expect(createEmergencyNotice(db, { title: '标题', content: '内容', startsAt: now, endsAt: now }, now)).rejects.toMatchObject({ httpStatus: 400 });
      const notice = await createEmergencyNotice(db, { title: '标题', content: '内容', startsAt: new Date(now.getTime() - 1000) }, now);
      expect(await updateEmergencyNotice(db, notice.id, { content: '新内容' })).toEqual({ id: notice.id, title: '标题', content: '新内容' });
      await expect(updateEmergencyNotice(db, 999_999, { title: 'x' })).rejects.toMatchObject({ httpStatus: 404, message: '公告不存在' });
      expect(await listEmergencyNotices(db, now)).toHaveLength(1);
      await deactivateEmergencyNotice(db, notice.id);
      expect(await listEmergencyNotices(db, now)).toEqual([]);
    });
  });

  describe.skipIf(skip)('the demo seed', () => {
    it('adds the demo ads and notice once, with images the site serves', async () => {
      const now = new Date();
      expect(await seedDemoPopups(db, now)).toEqual({ seeded: true });
      expect(await seedDemoPopups(db, now)).toEqual({ seeded: false });
      const ads = await listPopupAds(db, 1, now);
      expect(ads.map((ad) => ad.title)).toEqual(DEMO_POPUP_ADS.map((ad) => ad.title));
      for (const ad of ads) expect(ad.image).toMatch(/^\/banners\/popup-[a-z]+\.svg$/);
      expect((await listEmergencyNotices(db, now)).map((notice) => notice.title)).toEqual(DEMO_EMERGENCY_NOTICES.map((notice) => notice.title));
    });
  });
});
