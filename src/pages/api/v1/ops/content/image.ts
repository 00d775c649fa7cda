/**
 * POST /api/v1/ops/content/image (permission `content`) — multipart/form-data with one `file`
 * (JPEG, PNG or WebP by its content, at most 5 MB) → `{ id, url, width, height, markdown }`: an
 * image for a help page or an announcement, through the upload service (purpose `content`).
 * Refusals as POST uploads/image: 415, 413, 400, 429.
 */
import { handle, ok, readMultipartForm } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server';
import { uploadContentImage } from '~/features/content/server';
import { MSG_IMAGE_TOO_LARGE, MSG_UPLOAD_NOT_MULTIPART, UPLOAD_FORM_MAX_BYTES, uploadFileBytes } from '~/platform/db/uploads';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'content', now);
  const form = await readMultipartForm(ctx.request, { maxBytes: UPLOAD_FORM_MAX_BYTES, tooLargeMsg: MSG_IMAGE_TOO_LARGE, unsupportedMsg: MSG_UPLOAD_NOT_MULTIPART });
  return ok(await uploadContentImage(ctx.db, actor, await uploadFileBytes(form), now));
});

export const ALL = opsAllowOnly('POST');
