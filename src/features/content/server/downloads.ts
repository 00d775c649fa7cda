/**
 * The launcher files /download offers (docs/decisions.md "Site settings, contacts and
 * downloads"). The files sit in one folder, `<DATA_DIR>/downloads`, put there by whoever deploys a
 * build; the `download.manifest` setting names which of them are offered, with the size and SHA-256
 * the console read from the file when the operator saved it. A file is served only while the
 * manifest names it, so an old build left in the folder is not reachable by guessing its name.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isDownloadFileName, type DownloadBuild } from '~/features/content/contract/site-settings';
import { appConfig, type AppConfig } from '~/platform/config/config';
import type { DbOrTx } from '~/platform/db/client';
import { readSetting } from '~/features/content/server/site-settings';

export function downloadsDir(config: Pick<AppConfig, 'DATA_DIR'> = appConfig()): string {
  return path.resolve(config.DATA_DIR, 'downloads');
}

export interface FileFacts {
  size: number;
  sha256: string;
}

/** Size and SHA-256 of a file in the folder, or null when there is no such (regular) file. */
export async function readFileFacts(dir: string, name: string): Promise<FileFacts | null> {
  if (!isDownloadFileName(name)) return null;
  const file = path.join(dir, name);
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
  } catch {
    return null;
  }
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
  }
  return { size, sha256: hash.digest('hex') };
}

/** The files in the folder an operator may name (plain names only), by name; at most `limit`. */
export async function listDownloadFolder(dir: string, limit = 50): Promise<{ name: string; size: number }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: { name: string; size: number }[] = [];
  for (const name of names.filter(isDownloadFileName).sort().slice(0, limit)) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info?.isFile()) out.push({ name, size: info.size });
  }
  return out;
}

export type DownloadLookup =
  | { kind: 'bad-address' }
  | { kind: 'not-found' }
  | { kind: 'gone'; build: DownloadBuild }
  | { kind: 'ok'; build: DownloadBuild; file: string };

/**
 * What a request for /downloads/<name> gets: a malformed name is a bad address; a name the
 * manifest does not offer does not exist; an offered file missing from the folder, or no longer
 * the size the manifest recorded (replaced without a new manifest), is gone.
 */
export async function lookupDownload(db: DbOrTx, dir: string, name: string): Promise<DownloadLookup> {
  if (!isDownloadFileName(name)) return { kind: 'bad-address' };
  const manifest = await readSetting(db, 'download.manifest');
  const build = manifest.builds.find((candidate) => candidate.file === name);
  if (!build) return { kind: 'not-found' };
  const file = path.join(dir, name);
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size !== build.size) return { kind: 'gone', build };
  } catch {
    return { kind: 'gone', build };
  }
  return { kind: 'ok', build, file };
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
