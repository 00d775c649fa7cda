/**
 * The RSA key pair the browser encrypts passwords with (spec §5 "Passwords are RSA-encrypted with a
 * server-provided public key before sending"; docs/sign-in-api.md "Request signing and password
 * encryption"): 2048-bit RSA-OAEP with SHA-256, through node:crypto only (never a pure-JS RSA).
 *
 * The database is the source (ARCHITECTURE "past one machine"): every process reads the one active
 * row of rsa_keys. The first process to need a key inserts it with ON CONFLICT DO NOTHING against
 * the one-active partial unique index, then everyone reads back whichever row won, so N processes
 * starting together still share one key. Parsed private keys are cached per key_id in memory; that
 * cache never decides anything, the rows do.
 *
 * Rotation retires the active key and makes the next; a retired key still decrypts for
 * SIGN_CHALLENGE_LIFETIME_S, so a challenge handed out just before a rotation stays usable.
 */
import { constants, createPrivateKey, generateKeyPair, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { SIGN_CHALLENGE_LIFETIME_S } from '~/features/sign-in/constants';
import type { Db, DbOrTx } from '~/platform/db/client';
import { rsaKeys } from '~/platform/db/schema';

/** 2048-bit modulus: a ciphertext is exactly 256 bytes. */
const RSA_MODULUS_BITS = 2048;
const CIPHERTEXT_BYTES = RSA_MODULUS_BITS / 8;
/** base64 of 256 bytes is 344 characters; anything else cannot be one of our ciphertexts. */
const CIPHERTEXT_B64_SHAPE = /^[A-Za-z0-9+/]{342}==$/;

export interface ActiveKey {
  keyId: string;
  /** SPKI PEM, what getSign hands the browser. */
  publicKeyPem: string;
}

/** Parsed private keys by key_id. A key_id never changes its key, so entries never go stale. */
const privateKeyCache = new Map<string, KeyObject>();
/**
 * One key generation in flight per database handle in this process: a cold start with many
 * concurrent getSign calls pays for one 2048-bit generation, not one each. Across processes the
 * unique index does the same job.
 */
const pendingCreation = new WeakMap<object, Promise<void>>();

/** `k` + 8 hex characters, e.g. k1a2b3c4d. */
function newKeyId(): string {
  return `k${randomBytes(4).toString('hex')}`;
}

interface KeyPairPem {
  publicKeyPem: string;
  privateKeyPem: string;
}

function generateKeyPairPem(): Promise<KeyPairPem> {
  return new Promise((resolve, reject) => {
    generateKeyPair(
      'rsa',
      {
        modulusLength: RSA_MODULUS_BITS,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (error, publicKeyPem, privateKeyPem) => (error ? reject(error) : resolve({ publicKeyPem, privateKeyPem })),
    );
  });
}

async function readActiveKey(db: DbOrTx): Promise<ActiveKey | undefined> {
  const [row] = await db
    .select({ keyId: rsaKeys.keyId, publicKeyPem: rsaKeys.publicKeyPem })
    .from(rsaKeys)
    .where(isNull(rsaKeys.retiredAt))
    .limit(1);
  return row;
}

/**
 * Inserts a fresh active key unless one is already active. ON CONFLICT DO NOTHING with no target
 * covers the partial index rsa_keys_one_active: the loser's row is simply not written.
 */
async function insertKeyIfNoneActive(db: DbOrTx, now: Date): Promise<void> {
  const pair = await generateKeyPairPem();
  await db
    .insert(rsaKeys)
    .values({ keyId: newKeyId(), publicKeyPem: pair.publicKeyPem, privateKeyPem: pair.privateKeyPem, createdAt: now })
    .onConflictDoNothing();
}

/** The active key, made on first use (by whichever process gets there first). */
export async function activeKey(db: Db, now: Date): Promise<ActiveKey> {
  const existing = await readActiveKey(db);
  if (existing) return existing;
  let creation = pendingCreation.get(db);
  if (!creation) {
    creation = insertKeyIfNoneActive(db, now).finally(() => pendingCreation.delete(db));
    pendingCreation.set(db, creation);
  }
  await creation;
  const created = await readActiveKey(db);
  if (!created) throw new Error('rsa_keys: no active key after insert');
  return created;
}

/**
 * Retires the active key and makes the next one active; answers the new active key. Two racing
 * rotations end with one active key (the second insert meets the unique index and does nothing).
 */
export async function rotateKey(db: Db, now: Date): Promise<ActiveKey> {
  // Generated before the transaction: 2048-bit generation takes tens of milliseconds of CPU, which
  // must not hold row locks.
  const pair = await generateKeyPairPem();
  await db.transaction(async (tx) => {
    await tx.update(rsaKeys).set({ retiredAt: now }).where(isNull(rsaKeys.retiredAt));
    await tx
      .insert(rsaKeys)
      .values({ keyId: newKeyId(), publicKeyPem: pair.publicKeyPem, privateKeyPem: pair.privateKeyPem, createdAt: now })
      .onConflictDoNothing();
  });
  return activeKey(db, now);
}

/** The private key of `keyId` if it may still decrypt at `now`: active, or retired less than a challenge's life ago. */
async function usablePrivateKey(db: DbOrTx, keyId: string, now: Date): Promise<KeyObject | null> {
  const oldestUsableRetirement = new Date(now.getTime() - SIGN_CHALLENGE_LIFETIME_S * 1000);
  const [row] = await db
    .select({ privateKeyPem: rsaKeys.privateKeyPem })
    .from(rsaKeys)
    .where(and(eq(rsaKeys.keyId, keyId), or(isNull(rsaKeys.retiredAt), gt(rsaKeys.retiredAt, oldestUsableRetirement))))
    .limit(1);
  if (!row) return null;
  let key = privateKeyCache.get(keyId);
  if (!key) {
    key = createPrivateKey(row.privateKeyPem);
    privateKeyCache.set(keyId, key);
  }
  return key;
}

/**
 * RSA-OAEP-SHA256 decryption of a base64 ciphertext with the key `keyId`. Null for an unknown or
 * long-retired key, a malformed ciphertext or one that does not decrypt; never throws on bad input.
 */
export async function decryptOaep(db: DbOrTx, keyId: string, ciphertextB64: string, now: Date): Promise<Buffer | null> {
  const key = await usablePrivateKey(db, keyId, now);
  if (!key || !CIPHERTEXT_B64_SHAPE.test(ciphertextB64)) return null;
  const ciphertext = Buffer.from(ciphertextB64, 'base64');
  if (ciphertext.length !== CIPHERTEXT_BYTES) return null;
  try {
    return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, ciphertext);
  } catch {
    return null;
  }
}
