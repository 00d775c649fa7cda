/**
 * The tables every feature stands on, so they import no feature: the two kinds of account the
 * other tables point at (users, operators), uploaded images, the deployment's shared secrets,
 * idempotency keys, rate-limit counters and the catalogue's page-cache version. A feature's tables
 * (features/<name>/server/tables.ts) import these for their foreign keys; schema.ts re-exports
 * them with the rest.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { OPS_UPLOAD_PURPOSES, UPLOAD_PURPOSES, type UploadPurpose } from '~/platform/config/constants';
import { createdAt } from '~/platform/db/columns';

type OpsUploadPurpose = (typeof OPS_UPLOAD_PURPOSES)[number];

// ---------------------------------------------------------------------------------------------
// users

export const USER_STATUSES = ['active', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    /** scrypt string from services/password.ts; null for accounts created by SMS or third-party login. */
    passwordHash: text('password_hash'),
    mobile: varchar('mobile', { length: 11 }),
    nickname: varchar('nickname', { length: 32 }).notNull(),
    avatar: text('avatar'),
    isRealName: boolean('is_real_name').notNull().default(false),
    /** Lowercased; lets a user reset the password by email code (/rstpwd). */
    email: varchar('email', { length: 254 }),
    /** The verified real name (spec §6 real-name verification). */
    realName: varchar('real_name', { length: 32 }),
    /** Only the first 3 and last 4 characters of the ID number are kept, e.g. 110***********0011. */
    idNumberMasked: varchar('id_number_masked', { length: 18 }),
    /** SHA-256 of the upper-cased ID number, so one identity verifies one account. */
    idNumberHash: varchar('id_number_hash', { length: 64 }),
    /** This user's own invite code (register: optional invite code). */
    inviteCode: varchar('invite_code', { length: 16 }),
    invitedByUserId: integer('invited_by_user_id'),
    /**
     * scrypt string of the 6-digit pay password (账号设置); null until the user sets one,
     * and withdrawals ask for it only once it is set (docs/decisions.md "Account settings").
     */
    payPasswordHash: text('pay_password_hash'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /**
     * Banned by an operator: when, and the reason the user reads at sign-in. While set no
     * sign-in path issues a token and existing tokens resolve to no one; the history of bans is the
     * audit log (user.ban / user.unban / user.ban_expire).
     */
    bannedAt: timestamp('banned_at', { withTimezone: true, mode: 'date' }),
    banReason: varchar('ban_reason', { length: 200 }),
    /** When a timed ban ends (the money sweep lifts it); null while banned: until an operator lifts it. */
    bannedUntil: timestamp('banned_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    check('users_ban_check', sql`(${t.bannedAt} is null) = (${t.banReason} is null)`),
    check('users_banned_until_check', sql`${t.bannedUntil} is null or ${t.bannedUntil} > ${t.bannedAt}`),
    // The sweep's lookup of timed bans that have ended.
    index('users_banned_until_idx').on(t.bannedUntil).where(sql`${t.bannedUntil} is not null`),
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    uniqueIndex('users_id_number_hash_key').on(t.idNumberHash),
    check('users_status_check', sql`${t.status} in ('active', 'deleted')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
// A user's shop (usersRelations) is declared with shops in features/sellers: this file imports no feature.

// ---------------------------------------------------------------------------------------------
// page cache and rate limits

/**
 * One row whose version rises with every change to what catalogue pages show (statement-level
 * triggers in migration 0002). Every process compares it with the version its cached pages were
 * rendered under, so a rented listing is never served as free from any process's cache.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('catalog_version_single_row', sql`${t.id} = 1`)],
);

/**
 * Fixed-window counters for rate limits shared by every process (services/rate-limit.ts): one row
 * per bucket such as `sms:phone:13800000001` or `login:ip:203.0.113.9`.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  bucket: varchar('bucket', { length: 200 }).primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// what every process shares: secrets, idempotency keys, uploaded images

/** Secrets the deployment generates once and shares through the database (sandbox gateway keys, the credentials key without CREDENTIALS_KEY). */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** A request's first answer under its Idempotency-Key, replayed for repeats (services/idempotency.ts). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: varchar('scope', { length: 32 }).notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Raw bytes (bytea). pg hands back a Buffer and PGlite a Uint8Array; both are Uint8Array, which is
 * what the code reads and writes.
 */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * An uploaded image, re-encoded once into its two WebP variants, kept in the database so
 * every process serves it (docs/decisions.md "Image uploads"). `sha256` is of the bytes
 * as uploaded, for dedup per (owner, purpose); `card_sha256` / `detail_sha256` are of the variants
 * and name them in their immutable URLs and ETags. width/height are the upright original's.
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: serial('id').primaryKey(),
    /** The user who uploaded it, or null for an operator's upload (ad images). */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The operator who uploaded it (console; exactly one owner is set). */
    ownerOperatorId: integer('owner_operator_id').references(() => operators.id),
    purpose: varchar('purpose', { length: 16 }).$type<UploadPurpose | OpsUploadPurpose>().notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    card: bytea('card').notNull(),
    cardSha256: varchar('card_sha256', { length: 64 }).notNull(),
    detail: bytea('detail').notNull(),
    detailSha256: varchar('detail_sha256', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('uploaded_images_owner_sha_key').on(t.ownerUserId, t.purpose, t.sha256),
    index('uploaded_images_owner_created_idx').on(t.ownerUserId, t.createdAt),
    uniqueIndex('uploaded_images_operator_sha_key').on(t.ownerOperatorId, t.purpose, t.sha256).where(sql`${t.ownerOperatorId} is not null`),
    index('uploaded_images_operator_created_idx').on(t.ownerOperatorId, t.createdAt).where(sql`${t.ownerOperatorId} is not null`),
    check('uploaded_images_owner_check', sql`(${t.ownerUserId} is null) <> (${t.ownerOperatorId} is null)`),
    check('uploaded_images_purpose_check', sql.raw(`purpose in (${[...UPLOAD_PURPOSES, ...OPS_UPLOAD_PURPOSES].map((p) => `'${p}'`).join(', ')})`)),
    check('uploaded_images_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// operators: the console's accounts (their sessions and audit log are features/console's).
// Operators are not marketplace users: their own accounts and sessions, so a leaked renter token
// or a renter's XSS never reaches the console (docs/decisions.md "Operator console").

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    /** Lowercase, 3-32 of [a-z0-9_], starting with a letter (contract/ops.ts). */
    username: varchar('username', { length: 32 }).notNull(),
    displayName: varchar('display_name', { length: 16 }).notNull(),
    /** contract/ops.ts OPS_ROLES. */
    role: varchar('role', { length: 16 }).notNull(),
    /** scrypt string from services/password.ts. */
    passwordHash: text('password_hash').notNull(),
    /** A disabled operator cannot sign in and their sessions are revoked; the row stays for the audit log. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('operators_username_key').on(t.username),
    check('operators_role_check', sql`${t.role} in ('admin', 'operations', 'service', 'finance')`),
    check('operators_username_check', sql`${t.username} ~ '^[a-z][a-z0-9_]{2,31}$'`),
  ],
);

export type OperatorRow = typeof operators.$inferSelect;
