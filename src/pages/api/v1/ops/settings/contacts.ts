/**
 * POST /api/v1/ops/settings/contacts `{ lines, notice }` (one contact per line: 名称 | 联系方式 | 说明) → null (permission `settings.site`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { opsContactsBodySchema } from '~/features/content/contract/site-settings';
import { opsAllowOnly, opsJsonPost } from '~/features/console/server/ops-auth';
import { saveContacts } from '~/features/console/server/settings';

export const POST = opsJsonPost('settings.site', opsContactsBodySchema, (ctx, actor, body, now) => saveContacts(ctx.db, actor, body, now));

export const ALL = opsAllowOnly('POST');
