/**
 * Issue 28: the spec §7 call groups' common "transfer" and account "contract signing", as designed
 * in docs/decisions.md "Transfer and contract signing": balance from one user to another found by
 * phone (pay password, real name, limits, idempotent, two ledger rows, the ledger identity holds),
 * and signing the version of an agreement in force. On PGlite and PostgreSQL; bad input is a
 * Chinese message with an honest 4xx and moves nothing.
 */
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRANSFER_DAILY_MAX_FEN, TRANSFER_MAX_FEN } from '~/features/wallet/constants';
import { MONEY_CODES, type TransferResult } from '~/features/wallet/contract/money';
import { MSG_PAY_PASSWORD_NOT_SET, MSG_TRANSFER_DAILY_LIMIT, MSG_TRANSFER_SELF, MSG_TRANSFER_TOO_LARGE, MSG_TRANSFER_TOO_SMALL } from '~/features/wallet/rules/transfer';
import { MSG_TRANSFER_NO_RECEIVER } from '~/features/wallet/server/transfers';
import { MSG_CONTRACT_OUTDATED, type ContractStatus } from '~/features/content/contract/agreements';
import { publishAgreementVersion } from '~/features/content/server/agreements';
import { createUser } from '~/features/account/server/users';
import { hashPassword } from '~/features/sign-in/server/password';
import { issueToken } from '~/features/sign-in/server/tokens';
import { ledgerIdentity } from '~/features/sellers/server/settlement';
import { changeBalance, ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import type { Db } from '~/platform/db/client';
import { userAgreementAcceptances, users, walletLedger } from '~/platform/db/schema';
import { POST as transferRoute, ALL as transferOther } from '~/pages/api/v1/common/transfer';
import { GET as contractsRoute } from '~/pages/api/v1/account/contracts';
import { POST as signRoute } from '~/pages/api/v1/account/contractSign';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const PAY_PASSWORD = '482913';
let serial = 0;

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`transfer and contract signing (${label})`, () => {
    let db: Db;
    useSuiteDatabase({ driver, skip, seed: false }, (opened) => {
      db = opened;
    });

    interface Person {
      id: number;
      mobile: string;
      bearer: string;
    }

    /** A user made the one way accounts are made, with a phone; verified, a pay password and money on request. */
    async function person(options: { realName?: boolean; payPassword?: boolean; balanceFen?: number } = {}): Promise<Person> {
      serial += 1;
      const mobile = `137${String(driver === 'pglite' ? 10_000_000 + serial : 20_000_000 + serial).padStart(8, '0')}`;
      const id = await db.transaction((tx) => createUser(tx, { username: `tc_${driver.slice(0, 2)}_${serial}`, nickname: `转账${serial}`, mobile }, new Date()));
      if (id === null) throw new Error('username taken');
      if (options.realName) await db.update(users).set({ isRealName: true, realName: '王五' }).where(eq(users.id, id));
      if (options.payPassword) await db.update(users).set({ payPasswordHash: await hashPassword(PAY_PASSWORD) }).where(eq(users.id, id));
      if (options.balanceFen) await db.transaction((tx) => changeBalance(tx, { userId: id, kind: 'demo_credit', amountFen: options.balanceFen!, refNo: `tc-${driver}-${serial}` }));
      const { token } = await issueToken(db, id, { now: new Date() });
      return { id, mobile, bearer: `Bearer ${token}` };
    }

    const sender = (balanceFen = 100_000): Promise<Person> => person({ realName: true, payPassword: true, balanceFen });

    function transfer(from: Person, body: unknown, key: string = randomUUID()): Promise<CallResult<TransferResult>> {
      return callRoute<TransferResult>(transferRoute, '/api/v1/common/transfer', { method: 'POST', body, authorization: from.bearer, headers: { 'Idempotency-Key': key } });
    }

    async function balance(user: Person): Promise<number> {
      return (await readWallet(db, user.id)).balanceFen;
    }

    async function expectLedgerHolds(...people: Person[]): Promise<void> {
      for (const user of people) expect(await balance(user)).toBe(await ledgerSum(db, user.id));
      expect(await ledgerIdentity(db)).toMatchObject({ holds: true, unpairedTransfers: 0 });
    }

    describe('转账 (common/transfer)', () => {
      it('moves the amount from the sender to the receiver found by phone: two ledger rows of one number, the identity holds', async () => {
        const from = await sender(100_000);
        const to = await person();
        const result = expectOk(await transfer(from, { to_mobile: to.mobile, amount: '123.45', pay_password: PAY_PASSWORD }));
        expect(result).toMatchObject({ amount: '123.45', amount_fen: 12_345, balance_fen: 100_000 - 12_345, to_mobile: `${to.mobile.slice(0, 3)}****${to.mobile.slice(-4)}` });
        expect(result.transfer_no).toMatch(/^T\d{22}$/);
        expect(await balance(from)).toBe(100_000 - 12_345);
        expect(await balance(to)).toBe(12_345);
        const rows = await db.select({ userId: walletLedger.userId, kind: walletLedger.kind, amountFen: walletLedger.amountFen }).from(walletLedger).where(eq(walletLedger.refNo, result.transfer_no));
        expect(rows.sort((a, b) => a.amountFen - b.amountFen)).toEqual([
          { userId: from.id, kind: 'transfer_out', amountFen: -12_345 },
          { userId: to.id, kind: 'transfer_in', amountFen: 12_345 },
        ]);
        const identity = await ledgerIdentity(db);
        expect(identity.transferOutFen).toBe(identity.transferInFen);
        await expectLedgerHolds(from, to);
      });

      it('a retried request (same Idempotency-Key) answers the first transfer and moves nothing more', async () => {
        const from = await sender(50_000);
        const to = await person();
        const body = { to_mobile: to.mobile, amount: '10', pay_password: PAY_PASSWORD };
        const key = randomUUID();
        const first = expectOk(await transfer(from, body, key));
        const again = expectOk(await transfer(from, body, key));
        expect(again.transfer_no).toBe(first.transfer_no);
        expect(await balance(to)).toBe(1_000);
        await expectLedgerHolds(from, to);
      });

      it('refuses bad input and the gates with a Chinese message and an honest status, moving nothing', async () => {
        const from = await sender(300_000);
        const to = await person();
        const ok = { to_mobile: to.mobile, amount: '1', pay_password: PAY_PASSWORD };
        expectError(await transfer(from, { ...ok, to_mobile: '12345' }), 400, '请输入正确的手机号码');
        expectError(await transfer(from, { ...ok, amount: 'abc' }), 400, '请输入正确的金额');
        expectError(await transfer(from, { ...ok, amount: '0.5' }), 400, MSG_TRANSFER_TOO_SMALL);
        expectError(await transfer(from, { ...ok, amount: String(TRANSFER_MAX_FEN / 100 + 1) }), 400, MSG_TRANSFER_TOO_LARGE);
        expectError(await transfer(from, { ...ok, to_mobile: from.mobile }), 400, MSG_TRANSFER_SELF);
        expectError(await transfer(from, { ...ok, to_mobile: '13900000000' }), 404, MSG_TRANSFER_NO_RECEIVER);
        expectError(await transfer(from, { ...ok, pay_password: '000000' }), 400, '支付密码错误');
        expectError(await transfer(from, { ...ok, pay_password: '' }), 400, '请输入支付密码');
        const noPassword = await person({ realName: true, balanceFen: 10_000 });
        expectError(await transfer(noPassword, ok), 403, MSG_PAY_PASSWORD_NOT_SET);
        const unverified = await person({ payPassword: true, balanceFen: 10_000 });
        expectError(await transfer(unverified, ok), 403, '请先完成实名认证', MONEY_CODES.realNameRequired);
        const poor = await sender(50);
        expectError(await transfer(poor, { ...ok, amount: '2' }), 409, /余额不足/, MONEY_CODES.insufficientBalance);
        expectUnauthorized(await callRoute(transferRoute, '/api/v1/common/transfer', { method: 'POST', body: ok }));
        expect((await callRoute(transferOther, '/api/v1/common/transfer', { method: 'GET' })).status).toBe(405);
        expect(await balance(to)).toBe(0);
        expect(await balance(from)).toBe(300_000);
        await expectLedgerHolds(from, to, poor);
      });

      it('stops at the daily limit, counted under the sender lock even when two are sent at once', async () => {
        const from = await sender(TRANSFER_DAILY_MAX_FEN + 100_000);
        const to = await person();
        const step = TRANSFER_MAX_FEN;
        const rounds = Math.floor(TRANSFER_DAILY_MAX_FEN / step); // 2 full transfers fit, the 3rd goes over
        const answers = await Promise.all(Array.from({ length: rounds + 1 }, () => transfer(from, { to_mobile: to.mobile, amount: String(step / 100), pay_password: PAY_PASSWORD })));
        const passed = answers.filter((answer) => answer.status === 200);
        expect(passed).toHaveLength(rounds);
        for (const answer of answers.filter((candidate) => candidate.status !== 200)) expectError(answer, 400, MSG_TRANSFER_DAILY_LIMIT);
        expect(await balance(to)).toBe(rounds * step);
        await expectLedgerHolds(from, to);
      });
    });

    describe('协议签署 (account/contracts, account/contractSign)', () => {
      const contracts = (user: Person): Promise<CallResult<{ list: ContractStatus[] }>> => callRoute(contractsRoute, '/api/v1/account/contracts', { authorization: user.bearer });
      const sign = (user: Person, body: unknown): Promise<CallResult<ContractStatus>> => callRoute<ContractStatus>(signRoute, '/api/v1/account/contractSign', { method: 'POST', body, authorization: user.bearer });
      const publish = (document: 'service' | 'privacy', baseVersion: number, text: string) =>
        publishAgreementVersion(db, null, { document, base_version: baseVersion, body_md: `# ${text}\n\n正文 ${text}` }, new Date());

      it('nothing to sign before a version is published; then sign the version in force, once', async () => {
        const user = await person();
        expect(expectOk(await contracts(user)).list.map((row) => [row.document, row.current_version, row.signed])).toEqual([
          ['service', null, false],
          ['privacy', null, false],
        ]);
        expectError(await sign(user, { document: 'service', version: 1 }), 404, '运营方尚未发布该协议');

        await publish('service', 0, `服务协议一 ${driver}`);
        await publish('privacy', 0, `隐私政策一 ${driver}`);
        const before = expectOk(await contracts(user)).list;
        expect(before.find((row) => row.document === 'service')).toMatchObject({ title: '平台服务协议', current_version: 1, href: '/agreement/service?v=1', signed: false, signed_version: null });

        const signed = expectOk(await sign(user, { document: 'service', version: 1 }));
        expect(signed).toMatchObject({ document: 'service', current_version: 1, signed_version: 1, signed: true });
        const again = expectOk(await sign(user, { document: 'service', version: 1 }));
        expect(again.signed_at).toBe(signed.signed_at);
        const rows = await db.select().from(userAgreementAcceptances).where(eq(userAgreementAcceptances.userId, user.id));
        expect(rows).toHaveLength(1);
        expect(expectOk(await contracts(user)).list.find((row) => row.document === 'privacy')).toMatchObject({ signed: false });
      });

      it('a newer version in force is not signed unread: 409, then the new one is signed beside the old', async () => {
        const user = await person();
        const [current] = (expectOk(await contracts(user)).list.filter((row) => row.document === 'privacy'));
        const v1 = current!.current_version ?? (await publish('privacy', 0, `隐私政策一b ${driver}`)).version;
        expectOk(await sign(user, { document: 'privacy', version: v1 }));
        const v2 = (await publish('privacy', v1, `隐私政策二 ${driver}`)).version;
        const listed = expectOk(await contracts(user)).list.find((row) => row.document === 'privacy')!;
        expect(listed).toMatchObject({ current_version: v2, signed_version: v1, signed: false });
        expectError(await sign(user, { document: 'privacy', version: v1 }), 409, MSG_CONTRACT_OUTDATED);
        expectError(await sign(user, { document: 'privacy', version: 99 }), 404, '该协议版本不存在');
        expect(expectOk(await sign(user, { document: 'privacy', version: v2 }))).toMatchObject({ signed: true, signed_version: v2 });
        const accepted = await db.select().from(userAgreementAcceptances).where(and(eq(userAgreementAcceptances.userId, user.id)));
        expect(accepted).toHaveLength(2);
      });

      it('bad input is 400 in Chinese, signed out is 401', async () => {
        const user = await person();
        expectError(await sign(user, { document: 'seller', version: 1 }), 400, '协议类型无效');
        expectError(await sign(user, { document: 'service', version: 0 }), 400, '版本号无效');
        expectError(await sign(user, { document: 'service', version: 'x' }), 400, '版本号应为整数');
        expectUnauthorized(await callRoute(contractsRoute as APIRoute, '/api/v1/account/contracts'));
      });
    });
  });
}
