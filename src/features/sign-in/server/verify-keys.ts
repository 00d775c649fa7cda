/**
 * spec §7 "validate code v2": a solved captcha yields a verify_key bound to one web_action
 * (login, submit, sendSms). Single-use, so one solved slider buys exactly one SMS or one
 * password attempt. Only the key's SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { VERIFY_KEY_LIFETIME_S } from '~/features/sign-in/constants';
import { affectedRowCount, type DbOrTx } from '~/platform/db/client';
import { verifyKeys, type VerifyAction } from '~/platform/db/schema';

const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');
const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new verify_key for `action`, valid VERIFY_KEY_LIFETIME_S from `now`. */
export async function issueVerifyKey(db: DbOrTx, action: VerifyAction, now: Date): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await db.insert(verifyKeys).values({
    keyHash: hashKey(key),
    action,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFY_KEY_LIFETIME_S * 1000),
  });
  return key;
}

/**
 * Uses `key` up for `action`: true exactly once for a live key of that action; false for an
 * unknown, expired, used or other-action key. One conditional update, so two racing requests
 * cannot both succeed.
 */
export async function consumeVerifyKey(db: DbOrTx, key: string | null | undefined, action: VerifyAction, now: Date): Promise<boolean> {
  if (!key || !KEY_SHAPE.test(key)) return false;
  const result = await db
    .update(verifyKeys)
    .set({ usedAt: now })
    .where(
      and(eq(verifyKeys.keyHash, hashKey(key)), eq(verifyKeys.action, action), isNull(verifyKeys.usedAt), gt(verifyKeys.expiresAt, now)),
    );
  return affectedRowCount(result) === 1;
}
