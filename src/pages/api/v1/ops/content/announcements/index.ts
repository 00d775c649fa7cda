/** GET /api/v1/ops/content/announcements?page&page_size&q&state → Page<OpsAnnouncementRow> (permission `content`). */
import { opsAnnouncementListQuerySchema } from '~/features/content/contract/content';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listAnnouncementsForOps } from '~/features/content/server/ops-content-announcements';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'content', now);
  return ok(await listAnnouncementsForOps(ctx.db, await readQuery(ctx.url, opsAnnouncementListQuerySchema), now));
});

export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
