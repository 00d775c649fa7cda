/**
 * GET /api/v1/ops/campaigns/exchange-codes/export?batch_id= (permission `campaigns`) → the batch's codes as
 * a CSV download (UTF-8 with BOM; columns 兑换码, 已兑换次数, 可兑换次数, 兑换内容, 过期时间, 批次). Not the
 * envelope on success: it is a file. Errors are the envelope (400 bad id, 404 no such batch). Every
 * export is audited (exchange_batch.export); the answer is never cached.
 */
import { handle, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server';
import { exportBatch } from '~/features/campaigns/server';
import { exchangeCodesExportQuerySchema } from '~/features/campaigns/wire';

// A CSV download, not the envelope: a handler of its own.
export const GET = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, exchangeCodesExportQuerySchema);
  const file = await exportBatch(ctx.db, actor, query.batch_id, now);
  return new Response(file.csv, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
export const ALL = opsAllowOnly('GET');
