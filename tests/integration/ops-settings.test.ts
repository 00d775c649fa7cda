/**
 * Issue 15 站点设置 and issue 16 /ContactUs, /download through the console's calls, on PGlite and
 * PostgreSQL: each section's save stores the value the key's schema accepts, writes one audit row
 * per changed key with before and after, raises catalog_version (the page cache), refuses bad
 * input with a Chinese message and writes nothing then, and answers 403 to a role without the
 * section's permission. The launcher manifest is built from an uploaded build (the upload itself is
 * tests/integration/launcher-downloads.test.ts), and the file route's lookup tells a bad address,
 * an unknown file and a deleted one apart.
 */
import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_NUL_IN_INPUT } from '~/platform/wire/common';
import { MSG_OPS_FORBIDDEN } from '~/features/console/contract/ops';
import { WITHDRAW_REVIEW_ABOVE_FEN, WITHDRAW_REVIEW_ABOVE_MAX_FEN } from '~/features/content/constants';
import { MSG_DOWNLOAD_FILE_MISSING, MSG_DOWNLOAD_NO_BUILD, MSG_WITHDRAW_REVIEW_BAD_AMOUNT, type SiteContacts } from '~/features/content/contract/site-settings';
import type { Db } from '~/platform/db/client';
import { catalogVersion, opsAuditLog, siteSettings } from '~/platform/db/schema';
import { DEMO_CONTACTS } from '~/app/seed/settings';
import { deleteDownloadFile, lookupDownload, storeDownloadFile } from '~/features/content/server/downloads';
import { demoDownloadBytes, demoDownloadManifest } from '~/app/seed/downloads';
import { createOperator, openOperatorSession, type OperatorActor } from '~/features/console/server/operators';
import { MSG_SETTINGS_UNCHANGED, saveDownload, saveSettings } from '~/features/console/server/settings';
import { readSetting } from '~/features/content/server/site-settings';
import { POST as commissionRoute } from '~/pages/api/v1/ops/settings/commission';
import { POST as holdRoute } from '~/pages/api/v1/ops/settings/hold';
import { POST as withdrawReviewRoute } from '~/pages/api/v1/ops/settings/withdraw-review';
import { POST as approveRoute } from '~/pages/api/v1/ops/approvals/approve';
import { POST as reviewRoute } from '~/pages/api/v1/ops/settings/review';
import { POST as contactsRoute } from '~/pages/api/v1/ops/settings/contacts';
import { POST as downloadRoute } from '~/pages/api/v1/ops/settings/download';
import { POST as wechatRoute } from '~/pages/api/v1/ops/settings/wechat';
import { GET as publicContactsRoute } from '~/pages/api/v1/common/contacts';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`console site settings (${label})`, () => {
    let db: Db;
    const cookies = { operations: '', finance: '', service: '' };
    let operationsActor: OperatorActor;

    useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
      db = opened;
    });

    beforeAll(async () => {
      if (skip) return;
      const now = new Date();
      for (const role of ['operations', 'finance', 'service'] as const) {
        const operator = await createOperator(db, { username: `st${role.slice(0, 4)}${driver.slice(0, 2)}`, password: 'settings_pass_1', role, displayName: `设置${role}` }, now);
        const session = await openOperatorSession(db, operator.id, now);
        cookies[role] = session.cookie;
        if (role === 'operations') operationsActor = { operatorId: operator.id, username: operator.username, displayName: operator.displayName, role, sessionId: session.sessionId, ip: null };
      }
    });

    const post = <T,>(route: APIRoute, section: string, body: unknown, cookie: string): Promise<CallResult<T>> =>
      callRoute<T>(route, `/api/v1/ops/settings/${section}`, { method: 'POST', cookie, body });

    async function audits(key: string) {
      return db
        .select()
        .from(opsAuditLog)
        .where(and(eq(opsAuditLog.targetType, 'setting'), eq(opsAuditLog.targetId, key)))
        .orderBy(opsAuditLog.id);
    }

    async function version(): Promise<number> {
      const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion);
      return row!.version;
    }

    it('commission: finance saves it, audited before/after; operations and service are refused; bad input writes nothing', async () => {
      const before = await readSetting(db, 'seller.commission_bps');
      expectError(await post(commissionRoute, 'commission', { bps_0: 900, bps_1: 700, bps_2: 500 }, cookies.operations), 403, MSG_OPS_FORBIDDEN);
      expectError(await post(commissionRoute, 'commission', { bps_0: 900, bps_1: 700, bps_2: 500 }, cookies.service), 403, MSG_OPS_FORBIDDEN);
      expectError(await post(commissionRoute, 'commission', { bps_0: 10_001, bps_1: 700, bps_2: 500 }, cookies.finance), 400, '个人号主佣金不能超过100%');
      expectError(await post(commissionRoute, 'commission', { bps_0: '九百', bps_1: 700, bps_2: 500 }, cookies.finance), 400, '个人号主佣金应为最多两位小数的百分比');
      expectError(await post(commissionRoute, 'commission', { bps_0: 9.5, bps_1: 700, bps_2: 500 }, cookies.finance), 400, '个人号主佣金应为最多两位小数的百分比');
      expectError(await post(commissionRoute, 'commission', { bps_0: 900, bps_1: -1, bps_2: 500 }, cookies.finance), 400, '店铺佣金不能小于0%');
      expect(await audits('seller.commission_bps')).toHaveLength(0);
      expect(await readSetting(db, 'seller.commission_bps')).toEqual(before);

      expectOk(await post(commissionRoute, 'commission', { bps_0: 900, bps_1: 700, bps_2: 500 }, cookies.finance));
      expect(await readSetting(db, 'seller.commission_bps')).toEqual({ 0: 900, 1: 700, 2: 500 });
      const rows = await audits('seller.commission_bps');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'setting.update', before: { 0: before[0], 1: before[1], 2: before[2] }, after: { 0: 900, 1: 700, 2: 500 } });
      expectError(await post(commissionRoute, 'commission', { bps_0: 900, bps_1: 700, bps_2: 500 }, cookies.finance), 409, MSG_SETTINGS_UNCHANGED);
      expect(await audits('seller.commission_bps')).toHaveLength(1);
    });

    it('earnings hold: finance only, bounded to 90 days', async () => {
      expectError(await post(holdRoute, 'hold', { hours: 48 }, cookies.operations), 403, MSG_OPS_FORBIDDEN);
      expectError(await post(holdRoute, 'hold', { hours: 24 * 90 + 1 }, cookies.finance), 400, '冻结时长不能超过2160小时（90天）');
      expectError(await post(holdRoute, 'hold', { hours: null }, cookies.finance), 400, '冻结时长应为整数小时');
      const before = await readSetting(db, 'seller.earnings_hold_hours');
      expectOk(await post(holdRoute, 'hold', { hours: 48 }, cookies.finance));
      expect(await readSetting(db, 'seller.earnings_hold_hours')).toBe(48);
      expect((await audits('seller.earnings_hold_hours')).map((row) => [row.before, row.after])).toEqual([[before, 48]]);
    });

    it('withdrawal review: finance moves the threshold and turns it off (each change approved by a second finance operator); the withdrawal rule reads the stored value', async () => {
      const now = new Date();
      const checker = await createOperator(db, { username: `stcheck${driver.slice(0, 2)}`, password: 'settings_pass_1', role: 'finance', displayName: '设置复核' }, now);
      const checkerCookie = (await openOperatorSession(db, checker.id, now)).cookie;
      const approve = async (answer: CallResult<unknown>): Promise<void> => {
        const { approval_id } = expectOk(answer) as { approval_id: number };
        expectOk(await callRoute(approveRoute, '/api/v1/ops/approvals/approve', { method: 'POST', cookie: checkerCookie, body: { id: approval_id } }));
      };
      expect(await readSetting(db, 'withdrawal.review')).toEqual({ enabled: true, above_fen: WITHDRAW_REVIEW_ABOVE_FEN });
      expectError(await post(withdrawReviewRoute, 'withdraw-review', { enabled: true, above_fen: 50_000 }, cookies.operations), 403, MSG_OPS_FORBIDDEN);
      for (const above_fen of [-1, 12.5, '500', null, WITHDRAW_REVIEW_ABOVE_MAX_FEN + 1]) {
        expectError(await post(withdrawReviewRoute, 'withdraw-review', { enabled: true, above_fen }, cookies.finance), 400, MSG_WITHDRAW_REVIEW_BAD_AMOUNT);
      }
      expectError(await post(withdrawReviewRoute, 'withdraw-review', { enabled: 1, above_fen: 50_000 }, cookies.finance), 400, '请选择是否开启提现审核');
      expect(await audits('withdrawal.review')).toHaveLength(0);

      await approve(await post(withdrawReviewRoute, 'withdraw-review', { enabled: true, above_fen: 50_000 }, cookies.finance));
      expect(await readSetting(db, 'withdrawal.review')).toEqual({ enabled: true, above_fen: 50_000 });
      await approve(await post(withdrawReviewRoute, 'withdraw-review', { enabled: false, above_fen: 50_000 }, cookies.finance));
      expect((await audits('withdrawal.review')).map((row) => [row.before, row.after])).toEqual([
        [{ enabled: true, above_fen: WITHDRAW_REVIEW_ABOVE_FEN }, { enabled: true, above_fen: 50_000 }],
        [{ enabled: true, above_fen: 50_000 }, { enabled: false, above_fen: 50_000 }],
      ]);
      expectError(await post(withdrawReviewRoute, 'withdraw-review', { enabled: false, above_fen: 50_000 }, cookies.finance), 409, MSG_SETTINGS_UNCHANGED);
    });

    it('listing review: operations turns it on with a threshold, one audit row per changed key', async () => {
      expectError(await post(reviewRoute, 'review', { enabled: true, price_change_percent: 30 }, cookies.finance), 403, MSG_OPS_FORBIDDEN);
      expectError(await post(reviewRoute, 'review', { enabled: 'yes', price_change_percent: 30 }, cookies.operations), 400, '请选择是否开启审核');
      expectError(await post(reviewRoute, 'review', { enabled: true, price_change_percent: 0 }, cookies.operations), 400, '改价比例至少为1%');
      // The demo reviews nothing (seed): turning it on changes both keys.
      expect(await readSetting(db, 'seller.review_enabled')).toBe(false);
      expectOk(await post(reviewRoute, 'review', { enabled: true, price_change_percent: 30 }, cookies.operations));
      expect(await readSetting(db, 'seller.review_enabled')).toBe(true);
      expect(await readSetting(db, 'seller.review_price_change_ratio')).toBe(0.3);
      expect((await audits('seller.review_enabled')).map((row) => [row.before, row.after])).toEqual([[false, true]]);
      expect((await audits('seller.review_price_change_ratio')).map((row) => [row.before, row.after])).toEqual([[0.5, 0.3]]);
      // Only the threshold changes now: one more row, for that key.
      expectOk(await post(reviewRoute, 'review', { enabled: true, price_change_percent: 40 }, cookies.operations));
      expect(await audits('seller.review_enabled')).toHaveLength(1);
      expect(await audits('seller.review_price_change_ratio')).toHaveLength(2);
    });

    it('contacts: the demo ones are marked 演示; a save shows on the public call and raises catalog_version', async () => {
      const demo = await readSetting(db, 'site.contacts');
      expect(demo).toEqual(DEMO_CONTACTS);
      for (const channel of demo.channels) expect(channel.label).toContain('演示');
      expect(JSON.stringify(demo)).not.toMatch(/example\.com|400-000-0000/);

      const row = (label: string, value: string, note = '') => ({ label, value, note });
      expectError(await post(contactsRoute, 'contacts', { channels: [row('客服热线', '400-123-4567')] }, cookies.finance), 403, MSG_OPS_FORBIDDEN);
      expectError(await post(contactsRoute, 'contacts', { channels: [row('只有名称', '')] }, cookies.operations), 400, '第1条：请填写联系方式');
      expectError(await post(contactsRoute, 'contacts', { channels: [row('客服热线', '400-123-4567'), row('这是一个特别特别特别特别长的名称啊', '1')] }, cookies.operations), 400, '第2条：名称不能超过16个字');
      expectError(await post(contactsRoute, 'contacts', { channels: Array.from({ length: 9 }, (_, i) => row(`渠道${i}`, String(i))) }, cookies.operations), 400, '联系方式最多8条');
      // A NUL is refused by the request reader before the schema sees it; other control characters by the schema.
      expectError(await post(contactsRoute, 'contacts', { channels: [row('客服', 'a\u0000b')] }, cookies.operations), 400, MSG_NUL_IN_INPUT);
      expectError(await post(contactsRoute, 'contacts', { channels: [row('客服', 'a\u0007b')] }, cookies.operations), 400, '第1条：联系方式含有无效字符');
      expectError(await post(contactsRoute, 'contacts', { channels: 12 }, cookies.operations), 400, '请填写联系方式');
      // The old line format is no longer read.
      expect((await post(contactsRoute, 'contacts', { lines: '客服热线 | 400-123-4567' }, cookies.operations)).status).toBe(400);
      expect(await audits('site.contacts')).toHaveLength(0);

      const versionBefore = await version();
      expectOk(await post(contactsRoute, 'contacts', { channels: [row('客服热线', '400-123-4567', '每天 09:00-22:00'), row('', '', ''), row('客服邮箱', 'help@zuhao.test')], notice: '节假日照常服务' }, cookies.operations));
      const saved: SiteContacts = {
        channels: [
          { label: '客服热线', value: '400-123-4567', note: '每天 09:00-22:00' },
          { label: '客服邮箱', value: 'help@zuhao.test', note: '' },
        ],
        notice: '节假日照常服务',
      };
      expect(await readSetting(db, 'site.contacts')).toEqual(saved);
      expect(await version()).toBeGreaterThan(versionBefore);
      expect(expectOk(await callRoute<SiteContacts>(publicContactsRoute, '/api/v1/common/contacts'))).toEqual(saved);
      expect((await audits('site.contacts')).map((row) => [row.before, row.after])).toEqual([[DEMO_CONTACTS, saved]]);

      // Cleared: an empty list, which the pages show as 联系方式尚未配置.
      expectOk(await post(contactsRoute, 'contacts', { channels: [] }, cookies.operations));
      expect(expectOk(await callRoute<SiteContacts>(publicContactsRoute, '/api/v1/common/contacts'))).toEqual({ channels: [], notice: '' });
    });

    it('a save of several keys is one transaction: a value its key refuses leaves the others and the audit untouched', async () => {
      const contacts = await readSetting(db, 'site.contacts');
      const rowsBefore = (await db.select().from(opsAuditLog)).length;
      await expect(
        saveSettings(db, operationsActor, [
          { key: 'site.contacts', value: { channels: [{ label: '新渠道', value: '123456', note: '' }], notice: '' } },
          { key: 'seller.earnings_hold_hours', value: -5 },
        ]),
      ).rejects.toThrow();
      expect(await readSetting(db, 'site.contacts')).toEqual(contacts);
      expect(await db.select().from(opsAuditLog)).toHaveLength(rowsBefore);
    });

    it('download manifest: built from the uploaded build (size, SHA-256); a missing file or no build is refused', async () => {
      const bytes = Buffer.from('launcher build for the test\n', 'utf8');
      async function* once() {
        yield new Uint8Array(bytes);
      }
      await storeDownloadFile(db, { name: 'launcher-2.0.0-win.zip', body: once(), uploadedBy: null });
      expectError(await post(downloadRoute, 'download', { version: '2.0.0', windows_file: 'x.zip' }, cookies.finance), 403, MSG_OPS_FORBIDDEN);
      expectError(await post(downloadRoute, 'download', { version: '', windows_file: 'x.zip' }, cookies.operations), 400, '请填写版本号');
      expectError(await post(downloadRoute, 'download', { version: '2.0 beta', windows_file: 'x.zip' }, cookies.operations), 400, '版本号格式无效，例如 1.2.0');
      expectError(await post(downloadRoute, 'download', { version: '2.0.0', windows_file: '../../etc/passwd' }, cookies.operations), 400, '文件名只能含字母、数字、点、下划线和连字符，且不能含路径');
      await expect(saveDownload(db, operationsActor, { version: '2.0.0', released_on: '', windows_file: 'nope.zip', windows_notes: '', macos_file: '', macos_notes: '' })).rejects.toThrow(MSG_DOWNLOAD_FILE_MISSING('nope.zip'));
      await expect(saveDownload(db, operationsActor, { version: '2.0.0', released_on: '', windows_file: '', windows_notes: '', macos_file: '', macos_notes: '' })).rejects.toThrow(MSG_DOWNLOAD_NO_BUILD);
      expect(await audits('download.manifest')).toHaveLength(0);

      const before = await readSetting(db, 'download.manifest');
      expect(before).toEqual(demoDownloadManifest());
      const manifest = await saveDownload(db, operationsActor, { version: '2.0.0', released_on: '2026-11-20', windows_file: 'launcher-2.0.0-win.zip', windows_notes: '修复若干问题', macos_file: '', macos_notes: '' });
      expect(manifest).toEqual({
        version: '2.0.0',
        released_on: '2026-11-20',
        builds: [{ platform: 'windows', file: 'launcher-2.0.0-win.zip', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), notes: '修复若干问题' }],
      });
      expect(await readSetting(db, 'download.manifest')).toEqual(manifest);
      expect((await audits('download.manifest')).map((row) => [row.before, row.after])).toEqual([[before, manifest]]);

      // The file route's answers: offered and present, unknown, malformed, then deleted.
      expect(await lookupDownload(db, 'launcher-2.0.0-win.zip')).toMatchObject({ kind: 'ok' });
      expect(await lookupDownload(db, demoDownloadManifest().builds[0]!.file)).toEqual({ kind: 'not-found' });
      for (const bad of ['../launcher-2.0.0-win.zip', '.hidden', 'a/b.zip', 'a b.zip', 'x\u0000.zip', '']) expect(await lookupDownload(db, bad)).toEqual({ kind: 'bad-address' });
      // A demo build no longer offered is deleted: its address is gone for good.
      await deleteDownloadFile(db, demoDownloadManifest().builds[0]!.file);
      expect(await lookupDownload(db, demoDownloadManifest().builds[0]!.file)).toEqual({ kind: 'gone' });
    });

    it('the demo files are the bytes the demo manifest describes', () => {
      for (const build of demoDownloadManifest().builds) {
        const facts = demoDownloadBytes(build.platform);
        expect(facts.length).toBe(build.size);
        expect(createHash('sha256').update(facts).digest('hex')).toBe(build.sha256);
        // A zip: local header first, end-of-directory record last.
        expect(facts.subarray(0, 4).toString('hex')).toBe('504b0304');
        expect(facts.subarray(-22, -18).toString('hex')).toBe('504b0506');
      }
    });

    it('official-account QR: operations saves it; only https links', async () => {
      const body = { enabled: false, follow_url: 'https://weixin.qq.com/r/real-account', text: '关注公众号，订单提醒不错过', text_pay_result: '扫码关注，到期提醒', text_order: '' };
      expectError(await post(wechatRoute, 'wechat', body, cookies.service), 403, MSG_OPS_FORBIDDEN);
      expectError(await post(wechatRoute, 'wechat', { ...body, follow_url: 'http://weixin.qq.com/r/x' }, cookies.operations), 400, '关注链接应以 https:// 开头');
      expectError(await post(wechatRoute, 'wechat', { ...body, text: '' }, cookies.operations), 400, '请填写提示文字');
      expectOk(await post(wechatRoute, 'wechat', body, cookies.operations));
      expect(await readSetting(db, 'wechat.official_account')).toEqual({ enabled: false, follow_url: body.follow_url, text: body.text, texts: { 'pay-result': '扫码关注，到期提醒' } });
      expect(await audits('wechat.official_account')).toHaveLength(1);
      const [stored] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'wechat.official_account'));
      expect(stored).toBeDefined();
    });
  });
}
