/**
 * POST /api/v1/ops/content/preview `{ body_md }` → `{ html }` (permission `content`): the live
 * preview of the console's editors, rendered by the same function as what is published, so the
 * preview is what readers will get. 400 for a body the renderer refuses.
 */
import { markdownPreviewBodySchema } from '~/features/content/contract/content';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { previewMarkdown } from '~/features/content/server/ops-content';

export const POST = handle(async (ctx) => {
  await requireOperator(ctx, 'content');
  const body = await readJson(ctx.request, markdownPreviewBodySchema);
  return ok(previewMarkdown(body.body_md));
});

export const ALL = opsAllowOnly('POST');
