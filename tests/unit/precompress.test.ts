import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../scripts/precompress.ts';

describe('build step: precompressed copies of dist/client', () => {
  let client: string;
  const SCRIPT = `export const hall = ${JSON.stringify('租号大厅 '.repeat(500))};\n`;

  beforeAll(() => {
    client = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    mkdirSync(path.join(client, '_astro'));
    writeFileSync(path.join(client, '_astro', 'hall.abc.js'), SCRIPT);
    writeFileSync(path.join(client, '_astro', 'tiny.abc.js'), 'export {};');
    // Left by an earlier build when the file was larger.
    writeFileSync(path.join(client, '_astro', 'tiny.abc.js.br'), 'stale');
    writeFileSync(path.join(client, '_astro', 'noise.abc.js'), randomBytes(4096));
    writeFileSync(path.join(client, 'cover.png'), Buffer.alloc(4096));
    precompressFolder(client);
  });

  afterAll(() => rmSync(client, { recursive: true, force: true }));

  it('writes .br and .gz beside a compressible file that decode to it', () => {
    const file = path.join(client, '_astro', 'hall.abc.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(SCRIPT);
  });

  it('skips files under 1 KB and removes their stale copies', () => {
    expect(existsSync(path.join(client, '_astro', 'tiny.abc.js.br'))).toBe(false);
    expect(existsSync(path.join(client, '_astro', 'tiny.abc.js.gz'))).toBe(false);
  });

  it('keeps no copy that is not smaller than its file', () => {
    expect(existsSync(path.join(client, '_astro', 'noise.abc.js.br'))).toBe(false);
    expect(existsSync(path.join(client, '_astro', 'noise.abc.js.gz'))).toBe(false);
  });

  it('leaves formats that are already compressed alone', () => {
    expect(existsSync(path.join(client, 'cover.png.br'))).toBe(false);
  });
});
