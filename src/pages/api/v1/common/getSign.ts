/**
 * GET /api/v1/common/getSign — a signing challenge (spec §7 getSign: public_key, sign, timestamp,
 * nonce_str; docs/sign-in-api.md): the active RSA public key and its key_id, a per-challenge HMAC
 * key, the server's time in seconds and a nonce, valid 5 minutes and usable once.
 */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { issueSignChallenge } from '~/features/sign-in/server/request-signing';

export const GET = handle(async ({ db }) => ok(await issueSignChallenge(db, new Date())));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
