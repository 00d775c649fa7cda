/** POST /api/v1/ops/content/help/publish `{ id, published }` → OpsHelpPageView (permission `content`). Audited. */
import { opsPublishBodySchema } from '~/features/content/contract/content';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { publishHelpPage } from '~/features/content/server/ops-content-help';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'content', now);
  const body = await readJson(ctx.request, opsPublishBodySchema);
  return ok(await publishHelpPage(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
