/**
 * GET /uploads/<id>-<12 hex of the variant's sha256>/<card|detail>.webp: an uploaded
 * image's variant, immutable under its URL (the hash changes with the bytes), with an ETag and 304.
 * The card is also served under the detail's hash (listings keep detail URLs; hall cards swap the
 * file name: services/uploads.ts cardVariantUrl). Any other id, variant or hash answers 404.
 */
import { allowOnly, handle, headOf } from '~/platform/http/http';
import { notFound } from '~/platform/http/errors';
import { readUploadVariant } from '~/platform/db/uploads';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const GET = handle(async ({ request, params, db }) => {
  const variant = await readUploadVariant(db, params['key'], params['file']);
  if (!variant) throw notFound();
  const etag = `"${variant.sha256}"`;
  const headers = { 'content-type': 'image/webp', 'cache-control': IMMUTABLE, etag, 'x-content-type-options': 'nosniff' };
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(variant.bytes), { status: 200, headers: { ...headers, 'content-length': String(variant.bytes.byteLength) } });
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
