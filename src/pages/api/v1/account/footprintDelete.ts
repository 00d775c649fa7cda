/**
 * POST /api/v1/account/footprintDelete (Bearer) — `{ id }` → `{ deleted: 1 }`; 404 足迹不存在 for
 * an id that is not one of the caller's footprints.
 */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { footprintDeleteBodySchema } from '~/lib/contract/footprints';
import { deleteFootprint } from '~/server/services/footprints';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const { id } = await readJson(ctx.request, footprintDeleteBodySchema);
  return ok(await deleteFootprint(ctx.db, userId, id));
});

export const ALL = allowOnly('POST');
