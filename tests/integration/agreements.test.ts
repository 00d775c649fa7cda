/**
 * Issue 25 "What a launch needs on the page": 《平台服务协议》 and 《隐私政策》 published in the
 * console as immutable versions, read current and old through the public call, the version a user
 * accepted recorded at register, password login and SMS login (once per version), and the footer's
 * filing settings; on PGlite and PostgreSQL, from an empty (production-like) database. Bad input is
 * a Chinese message with an honest 4xx and writes nothing.
 */
import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_OPS_FORBIDDEN } from '~/features/console/contract/ops';
import {
  MSG_AGREEMENT_DOCUMENT,
  MSG_AGREEMENT_STALE,
  MSG_AGREEMENT_UNCHANGED,
  MSG_AGREEMENT_UNPUBLISHED,
  MSG_AGREEMENT_VERSION_NOT_FOUND,
  type AgreementView,
  type OpsAgreementVersion,
} from '~/features/content/contract/agreements';
import { MSG_ICP_FILING_FORMAT, MSG_POLICE_FILING_FORMAT } from '~/features/content/contract/site-settings';
import type { Db } from '~/platform/db/client';
import { agreementVersions, catalogVersion, opsAuditLog, userAgreementAcceptances, users, verificationCodes } from '~/platform/db/schema';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { MSG_SETTINGS_UNCHANGED } from '~/features/console/server/settings';
import { readSetting } from '~/features/content/server/site-settings';
import { listAgreementAcceptances } from '~/features/content/server/agreements';
import { computeRequestSignature, type SignChallenge } from '~/features/sign-in/server/request-signing';
import type { SignInAnswer } from '~/features/sign-in/server/sign-in';
import { GET as agreementRoute } from '~/pages/api/v1/common/agreement';
import { GET as getSignRoute } from '~/pages/api/v1/common/getSign';
import { POST as loginRoute } from '~/pages/api/v1/common/login';
import { POST as mobileLoginRoute } from '~/pages/api/v1/common/mobileLogin';
import { POST as registerRoute } from '~/pages/api/v1/common/register';
import { GET as opsVersionsRoute } from '~/pages/api/v1/ops/content/agreements/index';
import { POST as publishRoute } from '~/pages/api/v1/ops/content/agreements/publish';
import { POST as filingRoute } from '~/pages/api/v1/ops/settings/filing';
import { TEST_DRIVERS } from './drivers';
import { encryptPassword } from './sign-in-helpers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

let ipCounter = 0;
const freshIp = (): string => `198.51.100.${(ipCounter++ % 250) + 1}`;

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`agreements and the footer's filing (${label})`, () => {
    let db: Db;
    const cookies = { operations: '', service: '', finance: '' };
    let operationsName = '';

    useSuiteDatabase({ driver, skip, seed: false }, (opened) => {
      db = opened;
    });

    beforeAll(async () => {
      if (skip) return;
      const now = new Date();
      for (const role of ['operations', 'service', 'finance'] as const) {
        const operator = await createOperator(db, { username: `ag${role.slice(0, 4)}${driver.slice(0, 2)}`, password: 'agreement_pass_1', role, displayName: `协议${role}` }, now);
        cookies[role] = (await openOperatorSession(db, operator.id, now)).cookie;
        if (role === 'operations') operationsName = operator.username;
      }
    });

    const read = (query: string): Promise<CallResult<AgreementView>> => callRoute<AgreementView>(agreementRoute, `/api/v1/common/agreement?${query}`);
    const publish = (body: unknown, cookie = cookies.operations): Promise<CallResult<OpsAgreementVersion>> =>
      callRoute<OpsAgreementVersion>(publishRoute, '/api/v1/ops/content/agreements/publish', { method: 'POST', cookie, body });

    async function versionRows(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(agreementVersions);
      return Number(row!.n);
    }

    async function catalog(): Promise<number> {
      const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion);
      return row!.version;
    }

    async function plantCode(mobile: string, action: 'login' | 'register', code: string): Promise<void> {
      const now = new Date();
      await db.insert(verificationCodes).values({
        channel: 'sms',
        recipient: mobile,
        action,
        codeHash: createHash('sha256').update(`${mobile}:${action}:${code}`, 'utf8').digest('hex'),
        createdAt: now,
        expiresAt: new Date(now.getTime() + 300_000),
      });
    }

    /** SMS login the browser's way, after its agreement box was ticked. */
    async function smsLogin(mobile: string): Promise<number> {
      await plantCode(mobile, 'login', '135790');
      const result = await callRoute<SignInAnswer>(mobileLoginRoute, '/api/v1/common/mobileLogin', { method: 'POST', body: { mobile, code: '135790' }, ip: freshIp() });
      return expectOk(result).user.id;
    }

    async function signed<T>(route: APIRoute, path: string, build: (challenge: SignChallenge) => Record<string, unknown>): Promise<CallResult<T>> {
      const sign = await callRoute<SignChallenge>(getSignRoute, '/api/v1/common/getSign', { ip: freshIp() });
      const challenge = expectOk(sign);
      const text = JSON.stringify(build(challenge));
      const headers = {
        'x-timestamp': String(challenge.timestamp),
        'x-nonce-str': challenge.nonce_str,
        'x-sign': computeRequestSignature(challenge.sign, challenge.timestamp, challenge.nonce_str, text),
      };
      return callRoute<T>(route, path, { method: 'POST', headers, text, ip: freshIp() });
    }

    async function accepted(userId: number): Promise<string[]> {
      return (await listAgreementAcceptances(db, userId)).map((row) => `${row.document}:${row.version}`).sort();
    }

    it('before anything is published the documents answer 404 运营方尚未发布该协议, and a sign-in records nothing', async () => {
      expectError(await read('document=service'), 404, MSG_AGREEMENT_UNPUBLISHED);
      expectError(await read('document=privacy&v=1'), 404, MSG_AGREEMENT_UNPUBLISHED);
      const userId = await smsLogin('13700000001');
      expect(await accepted(userId)).toEqual([]);
    });

    it('the public read refuses another document and a malformed version with 400 and a Chinese message', async () => {
      expectError(await read('document=terms'), 400, MSG_AGREEMENT_DOCUMENT);
      expectError(await read(''), 400, MSG_AGREEMENT_DOCUMENT);
      for (const v of ['abc', '0', '-1', '1.5', '100001']) {
        const result = await read(`document=service&v=${v}`);
        expect(result.status).toBe(400);
        expect(result.body.code).toBe(1);
        expect(result.body.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    });

    it('the console refuses bad input, other roles and a stale or unchanged publish, writing nothing', async () => {
      const body = { document: 'service', base_version: 0, body_md: '## 第一条\n\n第一版正文' };
      expectError(await publish(body, cookies.service), 403, MSG_OPS_FORBIDDEN);
      expectError(await publish(body, cookies.finance), 403, MSG_OPS_FORBIDDEN);
      expectError(await publish({ ...body, document: 'terms' }), 400, MSG_AGREEMENT_DOCUMENT);
      expectError(await publish({ ...body, body_md: '   ' }), 400, '请填写正文');
      expectError(await publish({ ...body, body_md: 'x'.repeat(20_001) }), 400, '正文不能超过20000个字');
      expectError(await publish({ ...body, base_version: -1 }), 400, '版本号无效');
      expectError(await publish({ ...body, base_version: '0' }), 400, '版本号应为整数');
      expectError(await publish({ ...body, base_version: 1 }), 409, MSG_AGREEMENT_STALE);
      expectError(await publish({ ...body, body_md: `${'> '.repeat(9)}太深` }), 400, '引用或列表嵌套不能超过8层');
      expect(await versionRows()).toBe(0);
    });

    it('each publish makes the next immutable version: current and old versions stay readable', async () => {
      const before = await catalog();
      const first = expectOk(await publish({ document: 'service', base_version: 0, body_md: '## 第一条\n\n第一版正文 <script>alert(1)</script>' }));
      expect(first).toMatchObject({ document: 'service', version: 1, published_by: operationsName });
      expect(first.html).not.toContain('<script');
      expect(await catalog()).toBeGreaterThan(before);

      // Another operator's form still made from nothing, and the same text again, are refused.
      expectError(await publish({ document: 'service', base_version: 0, body_md: '## 另一个人写的' }), 409, MSG_AGREEMENT_STALE);
      expectError(await publish({ document: 'service', base_version: 1, body_md: first.body_md }), 409, MSG_AGREEMENT_UNCHANGED);

      const second = expectOk(await publish({ document: 'service', base_version: 1, body_md: '## 第一条\n\n第二版正文' }));
      expect(second.version).toBe(2);

      const current = expectOk(await read('document=service'));
      expect(current).toMatchObject({ document: 'service', title: '平台服务协议', version: 2, current: true });
      expect(current.html).toContain('第二版正文');
      expect(current.versions.map((item) => item.version)).toEqual([2, 1]);
      const old = expectOk(await read('document=service&v=1'));
      expect(old).toMatchObject({ version: 1, current: false });
      expect(old.html).toContain('第一版正文');
      expectError(await read('document=service&v=3'), 404, MSG_AGREEMENT_VERSION_NOT_FOUND);
      expectError(await read('document=privacy'), 404, MSG_AGREEMENT_UNPUBLISHED);

      const listed = expectOk(await callRoute<OpsAgreementVersion[]>(opsVersionsRoute, '/api/v1/ops/content/agreements?document=service', { cookie: cookies.operations }));
      expect(listed.map((item) => [item.version, item.published_by])).toEqual([[2, operationsName], [1, operationsName]]);

      const audits = await db.select().from(opsAuditLog).where(eq(opsAuditLog.action, 'agreement.publish')).orderBy(opsAuditLog.id);
      expect(audits.map((row) => row.targetId)).toEqual(['service:1', 'service:2']);

      // Published versions are history: the database refuses to rewrite or remove them.
      await expect(db.update(agreementVersions).set({ bodyMd: '改写' }).where(eq(agreementVersions.version, 1))).rejects.toThrow();
      await expect(db.delete(agreementVersions)).rejects.toThrow();
      await expect(db.execute(sql`truncate ${agreementVersions} cascade`)).rejects.toThrow();
      expect((await read('document=service&v=1')).body.data.html).toContain('第一版正文');
    });

    it('a sign-in records the versions in force once each; a new version is recorded at the next sign-in', async () => {
      const mobile = '13700000002';
      const userId = await smsLogin(mobile);
      expect(await accepted(userId)).toEqual(['service:2']);
      const [firstRow] = await db.select().from(userAgreementAcceptances).where(eq(userAgreementAcceptances.userId, userId));

      await smsLogin(mobile);
      const rows = await db.select().from(userAgreementAcceptances).where(eq(userAgreementAcceptances.userId, userId));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.acceptedAt.getTime()).toBe(firstRow!.acceptedAt.getTime());

      expectOk(await publish({ document: 'privacy', base_version: 0, body_md: '## 我们收集的信息\n\n手机号' }));
      await smsLogin(mobile);
      expect(await accepted(userId)).toEqual(['privacy:1', 'service:2']);

      // Acceptances are a record nobody rewrites.
      await expect(db.delete(userAgreementAcceptances).where(eq(userAgreementAcceptances.userId, userId))).rejects.toThrow();
    });

    it('register records the versions in force with the new account; a password login records only a newer one', async () => {
      const mobile = '13700000003';
      await plantCode(mobile, 'register', '246810');
      const registered = await signed<SignInAnswer>(registerRoute, '/api/v1/common/register', (challenge) => ({
        mobile,
        password: encryptPassword(challenge, 'agree_pass_2026'),
        code: '246810',
        fingerprint: 'fp-agreements',
      }));
      const userId = expectOk(registered).user.id;
      expect(await accepted(userId)).toEqual(['privacy:1', 'service:2']);

      const login = (): Promise<CallResult<SignInAnswer>> =>
        signed<SignInAnswer>(loginRoute, '/api/v1/common/login', (challenge) => ({ username: mobile, password: encryptPassword(challenge, 'agree_pass_2026'), fingerprint: 'fp-agreements' }));
      expectOk(await login());
      expect(await accepted(userId)).toEqual(['privacy:1', 'service:2']);

      expectOk(await publish({ document: 'privacy', base_version: 1, body_md: '## 我们收集的信息\n\n手机号和实名信息' }));
      expectOk(await login());
      expect(await accepted(userId)).toEqual(['privacy:1', 'privacy:2', 'service:2']);

      // A failed login records nothing.
      expectOk(await publish({ document: 'service', base_version: 2, body_md: '## 第一条\n\n第三版正文' }));
      const wrong = await signed(loginRoute, '/api/v1/common/login', (challenge) => ({ username: mobile, password: encryptPassword(challenge, 'wrong_pass_2026'), fingerprint: 'fp-agreements' }));
      expect(wrong.status).toBe(400);
      expect(await accepted(userId)).toEqual(['privacy:1', 'privacy:2', 'service:2']);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      expect(user).toBeDefined();
    });

    it('filing settings: operations saves them, each checked with a Chinese message; other roles are refused', async () => {
      const post = (body: unknown, cookie = cookies.operations): Promise<CallResult<null>> => callRoute<null>(filingRoute, '/api/v1/ops/settings/filing', { method: 'POST', cookie, body });
      expect(await readSetting(db, 'site.filing')).toEqual({ operator_name: '', icp: '', police: '', licence: '' });
      expectError(await post({ icp: '京ICP备12345678号-1' }, cookies.service), 403, MSG_OPS_FORBIDDEN);
      expectError(await post({ icp: '京ICP备12345678号-1' }, cookies.finance), 403, MSG_OPS_FORBIDDEN);
      expectError(await post({ icp: 'ICP 12345678' }), 400, MSG_ICP_FILING_FORMAT);
      expectError(await post({ police: '京公网安备123号' }), 400, MSG_POLICE_FILING_FORMAT);
      expectError(await post({ operator_name: '某'.repeat(65) }), 400, '运营方名称不能超过64个字');
      expectError(await post({ licence: '京B2-2020\u00071234' }), 400, '经营许可证含有无效字符');
      expect(await readSetting(db, 'site.filing')).toEqual({ operator_name: '', icp: '', police: '', licence: '' });

      const filing = { operator_name: '某某网络科技有限公司', icp: '京ICP备12345678号-1', police: '京公网安备11010502012345号', licence: '增值电信业务经营许可证：京B2-20201234' };
      expectOk(await post(filing));
      expect(await readSetting(db, 'site.filing')).toEqual(filing);
      expectError(await post(filing), 409, MSG_SETTINGS_UNCHANGED);
      // A field left out is cleared: the footer then leaves its line out.
      expectOk(await post({ operator_name: filing.operator_name, icp: filing.icp }));
      expect(await readSetting(db, 'site.filing')).toEqual({ ...filing, police: '', licence: '' });
    });
  });
}
