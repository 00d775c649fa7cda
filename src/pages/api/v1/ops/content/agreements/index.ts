/** GET /api/v1/ops/content/agreements?document=service|privacy → every published version, newest first (permission `content`). */
import { serveConsole } from '~/features/console/server';
import { listAgreementVersionsForOps } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { GET, HEAD, ALL } = serveConsole(CONTENT_WIRE.opsAgreementVersions, 'content', async (ctx, { document }) => listAgreementVersionsForOps(ctx.db, document));
