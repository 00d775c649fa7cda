/**
 * Exchange codes ("exchange codes (batches, limits, expiry)", "redeem to red
 * envelopes or gold coins"): what a code looks like, how typed input is read, and the order in
 * which a redemption is refused. Pure: the random bytes and the clock are handed in.
 *
 * A code is EXCHANGE_CODE_LENGTH characters of EXCHANGE_CODE_ALPHABET (no 0/O, 1/I/L), shown in
 * groups of EXCHANGE_CODE_GROUP joined by '-'. What a user types is read leniently: any case,
 * spaces and dashes anywhere; anything else (a look-alike, a wrong length) is not a code.
 */
import { EXCHANGE_CODE_ALPHABET, EXCHANGE_CODE_GROUP, EXCHANGE_CODE_LENGTH } from '~/features/wallet/constants';

const ALPHABET_SIZE = EXCHANGE_CODE_ALPHABET.length;
/** Bytes at or above this are rejected, so every character is equally likely (no modulo bias). */
const UNBIASED_BYTE_LIMIT = 256 - (256 % ALPHABET_SIZE);
const CODE_PATTERN = new RegExp(`^[${EXCHANGE_CODE_ALPHABET}]{${EXCHANGE_CODE_LENGTH}}$`);

/**
 * A new code (canonical, without dashes) from a source of random bytes (0-255, e.g. one byte of
 * crypto.randomBytes at a time). Bytes that would bias the draw are skipped.
 */
export function exchangeCodeFromBytes(nextByte: () => number): string {
  let code = '';
  let draws = 0;
  while (code.length < EXCHANGE_CODE_LENGTH) {
    const byte = nextByte();
    draws += 1;
    // A broken source (always 255) must not spin for ever.
    if (draws > EXCHANGE_CODE_LENGTH * 64) throw new Error('random byte source keeps returning rejected values');
    if (!Number.isInteger(byte) || byte < 0 || byte >= UNBIASED_BYTE_LIMIT) continue;
    code += EXCHANGE_CODE_ALPHABET[byte % ALPHABET_SIZE];
  }
  return code;
}

/** The canonical code in what the user typed (case, spaces and dashes ignored), or null when it cannot be one. */
export function normalizeExchangeCode(input: string): string | null {
  if (input.length > EXCHANGE_CODE_LENGTH * 4) return null;
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  return CODE_PATTERN.test(compact) ? compact : null;
}

/** XXXX-XXXX-XXXX-XXXX: how a code is printed and exported. */
export function formatExchangeCode(canonical: string): string {
  const groups: string[] = [];
  for (let at = 0; at < canonical.length; at += EXCHANGE_CODE_GROUP) groups.push(canonical.slice(at, at + EXCHANGE_CODE_GROUP));
  return groups.join('-');
}

/** Why a redemption is refused, before anything is given. */
export type RedemptionRefusal = 'disabled' | 'expired' | 'already_redeemed' | 'used_up' | 'user_limit';

export interface RedemptionFacts {
  /** The batch was deactivated by an operator. */
  batchDisabled: boolean;
  expiresAt: Date;
  now: Date;
  /** Redemptions of this code so far, by anyone. */
  uses: number;
  maxUses: number;
  /** This user has redeemed this very code before. */
  redeemedByUser: boolean;
  /** Codes of this batch this user has redeemed. */
  userRedemptionsInBatch: number;
  perUserLimit: number;
}

/**
 * The first reason that stops a redemption, or null. The order is the one a user can act on: a
 * withdrawn or expired batch says so whatever else holds; the user's own earlier redemption of the
 * code is named before "used up" (a one-use code the user redeemed is used up by them, and "you have
 * redeemed it" is the truer answer); the per-user limit of the batch comes last. The expiry instant
 * itself is already past (a code expiring at 24:00 cannot be redeemed at 24:00).
 */
export function redemptionRefusal(facts: RedemptionFacts): RedemptionRefusal | null {
  if (facts.batchDisabled) return 'disabled';
  if (facts.now.getTime() >= facts.expiresAt.getTime()) return 'expired';
  if (facts.redeemedByUser) return 'already_redeemed';
  if (facts.uses >= facts.maxUses) return 'used_up';
  if (facts.userRedemptionsInBatch >= facts.perUserLimit) return 'user_limit';
  return null;
}
