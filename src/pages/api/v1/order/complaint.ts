/**
 * POST /api/v1/order/complaint (Bearer) `{ order_no, type, content }` → Complaint. No bound phone:
 * 403 code 1004 当前账号未绑定手机号 (spec §6); not the caller's rental: 404 订单不存在; unpaid: 409
 * 未支付的订单不能投诉; 400 请选择投诉类型 / 问题描述需5-500个字; 409 该订单已有3条处理中的投诉.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { complaintBodySchema, createComplaint, requireBoundPhone } from '~/features/complaints/server/complaints';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const db = ctx.db;
  await requireBoundPhone(db, userId);
  const input = await readJson(ctx.request, complaintBodySchema);
  return ok(await createComplaint(db, userId, input, now));
});

export const ALL = allowOnly('POST');
