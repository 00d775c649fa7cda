/**
 * POST /api/v1/account/contractSign (Bearer) `{ document, version }` → ContractStatus (spec §7
 * account "contract signing"): the user signs the version they read. 400 协议类型无效 / 版本号无效;
 * 404 运营方尚未发布该协议 / 该协议版本不存在; 409 协议已更新，请阅读最新版本后再签署 when a newer
 * version is in force. Signing a signed version again answers the same, first time kept.
 */
import { signedIn } from '~/features/sign-in/server';
import { signContract } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CONTENT_WIRE.contractSign, signedIn, async (ctx, input, { userId, now }) => signContract(ctx.db, userId, input, now));
