/**
 * GET /api/v1/account/contracts (Bearer) → { list: ContractStatus[] } (spec §7 account "contract
 * signing"): 《平台服务协议》 and 《隐私政策》, each with its version in force, where to read it,
 * and the version the user signed (docs/decisions.md "Transfer and contract signing").
 */
import { signedIn } from '~/features/sign-in/server';
import { listContracts } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CONTENT_WIRE.contracts, signedIn, async (ctx, _input, { userId }) => listContracts(ctx.db, userId));
