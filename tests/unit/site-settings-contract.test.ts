/** The site settings' wire rules (issue 15/16): contact lines, contact links, download file names, manifests. */
import { describe, expect, it } from 'vitest';
import {
  contactHref,
  contactsToLines,
  downloadManifestSchema,
  formatFileSize,
  isDownloadFileName,
  opsContactsBodySchema,
} from '~/features/content/contract/site-settings';

const SHA = 'a'.repeat(64);

describe('contact lines', () => {
  it.each([
    ['客服热线 | 400-123-4567 | 每天 9-18', [{ label: '客服热线', value: '400-123-4567', note: '每天 9-18' }]],
    ['  客服QQ|123456  \n\n', [{ label: '客服QQ', value: '123456', note: '' }]],
    ['', []],
  ])('%j parses', (lines, channels) => {
    expect(opsContactsBodySchema.parse({ lines })).toEqual({ channels, notice: '' });
  });

  it.each([
    ['只有名称', '第1行应为「名称 | 联系方式 | 说明」，说明可省略'],
    ['a | b | c | d', '第1行应为「名称 | 联系方式 | 说明」，说明可省略'],
    ['ok | 1\n | 2', '第2行：请填写名称'],
    [`名称 | ${'1'.repeat(65)}`, '第1行：联系方式不能超过64个字'],
    [Array.from({ length: 9 }, (_, i) => `n${i} | ${i}`).join('\n'), '联系方式最多8条'],
  ])('%j is refused: %s', (lines, message) => {
    const parsed = opsContactsBodySchema.safeParse({ lines });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(message);
  });

  it('round-trips through the console text', () => {
    const channels = [
      { label: '客服热线', value: '400-123-4567', note: '每天' },
      { label: '邮箱', value: 'a@b.test', note: '' },
    ];
    expect(opsContactsBodySchema.parse({ lines: contactsToLines(channels) }).channels).toEqual(channels);
  });

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
