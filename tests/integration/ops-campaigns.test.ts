/**
 * Issue 15 campaigns through the console's endpoints (and issue 16's redemption through the
 * renter's), on PGlite and PostgreSQL: popup ads and the public list, emergency-notice windows,
 * broadcasts with their counts and double submits, red-envelope grants with their limits, exchange
 * codes (generation, storage, export, redemption exactly once, expiry, limits), every action's audit
 * row, and bad input. The races run on both drivers; on PostgreSQL they are real (several
 * connections), on PGlite they only prove the answers stay right when calls interleave.
 */
import type { APIContext, APIRoute } from 'astro';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MS_PER_DAY } from '~/platform/config/constants';
import { EXCHANGE_CODE_ATTEMPTS_PER_USER } from '~/features/wallet/constants';
import type { Page } from '~/platform/wire/common';
import type { ExchangeCodeRedemption } from '~/features/wallet/contract/exchange-code';
import type { BroadcastSendResult, OpsAdView, OpsExchangeBatchView, OpsNoticeView, OpsRedPacketTemplateView, OpsUploadedImage, RedPacketGrantPreview, RedPacketGrantResult } from '~/features/campaigns/contract/ops-campaigns';
import type { PopupAd } from '~/features/campaigns/rules/ad-choice';
import { normalizeExchangeCode } from '~/features/wallet/rules/exchange-code';
import type { Db } from '~/platform/db/client';
import { exchangeCodes, goldCoinLedger, notifications, opsAuditLog, redPackets, users, wallets } from '~/platform/db/schema';
import type { Envelope } from '~/platform/http/http';
import { redeemExchangeCode } from '~/features/wallet/server/exchange-code-redemption';
import { previewAdChoice } from '~/features/campaigns/server/ops-campaign-ads';
import { exchangeCodeHash } from '~/features/campaigns/server/ops-exchange-codes';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { ensureWallet } from '~/features/wallet/server/wallet';
import { GET as publicAdsRoute } from '~/pages/api/v1/popup_advertisement';
import { GET as publicNoticesRoute } from '~/pages/api/v1/common/emergencyNotices';
import { POST as redeemRoute } from '~/pages/api/v1/account/exchangeCode';
import { GET as adListRoute } from '~/pages/api/v1/ops/campaigns/ads/index';
import { POST as adCreateRoute } from '~/pages/api/v1/ops/campaigns/ads/create';
import { POST as adUpdateRoute } from '~/pages/api/v1/ops/campaigns/ads/update';
import { POST as adActivateRoute } from '~/pages/api/v1/ops/campaigns/ads/activate';
import { POST as adDeactivateRoute } from '~/pages/api/v1/ops/campaigns/ads/deactivate';
import { POST as adUploadRoute } from '~/pages/api/v1/ops/campaigns/ads/upload';
import { GET as adPreviewRoute } from '~/pages/api/v1/ops/campaigns/ads/preview';
import { GET as noticeListRoute } from '~/pages/api/v1/ops/campaigns/notices/index';
import { POST as noticeCreateRoute } from '~/pages/api/v1/ops/campaigns/notices/create';
import { POST as noticeUpdateRoute } from '~/pages/api/v1/ops/campaigns/notices/update';
import { POST as noticeDeactivateRoute } from '~/pages/api/v1/ops/campaigns/notices/deactivate';
import { GET as recipientsRoute } from '~/pages/api/v1/ops/campaigns/broadcasts/recipients';
import { POST as sendRoute } from '~/pages/api/v1/ops/campaigns/broadcasts/send';
import { GET as broadcastListRoute } from '~/pages/api/v1/ops/campaigns/broadcasts/index';
import { POST as templateCreateRoute } from '~/pages/api/v1/ops/campaigns/red-packets/create';
import { POST as templateStatusRoute } from '~/pages/api/v1/ops/campaigns/red-packets/status';
import { GET as templateListRoute } from '~/pages/api/v1/ops/campaigns/red-packets/index';
import { POST as grantPreviewRoute } from '~/pages/api/v1/ops/campaigns/red-packets/grant-preview';
import { POST as grantRoute } from '~/pages/api/v1/ops/campaigns/red-packets/grant';
import { POST as batchCreateRoute } from '~/pages/api/v1/ops/campaigns/exchange-codes/create';
import { POST as batchDeactivateRoute } from '~/pages/api/v1/ops/campaigns/exchange-codes/deactivate';
import { GET as batchExportRoute } from '~/pages/api/v1/ops/campaigns/exchange-codes/export';
import { GET as batchListRoute } from '~/pages/api/v1/ops/campaigns/exchange-codes/index';
import { GET as lookupRoute } from '~/pages/api/v1/ops/campaigns/exchange-codes/lookup';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk } from './endpoint-call';
import { suiteContext, useSuiteDatabase } from './route-context';

const DAY = MS_PER_DAY;
/** A Shanghai day 'YYYY-MM-DD' `offset` days from now. */
const shanghaiDay = (offset: number): string => new Date(Date.now() + 8 * 3_600_000 + offset * DAY).toISOString().slice(0, 10);

const png = (colour: string): Promise<Buffer> => sharp({ create: { width: 300, height: 400, channels: 3, background: colour } }).png().toBuffer();

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`campaigns console and exchange codes (${label})`, () => {
    let db: Db;
    let serial = 0;
    let cookie = '';
    let serviceCookie = '';
    useSuiteDatabase({ driver, skip }, async (opened) => {
      db = opened;
      const ops = await createOperator(db, { username: `yy_${driver}`, password: 'campaign_pass_1', role: 'operations', displayName: '运营' });
      cookie = (await openOperatorSession(db, ops.id, new Date())).cookie;
      const service = await createOperator(db, { username: `kf_${driver}`, password: 'campaign_pass_1', role: 'service', displayName: '客服' });
      serviceCookie = (await openOperatorSession(db, service.id, new Date())).cookie;
    });

    const key = (): string => `key-${driver}-${(serial += 1)}-${Date.now()}`;

    async function freshUser(): Promise<{ id: number; username: string; authorization: string }> {
      const username = `cu_${driver}_${(serial += 1)}`;
      const id = await db.transaction((tx) => createUser(tx, { username, nickname: '活动测试' }, new Date()));
      if (id === null) throw new Error('username taken');
      const { token } = await issueToken(db, id, { now: new Date() });
      return { id, username, authorization: `Bearer ${token}` };
    }

    const post = <T>(route: APIRoute, path: string, body: unknown, as = cookie) => callRoute<T>(route, path, { method: 'POST', body, cookie: as, ip: '10.20.30.40' });
    const get = <T>(route: APIRoute, path: string, as = cookie) => callRoute<T>(route, path, { cookie: as });

    async function auditActions(targetType: string, targetId: number | string): Promise<string[]> {
      const rows = await db
        .select({ action: opsAuditLog.action })
        .from(opsAuditLog)
        .where(and(eq(opsAuditLog.targetType, targetType), eq(opsAuditLog.targetId, String(targetId))))
        .orderBy(opsAuditLog.id);
      return rows.map((row) => row.action);
    }

    async function uploadAdImage(bytes: Uint8Array, as = cookie): Promise<{ status: number; body: Envelope<OpsUploadedImage> }> {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(bytes)], 'ad.png', { type: 'image/png' }));
      const encoded = new Response(form);
      const request = new Request('http://localhost/api/v1/ops/campaigns/ads/upload', {
        method: 'POST',
        headers: { cookie: as, 'content-type': encoded.headers.get('content-type')! },
        body: await encoded.bytes(),
      });
      const response = await adUploadRoute({ request, url: new URL(request.url), params: {}, locals: suiteContext.locals() } as unknown as APIContext);
      return { status: response.status, body: (await response.json()) as Envelope<OpsUploadedImage> };
    }

    const publicAds = async (): Promise<PopupAd[]> => expectOk(await callRoute<PopupAd[]>(publicAdsRoute, '/api/v1/popup_advertisement?device=1'));

    // -------------------------------------------------------------------------------------------
    // popup ads

    it('creates an ad with an uploaded image; it is on the public list with its Shanghai-day window until deactivated', async () => {
      const uploaded = await uploadAdImage(await png('#c33'));
      expect(uploaded.status).toBe(200);
      const image = uploaded.body.data;
      expect(image.detail_url).toMatch(/^\/uploads\/\d+-[0-9a-f]{12}\/detail\.webp$/);
      expect(await auditActions('upload', image.id)).toEqual(['upload.image']);
      // The same bytes again: the same image, nothing new written.
      expect((await uploadAdImage(await png('#c33'))).body.data.id).toBe(image.id);
      expect(await auditActions('upload', image.id)).toEqual(['upload.image']);

      const start = shanghaiDay(0);
      const end = shanghaiDay(2);
      const ad = expectOk(
        await post<OpsAdView>(adCreateRoute, '/api/v1/ops/campaigns/ads/create', {
          title: '国庆特惠',
          image: image.detail_url,
          link: '/tejia.html',
          priority: 2,
          display_frequency: 1,
          position: 1,
          start_date: start,
          end_date: end,
        }),
      );
      expect(ad).toMatchObject({ title: '国庆特惠', priority: 2, display_frequency: 1, position: 1, start_day: start, end_day: end, is_active: true, status: 'active' });
      // Shanghai days, both included: from 00:00 of the first to the last millisecond of the last.
      expect(ad.start_date).toBe(new Date(`${start}T00:00:00+08:00`).toISOString());
      expect(ad.end_date).toBe(new Date(new Date(`${end}T00:00:00+08:00`).getTime() + DAY - 1).toISOString());
      expect((await publicAds()).find((listed) => listed.id === ad.id)).toMatchObject({ title: '国庆特惠', image: image.detail_url, position: 1, start_date: ad.start_date });

      const updated = expectOk(
        await post<OpsAdView>(adUpdateRoute, '/api/v1/ops/campaigns/ads/update', { id: ad.id, title: '国庆特惠·加码', image: image.detail_url, link: null, priority: 1, display_frequency: 2, position: 0, start_date: null, end_date: null }),
      );
      expect(updated).toMatchObject({ title: '国庆特惠·加码', link: null, priority: 1, display_frequency: 2, position: 0, start_date: null, end_date: null });

      expectOk(await post(adDeactivateRoute, '/api/v1/ops/campaigns/ads/deactivate', { id: ad.id }));
      expect((await publicAds()).some((listed) => listed.id === ad.id)).toBe(false);
      const inactive = expectOk(await get<Page<OpsAdView>>(adListRoute, '/api/v1/ops/campaigns/ads?status=inactive'));
      expect(inactive.list.map((row) => row.id)).toContain(ad.id);
      expectOk(await post(adActivateRoute, '/api/v1/ops/campaigns/ads/activate', { id: ad.id }));
      expect((await publicAds()).some((listed) => listed.id === ad.id)).toBe(true);

      expect(await auditActions('popup_ad', ad.id)).toEqual(['ad.create', 'ad.update', 'ad.deactivate', 'ad.activate']);
      const [update] = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'ad.update'), eq(opsAuditLog.targetId, String(ad.id))));
      expect(update).toMatchObject({ before: expect.objectContaining({ title: '国庆特惠', priority: 2 }), after: expect.objectContaining({ title: '国庆特惠·加码', priority: 1 }), ip: '10.20.30.40' });
      await post(adDeactivateRoute, '/api/v1/ops/campaigns/ads/deactivate', { id: ad.id });
    });

    it('lists ads by state at the request time', async () => {
      const image = (await uploadAdImage(await png('#3c3'))).body.data.detail_url;
      const base = { image, priority: 3, display_frequency: 0, position: 0 };
      const upcoming = expectOk(await post<OpsAdView>(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...base, title: '以后', start_date: shanghaiDay(5) }));
      const ended = expectOk(await post<OpsAdView>(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...base, title: '以前', start_date: shanghaiDay(-5), end_date: shanghaiDay(-2) }));
      expect(upcoming.status).toBe('upcoming');
      expect(ended.status).toBe('ended');
      const ids = async (status: string) => expectOk(await get<Page<OpsAdView>>(adListRoute, `/api/v1/ops/campaigns/ads?status=${status}&page_size=100`)).list.map((row) => row.id);
      expect(await ids('upcoming')).toContain(upcoming.id);
      expect(await ids('upcoming')).not.toContain(ended.id);
      expect(await ids('ended')).toContain(ended.id);
      expect(await ids('active')).not.toContain(upcoming.id);
      // The public list keeps an ad that starts later (the browser checks the window), drops an ended one.
      const listed = (await publicAds()).map((ad) => ad.id);
      expect(listed).toContain(upcoming.id);
      expect(listed).not.toContain(ended.id);
      for (const ad of [upcoming, ended]) await post(adDeactivateRoute, '/api/v1/ops/campaigns/ads/deactivate', { id: ad.id });
    });

    it('refuses bad ads with the field named, and writes nothing', async () => {
      const image = (await uploadAdImage(await png('#33c'))).body.data.detail_url;
      const good = { title: '好广告', image, priority: 1, display_frequency: 0, position: 0 };
      const before = (await db.select({ n: count() }).from(opsAuditLog))[0]!.n;
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, priority: 4 }), 400, '优先级应为 1、2 或 3');
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, display_frequency: -1 }), 400, '展示频率应为 0 到 3');
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, position: 2 }), 400, '位置应为 0（全站）或 1（仅特价页）');
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, start_date: shanghaiDay(3), end_date: shanghaiDay(1) }), 400, '结束日期不能早于开始日期');
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, start_date: '2026-02-30' }), 400, '日期格式应为YYYY-MM-DD');
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, image: '//evil.example/x.png' }), 400, '图片应为站内路径（以 / 开头），请上传图片');
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, image: 'https://cdn.example/x.png' }), 400, '图片应为站内路径（以 / 开头），请上传图片');
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, image: '/uploads/999999-abcdef012345/detail.webp' }), 400, '图片不存在，请重新上传');
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, link: 'javascript:alert(1)' }), 400, '链接应为站内路径（以 / 开头）或 http(s) 网址');
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, title: '标题\u0000' }), 400, '参数包含非法字符');
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { ...good, title: '' }), 400, '请填写标题');
      expectError(await post(adUpdateRoute, '/api/v1/ops/campaigns/ads/update', { ...good, id: 2_000_000_000 }), 404, '广告不存在');
      expectError(await post(adUpdateRoute, '/api/v1/ops/campaigns/ads/update', { ...good, id: 2_147_483_648 }), 400, /参数 id 无效/);
      expect((await db.select({ n: count() }).from(opsAuditLog))[0]!.n).toBe(before);
      // Not an image: refused by its bytes, whatever its name says.
      const notImage = await uploadAdImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'));
      expect(notImage).toMatchObject({ status: 400, body: { msg: '仅支持 JPEG、PNG、WebP 图片' } });
      // Customer service holds no `campaigns`.
      expectError(await post(adCreateRoute, '/api/v1/ops/campaigns/ads/create', good, serviceCookie), 403, '无权进行此操作');
      expect((await uploadAdImage(await png('#333'), serviceCookie)).status).toBe(403);
    });

    it('previews what a fresh visitor sees, the same every time (fixed random source)', async () => {
      const image = (await uploadAdImage(await png('#c3c'))).body.data.detail_url;
      const day = shanghaiDay(40);
      // The only ads active that far ahead: two at priority 1 (one tejia-only), one at priority 2.
      await db.execute(sql`update popup_ads set is_active = false`);
      const make = async (title: string, priority: number, position: number, frequency: number) =>
        expectOk(await post<OpsAdView>(adCreateRoute, '/api/v1/ops/campaigns/ads/create', { title, image, priority, display_frequency: frequency, position, start_date: day, end_date: day }));
      const first = await make('首选', 1, 0, 0);
      const tejiaOnly = await make('特价专享', 1, 1, 0);
      const second = await make('第二位', 2, 0, 1);
      const preview = expectOk(await get<Awaited<ReturnType<typeof previewAdChoice>>>(adPreviewRoute, `/api/v1/ops/campaigns/ads/preview?day=${day}`));
      expect(preview.home.map((step) => step.ad?.id ?? null)).toEqual([first.id, second.id, second.id, null]);
      // On tejia both priority-1 ads are candidates: the fixed draw takes the first, the other is named.
      expect(preview.tejia[0]!.ad!.id).toBe(first.id);
      expect(preview.tejia[0]!.possible.map((ad) => ad.id)).toEqual([first.id, tejiaOnly.id]);
      expect(preview.tejia.map((step) => step.ad?.id ?? null)).toEqual([first.id, second.id, tejiaOnly.id, second.id]);
      expect(await previewAdChoice(db, day)).toEqual(await previewAdChoice(db, day));
      // The day before, none of them shows.
      expect((await previewAdChoice(db, shanghaiDay(39))).home.every((step) => step.ad === null)).toBe(true);
      await db.execute(sql`update popup_ads set is_active = false`);
    });

    // -------------------------------------------------------------------------------------------
    // emergency notices

    it('publishes a notice only inside its window, withdraws it, and audits each step', async () => {
      const now = Date.now();
      const listed = async () => expectOk(await callRoute<{ id: number }[]>(publicNoticesRoute, '/api/v1/common/emergencyNotices')).map((notice) => notice.id);
      const current = expectOk(await post<OpsNoticeView>(noticeCreateRoute, '/api/v1/ops/campaigns/notices/create', { title: '系统维护', content: '今晚 2 点维护\n约一小时' }));
      expect(current).toMatchObject({ status: 'active', ends_at: null, content: '今晚 2 点维护\n约一小时' });
      const later = expectOk(
        await post<OpsNoticeView>(noticeCreateRoute, '/api/v1/ops/campaigns/notices/create', { title: '明天的', content: '明天生效', starts_at: new Date(now + DAY).toISOString(), ends_at: new Date(now + 2 * DAY).toISOString() }),
      );
      expect(later.status).toBe('upcoming');
      expect(await listed()).toContain(current.id);
      expect(await listed()).not.toContain(later.id);

      // Moved to a window that has passed: ended, off the public list.
      const ended = expectOk(
        await post<OpsNoticeView>(noticeUpdateRoute, '/api/v1/ops/campaigns/notices/update', {
          id: later.id,
          title: '昨天的',
          content: '已过去',
          starts_at: new Date(now - 2 * DAY).toISOString(),
          ends_at: new Date(now - DAY).toISOString(),
        }),
      );
      expect(ended.status).toBe('ended');
      expect(await listed()).not.toContain(later.id);
      expectError(
        await post(noticeUpdateRoute, '/api/v1/ops/campaigns/notices/update', { id: later.id, title: 'x', content: 'y', starts_at: '2030-01-02T00:00:00+08:00', ends_at: '2030-01-01T00:00:00+08:00' }),
        400,
        '结束时间应晚于开始时间',
      );
      expectError(await post(noticeCreateRoute, '/api/v1/ops/campaigns/notices/create', { title: 'x', content: 'y', starts_at: 'tomorrow' }), 400, '时间格式无效');
      expectError(await post(noticeUpdateRoute, '/api/v1/ops/campaigns/notices/update', { id: 1_999_999_999, title: 'x', content: 'y' }), 404, '通知不存在');

      expectOk(await post(noticeDeactivateRoute, '/api/v1/ops/campaigns/notices/deactivate', { id: current.id }));
      expect(await listed()).not.toContain(current.id);
      const inactive = expectOk(await get<Page<OpsNoticeView>>(noticeListRoute, '/api/v1/ops/campaigns/notices?status=inactive'));
      expect(inactive.list.map((notice) => notice.id)).toContain(current.id);
      expect(await auditActions('emergency_notice', current.id)).toEqual(['notice.create', 'notice.deactivate']);
      expect(await auditActions('emergency_notice', later.id)).toEqual(['notice.create', 'notice.update']);
    });

    // -------------------------------------------------------------------------------------------
    // broadcasts

    it('counts the recipients first, sends to exactly them, and a double submit sends once', async () => {
      const vip = await freshUser();
      await freshUser();
      await ensureWallet(db, vip.id);
      await db.update(wallets).set({ vipExpiresAt: new Date(Date.now() + 10 * DAY) }).where(eq(wallets.userId, vip.id));
      const [active] = await db.select({ n: count() }).from(users).where(eq(users.status, 'active'));
      const all = expectOk(await get<{ recipients: number; segment_label: string }>(recipientsRoute, '/api/v1/ops/campaigns/broadcasts/recipients?segment=all'));
      expect(all).toMatchObject({ recipients: Number(active!.n), segment_label: '全部用户' });
      const vips = expectOk(await get<{ recipients: number }>(recipientsRoute, '/api/v1/ops/campaigns/broadcasts/recipients?segment=vip'));
      expect(vips.recipients).toBeGreaterThanOrEqual(1);

      const requestKey = key();
      const body = { title: '会员日', content: '今天会员双倍积分', segment: 'vip', popup: false, request_key: requestKey };
      // Two clicks at once and a third after: one broadcast, one audit row.
      const [one, two] = await Promise.all([post<BroadcastSendResult>(sendRoute, '/api/v1/ops/campaigns/broadcasts/send', body), post<BroadcastSendResult>(sendRoute, '/api/v1/ops/campaigns/broadcasts/send', body)]);
      const three = await post<BroadcastSendResult>(sendRoute, '/api/v1/ops/campaigns/broadcasts/send', body);
      const results = [expectOk(one), expectOk(two), expectOk(three)];
      expect(new Set(results.map((result) => result.broadcast.id)).size).toBe(1);
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      const sent = results[0]!.broadcast;
      expect(sent).toMatchObject({ recipients: vips.recipients, segment: 'vip', popup: false, operator_username: `yy_${driver}` });
      const [rows] = await db.select({ n: count() }).from(notifications).where(eq(notifications.broadcastId, sent.id));
      expect(Number(rows!.n)).toBe(vips.recipients);
      const [mine] = await db.select().from(notifications).where(and(eq(notifications.broadcastId, sent.id), eq(notifications.userId, vip.id)));
      expect(mine).toMatchObject({ notificationType: 'broadcast', title: '会员日', popup: false });
      expect(await auditActions('broadcast', sent.id)).toEqual(['broadcast.send']);

      // The same key with other text is a client bug, not a resend.
      expectError(await post(sendRoute, '/api/v1/ops/campaigns/broadcasts/send', { ...body, content: '改了' }), 409, '该请求标识已用于其他群发，请刷新页面后重试');
      expectError(await post(sendRoute, '/api/v1/ops/campaigns/broadcasts/send', { ...body, request_key: 'bad key!' }), 400, '请求标识无效');
      expectError(await post(sendRoute, '/api/v1/ops/campaigns/broadcasts/send', { ...body, request_key: key(), segment: 'everyone' }), 400, '请选择发送对象');
      expectError(await post(sendRoute, '/api/v1/ops/campaigns/broadcasts/send', { ...body, request_key: key(), title: '' }), 400, '请填写标题');
      const history = expectOk(await get<Page<{ id: number; recipients: number }>>(broadcastListRoute, '/api/v1/ops/campaigns/broadcasts'));
      expect(history.list[0]).toMatchObject({ id: sent.id, recipients: vips.recipients });
    });

    // -------------------------------------------------------------------------------------------
    // red-envelope campaigns

    async function newTemplate(overrides: Record<string, unknown> = {}): Promise<OpsRedPacketTemplateView> {
      return expectOk(
        await post<OpsRedPacketTemplateView>(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', {
          name: '活动红包·满20减5',
          type: 2,
          min_order_amount_fen: 2000,
          discount_amount_fen: 500,
          valid_days: 7,
          per_user_limit: 1,
          ...overrides,
        }),
      );
    }

    it('grants a template to listed users once each, all or nothing, with messages, usage and audit', async () => {
      const template = await newTemplate({ total_limit: 3 });
      expect(template).toMatchObject({ label: '满20减5元', issued: 0, remaining: 3, usage: { unused: 0, used: 0, expired: 0 } });
      const [a, b, c, d] = [await freshUser(), await freshUser(), await freshUser(), await freshUser()];

      // An unknown name refuses the whole grant.
      const unknown = expectOk(
        await post<RedPacketGrantPreview>(grantPreviewRoute, '/api/v1/ops/campaigns/red-packets/grant-preview', { template_id: template.id, target: 'usernames', usernames: `${a.username}\nnobody_here` }),
      );
      expect(unknown).toMatchObject({ eligible: 1, unknown_usernames: ['nobody_here'], refusal: '以下用户名不存在或已注销：nobody_here' });
      expectError(
        await post(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: template.id, target: 'usernames', usernames: `${a.username}\nnobody_here`, request_key: key() }),
        400,
        '以下用户名不存在或已注销：nobody_here',
      );

      const names = `${a.username}, ${b.username}\n${a.username}`;
      const preview = expectOk(await post<RedPacketGrantPreview>(grantPreviewRoute, '/api/v1/ops/campaigns/red-packets/grant-preview', { template_id: template.id, target: 'usernames', usernames: names }));
      expect(preview).toMatchObject({ eligible: 2, at_limit: 0, unknown_usernames: [], remaining: 3, refusal: null });
      const requestKey = key();
      const granted = expectOk(await post<RedPacketGrantResult>(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: template.id, target: 'usernames', usernames: names, request_key: requestKey }));
      expect(granted).toMatchObject({ replayed: false, grant: { recipients: 2, skipped: 0, target_label: '指定用户（2个）' } });
      // A double submit grants nothing more.
      const again = expectOk(await post<RedPacketGrantResult>(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: template.id, target: 'usernames', usernames: names, request_key: requestKey }));
      expect(again).toMatchObject({ replayed: true, grant: { id: granted.grant.id } });

      const [envelope] = await db.select().from(redPackets).where(and(eq(redPackets.userId, a.id), eq(redPackets.templateId, template.id)));
      expect(envelope).toMatchObject({ name: '活动红包·满20减5', type: 2, minOrderAmountFen: 2000, discountAmountFen: 500, status: 1, source: 'campaign' });
      expect(envelope!.expiresAt.getTime() - envelope!.receivedAt.getTime()).toBe(7 * DAY);
      const told = await db.select().from(notifications).where(and(eq(notifications.userId, b.id), eq(notifications.title, '红包到账')));
      expect(told.map((row) => row.content)).toContain('您获得了 1 个红包：活动红包·满20减5，可在「我的红包」中查看，下单时可抵扣。');

      // Per user: a and b are skipped now; c and d would need 2 of the 1 left.
      const next = expectOk(
        await post<RedPacketGrantPreview>(grantPreviewRoute, '/api/v1/ops/campaigns/red-packets/grant-preview', { template_id: template.id, target: 'usernames', usernames: [a, b, c, d].map((u) => u.username).join('\n') }),
      );
      expect(next).toMatchObject({ eligible: 2, at_limit: 2, remaining: 1, refusal: '红包剩余数量不足：本次需发放2个，剩余1个' });
      expectError(
        await post(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: template.id, target: 'usernames', usernames: [a, b, c, d].map((u) => u.username).join('\n'), request_key: key() }),
        409,
        '红包剩余数量不足：本次需发放2个，剩余1个',
      );
      expectError(
        await post(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: template.id, target: 'usernames', usernames: a.username, request_key: key() }),
        409,
        '没有可发放的用户（对象为空，或都已达到每人限领数量）',
      );
      expectOk(await post(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: template.id, target: 'usernames', usernames: c.username, request_key: key() }));

      // One used, to see the usage.
      await db.update(redPackets).set({ status: 2, usedAt: new Date() }).where(and(eq(redPackets.userId, a.id), eq(redPackets.templateId, template.id)));
      const listed = expectOk(await get<Page<OpsRedPacketTemplateView>>(templateListRoute, '/api/v1/ops/campaigns/red-packets'));
      expect(listed.list.find((row) => row.id === template.id)).toMatchObject({ issued: 3, remaining: 0, usage: { unused: 2, used: 1, expired: 0 } });
      expect(await auditActions('red_packet_template', template.id)).toEqual(['red_packet_template.create', 'red_packet.grant', 'red_packet.grant']);

      // A stopped template grants nothing.
      const other = await newTemplate({ name: '停用的', total_limit: null });
      expectOk(await post(templateStatusRoute, '/api/v1/ops/campaigns/red-packets/status', { id: other.id, active: false }));
      expectError(await post(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: other.id, target: 'usernames', usernames: d.username, request_key: key() }), 409, '该红包模板已停用');
    });

    it('grants to a segment in one statement, skipping users at the limit', async () => {
      const template = await newTemplate({ name: '卖家红包', type: 1, discount_percentage: 90, max_discount_amount_fen: 300, discount_amount_fen: 999 });
      // Fields of the other type are dropped.
      expect(template).toMatchObject({ label: '9折 满20可用 最高减3元', discount_amount_fen: null, discount_percentage: 90 });
      const [active] = await db.select({ n: count() }).from(users).where(eq(users.status, 'active'));
      const first = expectOk(await post<RedPacketGrantResult>(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: template.id, target: 'segment', segment: 'all', request_key: key() }));
      expect(first.grant.recipients).toBe(Number(active!.n));
      const late = await freshUser();
      const second = expectOk(await post<RedPacketGrantResult>(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: template.id, target: 'segment', segment: 'all', request_key: key() }));
      expect(second.grant).toMatchObject({ recipients: 1, skipped: Number(active!.n) });
      const [held] = await db.select({ n: count() }).from(redPackets).where(and(eq(redPackets.userId, late.id), eq(redPackets.templateId, template.id)));
      expect(Number(held!.n)).toBe(1);
    });

    it('refuses bad templates and grants', async () => {
      expectError(await post(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', { name: '折扣', type: 1, valid_days: 7 }), 400, '折扣红包请填写折扣（如 90 表示9折）');
      expectError(await post(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', { name: '满减', type: 2, valid_days: 7 }), 400, '满减红包请填写优惠金额');
      expectError(await post(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', { name: '满减', type: 2, discount_amount_fen: 100, valid_days: 0 }), 400, '有效天数至少1天');
      expectError(await post(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', { name: '满减', type: 4, discount_amount_fen: 100, valid_days: 3 }), 400, '类型应为 1（折扣）、2（满减）或 3（免费租号券）');
      // Type 3 is a free-rental coupon (tests/integration/free-coupons.test.ts): it needs its hours.
      expectError(await post(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', { name: '租号券', type: 3, discount_amount_fen: 100, valid_days: 3 }), 400, '免费租号券请填写免费时长（小时）');
      expectError(await post(templateCreateRoute, '/api/v1/ops/campaigns/red-packets/create', { name: '满减', type: 2, discount_amount_fen: 1.5, valid_days: 3 }), 400, '优惠金额应为整数（分）');
      expectError(await post(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: 1_999_999_999, target: 'segment', segment: 'all', request_key: key() }), 404, '红包模板不存在');
      expectError(await post(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: 1, target: 'usernames', usernames: ' , ', request_key: key() }), 400, '请填写用户名');
      expectError(await post(grantRoute, '/api/v1/ops/campaigns/red-packets/grant', { template_id: 1, target: 'segment', request_key: key() }), 400, '请选择发放对象');
    });

    // -------------------------------------------------------------------------------------------
    // exchange codes

    async function newBatch(overrides: Record<string, unknown> = {}): Promise<OpsExchangeBatchView> {
      const created = expectOk(
        await post<{ batch: OpsExchangeBatchView; replayed: boolean }>(batchCreateRoute, '/api/v1/ops/campaigns/exchange-codes/create', {
          name: '直播间兑换码',
          reward_kind: 'gold',
          gold_coins: 30,
          count: 3,
          uses_per_code: 1,
          per_user_limit: 1,
          expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
          request_key: key(),
          ...overrides,
        }),
      );
      return created.batch;
    }

    async function exportCodes(batchId: number): Promise<string[]> {
      const request = new Request(`http://localhost/api/v1/ops/campaigns/exchange-codes/export?batch_id=${batchId}`, { headers: { cookie } });
      const response = await batchExportRoute({ request, url: new URL(request.url), params: {}, locals: suiteContext.locals() } as unknown as APIContext);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="exchange-codes-${batchId}.csv"`);
      const text = await response.text();
      const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('兑换码,已兑换次数,可兑换次数,兑换内容,过期时间,批次');
      return lines.slice(1).map((line) => line.split(',')[0]!);
    }

    const redeem = (user: { authorization: string }, code: string, ip = `10.7.${serial % 250}.${(serial += 1) % 250}`) =>
      callRoute<ExchangeCodeRedemption>(redeemRoute, '/api/v1/account/exchangeCode', { method: 'POST', body: { code }, authorization: user.authorization, ip });

    it('generates unguessable codes, keeps only their hash and a sealed copy, and exports them', async () => {
      const batch = await newBatch({ count: 25 });
      expect(batch).toMatchObject({ count: 25, reward_kind: 'gold', reward_label: '30 金币', status: 'active', redeemed: 0 });
      const codes = await exportCodes(batch.id);
      expect(codes).toHaveLength(25);
      expect(new Set(codes).size).toBe(25);
      for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
      // The database holds no code in the clear.
      const stored = await db.select().from(exchangeCodes).where(eq(exchangeCodes.batchId, batch.id));
      const dump = JSON.stringify(stored);
      for (const code of codes) {
        expect(dump).not.toContain(normalizeExchangeCode(code));
        expect(dump).not.toContain(code);
      }
      expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash) && row.codeCipher.startsWith('v1.'))).toBe(true);
      expect(await auditActions('exchange_batch', batch.id)).toEqual(['exchange_batch.create', 'exchange_batch.export']);

      const lookup = expectOk(await get<{ code: string; uses: number; batch: { id: number } }>(lookupRoute, `/api/v1/ops/campaigns/exchange-codes/lookup?code=${encodeURIComponent(codes[0]!.toLowerCase())}`));
      expect(lookup).toMatchObject({ code: codes[0], uses: 0, batch: { id: batch.id } });
      expectError(await get(lookupRoute, '/api/v1/ops/campaigns/exchange-codes/lookup?code=AAAA-AAAA-AAAA-AAAA'), 404, '没有这个兑换码');
      expectError(await get(lookupRoute, '/api/v1/ops/campaigns/exchange-codes/lookup?code=0000'), 400, '兑换码无效');
    });

    it('redeems a code once for gold coins, with a clear message for every refusal', async () => {
      const batch = await newBatch({ count: 2, gold_coins: 40 });
      const [first, second] = await exportCodes(batch.id);
      const renter = await freshUser();
      const other = await freshUser();

      // Typed lower case, without dashes, with spaces: still the code.
      const done = expectOk(await redeem(renter, ` ${first!.replaceAll('-', '').toLowerCase()} `));
      expect(done).toMatchObject({ reward_kind: 'gold', gold_coins: 40, coins_balance: 40, message: '兑换成功，获得 40 金币' });
      const [ledger] = await db.select().from(goldCoinLedger).where(and(eq(goldCoinLedger.userId, renter.id), eq(goldCoinLedger.kind, 'exchange_code')));
      expect(ledger).toMatchObject({ amount: 40, balanceAfter: 40 });

      expectError(await redeem(renter, first!), 409, '您已兑换过该兑换码');
      expectError(await redeem(other, first!), 409, '兑换码已被使用');
      // One code of this batch per user.
      expectError(await redeem(renter, second!), 409, '您已达到本活动的兑换次数上限');
      expectError(await redeem(other, 'ABCD-EFGH-JKMN-PQRS'), 400, '兑换码无效');
      expectError(await redeem(other, 'O0I1-LLLL-AAAA-BBBB'), 400, '兑换码无效');
      expectError(await redeem(other, ''), 400, '请输入兑换码');
      expectError(await callRoute(redeemRoute, '/api/v1/account/exchangeCode', { method: 'POST', body: { code: 7 }, authorization: other.authorization }), 400, '请输入兑换码');
      expect((await callRoute(redeemRoute, '/api/v1/account/exchangeCode', { method: 'POST', body: { code: second } })).status).toBe(401);

      // Deactivated: 兑换码已失效; the operator's action is audited.
      expectOk(await post(batchDeactivateRoute, '/api/v1/ops/campaigns/exchange-codes/deactivate', { id: batch.id }));
      expectError(await redeem(other, second!), 409, '兑换码已失效');
      const batches = expectOk(await get<Page<OpsExchangeBatchView>>(batchListRoute, '/api/v1/ops/campaigns/exchange-codes?status=disabled'));
      expect(batches.list.find((row) => row.id === batch.id)).toMatchObject({ status: 'disabled', redeemed: 1, codes_used: 1 });
      expect(await auditActions('exchange_batch', batch.id)).toEqual(['exchange_batch.create', 'exchange_batch.export', 'exchange_batch.deactivate']);
    });

    it('refuses an expired code at and after its expiry instant', async () => {
      const expiresAt = new Date(Date.now() + 60_000);
      const batch = await newBatch({ count: 1, expires_at: expiresAt.toISOString() });
      const [code] = await exportCodes(batch.id);
      const renter = await freshUser();
      await expect(redeemExchangeCode(db, renter.id, code!, '10.9.9.1', expiresAt)).rejects.toMatchObject({ httpStatus: 409, message: '兑换码已过期' });
      await expect(redeemExchangeCode(db, renter.id, code!, '10.9.9.1', new Date(expiresAt.getTime() + DAY))).rejects.toMatchObject({ message: '兑换码已过期' });
      expect((await redeemExchangeCode(db, renter.id, code!, '10.9.9.1', new Date(expiresAt.getTime() - 1))).gold_coins).toBe(30);
      expectError(
        await post(batchCreateRoute, '/api/v1/ops/campaigns/exchange-codes/create', { name: '过去', reward_kind: 'gold', gold_coins: 1, count: 1, expires_at: new Date(Date.now() - 1000).toISOString(), request_key: key() }),
        400,
        '过期时间应晚于现在',
      );
    });

    it('redeems to a template envelope under the template limits', async () => {
      const template = await newTemplate({ name: '兑换码红包', total_limit: 2 });
      const batch = await newBatch({ reward_kind: 'red_packet', template_id: template.id, gold_coins: null, count: 4, uses_per_code: 1, per_user_limit: 3 });
      expect(batch.reward_label).toBe('红包「兑换码红包」（满20减5元）');
      const codes = await exportCodes(batch.id);
      const [a, b, c] = [await freshUser(), await freshUser(), await freshUser()];
      const won = expectOk(await redeem(a, codes[0]!));
      expect(won).toMatchObject({ reward_kind: 'red_packet', message: '兑换成功，获得红包「兑换码红包」', red_packet: { name: '兑换码红包', status: 1, couponsInfo: { type: 2, discount_amount: '5.00', min_order_amount: '20.00' } } });
      // The template's own per-user limit (1) holds even though the batch allows 3; the code stays unused.
      expectError(await redeem(a, codes[1]!), 409, '您已领取过该红包，不能再兑换');
      const [unused] = await db.select().from(exchangeCodes).where(eq(exchangeCodes.codeHash, exchangeCodeHash(normalizeExchangeCode(codes[1]!)!)));
      expect(unused!.uses).toBe(0);
      expectOk(await redeem(b, codes[1]!));
      // Total 2 reached.
      expectError(await redeem(c, codes[2]!), 409, '红包已被领完');
      expectError(
        await post(batchCreateRoute, '/api/v1/ops/campaigns/exchange-codes/create', { name: '缺模板', reward_kind: 'red_packet', count: 1, expires_at: new Date(Date.now() + DAY).toISOString(), request_key: key() }),
        400,
        '请选择红包模板',
      );
    });

    it('creates one batch per request key, however often the form is sent', async () => {
      const requestKey = key();
      const body = { name: '双击', reward_kind: 'gold', gold_coins: 5, count: 20, expires_at: new Date(Date.now() + DAY).toISOString(), request_key: requestKey };
      const answers = await Promise.all([1, 2, 3].map(() => post<{ batch: OpsExchangeBatchView; replayed: boolean }>(batchCreateRoute, '/api/v1/ops/campaigns/exchange-codes/create', body)));
      const batches = answers.map((answer) => expectOk(answer));
      expect(new Set(batches.map((answer) => answer.batch.id)).size).toBe(1);
      expect(batches.filter((answer) => !answer.replayed)).toHaveLength(1);
      const [codes] = await db.select({ n: count() }).from(exchangeCodes).where(eq(exchangeCodes.batchId, batches[0]!.batch.id));
      expect(Number(codes!.n)).toBe(20);
    });

    it('limits redemption attempts per user and per address, right or wrong', async () => {
      const user = await freshUser();
      for (let i = 0; i < EXCHANGE_CODE_ATTEMPTS_PER_USER; i += 1) expectError(await redeem(user, 'WRONG-CODE'), 400, '兑换码无效');
      const blocked = await redeem(user, 'WRONG-CODE');
      expectError(blocked, 429, '兑换尝试过于频繁，请稍后再试');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // One address, many accounts.
      const ip = `10.99.${driver === 'postgres' ? 1 : 2}.1`;
      let refusedAt = -1;
      for (let i = 0; i < 40 && refusedAt < 0; i += 1) {
        const answer = await redeem(await freshUser(), 'WRONG-CODE', ip);
        if (answer.status === 429) refusedAt = i;
      }
      expect(refusedAt).toBe(30);
    });

    it('gives a one-use code to exactly one of many users redeeming at once', async () => {
      const batch = await newBatch({ count: 1 });
      const [code] = await exportCodes(batch.id);
      const racers = await Promise.all(Array.from({ length: 8 }, () => freshUser()));
      const answers = await Promise.all(racers.map((user) => redeem(user, code!)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.msg)).toEqual(Array(7).fill('兑换码已被使用'));
      const [row] = await db.select().from(exchangeCodes).where(eq(exchangeCodes.batchId, batch.id));
      expect(row!.uses).toBe(1);
      const [credited] = await db.select({ n: count() }).from(goldCoinLedger).where(and(eq(goldCoinLedger.kind, 'exchange_code'), eq(goldCoinLedger.refNo, String(row!.id))));
      expect(Number(credited!.n)).toBe(1);
    });

    it('lets one user redeem a shared code once, however many times at once', async () => {
      const batch = await newBatch({ count: 1, uses_per_code: 100, per_user_limit: 1 });
      const [code] = await exportCodes(batch.id);
      const user = await freshUser();
      const answers = await Promise.all(Array.from({ length: 6 }, () => redeem(user, code!)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(new Set(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.msg))).toEqual(new Set(['您已兑换过该兑换码']));
      const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, user.id));
      expect(wallet!.goldCoins).toBe(30);
      // Others still share it.
      expectOk(await redeem(await freshUser(), code!));
    });

    it('never issues past a template total when redemptions race', async () => {
      const template = await newTemplate({ name: '限量红包', total_limit: 3 });
      const batch = await newBatch({ reward_kind: 'red_packet', template_id: template.id, gold_coins: null, count: 8 });
      const codes = await exportCodes(batch.id);
      const racers = await Promise.all(codes.map(() => freshUser()));
      const answers = await Promise.all(racers.map((user, i) => redeem(user, codes[i]!)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
      expect(new Set(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.msg))).toEqual(new Set(['红包已被领完']));
      const [issued] = await db.select({ n: count() }).from(redPackets).where(eq(redPackets.templateId, template.id));
      expect(Number(issued!.n)).toBe(3);
      const [used] = await db.select({ n: sql<number>`coalesce(sum(${exchangeCodes.uses}), 0)::int` }).from(exchangeCodes).where(eq(exchangeCodes.batchId, batch.id));
      expect(Number(used!.n)).toBe(3);
    });
  });
}
