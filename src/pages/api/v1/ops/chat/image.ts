/**
 * POST /api/v1/ops/chat/image (operator, chat) — multipart/form-data with one `file`
 * (JPEG, PNG or WebP by content, at most 5 MB) → the upload `{ id, card_url, detail_url, width,
 * height }` to send with reply. The same checks and re-encoding as a user's upload; purpose chat.
 */
import { handle, ok, readMultipartForm } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server';
import { MSG_IMAGE_TOO_LARGE, MSG_UPLOAD_NOT_MULTIPART, UPLOAD_FORM_MAX_BYTES, chatImageBytes, storeOwnedImage } from '~/platform/db/uploads';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'chat', now);
  const form = await readMultipartForm(ctx.request, { maxBytes: UPLOAD_FORM_MAX_BYTES, tooLargeMsg: MSG_IMAGE_TOO_LARGE, unsupportedMsg: MSG_UPLOAD_NOT_MULTIPART });
  return ok(await storeOwnedImage(ctx.db, { kind: 'operator', operatorId: actor.operatorId }, 'chat', await chatImageBytes(form), now));
});

export const ALL = opsAllowOnly('POST');
