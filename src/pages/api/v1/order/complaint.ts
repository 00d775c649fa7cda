/**
 * POST /api/v1/order/complaint (Bearer) `{ order_no, type, content }` → Complaint. No bound phone:
 * 403 code 1004 当前账号未绑定手机号 (spec §6); not the caller's rental: 404 订单不存在; unpaid: 409
 * 未支付的订单不能投诉; 400 请选择投诉类型 / 问题描述需5-500个字; 409 该订单已有3条处理中的投诉.
 */
import { signedInWithPhone, createComplaint } from '~/features/complaints/server';
import { COMPLAINT_WIRE } from '~/features/complaints/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(COMPLAINT_WIRE.create, signedInWithPhone, async (ctx, input, { userId, now }) => createComplaint(ctx.db, userId, input, now));
