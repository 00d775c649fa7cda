/** GET /api/v1/ops/content/announcements/detail?id → OpsAnnouncementView, drafts included (permission `content`); 404 公告不存在. */
import { opsIdQuerySchema } from '~/features/content/contract/content';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { getAnnouncementForOps } from '~/features/content/server/ops-content-announcements';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'content', now);
  const { id } = await readQuery(ctx.url, opsIdQuerySchema);
  return ok(await getAnnouncementForOps(ctx.db, id, now));
});

export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
