/**
 * GET /api/v1/account/footprints?page=&page_size= (Bearer) — 我的足迹 (spec §7 account
 * "footprints"): `{ list: [{ id, viewed_day, viewed_at, listing }], total, page, page_size }`,
 * newest view first, one row per account per Shanghai day, the last 90 days.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { footprintsQuerySchema } from '~/features/account/contract/footprints';
import { listFootprints } from '~/features/account/server/footprints';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const paging = await readQuery(ctx.url, footprintsQuerySchema);
  return ok(await listFootprints(ctx.db, userId, paging, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
