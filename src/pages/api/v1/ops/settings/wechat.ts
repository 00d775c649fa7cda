/**
 * POST /api/v1/ops/settings/wechat `{ enabled, follow_url, text, text_pay_result, text_order }` (official-account QR) → null (permission `settings.site`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { opsWechatBodySchema } from '~/features/content/contract/site-settings';
import { opsAllowOnly, opsJsonPost } from '~/features/console/server/ops-auth';
import { saveWechat } from '~/features/console/server/settings';

export const POST = opsJsonPost('settings.site', opsWechatBodySchema, (ctx, actor, body, now) => saveWechat(ctx.db, actor, body, now));

export const ALL = opsAllowOnly('POST');
