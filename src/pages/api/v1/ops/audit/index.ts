/**
 * GET /api/v1/ops/audit?page&page_size&operator&action&target_type&target_id&from&to → Page of
 * AuditEntryView, newest first (permission `audit`: admin). `action` ending in a dot is a prefix
 * (`complaint.`); from/to are Shanghai days, both included.
 */
import { opsAuditQuerySchema } from '~/features/console/contract/ops';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { auditQueryFrom, searchAudit } from '~/features/console/server/audit';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'audit');
  const query = await readQuery(ctx.url, opsAuditQuerySchema);
  return ok(await searchAudit(ctx.db, auditQueryFrom(query)));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
