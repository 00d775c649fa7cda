/**
 * POST /api/v1/account/realName (Bearer) — body `{ name, id_number }` → `{ is_real_name: true,
 * real_name }` (spec §7 "POST user real-name"; §5 请输入真实姓名 / 请输入身份证号 / 请输入正确的身份证号;
 * §6 real-name verification). An ID number already verified on another account: 409
 * 该身份证号已被其他账号认证.
 */
import { z } from 'zod';
import { realNameSchema } from '~/platform/rules/validation';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { verifyRealName } from '~/features/account/server/real-name';

/** users.real_name is varchar(32). */
const REAL_NAME_MAX_LENGTH = 32;

const bodySchema = z.object({
  name: realNameSchema.shape.real_name.max(REAL_NAME_MAX_LENGTH),
  id_number: realNameSchema.shape.id_number,
});

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const input = await readJson(ctx.request, bodySchema);
  return ok(await verifyRealName(ctx.db, userId, { name: input.name, idNumber: input.id_number }));
});

export const ALL = allowOnly('POST');
