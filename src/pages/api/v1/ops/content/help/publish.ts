/** POST /api/v1/ops/content/help/publish `{ id, published }` → OpsHelpPageView (permission `content`). Audited. */
import { opsPublishBodySchema } from '~/lib/contract/content';
import { handle, ok, readJson } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { publishHelpPage } from '~/server/services/ops/content-help';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'content', now);
  const body = await readJson(ctx.request, opsPublishBodySchema);
  return ok(await publishHelpPage(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
