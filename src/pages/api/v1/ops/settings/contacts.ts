/**
 * POST /api/v1/ops/settings/contacts `{ lines, notice }` (one contact per line: 名称 | 联系方式 | 说明) → null (permission `settings.site`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { opsContactsBodySchema } from '~/lib/contract/site-settings';
import { handle, ok, readJson } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { saveContacts } from '~/server/services/ops/settings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'settings.site', now);
  const body = await readJson(ctx.request, opsContactsBodySchema);
  await saveContacts(ctx.db, actor, body, now);
  return ok(null);
});

export const ALL = opsAllowOnly('POST');
