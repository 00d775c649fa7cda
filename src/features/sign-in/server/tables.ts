/**
 * Every piece of sign-in state, kept in the database rather than in one process's memory: bearer
 * tokens, RSA keys, getSign challenges, captchas and verify keys, SMS and email codes with the
 * sandbox outbox, login failures, QR sessions and third-party identities.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { CAPTCHA_ACTIONS, CODE_ACTIONS, THIRD_PARTY_PROVIDERS, type CaptchaAction, type CodeAction, type ThirdPartyProvider } from '~/features/sign-in/contract';
import { QR_PLATFORMS, QR_STATES, type QrPlatform, type QrState } from '~/features/sign-in/rules/qr-login';
import { createdAt } from '~/platform/db/columns';
import { users } from '~/platform/db/tables';

// ---------------------------------------------------------------------------------------------
// auth tokens ("Tokens": random, stored hashed, expires_time in seconds, revocable)

/**
 * One bearer token per sign-in. Only the SHA-256 of the token is kept (services/tokens.ts), so a
 * leaked table signs nobody in. A token is valid while `revoked_at` is null and `expires_at` is in
 * the future; rows are kept after revocation so a revoked token is told apart from an unknown one.
 */
export const TOKEN_PURPOSES = ['session', 'bind'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercase hex SHA-256 of the raw token (64 characters). */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    userAgent: varchar('user_agent', { length: 256 }),
    /**
     * 'session' signs the user in; 'bind' is the spec §6 temp_token of a third-party login
     * without a bound phone, good only for binding one (never accepted as a Bearer token).
     */
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull().default('session'),
    /**
     * When this session last proved the user's identity (login password or a code to the bound
     * phone, POST account/verifyIdentity): the re-authentication window runs from here. Kept on
     * the token, not the user, so a proof made on one device opens nothing on another.
     */
    identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_id_idx').on(t.userId),
    check('auth_tokens_token_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('auth_tokens_purpose_check', sql`${t.purpose} in ('session', 'bind')`),
  ],
);

export type AuthTokenRow = typeof authTokens.$inferSelect;
export type NewAuthTokenRow = typeof authTokens.$inferInsert;

// ---------------------------------------------------------------------------------------------
// sign-in. Every piece of sign-in state lives here, never in one process's memory
// (ARCHITECTURE "past one machine"): keys, challenges, captchas, codes, limits, QR sessions.

/**
 * RSA-OAEP key pairs for password encryption in the browser (services/rsa-keys.ts). Exactly one
 * row is active (retired_at null); rotation retires it and inserts the next. Retired keys stay a
 * short while so challenges issued just before a rotation still decrypt.
 */
export const rsaKeys = pgTable(
  'rsa_keys',
  {
    id: serial('id').primaryKey(),
    /** Public key id sent with getSign, e.g. k1a2b3c4d. */
    keyId: varchar('key_id', { length: 32 }).notNull(),
    publicKeyPem: text('public_key_pem').notNull(),
    privateKeyPem: text('private_key_pem').notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('rsa_keys_key_id_key').on(t.keyId),
    // At most one active key, whichever process creates it first.
    uniqueIndex('rsa_keys_one_active').on(sql`(true)`).where(sql`${t.retiredAt} is null`),
  ],
);

/**
 * getSign challenges (spec §7 getSign: sign, timestamp, nonce_str). `sign` is the per-challenge
 * HMAC key the browser signs the body with; the nonce is used at most once (used_at).
 */
export const signChallenges = pgTable(
  'sign_challenges',
  {
    nonceStr: varchar('nonce_str', { length: 32 }).primaryKey(),
    signKey: varchar('sign_key', { length: 64 }).notNull(),
    keyId: varchar('key_id', { length: 32 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sign_challenges_expires_at_idx').on(t.expiresAt)],
);

export const VERIFY_ACTIONS = CAPTCHA_ACTIONS;
export type VerifyAction = CaptchaAction;

/**
 * Captchas handed out, one answer each: slider puzzles (sandbox provider) and ALTCHA challenges,
 * whose row is what makes a solved payload single-use across processes.
 */
export const captchas = pgTable(
  'captchas',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    /** 'slider', 'altcha' or 'aliyun': an answer of one kind never uses a row of the other. */
    kind: varchar('kind', { length: 16 }).notNull().default('slider'),
    /**
     * SHA-256 (hex) of the Aliyun widget's captchaVerifyParam that used this row. Unique: the
     * parameter is not bound to our captcha_id, so this is what keeps one solved widget from
     * buying a second row, whichever process sees it, without trusting Aliyun's own F008 alone.
     */
    answerHash: varchar('answer_hash', { length: 64 }),
    /** Where the gap is, in puzzle pixels; never sent to the browser as a number (0 for altcha). */
    targetX: integer('target_x').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('captchas_expires_at_idx').on(t.expiresAt), uniqueIndex('captchas_answer_hash_key').on(t.answerHash)],
);

/** spec §7 validate code v2: a solved captcha's single-use verify_key, bound to one web_action. */
export const verifyKeys = pgTable(
  'verify_keys',
  {
    keyHash: varchar('key_hash', { length: 64 }).primaryKey(),
    action: text('action', { enum: VERIFY_ACTIONS }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('verify_keys_action_check', sql`${t.action} in ('login', 'submit', 'sendSms')`),
    index('verify_keys_expires_at_idx').on(t.expiresAt),
  ],
);

export const CODE_CHANNELS = ['sms', 'email'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];
export { CODE_ACTIONS, type CodeAction };

/** SMS and email codes: 6 digits, stored hashed, 5 minutes, at most 5 tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: CODE_CHANNELS }).notNull(),
    /** A mobile number or a lowercased email address. */
    recipient: varchar('recipient', { length: 254 }).notNull(),
    action: text('action', { enum: CODE_ACTIONS }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('verification_codes_lookup_idx').on(t.recipient, t.action, t.createdAt),
    check('verification_codes_channel_check', sql`${t.channel} in ('sms', 'email')`),
    check('verification_codes_action_check', sql`${t.action} in ('login', 'register', 'bind', 'reset', 'verify', 'deactivate')`),
    check('verification_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** What the sandbox SMS and email providers "sent"; the demo shows it on /sandbox/outbox. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: CODE_CHANNELS }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_created_at_idx').on(t.createdAt)],
);

/**
 * Wrong passwords per login name (lowercased), known or not, so the -410 captcha rule of spec §5
 * behaves the same for a name that has no account. Cleared by a successful login.
 */
export const loginFailures = pgTable('login_failures', {
  loginName: varchar('login_name', { length: 64 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// spec §4 QR login states, as this server keeps them; each platform answers in its own words.
export { QR_PLATFORMS, QR_STATES, type QrPlatform, type QrState };

/**
 * QR login sessions (spec §4, §7). `id` is what the creating browser polls with (sessionId /
 * qr_token); `scan_code` is what the QR encodes, for the second device. Only the browser holding
 * the secret whose hash is `browser_secret_hash` may redeem the session, once (redeemed_at).
 */
export const qrSessions = pgTable(
  'qr_sessions',
  {
    id: varchar('id', { length: 43 }).primaryKey(),
    platform: text('platform', { enum: QR_PLATFORMS }).notNull(),
    scanCode: varchar('scan_code', { length: 43 }).notNull(),
    browserSecretHash: varchar('browser_secret_hash', { length: 64 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 128 }),
    status: text('status', { enum: QR_STATES }).notNull().default('waiting'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true, mode: 'date' }),
    /** Who confirmed on the second device. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** True when the confirmed third-party user has no phone yet: redeeming yields a temp_token. */
    needsBind: boolean('needs_bind').notNull().default(false),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('qr_sessions_scan_code_key').on(t.scanCode),
    index('qr_sessions_expires_at_idx').on(t.expiresAt),
    check('qr_sessions_platform_check', sql`${t.platform} in ('wechat', 'qq', 'app')`),
    check(
      'qr_sessions_status_check',
      sql`${t.status} in ('waiting', 'scanned', 'granting', 'logined', 'cancelled', 'expired', 'error')`,
    ),
  ],
);

export { THIRD_PARTY_PROVIDERS, type ThirdPartyProvider };

/** A WeChat or QQ identity (open id) linked to a user; a first-time one creates a phone-less user. */
export const thirdPartyIdentities = pgTable(
  'third_party_identities',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: THIRD_PARTY_PROVIDERS }).notNull(),
    openId: varchar('open_id', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('third_party_identities_provider_open_id_key').on(t.provider, t.openId),
    index('third_party_identities_user_id_idx').on(t.userId),
    check('third_party_identities_provider_check', sql`${t.provider} in ('wechat', 'qq')`),
  ],
);

export type RsaKeyRow = typeof rsaKeys.$inferSelect;
export type QrSessionRow = typeof qrSessions.$inferSelect;
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
