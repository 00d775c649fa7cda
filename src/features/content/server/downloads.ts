/**
 * The launcher builds /download offers (docs/decisions.md "Launcher builds in the database").
 * An operator uploads a build in the console; its bytes go into `download_chunks` (about 1 MB a
 * row) under one `download_files` row, so every process behind a balancer, on any machine, serves
 * the same file. The `download.manifest` setting names which builds are offered, with the size and
 * SHA-256 computed while the upload streamed in. A file is served only while the manifest names it
 * and its stored bytes are the ones the manifest recorded; a build deleted in the console answers 410.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import {
  DOWNLOAD_CHUNK_BYTES,
  DOWNLOAD_FILES_LIST_MAX,
  DOWNLOAD_UPLOAD_MAX_BYTES,
  DOWNLOAD_UPLOAD_STALE_MS,
} from '~/features/content/constants';
import {
  MSG_DOWNLOAD_BAD_EXTENSION,
  MSG_DOWNLOAD_BAD_NAME,
  MSG_DOWNLOAD_EMPTY,
  MSG_DOWNLOAD_IN_USE,
  MSG_DOWNLOAD_NAME_TAKEN,
  MSG_DOWNLOAD_NOT_FOUND,
  MSG_DOWNLOAD_TOO_LARGE,
  MSG_DOWNLOAD_UPLOAD_BROKEN,
  MSG_DOWNLOAD_UPLOAD_BUSY,
  isDownloadFileName,
  isUploadableDownloadName,
  type DownloadBuild,
  type DownloadFileView,
} from '~/features/content/contract/site-settings';
import { readSetting } from '~/features/content/server/site-settings';
import { downloadChunks, downloadFiles, type DownloadFileRow } from '~/features/content/server/tables';
import { appConfig, type AppConfig } from '~/platform/config/config';
import { log } from '~/platform/config/log';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { operators } from '~/platform/db/tables';
import { untilWritable } from '~/platform/edge/response-pacing';
import { AppError, badRequest, conflict, notFound, payloadTooLarge } from '~/platform/http/errors';

/**
 * The folder builds were copied into by hand before uploads existed. Read once at start
 * (importDownloadFolder) and never shown on a page.
 */
export function downloadsDir(config: Pick<AppConfig, 'DATA_DIR'> = appConfig()): string {
  return path.resolve(config.DATA_DIR, 'downloads');
}

function view(row: Pick<DownloadFileRow, 'name' | 'size' | 'sha256' | 'completedAt' | 'createdAt'>, uploadedBy: string | null): DownloadFileView {
  return { name: row.name, size: row.size, sha256: row.sha256 ?? '', uploaded_at: (row.completedAt ?? row.createdAt).toISOString(), uploaded_by: uploadedBy };
}

/** A request body (web stream) or any async iterable of bytes (a file read at start, a test's pieces). */
export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

async function* bytesOf(source: ByteSource): AsyncGenerator<Uint8Array> {
  if (!('getReader' in source)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Past the cap or on a failure: stop the sender instead of draining a body nobody keeps.
    await reader.cancel().catch(() => undefined);
  }
}

export interface StoreDownloadInput {
  name: string;
  body: ByteSource | null;
  /** The declared Content-Length, when the request gave one: past the cap it is refused unread. */
  declaredBytes?: number | null;
  uploadedBy: number | null;
  /** Default DOWNLOAD_UPLOAD_MAX_BYTES. */
  maxBytes?: number;
}

/**
 * Claims the name: an `uploading` row, after removing a deleted build's name (a new upload may
 * reuse it) and uploads abandoned by a process that died. 409 while a ready build or a live
 * upload holds the name; the unique index settles two uploads racing for it.
 */
async function claimName(db: Db, name: string, uploadedBy: number | null, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .delete(downloadFiles)
      .where(
        or(
          and(eq(downloadFiles.name, name), eq(downloadFiles.state, 'deleted')),
          and(eq(downloadFiles.state, 'uploading'), lt(downloadFiles.createdAt, new Date(now.getTime() - DOWNLOAD_UPLOAD_STALE_MS))),
        ),
      );
    const [claimed] = await tx
      .insert(downloadFiles)
      .values({ name, state: 'uploading', chunkBytes: DOWNLOAD_CHUNK_BYTES, uploadedBy, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: downloadFiles.id });
    if (claimed) return claimed.id;
    const [holder] = await tx.select({ state: downloadFiles.state }).from(downloadFiles).where(eq(downloadFiles.name, name));
    throw conflict(holder?.state === 'uploading' ? MSG_DOWNLOAD_UPLOAD_BUSY : MSG_DOWNLOAD_NAME_TAKEN);
  });
}

/**
 * Stores a build streamed from `body`: the name checked (400), the declared or streamed size
 * capped (413 at the first byte past it, never buffered whole), each ~1 MB written as it arrives
 * while size and SHA-256 are computed, then the row turned `ready` in one transaction with
 * `onReady` (the console's audit row). Any failure removes the row and its chunks, so a half
 * upload is never visible and never holds the name.
 */
export async function storeDownloadFile(
  db: Db,
  input: StoreDownloadInput,
  onReady: (tx: DbTx, file: DownloadFileView) => Promise<void> = async () => undefined,
  now: Date = new Date(),
): Promise<DownloadFileView> {
  const { name } = input;
  const maxBytes = input.maxBytes ?? DOWNLOAD_UPLOAD_MAX_BYTES;
  if (!isDownloadFileName(name)) throw badRequest(MSG_DOWNLOAD_BAD_NAME);
  if (!isUploadableDownloadName(name)) throw badRequest(MSG_DOWNLOAD_BAD_EXTENSION);
  if (input.declaredBytes != null && input.declaredBytes > maxBytes) throw payloadTooLarge(MSG_DOWNLOAD_TOO_LARGE);
  if (input.declaredBytes === 0 || !input.body) throw badRequest(MSG_DOWNLOAD_EMPTY);

  const fileId = await claimName(db, name, input.uploadedBy, now);
  try {
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (bytes: Buffer): Promise<void> => {
      // As base64 text decoded by the database: both drivers move a 1 MB chunk 3-8 times faster
      // than as a bytea parameter (docs/decisions.md "Launcher builds in the database").
      await db.insert(downloadChunks).values({ fileId, seq, data: sql`decode(${bytes.toString('base64')}, 'base64')` });
      seq += 1;
    };
    try {
      for await (const piece of bytesOf(input.body)) {
        size += piece.byteLength;
        if (size > maxBytes) throw payloadTooLarge(MSG_DOWNLOAD_TOO_LARGE);
        hash.update(piece);
        pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
        pendingBytes += piece.byteLength;
        while (pendingBytes >= DOWNLOAD_CHUNK_BYTES) {
          const joined = Buffer.concat(pending, pendingBytes);
          // Copies: the chunk row must not share memory with the stream's next buffer.
          await flush(Buffer.from(joined.subarray(0, DOWNLOAD_CHUNK_BYTES)));
          const rest = joined.subarray(DOWNLOAD_CHUNK_BYTES);
          pending = rest.byteLength > 0 ? [Buffer.from(rest)] : [];
          pendingBytes = rest.byteLength;
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The sender went away mid-body (a closed tab, a dropped connection).
      throw badRequest(MSG_DOWNLOAD_UPLOAD_BROKEN, { cause: error });
    }
    if (size === 0) throw badRequest(MSG_DOWNLOAD_EMPTY);
    if (pendingBytes > 0) await flush(Buffer.concat(pending, pendingBytes));
    const sha256 = hash.digest('hex');
    return await db.transaction(async (tx) => {
      const [ready] = await tx
        .update(downloadFiles)
        .set({ state: 'ready', size, sha256, chunkCount: seq, completedAt: now })
        .where(and(eq(downloadFiles.id, fileId), eq(downloadFiles.state, 'uploading')))
        .returning();
      // Removed under us as abandoned (an upload slower than DOWNLOAD_UPLOAD_STALE_MS).
      if (!ready) throw conflict(MSG_DOWNLOAD_UPLOAD_BROKEN);
      const file = view(ready, null);
      await onReady(tx, file);
      return file;
    });
  } catch (error) {
    await db
      .delete(downloadFiles)
      .where(and(eq(downloadFiles.id, fileId), eq(downloadFiles.state, 'uploading')))
      .catch((cleanup: unknown) => log.warn('download upload cleanup failed', { name, error: cleanup instanceof Error ? cleanup.message : String(cleanup) }));
    throw error;
  }
}

/** The ready builds, newest first, with who uploaded each (at most DOWNLOAD_FILES_LIST_MAX). */
export async function listDownloadFiles(db: DbOrTx, limit = DOWNLOAD_FILES_LIST_MAX): Promise<DownloadFileView[]> {
  const rows = await db
    .select({ file: downloadFiles, by: operators.displayName })
    .from(downloadFiles)
    .leftJoin(operators, eq(operators.id, downloadFiles.uploadedBy))
    .where(eq(downloadFiles.state, 'ready'))
    .orderBy(desc(downloadFiles.completedAt), desc(downloadFiles.id))
    .limit(limit);
  return rows.map((row) => view(row.file, row.by ?? null));
}

/** Whether any build, ready, uploading or deleted, holds the name. */
export async function downloadNameUsed(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db.select({ id: downloadFiles.id }).from(downloadFiles).where(eq(downloadFiles.name, name));
  return row !== undefined;
}

/** A ready build's facts by name (the manifest's save reads them), or null. */
export async function readDownloadFile(db: DbOrTx, name: string): Promise<DownloadFileView | null> {
  if (!isDownloadFileName(name)) return null;
  const [row] = await db.select().from(downloadFiles).where(and(eq(downloadFiles.name, name), eq(downloadFiles.state, 'ready')));
  return row ? view(row, null) : null;
}

/**
 * Deletes a ready build: its chunks go, its row stays as `deleted` so /downloads/<name> answers
 * 410. 404 for no such build; 409 while the manifest offers it (the download page would break),
 * checked under the manifest row's lock so a save naming it cannot slip in between.
 * `onDeleted` runs in the same transaction (the console's audit row).
 */
export async function deleteDownloadFile(
  db: Db,
  name: string,
  onDeleted: (tx: DbTx, file: DownloadFileView) => Promise<void> = async () => undefined,
  now: Date = new Date(),
): Promise<DownloadFileView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(downloadFiles)
      .where(and(eq(downloadFiles.name, name), eq(downloadFiles.state, 'ready')))
      .for('update');
    if (!row) throw notFound(MSG_DOWNLOAD_NOT_FOUND);
    const manifest = await readSetting(tx, 'download.manifest');
    if (manifest.builds.some((build) => build.file === name)) throw conflict(MSG_DOWNLOAD_IN_USE(name));
    await tx.delete(downloadChunks).where(eq(downloadChunks.fileId, row.id));
    await tx.update(downloadFiles).set({ state: 'deleted', chunkCount: 0, deletedAt: now }).where(eq(downloadFiles.id, row.id));
    const file = view(row, null);
    await onDeleted(tx, file);
    return file;
  });
}

/** Where a build's bytes are: what the file route streams. */
export interface StoredDownload {
  id: number;
  size: number;
  chunkBytes: number;
  chunkCount: number;
}

export type DownloadLookup =
  | { kind: 'bad-address' }
  | { kind: 'not-found' }
  | { kind: 'gone' }
  | { kind: 'ok'; build: DownloadBuild; file: StoredDownload };

/**
 * What a request for /downloads/<name> gets: a malformed name is a bad address; a deleted build is
 * gone; a name the manifest does not offer does not exist (an old build still stored is not
 * reachable by guessing); an offered file whose stored bytes are missing or not the ones the
 * manifest recorded (deleted, or uploaded again under the same name) is gone.
 */
export async function lookupDownload(db: DbOrTx, name: string): Promise<DownloadLookup> {
  if (!isDownloadFileName(name)) return { kind: 'bad-address' };
  const [row] = await db.select().from(downloadFiles).where(eq(downloadFiles.name, name));
  if (row?.state === 'deleted') return { kind: 'gone' };
  const manifest = await readSetting(db, 'download.manifest');
  const build = manifest.builds.find((candidate) => candidate.file === name);
  if (!build) return { kind: 'not-found' };
  if (!row || row.state !== 'ready' || row.sha256 !== build.sha256 || row.size !== build.size) return { kind: 'gone' };
  return { kind: 'ok', build, file: { id: row.id, size: row.size, chunkBytes: row.chunkBytes, chunkCount: row.chunkCount } };
}

/**
 * Bytes `start`..`end` (inclusive) of a stored build, read one chunk row at a time as the client
 * takes them (untilWritable: the next row is read once the socket has drained), so a slow download
 * holds about one chunk in memory. A chunk gone mid-stream (the
 * build deleted meanwhile) ends the stream with an error: the client sees a cut transfer, not
 * other bytes.
 */
export function streamDownload(db: DbOrTx, file: StoredDownload, start = 0, end = file.size - 1): ReadableStream<Uint8Array> {
  let seq = Math.floor(start / file.chunkBytes);
  const lastSeq = Math.floor(end / file.chunkBytes);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (seq > lastSeq) {
          controller.close();
          return;
        }
        // No faster than the client takes it (the adapter itself does not wait for the socket).
        await untilWritable();
        const [chunk] = await db
          .select({ base64: sql<string>`encode(${downloadChunks.data}, 'base64')` })
          .from(downloadChunks)
          .where(and(eq(downloadChunks.fileId, file.id), eq(downloadChunks.seq, seq)));
        if (!chunk) {
          controller.error(new Error(`download chunk ${file.id}/${seq} missing`));
          return;
        }
        // encode() wraps its base64 in lines; Buffer.from skips the line breaks.
        const data = Buffer.from(chunk.base64, 'base64');
        const base = seq * file.chunkBytes;
        const from = Math.max(start - base, 0);
        const to = Math.min(end - base + 1, data.byteLength);
        controller.enqueue(from === 0 && to === data.byteLength ? data : data.subarray(from, to));
        seq += 1;
        if (seq > lastSeq) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * One-time move of builds copied by hand into `<DATA_DIR>/downloads` before uploads existed: each
 * build the manifest offers that the database does not hold is stored from the folder through the
 * same path an upload takes (the folder is left as it is). A file with other bytes than the
 * manifest recorded is stored anyway and serves 410 until an operator saves the manifest again,
 * as before. Runs at every start; once a build is stored it is skipped. Another process importing
 * the same build at the same moment gets the name's 409 and skips it.
 */
export async function importDownloadFolder(db: Db, dir: string): Promise<string[]> {
  const manifest = await readSetting(db, 'download.manifest');
  const imported: string[] = [];
  for (const build of manifest.builds) {
    if (await downloadNameUsed(db, build.file)) continue;
    const file = path.join(dir, build.file);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.size === 0) continue;
    try {
      await storeDownloadFile(db, { name: build.file, body: createReadStream(file) as AsyncIterable<Uint8Array>, declaredBytes: info.size, uploadedBy: null, maxBytes: Number.MAX_SAFE_INTEGER });
      imported.push(build.file);
    } catch (error) {
      if (error instanceof AppError && error.httpStatus === 409) continue;
      log.warn('download folder import failed', { file: build.file, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (imported.length > 0) log.info('launcher builds imported from the downloads folder', { files: imported });
  return imported;
}

const CONTENT_TYPES: Record<string, string> = {
  '.zip': 'application/zip',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.dmg': 'application/x-apple-diskimage',
  '.pkg': 'application/octet-stream',
};

export function downloadContentType(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}
