/**
 * GET /api/v1/ops/audit?page&page_size&operator&action&target_type&target_id&from&to → Page of
 * AuditEntryView, newest first (permission `audit`: admin). `action` ending in a dot is a prefix
 * (`complaint.`); from/to are Shanghai days, both included.
 */
import { serveConsole, auditQueryFrom, searchAudit } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.audit, 'audit', async (ctx, query) => searchAudit(ctx.db, auditQueryFrom(query)));
