/**
 * POST /api/v1/ops/downloads/upload?name=<file> (permission `settings.site`): the body is the
 * launcher build itself, `application/octet-stream`, streamed into the database ~1 MB at a time
 * while its size and SHA-256 are computed → `{ name, size, sha256, uploaded_at, uploaded_by }`.
 * 415 for another content type (a raw body a cross-site form cannot send), 413 安装包不能超过512MB
 * (declared or at the first byte past it), 400 for a bad name or extension or an empty body, 409
 * for a name a build or a running upload holds. Nothing is visible until the last byte is in;
 * a refused or broken upload leaves nothing. Audited (download.upload).
 */
import { opsAllowOnly, requireOperator, uploadDownloadBuild } from '~/features/console/server';
import { MSG_DOWNLOAD_NOT_BINARY } from '~/features/content/contract/site-settings';
import { handle, ok, readQuery } from '~/platform/http/http';
import { unsupportedMediaType } from '~/platform/http/errors';
import { CONSOLE_WIRE } from '~/features/console/wire';

// A raw streamed body, not JSON: a handler of its own (the browser sends it with XMLHttpRequest for progress).
export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'settings.site', now);
  const { name } = await readQuery(ctx.url, CONSOLE_WIRE.uploadDownloadFile.input);
  const type = (ctx.request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'application/octet-stream') throw unsupportedMediaType(MSG_DOWNLOAD_NOT_BINARY);
  const declared = ctx.request.headers.get('content-length')?.trim();
  const declaredBytes = declared && /^\d+$/.test(declared) ? Number(declared) : null;
  return ok(await uploadDownloadBuild(ctx.db, actor, { name, body: ctx.request.body, declaredBytes }, now));
});

export const ALL = opsAllowOnly('POST');
