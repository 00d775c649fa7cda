/**
 * The demo's launcher files (SEED_DEMO only): one small real zip per platform, the same bytes on
 * every machine, so the demo manifest's SHA-256 is known before the files are stored. They are
 * stored through the same function a console upload uses. A production install has none: its
 * operators upload real builds in the console.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { DOWNLOAD_PLATFORMS, DOWNLOAD_PLATFORM_LABEL, type DownloadManifest, type DownloadPlatform } from '~/features/content/contract/site-settings';
import { downloadNameUsed, storeDownloadFile } from '~/features/content/server';
import type { Db } from '~/platform/db/client';
import { AppError } from '~/platform/http/errors';

export const DEMO_DOWNLOAD_VERSION = '1.0.0-demo';

export function demoDownloadFileName(platform: DownloadPlatform): string {
  return `zuhao-launcher-${DEMO_DOWNLOAD_VERSION}-${platform}.zip`;
}

/** A zip (stored, no compression) holding one file; DOS time fixed so the bytes never change. */
export function storedZip(entryName: string, content: Uint8Array): Buffer {
  const name = Buffer.from(entryName, 'utf8');
  const data = Buffer.from(content);
  const crc = crc32(data);
  const dosTime = 0;
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6);
  local.writeUInt16LE(0, 8);
  local.writeUInt16LE(dosTime, 10);
  local.writeUInt16LE(dosDate, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(0, 10);
  central.writeUInt16LE(dosTime, 12);
  central.writeUInt16LE(dosDate, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  // extra, comment, disk, internal and external attributes, offset 0: all zero.
  const localPart = Buffer.concat([local, name, data]);
  const centralPart = Buffer.concat([central, name]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

export function demoDownloadBytes(platform: DownloadPlatform): Buffer {
  const readme = [
    `租号上号启动器 ${DEMO_DOWNLOAD_VERSION}（${DOWNLOAD_PLATFORM_LABEL[platform]}）`,
    '',
    '这是演示站点的演示文件，不是真正的启动器安装包。',
    '正式上线时，由运营人员在运营后台「站点设置 → 启动器下载」上传真正的安装包，',
    '再填写文件名并保存。',
    '',
  ].join('\r\n');
  return storedZip('README.txt', Buffer.from(readme, 'utf8'));
}

export const DEMO_RELEASE_NOTES: Readonly<Record<DownloadPlatform, string>> = {
  windows: '演示版本：租号后一键上号，无需输入账号密码。\n本文件仅用于演示下载流程。',
  macos: '演示版本：适配 macOS 的上号助手。\n本文件仅用于演示下载流程。',
};

/** The demo manifest: both platforms, with the sizes and hashes of demoDownloadBytes. */
export function demoDownloadManifest(): DownloadManifest {
  return {
    version: DEMO_DOWNLOAD_VERSION,
    released_on: '2026-01-01',
    builds: DOWNLOAD_PLATFORMS.map((platform) => {
      const bytes = demoDownloadBytes(platform);
      return {
        platform,
        file: demoDownloadFileName(platform),
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        notes: DEMO_RELEASE_NOTES[platform],
      };
    }),
  };
}

/**
 * Stores the demo files (a name the database already holds, ready or deleted, is left alone: an
 * operator's deletion survives a restart).
 */
export async function seedDemoDownloadFiles(db: Db, now: Date): Promise<{ seeded: boolean }> {
  let seeded = false;
  for (const platform of DOWNLOAD_PLATFORMS) {
    const name = demoDownloadFileName(platform);
    if (await downloadNameUsed(db, name)) continue;
    const bytes = demoDownloadBytes(platform);
    try {
      await storeDownloadFile(db, { name, body: once(bytes), declaredBytes: bytes.length, uploadedBy: null }, undefined, now);
      seeded = true;
    } catch (error) {
      // Another process seeding at the same moment holds the name.
      if (!(error instanceof AppError && error.httpStatus === 409)) throw error;
    }
  }
  return { seeded };
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}
