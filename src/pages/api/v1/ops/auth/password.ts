/**
 * POST /api/v1/ops/auth/password `{ old_password, new_password }`: the signed-in operator changes
 * their own password; their other sessions end. 400 原密码错误.
 */
import { serveConsole, changeOwnPassword } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.changePassword, null, async (ctx, body, { actor, now }) => {
  await changeOwnPassword(ctx.db, actor, body.old_password, body.new_password, now);
  return null;
});
