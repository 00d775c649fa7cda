/**
 * Files offered on /download. The launcher has no published build yet, so its url is null and
 * the card says so honestly instead of linking to a file that does not exist.
 */
export interface DownloadItem {
  name: string;
  description: string;
  platform: string;
  version?: string;
  sizeLabel?: string;
  url: string | null;
}

export const DOWNLOADS: readonly DownloadItem[] = [
  {
    name: '上号启动器（Windows）',
    description: '租号后一键上号，无需输入账号密码，保护号主账号安全。',
    platform: 'Windows 10 / 11',
    url: null,
  },
];
