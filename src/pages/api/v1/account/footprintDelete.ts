/**
 * POST /api/v1/account/footprintDelete (Bearer) — `{ id }` → `{ deleted: 1 }`; 404 足迹不存在 for
 * an id that is not one of the caller's footprints.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { footprintDeleteBodySchema } from '~/features/account/contract/footprints';
import { deleteFootprint } from '~/features/account/server/footprints';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const { id } = await readJson(ctx.request, footprintDeleteBodySchema);
  return ok(await deleteFootprint(ctx.db, userId, id));
});

export const ALL = allowOnly('POST');
