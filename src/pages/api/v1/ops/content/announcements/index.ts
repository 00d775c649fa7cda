/** GET /api/v1/ops/content/announcements?page&page_size&q&state → Page<OpsAnnouncementRow> (permission `content`). */
import { opsAnnouncementListQuerySchema } from '~/lib/contract/content';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { listAnnouncementsForOps } from '~/server/services/ops/content-announcements';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'content', now);
  return ok(await listAnnouncementsForOps(ctx.db, await readQuery(ctx.url, opsAnnouncementListQuerySchema), now));
});

export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
