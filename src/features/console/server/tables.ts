/**
 * The console's own tables: operators' signed-in sessions and the append-only audit log. The
 * operators themselves are platform/db/tables.ts's, since tables of most features point at them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
    /**
     * Null: signed in. 'code': the password was right and the TOTP code (or a recovery code) is
     * still owed; 'enrol': a role that must have TOTP has none yet. Such a session opens nothing
     * but its own step (docs/decisions.md "Console second factor: TOTP").
     */
    pendingStep: varchar('pending_step', { length: 8 }),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_hash_key').on(t.tokenHash),
    check('operator_sessions_pending_step_check', sql`${t.pendingStep} is null or ${t.pendingStep} in ('code', 'enrol')`),
    index('operator_sessions_operator_idx').on(t.operatorId),
    check('operator_sessions_token_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Every console action: who, what, on which record, the record before and after, why, when.
 * Append-only: a trigger (migration ops_foundation_custom) refuses UPDATE and DELETE, so nobody,
 * the console included, rewrites what an operator did. A failed or locked-out sign-in has no
 * operator who acted (the name may not exist, and whoever typed it is not known): those two actions
 * alone are written without one, the name tried in `after.username`.
 */
export const opsAuditLog = pgTable(
  'ops_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null only for session.login_failed and session.locked_out (the check below). */
    operatorId: integer('operator_id').references(() => operators.id),
    /** Dotted verb, e.g. listing.approve, complaint.decide, operator.create. */
    action: varchar('action', { length: 48 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: varchar('reason', { length: 500 }),
    ip: varchar('ip', { length: 64 }),
    /** The browser's User-Agent, written for sign-ins (successful or not). */
    userAgent: varchar('user_agent', { length: 256 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('ops_audit_log_actor_check', sql`${t.operatorId} is not null or ${t.action} in ('session.login_failed', 'session.locked_out')`),
    index('ops_audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('ops_audit_log_operator_idx').on(t.operatorId, t.id.desc()),
    index('ops_audit_log_target_idx').on(t.targetType, t.targetId, t.id.desc()),
    index('ops_audit_log_action_idx').on(t.action, t.id.desc()),
  ],
);

export type OpsAuditRow = typeof opsAuditLog.$inferSelect;

/**
 * Console sign-in lockout per (username, address) pair (rules/login-throttle.ts). Kept in the
 * database so every process counts the same tries; a success deletes the pair's row, and the
 * housekeeping timer drops rows quiet for longer than the back-off is remembered.
 */
export const opsLoginThrottle = pgTable(
  'ops_login_throttle',
  {
    username: varchar('username', { length: 32 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** The current lockout's session.locked_out audit row is written (one per lockout). */
    lockoutAudited: boolean('lockout_audited').notNull().default(false),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] }), index('ops_login_throttle_updated_idx').on(t.updatedAt)],
);

/**
 * Maker-checker (docs/decisions.md "Two people for big money"): an action that moves big money or
 * loosens the withdrawal review waits here until a second operator approves it. The checks keep
 * the rule in the database too: nobody decides their own request (executed, rejected, failed), and
 * only the maker cancels. The partial unique index allows one pending request per withdrawal or
 * setting, so a payout cannot be queued twice.
 */
export const opsApprovals = pgTable(
  'ops_approvals',
  {
    id: serial('id').primaryKey(),
    /** wallet.credit, withdrawal.pay or withdrawal.review (contract/ops-approvals.ts). */
    kind: varchar('kind', { length: 32 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    /** The money it moves (a credit, a payout), null for a setting. */
    amountFen: integer('amount_fen'),
    /** The action's validated body, replayed on approval. */
    payload: jsonb('payload').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionNote: varchar('decision_note', { length: 500 }),
    /** What the execution returned (ledger reference, balance), or why it failed. */
    result: jsonb('result'),
  },
  (t) => [
    index('ops_approvals_status_idx').on(t.status, t.id),
    index('ops_approvals_requested_by_idx').on(t.requestedBy, t.createdAt),
    index('ops_approvals_decided_by_idx').on(t.decidedBy, t.decidedAt),
    uniqueIndex('ops_approvals_one_pending_key').on(t.kind, t.targetId).where(sql`${t.status} = 'pending' and ${t.kind} <> 'wallet.credit'`),
    check('ops_approvals_status_check', sql`${t.status} in ('pending', 'executed', 'rejected', 'cancelled', 'failed')`),
    check('ops_approvals_amount_check', sql`${t.amountFen} is null or ${t.amountFen} > 0`),
    check(
      'ops_approvals_decider_check',
      sql`(${t.status} = 'pending' and ${t.decidedBy} is null) or (${t.status} = 'cancelled' and ${t.decidedBy} = ${t.requestedBy}) or (${t.status} in ('executed', 'rejected', 'failed') and ${t.decidedBy} <> ${t.requestedBy})`,
    ),
  ],
);

export type OpsApprovalRow = typeof opsApprovals.$inferSelect;

/**
 * An operator's TOTP secret, AES-256-GCM under the credentials key (orders/server/credentials.ts).
 * A row without confirmed_at is an enrolment begun but not yet proven with a code: it protects
 * nothing until then, and a new enrolment replaces it.
 */
export const operatorTotp = pgTable('operator_totp', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id),
  secretCipher: varchar('secret_cipher', { length: 200 }).notNull(),
  createdAt: createdAt(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Time steps whose code an operator has used: the primary key makes a second use of the same code
 * fail even when two requests race. Steps too old to match again are pruned on each use.
 */
export const operatorTotpUsedSteps = pgTable(
  'operator_totp_used_steps',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    step: bigint('step', { mode: 'number' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.step] })],
);

/** One-time recovery codes, stored as SHA-256 of the canonical code; used_at set when consumed. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('operator_recovery_codes_code_key').on(t.operatorId, t.codeHash),
    check('operator_recovery_codes_hash_check', sql`${t.codeHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
