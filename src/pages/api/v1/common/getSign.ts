/**
 * GET /api/v1/common/getSign — a signing challenge (spec §7 getSign: public_key, sign, timestamp,
 * nonce_str; docs/sign-in-api.md): the active RSA public key and its key_id, a per-challenge HMAC
 * key, the server's time in seconds and a nonce, valid 5 minutes and usable once.
 */
import { serve } from '~/platform/http/serve';
import { issueSignChallenge } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { GET, HEAD, ALL } = serve(SIGN_IN_WIRE.getSign, async ({ db }) => issueSignChallenge(db, new Date()));
