/**
 * POST /api/v1/ops/content/agreements/publish (permission `content`) — `{ document, base_version,
 * body_md }` → the new version. Each publish is a new immutable version; 400 naming the field
 * (body_md when the renderer refuses it), 409 该协议已有新版本发布，请刷新后再发布 when another
 * version was published since base_version, 409 正文与当前版本相同 when nothing changed. Audited.
 */
import { serveConsole } from '~/features/console/server';
import { publishAgreementVersion } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { POST, ALL } = serveConsole(CONTENT_WIRE.opsAgreementPublish, 'content', async (ctx, body, { actor, now }) => publishAgreementVersion(ctx.db, actor, body, now));
