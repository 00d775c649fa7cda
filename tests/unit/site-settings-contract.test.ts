/** The site settings' wire rules (issue 15/16): contact lines, contact links, download file names, manifests. */
import { describe, expect, it } from 'vitest';
import {
  contactHref,
  downloadManifestSchema,
  formatFileSize,
  isDownloadFileName,
  opsContactsBodySchema,
} from '~/features/content/contract/site-settings';

const SHA = 'a'.repeat(64);

const row = (label: string, value: string, note?: string) => ({ label, value, ...(note === undefined ? {} : { note }) });

describe('contact rows', () => {
  it.each([
    [[row('客服热线', '400-123-4567', '每天 9-18')], [{ label: '客服热线', value: '400-123-4567', note: '每天 9-18' }]],
    [[row('  客服QQ ', ' 123456 ')], [{ label: '客服QQ', value: '123456', note: '' }]],
    [[row('', '', ''), row('邮箱', 'a@b.test', '')], [{ label: '邮箱', value: 'a@b.test', note: '' }]],
    [[], []],
  ])('%j is kept as %j (a wholly empty row is dropped)', (channels, kept) => {
    expect(opsContactsBodySchema.parse({ channels })).toEqual({ channels: kept, notice: '' });
  });

  it.each([
    [[row('只有名称', '')], '第1条：请填写联系方式'],
    [[row('ok', '1'), row('', '2')], '第2条：请填写名称'],
    [[row('名称', '1'.repeat(65))], '第1条：联系方式不能超过64个字'],
    [[row('名称', 'a\u0007b')], '第1条：联系方式含有无效字符'],
    [Array.from({ length: 9 }, (_, i) => row(`n${i}`, String(i))), '联系方式最多8条'],
  ])('%j is refused: %s', (channels, message) => {
    const parsed = opsContactsBodySchema.safeParse({ channels });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(message);
  });

  it('names the row in the issue path, so the form can mark it', () => {
    const parsed = opsContactsBodySchema.safeParse({ channels: [row('ok', '1'), row('名称', '')] });
    expect(parsed.error!.issues[0]!.path).toEqual(['channels', 1, 'value']);
  });

  it.each([{ lines: '客服 | 1' }, { channels: '客服 | 1' }, { channels: [{ label: 1, value: '1' }] }])('the old line format and wrong types are refused: %j', (body) => {
    expect(opsContactsBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('contact links', () => {
  it.each([
    ['kefu@zuhao.test', 'mailto:kefu@zuhao.test'],
    ['400-123-4567', 'tel:4001234567'],
    ['+86 10 1234 5678', 'tel:+861012345678'],
    ['微信 zuhao_kefu', null],
    ['123', null],
  ])('%s links to %s', (value, href) => {
    expect(contactHref(value)).toBe(href);
  });
});

describe('download file names and manifests', () => {
  it.each([
    ['launcher-1.2.0-win.zip', true],
    ['Setup_1.exe', true],
    ['../etc/passwd', false],
    ['a/b.zip', false],
    ['.env', false],
    ['a..b.zip', false],
    ['a b.zip', false],
    ['', false],
    ['x'.repeat(129), false],
  ])('%j is a file name: %s', (name, ok) => {
    expect(isDownloadFileName(name)).toBe(ok);
  });

  it('refuses two builds of one platform and builds without a version', () => {
    const build = { platform: 'windows', file: 'a.zip', size: 1, sha256: SHA, notes: '' };
    expect(downloadManifestSchema.safeParse({ version: '1.0', released_on: '', builds: [build, build] }).error?.issues[0]?.message).toBe('每个平台只能有一个安装包');
    expect(downloadManifestSchema.safeParse({ version: '', released_on: '', builds: [build] }).error?.issues[0]?.message).toBe('请填写版本号');
    expect(downloadManifestSchema.safeParse({ version: '', released_on: '', builds: [] }).success).toBe(true);
    expect(downloadManifestSchema.safeParse({ version: '1.0', released_on: '', builds: [{ ...build, sha256: 'A'.repeat(64) }] }).success).toBe(false);
  });

  it.each([
    [512, '512 B'],
    [2048, '2.0 KB'],
    [56 * 1024 * 1024 + 300_000, '56.3 MB'],
  ])('%d bytes read %s', (bytes, label) => {
    expect(formatFileSize(bytes)).toBe(label);
  });
});
