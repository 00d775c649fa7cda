/**
 * GET /api/v1/ops/sellers/applications?page&page_size&state&cert_type&q → OpsApplicationsPage
 * (permission `sellers`): store and merchant applications, those under review first, oldest first.
 */
import { serveConsole } from '~/features/console/server';
import { listApplications } from '~/features/sellers/server';
import { OPS_SELLER_WIRE } from '~/features/sellers/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_SELLER_WIRE.applications, 'sellers', async (ctx, query) => listApplications(ctx.db, query));
