/**
 * Issue 25 "The launcher download": the console uploads a launcher build that is streamed into the
 * database (download_files + download_chunks), the manifest names it, and /downloads/<file> streams
 * it back from the chunks, on PGlite and PostgreSQL. Covers: upload → manifest → GET/HEAD/304/Range
 * with the bytes and hash intact; the cap (declared and streamed) with nothing left behind; bad
 * names, extensions, bodies and content types; who may call; a half upload never visible; delete
 * (refused while offered, 410 afterwards, the name reusable); audit rows; and, on PostgreSQL, a
 * second connection pool (another process) serving the same file.
 */
import { createHash } from 'node:crypto';
import type { APIContext, APIRoute } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_CHUNK_BYTES, DOWNLOAD_UPLOAD_MAX_BYTES } from '~/features/content/constants';
import {
  MSG_DOWNLOAD_BAD_EXTENSION,
  MSG_DOWNLOAD_BAD_NAME,
  MSG_DOWNLOAD_DELETED,
  MSG_DOWNLOAD_EMPTY,
  MSG_DOWNLOAD_FILE_MISSING,
  MSG_DOWNLOAD_IN_USE,
  MSG_DOWNLOAD_NAME_TAKEN,
  MSG_DOWNLOAD_NOT_BINARY,
  MSG_DOWNLOAD_NOT_FOUND,
  MSG_DOWNLOAD_TOO_LARGE,
  MSG_DOWNLOAD_UPLOAD_BROKEN,
  MSG_DOWNLOAD_UPLOAD_BUSY,
  type DownloadFileView,
} from '~/features/content/contract/site-settings';
import { MSG_OPS_FORBIDDEN } from '~/features/console/contract/ops';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { issueToken } from '~/features/sign-in/server/tokens';
import { listDownloadFiles, lookupDownload, storeDownloadFile, streamDownload } from '~/features/content/server/downloads';
import { readSetting } from '~/features/content/server/site-settings';
import { demoDownloadBytes, demoDownloadManifest } from '~/app/seed/downloads';
import type { Db } from '~/platform/db/client';
import * as schema from '~/platform/db/schema';
import { downloadChunks, downloadFiles, opsAuditLog, users } from '~/platform/db/schema';
import { MSG_API_NOT_FOUND } from '~/platform/http/errors';
import { POST as uploadRoute } from '~/pages/api/v1/ops/downloads/upload';
import { POST as deleteRoute } from '~/pages/api/v1/ops/downloads/delete';
import { POST as manifestRoute } from '~/pages/api/v1/ops/settings/download';
import { GET as fileGet, HEAD as fileHead } from '~/pages/downloads/[file]';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, routeResponse } from './endpoint-call';
import { suiteContext, useSuiteDatabase } from './route-context';

/** Bytes that differ at every offset, so a chunk put in the wrong place cannot go unnoticed. */
function buildBytes(length: number, salt: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + salt + (i >> 10)) & 0xff;
  return bytes;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A request body streamed in uneven pieces (never aligned with the 1 MB chunks). */
function streamOf(bytes: Buffer, piece = 150_001): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + piece)));
      offset += piece;
    },
  });
}

interface UploadOptions {
  cookie?: string;
  authorization?: string;
  contentType?: string | null;
  contentLength?: string;
  body?: ReadableStream<Uint8Array> | Buffer | null;
}

/** POST ops/downloads/upload the way the adapter hands it over: a streamed body, the name in the query. */
async function upload(name: string, options: UploadOptions) {
  const headers = new Headers();
  if (options.cookie) headers.set('cookie', options.cookie);
  if (options.authorization) headers.set('authorization', options.authorization);
  if (options.contentType !== null) headers.set('content-type', options.contentType ?? 'application/octet-stream');
  if (options.contentLength !== undefined) headers.set('content-length', options.contentLength);
  const body = options.body instanceof Buffer ? streamOf(options.body) : (options.body ?? null);
  const request = new Request(`http://localhost/api/v1/ops/downloads/upload?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers,
    body,
    ...(body ? { duplex: 'half' } : {}),
  } as RequestInit);
  const context = { request, url: new URL(request.url), params: {}, locals: suiteContext.locals() } as unknown as APIContext;
  const response = await (uploadRoute as APIRoute)(context);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as { code: number; msg: string; data: DownloadFileView } };
}

async function download(name: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<Response> {
  return routeResponse(method === 'GET' ? fileGet : fileHead, `/downloads/${name}`, { method, headers, params: { file: name } });
}

async function bytesOfResponse(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`launcher builds in the database (${label})`, () => {
    let db: Db;
    const cookies = { operations: '', finance: '' };
    let renterBearer = '';
    const build = buildBytes(2 * DOWNLOAD_CHUNK_BYTES + 12_345, 7);
    const buildName = 'zuhao-launcher-2.0.0-windows.exe';

    useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
      db = opened;
    });

    beforeAll(async () => {
      if (skip) return;
      const now = new Date();
      for (const role of ['operations', 'finance'] as const) {
        const operator = await createOperator(db, { username: `dl${role.slice(0, 4)}${driver.slice(0, 2)}`, password: 'download_pass_1', role, displayName: `下载${role.slice(0, 4)}` }, now);
        cookies[role] = (await openOperatorSession(db, operator.id, now)).cookie;
      }
      const [renter] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'renter01'));
      renterBearer = `Bearer ${(await issueToken(db, renter!.id, { now })).token}`;
    });

    const fileRows = () => db.select({ name: downloadFiles.name, state: downloadFiles.state }).from(downloadFiles).orderBy(downloadFiles.id);
    const chunkCount = async () => (await db.select({ seq: downloadChunks.seq }).from(downloadChunks)).length;
    const audits = (action: string) => db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, action), eq(opsAuditLog.targetType, 'download_file')));

    it('the demo seed stored its files through the upload path; they serve the bytes the demo manifest names', async () => {
      for (const demo of demoDownloadManifest().builds) {
        const response = await download(demo.file);
        expect(response.status).toBe(200);
        const bytes = await bytesOfResponse(response);
        expect(bytes.equals(demoDownloadBytes(demo.platform))).toBe(true);
        expect(sha256(bytes)).toBe(demo.sha256);
      }
    });

    it('refuses callers who may not upload: no operator 404 (the console is not there), another role 403; nothing written', async () => {
      const before = await fileRows();
      expectError(await upload(buildName, { body: build }), 404, MSG_API_NOT_FOUND);
      expectError(await upload(buildName, { authorization: renterBearer, body: build }), 404, MSG_API_NOT_FOUND);
      expectError(await upload(buildName, { cookie: cookies.finance, body: build }), 403, MSG_OPS_FORBIDDEN);
      expectError(await callRoute(deleteRoute, '/api/v1/ops/downloads/delete', { method: 'POST', cookie: cookies.finance, body: { name: buildName } }), 403, MSG_OPS_FORBIDDEN);
      expectError(await callRoute(deleteRoute, '/api/v1/ops/downloads/delete', { method: 'POST', authorization: renterBearer, body: { name: buildName } }), 404, MSG_API_NOT_FOUND);
      expect(await fileRows()).toEqual(before);
    });

    it('refuses a bad name, a wrong extension, an empty body, another content type and an over-size declared body, leaving nothing', async () => {
      const before = await fileRows();
      const chunksBefore = await chunkCount();
      const small = Buffer.from('MZ launcher');
      expectError(await upload('launcher.txt', { cookie: cookies.operations, body: small }), 400, MSG_DOWNLOAD_BAD_EXTENSION);
      expectError(await upload('launcher', { cookie: cookies.operations, body: small }), 400, MSG_DOWNLOAD_BAD_EXTENSION);
      expectError(await upload('.zip', { cookie: cookies.operations, body: small }), 400, MSG_DOWNLOAD_BAD_NAME);
      expectError(await upload('../../etc/x.zip', { cookie: cookies.operations, body: small }), 400, MSG_DOWNLOAD_BAD_NAME);
      expectError(await upload('启动器.exe', { cookie: cookies.operations, body: small }), 400, MSG_DOWNLOAD_BAD_NAME);
      expectError(await upload('empty.zip', { cookie: cookies.operations, body: Buffer.alloc(0) }), 400, MSG_DOWNLOAD_EMPTY);
      expectError(await upload('empty.zip', { cookie: cookies.operations, body: null, contentLength: '0' }), 400, MSG_DOWNLOAD_EMPTY);
      expectError(await upload('form.zip', { cookie: cookies.operations, body: small, contentType: 'multipart/form-data; boundary=x' }), 415, MSG_DOWNLOAD_NOT_BINARY);
      expectError(await upload('form.zip', { cookie: cookies.operations, body: small, contentType: null }), 415, MSG_DOWNLOAD_NOT_BINARY);
      const huge = await upload('huge.zip', { cookie: cookies.operations, body: small, contentLength: String(DOWNLOAD_UPLOAD_MAX_BYTES + 1) });
      expectError(huge, 413, MSG_DOWNLOAD_TOO_LARGE);
      expect(huge.headers.get('connection')).toBe('close');
      expect(await fileRows()).toEqual(before);
      expect(await chunkCount()).toBe(chunksBefore);
    });

    it('a body streaming past the cap is cut at the first byte past it, and the chunks already written go', async () => {
      const before = await fileRows();
      const chunksBefore = await chunkCount();
      let pulled = 0;
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(256 * 1024));
        },
      });
      const failure = await storeDownloadFile(db, { name: 'endless.zip', body: endless, uploadedBy: null, maxBytes: 2 * DOWNLOAD_CHUNK_BYTES + 100 }).catch((error: unknown) => error);
      expect(failure).toMatchObject({ httpStatus: 413, message: MSG_DOWNLOAD_TOO_LARGE });
      // 2 MB + 100 bytes fit; the ninth 256 KB piece crosses the cap (and a couple more may be buffered by the stream).
      expect(pulled).toBeLessThanOrEqual(12);
      expect(await fileRows()).toEqual(before);
      expect(await chunkCount()).toBe(chunksBefore);
    });

    it('a half upload is never visible, holds its name against a second upload, and leaves nothing when the sender goes away', async () => {
      let feed!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          feed = controller;
        },
      });
      const first = upload('half.zip', { cookie: cookies.operations, body });
      feed.enqueue(new Uint8Array(DOWNLOAD_CHUNK_BYTES + 10));
      // Wait until the first chunk row is in: the upload is well under way.
      for (let i = 0; i < 200 && (await db.select().from(downloadFiles).where(eq(downloadFiles.name, 'half.zip'))).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await listDownloadFiles(db)).map((file) => file.name)).not.toContain('half.zip');
      expect(await lookupDownload(db, 'half.zip')).toEqual({ kind: 'not-found' });
      expectError(await upload('half.zip', { cookie: cookies.operations, body: Buffer.from('other') }), 409, MSG_DOWNLOAD_UPLOAD_BUSY);
      feed.error(new Error('connection reset'));
      expectError(await first, 400, MSG_DOWNLOAD_UPLOAD_BROKEN);
      expect(await db.select().from(downloadFiles).where(eq(downloadFiles.name, 'half.zip'))).toEqual([]);
      expect(await audits('download.upload')).toHaveLength(0);
    });

    it('upload → manifest → GET/HEAD/304/Range give the uploaded bytes and hash; the upload is audited', async () => {
      const result = await upload(buildName, { cookie: cookies.operations, body: build, contentLength: String(build.length) });
      const file = expectOk(result);
      expect(file).toMatchObject({ name: buildName, size: build.length, sha256: sha256(build), uploaded_by: '下载oper' });
      expect((await listDownloadFiles(db))[0]).toMatchObject({ name: buildName, size: build.length, sha256: sha256(build), uploaded_by: '下载oper' });
      const [row] = await db.select().from(downloadFiles).where(eq(downloadFiles.name, buildName));
      expect(row).toMatchObject({ state: 'ready', chunkCount: 3, chunkBytes: DOWNLOAD_CHUNK_BYTES });
      expect((await audits('download.upload')).map((audit) => [audit.targetId, audit.after])).toEqual([[buildName, { size: build.length, sha256: sha256(build) }]]);
      // Same name again while the build exists: refused, the stored build untouched.
      expectError(await upload(buildName, { cookie: cookies.operations, body: Buffer.from('other bytes') }), 409, MSG_DOWNLOAD_NAME_TAKEN);

      // Stored but not offered: not reachable by guessing its name.
      expect((await download(buildName)).status).toBe(404);
      expectError(await callRoute(manifestRoute, '/api/v1/ops/settings/download', { method: 'POST', cookie: cookies.operations, body: { version: '2.0.0', windows_file: 'never-uploaded.exe' } }), 400, MSG_DOWNLOAD_FILE_MISSING('never-uploaded.exe'));
      const manifest = expectOk(
        await callRoute(manifestRoute, '/api/v1/ops/settings/download', {
          method: 'POST',
          cookie: cookies.operations,
          body: { version: '2.0.0', released_on: '2026-11-29', windows_file: buildName, windows_notes: '上传的版本', macos_file: null },
        }),
      );
      expect(manifest).toMatchObject({ version: '2.0.0', builds: [{ platform: 'windows', file: buildName, size: build.length, sha256: sha256(build) }] });
      expect(await readSetting(db, 'download.manifest')).toEqual(manifest);

      const got = await download(buildName);
      expect(got.status).toBe(200);
      expect(got.headers.get('etag')).toBe(`"${sha256(build)}"`);
      expect(got.headers.get('repr-digest')).toBe(`sha-256=:${Buffer.from(sha256(build), 'hex').toString('base64')}:`);
      expect(got.headers.get('content-length')).toBe(String(build.length));
      expect(got.headers.get('content-type')).toBe('application/vnd.microsoft.portable-executable');
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${buildName}"`);
      expect(got.headers.get('accept-ranges')).toBe('bytes');
      const bytes = await bytesOfResponse(got);
      expect(bytes.length).toBe(build.length);
      expect(sha256(bytes)).toBe(sha256(build));

      const head = await download(buildName, {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(build.length));
      expect(await head.text()).toBe('');
      expect((await download(buildName, { 'if-none-match': `"${sha256(build)}"` })).status).toBe(304);
      expect((await download(buildName, { 'if-none-match': '"other"' })).status).toBe(200);

      // A range across the first chunk boundary, a suffix range, and one past the end.
      const from = DOWNLOAD_CHUNK_BYTES - 5;
      const part = await download(buildName, { range: `bytes=${from}-${from + 9}` });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${from}-${from + 9}/${build.length}`);
      expect((await bytesOfResponse(part)).equals(build.subarray(from, from + 10))).toBe(true);
      const tail = await download(buildName, { range: 'bytes=-100' });
      expect((await bytesOfResponse(tail)).equals(build.subarray(-100))).toBe(true);
      const resumed = await download(buildName, { range: `bytes=${2 * DOWNLOAD_CHUNK_BYTES}-`, 'if-range': `"${sha256(build)}"` });
      expect(resumed.status).toBe(206);
      expect((await bytesOfResponse(resumed)).equals(build.subarray(2 * DOWNLOAD_CHUNK_BYTES))).toBe(true);
      expect((await download(buildName, { range: 'bytes=0-9', 'if-range': '"stale"' })).status).toBe(200);
      const past = await download(buildName, { range: `bytes=${build.length}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${build.length}`);

      // The file route's refusals keep their texts.
      const bad = await download('..%2Fetc');
      expect(bad.status).toBe(400);
      const unknown = await download('zuhao-launcher-0.0.1-windows.zip');
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { msg: string }).msg).toBe(MSG_DOWNLOAD_NOT_FOUND);
    });

    it.skipIf(driver !== 'postgres')('on PostgreSQL (PGlite is embedded in one process: no second pool), another process (a second connection pool on the same database) serves the same file', async () => {
      const [{ name } = { name: '' }] = (await db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
      const url = new URL(process.env['DATABASE_URL_TEST']!);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      try {
        const other = drizzle({ client: pool, schema }) as unknown as Db;
        const found = await lookupDownload(other, buildName);
        expect(found.kind).toBe('ok');
        if (found.kind !== 'ok') return;
        const bytes = Buffer.from(await new Response(streamDownload(other, found.file)).arrayBuffer());
        expect(sha256(bytes)).toBe(sha256(build));
      } finally {
        await pool.end();
      }
    });

    it('delete: refused while the manifest offers the build, then 410 for its address, audited, and the name reusable', async () => {
      const del = (name: string) => callRoute<DownloadFileView>(deleteRoute, '/api/v1/ops/downloads/delete', { method: 'POST', cookie: cookies.operations, body: { name } });
      expectError(await del(buildName), 409, MSG_DOWNLOAD_IN_USE(buildName));
      expectError(await del('no-such-build.zip'), 404, MSG_DOWNLOAD_NOT_FOUND);
      expectError(await del('../x.zip'), 400, MSG_DOWNLOAD_BAD_NAME);

      // A newer build replaces it in the manifest; the old one can go.
      const newer = buildBytes(4_000, 9);
      expectOk(await upload('zuhao-launcher-2.0.1-windows.exe', { cookie: cookies.operations, body: newer }));
      expectOk(await callRoute(manifestRoute, '/api/v1/ops/settings/download', { method: 'POST', cookie: cookies.operations, body: { version: '2.0.1', windows_file: 'zuhao-launcher-2.0.1-windows.exe' } }));
      expect((await download(buildName)).status).toBe(404);
      expect(expectOk(await del(buildName))).toMatchObject({ name: buildName, size: build.length });
      const gone = await download(buildName);
      expect(gone.status).toBe(410);
      expect(((await gone.json()) as { msg: string }).msg).toBe(MSG_DOWNLOAD_DELETED);
      expect((await download(buildName, {}, 'HEAD')).status).toBe(410);
      const [row] = await db.select().from(downloadFiles).where(eq(downloadFiles.name, buildName));
      expect(row).toMatchObject({ state: 'deleted', chunkCount: 0 });
      expect(await db.select().from(downloadChunks).where(eq(downloadChunks.fileId, row!.id))).toEqual([]);
      expect((await audits('download.delete')).map((audit) => [audit.targetId, audit.before])).toEqual([[buildName, { size: build.length, sha256: sha256(build) }]]);
      expectError(await del(buildName), 404, MSG_DOWNLOAD_NOT_FOUND);
      expect((await listDownloadFiles(db)).map((file) => file.name)).not.toContain(buildName);

      // The name may be uploaded again (new bytes): the tombstone gives way.
      const again = buildBytes(5_000, 3);
      expect(expectOk(await upload(buildName, { cookie: cookies.operations, body: again }))).toMatchObject({ size: 5_000, sha256: sha256(again) });
    });

    it('a manifest naming a build whose stored bytes changed answers 410, not other bytes', async () => {
      // The name of the offered build re-uploaded with other bytes cannot happen through the console
      // (409 while it exists), so simulate a manifest that recorded other bytes.
      const manifest = await readSetting(db, 'download.manifest');
      const offered = manifest.builds[0]!;
      await db
        .update(schema.siteSettings)
        .set({ value: { ...manifest, builds: [{ ...offered, sha256: '0'.repeat(64) }] } })
        .where(eq(schema.siteSettings.key, 'download.manifest'));
      expect((await download(offered.file)).status).toBe(410);
      await db.update(schema.siteSettings).set({ value: manifest }).where(eq(schema.siteSettings.key, 'download.manifest'));
      expect((await download(offered.file)).status).toBe(200);
    });
  });
}
