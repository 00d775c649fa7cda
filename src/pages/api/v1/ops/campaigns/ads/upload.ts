/**
 * POST /api/v1/ops/campaigns/ads/upload (permission `campaigns`) — multipart/form-data with one `file`
 * (JPEG, PNG or WebP by its content, at most 5 MB) → `{ id, card_url, detail_url, width, height }`; the
 * ad uses detail_url. Stored like every upload (sniffed, re-encoded, metadata dropped), owned by the
 * operator; the same bytes again answer the same image. 415 not multipart, 413 too large, 400 not an
 * image, 429 past the operator's daily count. Audited (upload.image).
 */
import { handle, ok, readMultipartForm } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server';
import { uploadAdImage } from '~/features/campaigns/server';
import { AD_UPLOAD_FORM_LIMITS } from '~/features/campaigns/wire';
import { uploadFileBytes } from '~/platform/db/uploads';

// Multipart, not JSON: a handler of its own (the browser sends it with uploadConsole).
export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const form = await readMultipartForm(ctx.request, AD_UPLOAD_FORM_LIMITS);
  return ok(await uploadAdImage(ctx.db, actor, await uploadFileBytes(form), now));
});

export const ALL = opsAllowOnly('POST');
