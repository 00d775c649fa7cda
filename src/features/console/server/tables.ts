/**
 * The console's own tables: operators' signed-in sessions and the append-only audit log. The
 * operators themselves are platform/db/tables.ts's, since tables of most features point at them.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from '~/platform/db/columns';
import { operators } from '~/platform/db/tables';

/** An operator's signed-in browser; the cookie holds the raw token, the row only its SHA-256. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    /** Absolute end: a session is never extended past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Idle end: refreshed (coarsely) on use; an unattended console signs out by itself. */
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_hash_key').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId),
    check('operator_sessions_token_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Every console action: who, what, on which record, the record before and after, why, when.
 * Append-only: a trigger (migration ops_foundation_custom) refuses UPDATE and DELETE, so nobody,
 * the console included, rewrites what an operator did.
 */
export const opsAuditLog = pgTable(
  'ops_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** Dotted verb, e.g. listing.approve, complaint.decide, operator.create. */
    action: varchar('action', { length: 48 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: varchar('reason', { length: 500 }),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ops_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('ops_audit_log_operator_idx').on(t.operatorId, t.id.desc()),
    index('ops_audit_log_target_idx').on(t.targetType, t.targetId, t.id.desc()),
    index('ops_audit_log_action_idx').on(t.action, t.id.desc()),
  ],
);

export type OpsAuditRow = typeof opsAuditLog.$inferSelect;
