import { z } from 'zod';
import { DEFAULT_AI_HOST_MARKER } from '~/platform/rules/brand';
import { PAYMENT_CONFIG_SHAPE, paymentConfigProblems, paymentSandboxChannels } from '~/platform/providers/payment/config';
import { SIGN_IN_CONFIG_SHAPE, signInProviderProblems, signInSandboxPorts } from '~/platform/providers/sign-in-config';
import { CUSTOMER_SERVICE_CONFIG_SHAPE, customerServiceConfigProblems } from '~/platform/providers/customer-service/config';
import { PAYOUT_CONFIG_SHAPE, payoutConfigProblems, payoutSandboxPorts } from '~/platform/providers/payout/config';

/**
 * Environment configuration, parsed and validated once per process (STYLE §5): main.ts calls
 * appConfig() before anything else and exits with the message when it is wrong; every other module
 * (the Astro bundle's middleware, services, providers) reads the same parsed object through
 * appConfig(). loadConfig(env) is the pure parser, for tests.
 */
const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const ConfigSchema = z.object({
  // The providers declare their own variables beside their adapters (providers/*/config).
  ...PAYMENT_CONFIG_SHAPE,
  ...PAYOUT_CONFIG_SHAPE,
  ...SIGN_IN_CONFIG_SHAPE,
  ...CUSTOMER_SERVICE_CONFIG_SHAPE,
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  /**
   * The schema owner's connection, used only to migrate and seed at start; DATABASE_URL is then an
   * application role that may only INSERT and SELECT the history tables (docs/postgres-roles.md).
   */
  DATABASE_MIGRATION_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_MIGRATION_URL must be a postgres:// URL').optional(),
  /**
   * PostgreSQL only: name the statements run inside transactions, so each is parsed once per
   * connection and its plan can be kept (platform/db/named-statements.ts). Turn off behind a proxy that pools by
   * transaction (PgBouncer in transaction mode), where a connection's statements are not its own.
   */
  DATABASE_NAMED_STATEMENTS: boolFromEnv.default(true),
  DATA_DIR: z.string().min(1).default('./data'),
  MIGRATIONS_DIR: z.string().min(1).optional(),
  /**
   * Seed the demo catalogue, users and operators (with known passwords and money). Unset: on in
   * development and test, off in production; production refuses an explicit true (configProblems).
   */
  SEED_DEMO: boolFromEnv.optional(),
  BRAND: z.enum(['default', 'cafe', 'ai']).optional(),
  BRAND_AI_HOST_MARKER: z.string().min(1).default(DEFAULT_AI_HOST_MARKER),
  PUBLIC_API_BASE: z.string().default(''),
  ALLOW_SANDBOX: boolFromEnv.default(false),
  /**
   * Behind nginx's page cache (deploy/nginx/zuhao.conf.template, issue 27): the folder where the
   * processes keep the link `current` naming the catalogue version nginx keys its cache on
   * (platform/edge/edge-version.ts); the same folder for every process on nginx's machine. Unset:
   * the process lets nobody in front of it store its pages.
   */
  EDGE_VERSION_DIR: z.string().min(1).optional(),
  /** Read the client IP from X-Forwarded-For (only behind a proxy that sets it). */
  TRUST_PROXY: boolFromEnv.default(false),
  /**
   * Multiplies every per-IP rate limit (buckets `<name>:ip:<address>`; per-account and per-phone
   * limits stay). For sites whose users share one address: an internet café or a campus behind one
   * NAT reaches the per-IP sign-in and SMS limits long before any one person misbehaves.
   */
  IP_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1_000).default(1),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * The site's public address (scheme, host, optional port; no path), e.g. https://zuhao.example.
   * Addresses handed to outside services (payment notify, return, OAuth callbacks) are built from
   * it, never from a request's Host header, which the caller chooses.
   */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_BASE_URL must be an http(s) URL such as https://zuhao.example' })
    .transform((value) => value.replace(/\/+$/, ''))
    .refine((value) => new URL(value).pathname === '/' && !new URL(value).search, 'PUBLIC_BASE_URL must have no path or query')
    .optional(),
  /**
   * AES-256 key of the listings' login details, 64 hex digits. Without it (development only) a key
   * is generated into the database; production refuses to start, since a key stored beside the
   * data it protects protects nothing.
   */
  CREDENTIALS_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'CREDENTIALS_KEY must be 64 hex digits (32 bytes), e.g. from `openssl rand -hex 32`')
    .optional(),
});

/** The parsed configuration, SEED_DEMO decided (its default depends on APP_ENV). */
export type AppConfig = Omit<z.infer<typeof ConfigSchema>, 'SEED_DEMO'> & { SEED_DEMO: boolean };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings count as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config: AppConfig = { ...parsed.data, SEED_DEMO: parsed.data.SEED_DEMO ?? parsed.data.APP_ENV !== 'production' };
  const problems = configProblems(config);
  // Issue 25: the demo's admin, users and money have published passwords; a live site never has them.
  if (config.APP_ENV === 'production' && parsed.data.SEED_DEMO === true) {
    problems.push('SEED_DEMO=true is refused when APP_ENV=production: the demo data has known passwords and money. Unset it, and create the first admin with `npm run ops:create-admin`.');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  return config;
}

/**
 * What is wrong with a parsed configuration, one line per problem: a provider half-configured (in
 * any environment), and what production needs that development may go without.
 */
function configProblems(config: AppConfig): string[] {
  const problems = [...paymentConfigProblems(config), ...payoutConfigProblems(config), ...signInProviderProblems(config), ...customerServiceConfigProblems(config)];
  if (config.DATABASE_MIGRATION_URL && !config.DATABASE_URL) problems.push('DATABASE_MIGRATION_URL needs DATABASE_URL (the application role the processes then run as).');
  if (config.APP_ENV !== 'production') return problems;
  // ARCHITECTURE: production refuses to start with sandbox providers it was not told to allow.
  const sandboxes = [...paymentSandboxChannels(config).map((channel) => `payment-${channel}`), ...payoutSandboxPorts(config), ...signInSandboxPorts(config)];
  if (sandboxes.length > 0 && !config.ALLOW_SANDBOX) {
    problems.push(
      `APP_ENV=production but these ports have only their sandbox: ${sandboxes.join(', ')}; configure their real adapters or set ALLOW_SANDBOX=true to run the sandboxes knowingly.`,
    );
  }
  if (!config.CREDENTIALS_KEY) problems.push('CREDENTIALS_KEY is required when APP_ENV=production (64 hex digits).');
  if (!config.PUBLIC_BASE_URL) problems.push('PUBLIC_BASE_URL is required when APP_ENV=production (the public https:// address of the site).');
  else if (!config.PUBLIC_BASE_URL.startsWith('https://')) problems.push(`PUBLIC_BASE_URL must be an https:// address when APP_ENV=production (got ${config.PUBLIC_BASE_URL}): cookies, HSTS and the payment callbacks rely on it.`);
  return problems;
}

let parsed: AppConfig | undefined;

/** This process's configuration, parsed from process.env on first call and kept. Throws ConfigError. */
export function appConfig(): AppConfig {
  parsed ??= loadConfig(process.env);
  return parsed;
}

/** Tests only: run with `env` parsed as this process's configuration (null: parse process.env again). */
export function replaceAppConfig(env: Record<string, string | undefined> | null): void {
  parsed = env === null ? undefined : loadConfig(env);
}

/** A production configuration that passes every check, for tests of production behaviour. */
export const PRODUCTION_TEST_ENV: Readonly<Record<string, string>> = {
  APP_ENV: 'production',
  ALLOW_SANDBOX: 'true',
  CREDENTIALS_KEY: '0'.repeat(64),
  PUBLIC_BASE_URL: 'https://zuhao.example',
};

/**
 * Whether the sandbox stand-in pages (SMS outbox, QR confirm) and links to them are served. Never
 * in production, even with ALLOW_SANDBOX: there the outbox would hand anyone the codes.
 */
export function sandboxPagesEnabled(config: AppConfig = appConfig()): boolean {
  return config.APP_ENV !== 'production';
}
