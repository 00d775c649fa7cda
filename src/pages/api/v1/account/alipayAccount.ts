/**
 * GET /api/v1/account/alipayAccount (Bearer) → `{ account: { account_masked, real_name } | null }`.
 * POST /api/v1/account/alipayAccount (Bearer) `{ account, real_name }` → `{ account }`: binds or
 * replaces the withdrawal account. account: an 11-digit mainland phone or an email (≤64), else
 * 400 请输入正确的支付宝账号; not real-name verified: 403 code 1003 请先完成实名认证; a name other
 * than the verified one: 400 支付宝实名须与实名认证姓名一致.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readJson } from '~/platform/http/http';
import { alipayAccountBodySchema, bindAlipayAccount, getAlipayAccount, requireVerifiedName } from '~/features/wallet/server/withdrawals';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await getAlipayAccount(ctx.db, userId));
});

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const db = ctx.db;
  await requireVerifiedName(db, userId);
  const input = await readJson(ctx.request, alipayAccountBodySchema);
  return ok(await bindAlipayAccount(db, userId, input, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET', 'POST');
