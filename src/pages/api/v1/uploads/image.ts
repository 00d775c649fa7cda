/**
 * POST /api/v1/uploads/image (Bearer, spec §7 "uploads") — multipart/form-data with one
 * `file` (JPEG, PNG or WebP by its content, at most 5 MB) and `purpose` (listing | complaint |
 * avatar) → `{ id, card_url, detail_url, width, height }`. Refusals: 401, 415 not multipart, 413
 * 图片不能超过5MB, 400 仅支持 JPEG、PNG、WebP 图片 / 图片尺寸过大 / a bad field, 429 past the daily
 * count. The same bytes for the same purpose answer the earlier upload (docs/decisions.md).
 *
 * Kept on handle(): a multipart body, which serve() does not read. The browser calls the route
 * UPLOAD_ROUTES.image (platform/wire/uploads.ts) with `upload(route, form)`.
 */
import { requireUser } from '~/features/sign-in/server';
import { allowOnly, handle, ok, readMultipartForm } from '~/platform/http/http';
import {
  MSG_IMAGE_TOO_LARGE,
  MSG_UPLOAD_NOT_MULTIPART,
  UPLOAD_FORM_MAX_BYTES,
  storeImageUpload,
  uploadFormFields,
} from '~/platform/db/uploads';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const form = await readMultipartForm(ctx.request, { maxBytes: UPLOAD_FORM_MAX_BYTES, tooLargeMsg: MSG_IMAGE_TOO_LARGE, unsupportedMsg: MSG_UPLOAD_NOT_MULTIPART });
  return ok(await storeImageUpload(ctx.db, userId, await uploadFormFields(form), now));
});

export const ALL = allowOnly('POST');
