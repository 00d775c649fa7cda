/**
 * GET|HEAD /downloads/<file>: a launcher build the download manifest offers, served from
 * the server's downloads folder (services/downloads.ts) with its SHA-256 as ETag and Repr-Digest.
 * Failures answer the spec §8 texts in the usual envelope: 400 下载地址错误 for a malformed name,
 * 404 文件不存在 for a file the manifest does not offer, 410 下载文件出错,文件已被删除 for an
 * offered file no longer in the folder (or replaced by other bytes without a new manifest).
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { CODE_FAIL } from '~/platform/config/constants';
import { MSG_DOWNLOAD_BAD_ADDRESS, MSG_DOWNLOAD_DELETED, MSG_DOWNLOAD_NOT_FOUND } from '~/features/content/contract/site-settings';
import { allowOnly, handle } from '~/platform/http/http';
import { downloadContentType, downloadsDir, lookupDownload } from '~/features/content/server';

function refuse(status: 400 | 404 | 410, msg: string): Response {
  return new Response(JSON.stringify({ code: CODE_FAIL, msg, data: null }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

const serve = handle(async ({ request, params, db }) => {
  const name = params['file'] ?? '';
  const found = await lookupDownload(db, downloadsDir(), name);
  if (found.kind === 'bad-address') return refuse(400, MSG_DOWNLOAD_BAD_ADDRESS);
  if (found.kind === 'not-found') return refuse(404, MSG_DOWNLOAD_NOT_FOUND);
  if (found.kind === 'gone') return refuse(410, MSG_DOWNLOAD_DELETED);
  const { build } = found;
  const etag = `"${build.sha256}"`;
  const headers: Record<string, string> = {
    'content-type': downloadContentType(build.file),
    'content-disposition': `attachment; filename="${build.file}"`,
    // A new build has a new file name; a name may still be given other bytes, so ask each time.
    'cache-control': 'no-cache',
    etag,
    'repr-digest': `sha-256=:${Buffer.from(build.sha256, 'hex').toString('base64')}:`,
    'x-content-type-options': 'nosniff',
  };
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  headers['content-length'] = String(build.size);
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(found.file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
});

export const GET = serve;
export const HEAD = serve;
export const ALL = allowOnly('GET');
