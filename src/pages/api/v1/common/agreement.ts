/**
 * GET /api/v1/common/agreement?document=service|privacy[&v=N] → AgreementView: the current version
 * of 《平台服务协议》 or 《隐私政策》, or version N, with the document's history. Public.
 * 404 运营方尚未发布该协议 when none is published, 404 该协议版本不存在 for an unknown version,
 * 400 协议类型无效 for another document.
 */
import { getAgreement } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CONTENT_WIRE.agreement, async (ctx, { document, v }) => getAgreement(ctx.db, document, v));
