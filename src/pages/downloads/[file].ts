/**
 * GET|HEAD /downloads/<file>: a launcher build the download manifest offers, streamed from the
 * database chunk by chunk (content/server/downloads.ts) with its SHA-256 as ETag and Repr-Digest;
 * one byte range (`Range: bytes=a-b`, `a-`, `-n`) answers 206 so an interrupted download can
 * resume, 416 when it lies past the end. Failures answer the spec §8 texts in the usual envelope:
 * 400 下载地址错误 for a malformed name, 404 文件不存在 for a file the manifest does not offer, 410
 * 下载文件出错,文件已被删除 for a build deleted in the console or no longer holding the bytes the
 * manifest recorded.
 */
import { CODE_FAIL } from '~/platform/config/constants';
import { MSG_DOWNLOAD_BAD_ADDRESS, MSG_DOWNLOAD_DELETED, MSG_DOWNLOAD_NOT_FOUND } from '~/features/content/contract/site-settings';
import { parseByteRange } from '~/features/content/rules/byte-range';
import { allowOnly, handle } from '~/platform/http/http';
import { downloadContentType, lookupDownload, streamDownload } from '~/features/content/server';

function refuse(status: 400 | 404 | 410, msg: string): Response {
  return new Response(JSON.stringify({ code: CODE_FAIL, msg, data: null }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

const serve = handle(async ({ request, params, db }) => {
  const name = params['file'] ?? '';
  const found = await lookupDownload(db, name);
  if (found.kind === 'bad-address') return refuse(400, MSG_DOWNLOAD_BAD_ADDRESS);
  if (found.kind === 'not-found') return refuse(404, MSG_DOWNLOAD_NOT_FOUND);
  if (found.kind === 'gone') return refuse(410, MSG_DOWNLOAD_DELETED);
  const { build, file } = found;
  const etag = `"${build.sha256}"`;
  const headers: Record<string, string> = {
    'content-type': downloadContentType(build.file),
    'content-disposition': `attachment; filename="${build.file}"`,
    // A new build has a new file name; a name may still be given other bytes, so ask each time.
    'cache-control': 'no-cache',
    etag,
    'repr-digest': `sha-256=:${Buffer.from(build.sha256, 'hex').toString('base64')}:`,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  };
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  // If-Range naming other bytes (or a date, which we do not keep): the whole file, as RFC 9110 says.
  const ifRange = request.headers.get('if-range');
  const range = ifRange === null || ifRange.trim() === etag ? parseByteRange(request.headers.get('range'), file.size) : { kind: 'whole' as const };
  if (range.kind === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${file.size}` } });
  }
  const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, file.size - 1];
  headers['content-length'] = String(end - start + 1);
  if (range.kind === 'part') headers['content-range'] = `bytes ${start}-${end}/${file.size}`;
  const status = range.kind === 'part' ? 206 : 200;
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  return new Response(streamDownload(db, file, start, end), { status, headers });
});

export const GET = serve;
export const HEAD = serve;
export const ALL = allowOnly('GET');
