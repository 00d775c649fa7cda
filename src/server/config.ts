import { z } from 'zod';
import { DEFAULT_AI_HOST_MARKER } from '../lib/rules/brand';

/**
 * Environment configuration, validated once (STYLE §5). main.ts exits with the message when it is
 * wrong; the Astro bundle reads the same values through loadConfig() for brand and API settings.
 */
const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const ConfigSchema = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  MIGRATIONS_DIR: z.string().min(1).optional(),
  SEED_DEMO: boolFromEnv.default(true),
  BRAND: z.enum(['default', 'cafe', 'ai']).optional(),
  BRAND_AI_HOST_MARKER: z.string().min(1).default(DEFAULT_AI_HOST_MARKER),
  PUBLIC_API_BASE: z.string().default(''),
  ALLOW_SANDBOX: boolFromEnv.default(false),
  /** Read the client IP from X-Forwarded-For (only behind a proxy that sets it). */
  TRUST_PROXY: boolFromEnv.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type AppConfig = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings count as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  // ARCHITECTURE: production refuses to start with sandbox providers it was not told to allow.
  if (config.APP_ENV === 'production' && !config.ALLOW_SANDBOX) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_ENV=production but payment, SMS and third-party login only have sandbox providers; set ALLOW_SANDBOX=true to run them knowingly.',
    );
  }
  return config;
}

/**
 * Whether the sandbox stand-in pages (SMS outbox, QR confirm) and links to them are served. Never
 * in production, even with ALLOW_SANDBOX: there the outbox would hand anyone the codes.
 */
export function sandboxPagesEnabled(config: AppConfig = loadConfig()): boolean {
  return config.APP_ENV !== 'production';
}
