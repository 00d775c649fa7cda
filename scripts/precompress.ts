/**
 * Build step after `astro build` (issue 12): writes `<file>.br` (brotli quality 11) and
 * `<file>.gz` (gzip level 9) beside every compressible file of dist/client, so the server entry
 * (src/platform/edge/static-files.ts) sends them from memory instead of compressing per request at a
 * quality it could afford per request. Files under 1 KB, and copies not smaller than the file,
 * are skipped. Runs on Node 24 with type stripping: no TypeScript-only syntax here.
 *
 * Usage: node scripts/precompress.ts [folder]   (default dist/client)
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.html', '.json', '.map', '.txt', '.xml', '.webmanifest']);
const MIN_BYTES = 1024;

export interface PrecompressSummary {
  files: number;
  copies: number;
  bytesBefore: number;
  bytesAfterBrotli: number;
}

export function precompressFolder(folder: string): PrecompressSummary {
  const summary: PrecompressSummary = { files: 0, copies: 0, bytesBefore: 0, bytesAfterBrotli: 0 };
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name).toLowerCase())) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (statSync(file).size < MIN_BYTES) {
      // dist/client is not emptied between builds: a copy of a once-larger file must not outlive it.
      for (const suffix of ['.br', '.gz']) rmSync(file + suffix, { force: true });
      continue;
    }
    const bytes = readFileSync(file);
    const copies: Array<[string, Buffer]> = [
      ['.br', brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } })],
      ['.gz', gzipSync(bytes, { level: 9 })],
    ];
    summary.files += 1;
    summary.bytesBefore += bytes.byteLength;
    for (const [suffix, copy] of copies) {
      // Nor a copy of a file that no longer compresses.
      if (copy.byteLength >= bytes.byteLength) {
        rmSync(file + suffix, { force: true });
        continue;
      }
      writeFileSync(file + suffix, copy);
      summary.copies += 1;
      if (suffix === '.br') summary.bytesAfterBrotli += copy.byteLength;
    }
  }
  return summary;
}

if (import.meta.main) {
  const folder = path.resolve(ROOT, process.argv[2] ?? path.join('dist', 'client'));
  const summary = precompressFolder(folder);
  const kib = (bytes: number): string => `${Math.round(bytes / 1024)} KiB`;
  console.log(`precompressed ${summary.files} files (${summary.copies} copies) in ${path.relative(ROOT, folder)}: ${kib(summary.bytesBefore)} -> ${kib(summary.bytesAfterBrotli)} brotli`);
}
