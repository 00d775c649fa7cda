/**
 * The login details of listed accounts ("while the order runs, the renter sees the
 * account's login details and the time left; no one else ever does").
 *
 * Passwords are stored encrypted with AES-256-GCM. The key is CREDENTIALS_KEY (64 hex digits)
 * when set — production sets it, so a copy of the database alone reveals nothing — and otherwise
 * a key generated once into app_secrets for the embedded demo (docs/decisions.md "Credentials").
 * Only the order service decides who may read them.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '~/platform/db/client';
import { listingCredentials } from '~/platform/db/schema';
import { notFound, type AppError } from '~/platform/http/errors';
import { sharedSecret } from '~/platform/db/app-secrets';
import { appConfig } from '~/platform/config/config';

const VERSION = 'v1';

/**
 * CREDENTIALS_KEY (validated at boot), or in development a key generated once into app_secrets.
 * Also seals the console's exchange codes (services/ops/exchange-codes.ts).
 */
export async function credentialsKey(db: DbOrTx): Promise<Buffer> {
  const configured = appConfig().CREDENTIALS_KEY;
  if (configured) return Buffer.from(configured, 'hex');
  return Buffer.from(await sharedSecret(db, 'credentials_key', () => randomBytes(32).toString('hex')), 'hex');
}

/** "v1.<iv>.<tag>.<ciphertext>" in base64url. */
export function encryptWith(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptWith(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unreadable credentials cipher');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export async function setListingCredentials(db: DbOrTx, listingId: number, loginAccount: string, password: string): Promise<void> {
  const passwordCipher = encryptWith(await credentialsKey(db), password);
  await db
    .insert(listingCredentials)
    .values({ listingId, loginAccount, passwordCipher })
    .onConflictDoUpdate({ target: listingCredentials.listingId, set: { loginAccount, passwordCipher, updatedAt: new Date() } });
}

/** The plain login details, or null when the owner has not given any. Callers check who asks. */
export async function readListingCredentials(db: DbOrTx, listingId: number): Promise<{ loginAccount: string; password: string } | null> {
  const [row] = await db.select().from(listingCredentials).where(eq(listingCredentials.listingId, listingId));
  if (!row) return null;
  return { loginAccount: row.loginAccount, password: decryptWith(await credentialsKey(db), row.passwordCipher) };
}

/** A rental whose owner has not given login details yet: the renter is told, and can complain. */
export const credentialsNotGiven = (): AppError => notFound('商家尚未提供账号信息，请联系客服');
