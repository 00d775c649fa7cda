/**
 * GET /api/v1/ops/audit?page&page_size&operator&action&target_type&target_id&from&to → Page of
 * AuditEntryView, newest first (permission `audit`: admin). `action` ending in a dot is a prefix
 * (`complaint.`); from/to are Shanghai days, both included.
 */
import { opsAuditQuerySchema } from '~/lib/contract/ops';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { auditQueryFrom, searchAudit } from '~/server/services/ops/audit';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'audit');
  const query = await readQuery(ctx.url, opsAuditQuerySchema);
  return ok(await searchAudit(ctx.db, auditQueryFrom(query)));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
