/**
 * Site settings an operator changes without a deploy and what the public pages read of
 * them (/ContactUs and /download). The stored shapes (`site.contacts`,
 * `download.manifest`) and the console's section bodies live here; the keys, their fallbacks and
 * storage are in src/features/content/server/site-settings.ts.
 */
import { z } from 'zod';
import { DOWNLOAD_UPLOAD_MAX_BYTES, WITHDRAW_REVIEW_ABOVE_MAX_FEN } from '~/features/content/constants';

const noControl = (text: string): boolean => !/[\u0000-\u001f\u007f]/.test(text);
/** Control characters allowed in a multi-line text (line breaks and tabs). */
const noControlExceptLines = (text: string): boolean => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);

function line(label: string, max: number, required = true) {
  const base = z.string({ error: `请填写${label}` }).trim();
  return (required ? base.min(1, { error: `请填写${label}` }) : base)
    .max(max, { error: `${label}不能超过${max}个字` })
    .refine(noControl, { error: `${label}含有无效字符` });
}

// ---------------------------------------------------------------------------------------------
// Contacts (/ContactUs and the floating 联系我们 modal)

export const CONTACT_LABEL_MAX_CHARS = 16;
export const CONTACT_VALUE_MAX_CHARS = 64;
export const CONTACT_NOTE_MAX_CHARS = 40;
export const CONTACT_NOTICE_MAX_CHARS = 200;
export const CONTACT_CHANNELS_MAX = 8;

export const contactChannelSchema = z.object({
  /** What the channel is: 客服热线, 客服邮箱, 商务合作 ... */
  label: line('名称', CONTACT_LABEL_MAX_CHARS),
  /** The number, address or account as the visitor types it. */
  value: line('联系方式', CONTACT_VALUE_MAX_CHARS),
  /** Hours, expected reply time ...; may be empty. */
  note: line('说明', CONTACT_NOTE_MAX_CHARS, false),
});
export type ContactChannel = z.output<typeof contactChannelSchema>;

/** The stored `site.contacts` value. No channels: the pages say 联系方式尚未配置. */
export const siteContactsSchema = z.object({
  channels: z.array(contactChannelSchema).max(CONTACT_CHANNELS_MAX, { error: `联系方式最多${CONTACT_CHANNELS_MAX}条` }),
  /** A line shown above the channels (service hours, or that the list is a demo one); may be empty. */
  notice: line('提示语', CONTACT_NOTICE_MAX_CHARS, false),
});
export type SiteContacts = z.output<typeof siteContactsSchema>;

export const MSG_CONTACTS_UNSET = '联系方式尚未配置';

/** How a channel's value links: a phone number dials, an e-mail address writes; anything else is text. */
export function contactHref(value: string): string | null {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`;
  if (/^\+?[0-9][0-9 -]{4,19}$/.test(value)) return `tel:${value.replace(/[ -]/g, '')}`;
  return null;
}

/**
 * The console's contacts form (features/console/ui/ContactsForm.tsx) edits the list as rows of
 * 名称, 联系方式 and 说明 and sends them as they are: `{ channels: [{ label, value, note }], notice }`.
 * A row left wholly empty is dropped (a row added and not filled); each message names its row.
 */
const contactRowSchema = z.object({
  label: z.string({ error: '请填写名称' }),
  value: z.string({ error: '请填写联系方式' }),
  note: z.string({ error: '说明应为文字' }).optional().default(''),
});

export const opsContactsBodySchema = z
  .object({
    channels: z.array(contactRowSchema, { error: '请填写联系方式' }).max(CONTACT_CHANNELS_MAX * 2, { error: `联系方式最多${CONTACT_CHANNELS_MAX}条` }),
    notice: line('提示语', CONTACT_NOTICE_MAX_CHARS, false).optional().default(''),
  })
  .transform((body, ctx): SiteContacts => {
    const rows = body.channels.filter((row) => `${row.label}${row.value}${row.note}`.trim() !== '');
    if (rows.length > CONTACT_CHANNELS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['channels'], message: `联系方式最多${CONTACT_CHANNELS_MAX}条` });
      return z.NEVER;
    }
    const channels: ContactChannel[] = [];
    rows.forEach((row, index) => {
      const parsed = contactChannelSchema.safeParse(row);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        ctx.addIssue({ code: 'custom', path: ['channels', index, ...issue.path.map(String)], message: `第${index + 1}条：${issue.message}` });
        return;
      }
      channels.push(parsed.data);
    });
    return { channels, notice: body.notice };
  });

// ---------------------------------------------------------------------------------------------
// The operator and its filings, shown in the site footer (each only when set)

export const FILING_OPERATOR_MAX_CHARS = 64;
export const FILING_LICENCE_MAX_CHARS = 64;
/** As MIIT issues it: province, ICP备, the number, 号, and the site's suffix (京ICP备12345678号-1). */
export const ICP_FILING_PATTERN = /^[\u4e00-\u9fa5]{1,2}ICP备\d{4,12}号(?:-\d{1,4})?$/;
/** As the public-security filing shows it: 京公网安备 and a 10-16 digit code, then 号. */
export const POLICE_FILING_PATTERN = /^[\u4e00-\u9fa5]{1,2}公网安备 ?\d{10,16}号$/;
export const MSG_ICP_FILING_FORMAT = 'ICP备案号格式应如：京ICP备12345678号-1';
export const MSG_POLICE_FILING_FORMAT = '公安备案号格式应如：京公网安备11010502012345号';

const filingNumber = (label: string, pattern: RegExp, message: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .max(40, { error: `${label}不能超过40个字` })
    .refine((value) => value === '' || pattern.test(value), { error: message });

/**
 * The stored `site.filing` value: who runs the site and its filing numbers. Each empty string is
 * "not set", and the footer then leaves that line out: never a placeholder number.
 */
export const siteFilingSchema = z.object({
  /** The operating company, as on its business licence. */
  operator_name: line('运营方名称', FILING_OPERATOR_MAX_CHARS, false),
  /** ICP 备案号. */
  icp: filingNumber('ICP备案号', ICP_FILING_PATTERN, MSG_ICP_FILING_FORMAT),
  /** 公安备案号. */
  police: filingNumber('公安备案号', POLICE_FILING_PATTERN, MSG_POLICE_FILING_FORMAT),
  /** 经营许可证 (e.g. 增值电信业务经营许可证：京B2-20201234), as the operator writes it. */
  licence: line('经营许可证', FILING_LICENCE_MAX_CHARS, false),
});
export type SiteFiling = z.output<typeof siteFilingSchema>;

export const EMPTY_SITE_FILING: SiteFiling = { operator_name: '', icp: '', police: '', licence: '' };

/** The console's 备案信息 section: the four fields, each optional (empty: not shown). */
export const opsFilingBodySchema = z.object({
  operator_name: siteFilingSchema.shape.operator_name.optional().default(''),
  icp: siteFilingSchema.shape.icp.optional().default(''),
  police: siteFilingSchema.shape.police.optional().default(''),
  licence: siteFilingSchema.shape.licence.optional().default(''),
});

// ---------------------------------------------------------------------------------------------
// The launcher download manifest (/download and the files under /downloads/)

export const DOWNLOAD_PLATFORMS = ['windows', 'macos'] as const;
export type DownloadPlatform = (typeof DOWNLOAD_PLATFORMS)[number];

/** The desktop (Windows) build is the one the site promotes (spec §1: "a desktop download is promoted"). */
export const PROMOTED_DOWNLOAD_PLATFORM: DownloadPlatform = 'windows';

export const DOWNLOAD_PLATFORM_LABEL: Readonly<Record<DownloadPlatform, string>> = {
  windows: 'Windows',
  macos: 'macOS',
};

export const DOWNLOAD_PLATFORM_REQUIREMENT: Readonly<Record<DownloadPlatform, string>> = {
  windows: 'Windows 10 / 11（64 位）',
  macos: 'macOS 12 及以上',
};

/** Files are served from one folder, by plain names only: no path, no leading dot. */
export const DOWNLOAD_FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const DOWNLOAD_FILE_PATH_PREFIX = '/downloads/';
export const DOWNLOAD_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,31}$/;
export const DOWNLOAD_NOTES_MAX_CHARS = 1_000;

/** Spec §8 download messages, verbatim: the file route answers them and the card shows them. */
export const MSG_DOWNLOAD_BAD_ADDRESS = '下载地址错误';
export const MSG_DOWNLOAD_NOT_FOUND = '文件不存在';
export const MSG_DOWNLOAD_DELETED = '下载文件出错,文件已被删除';

export function isDownloadFileName(name: string): boolean {
  return DOWNLOAD_FILE_NAME_PATTERN.test(name) && !name.includes('..');
}

const fileNameSchema = z
  .string({ error: '请填写文件名' })
  .trim()
  .min(1, { error: '请填写文件名' })
  .max(128, { error: '文件名不能超过128个字符' })
  .refine(isDownloadFileName, { error: '文件名只能含字母、数字、点、下划线和连字符，且不能含路径' });

const notesSchema = z
  .string()
  .trim()
  .max(DOWNLOAD_NOTES_MAX_CHARS, { error: `更新说明不能超过${DOWNLOAD_NOTES_MAX_CHARS}个字` })
  .refine(noControlExceptLines, { error: '更新说明含有无效字符' });

const versionSchema = z
  .string({ error: '请填写版本号' })
  .trim()
  .min(1, { error: '请填写版本号' })
  .regex(DOWNLOAD_VERSION_PATTERN, { error: '版本号格式无效，例如 1.2.0' });

export const downloadBuildSchema = z.object({
  platform: z.enum(DOWNLOAD_PLATFORMS, { error: '平台无效' }),
  file: fileNameSchema,
  size: z.int({ error: '文件大小应为整数' }).min(1, { error: '文件大小应大于0' }).max(4 * 1024 ** 3, { error: '文件过大' }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'SHA-256 应为64位小写十六进制' }),
  notes: notesSchema,
});
export type DownloadBuild = z.output<typeof downloadBuildSchema>;

/** The stored `download.manifest` value. No builds: /download says the launcher is not out yet. */
export const downloadManifestSchema = z
  .object({
    version: z.union([z.literal(''), versionSchema]),
    /** 'YYYY-MM-DD', or empty. */
    released_on: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '发布日期格式应为YYYY-MM-DD' })]),
    builds: z.array(downloadBuildSchema).max(DOWNLOAD_PLATFORMS.length),
  })
  .refine((manifest) => new Set(manifest.builds.map((build) => build.platform)).size === manifest.builds.length, { error: '每个平台只能有一个安装包', path: ['builds'] })
  .refine((manifest) => manifest.builds.length === 0 || manifest.version !== '', { error: '请填写版本号', path: ['version'] });
export type DownloadManifest = z.output<typeof downloadManifestSchema>;

export const EMPTY_DOWNLOAD_MANIFEST: DownloadManifest = { version: '', released_on: '', builds: [] };

/** A platform's file in the console's download section: empty or null (a select left at 不提供) means not offered. */
const optionalFileName = z
  .union([z.literal(''), z.null(), fileNameSchema])
  .optional()
  .transform((name) => name ?? '');

/**
 * The console's download section: version, date and per platform a file name (empty: not offered)
 * and its release notes. Size and SHA-256 are not typed: they are the uploaded build's.
 */
export const opsDownloadBodySchema = z.object({
  version: versionSchema,
  released_on: z.union([z.literal(''), z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '发布日期格式应为YYYY-MM-DD' })]).optional().default(''),
  windows_file: optionalFileName,
  windows_notes: notesSchema.optional().default(''),
  macos_file: optionalFileName,
  macos_notes: notesSchema.optional().default(''),
});
export type OpsDownloadBody = z.output<typeof opsDownloadBodySchema>;

export const MSG_DOWNLOAD_FILE_MISSING = (file: string): string => `尚未上传文件 ${file}，请先在上方上传安装包再保存`;

// ---------------------------------------------------------------------------------------------
// Launcher builds uploaded in the console

/** What the console accepts as a launcher build, by the name's ending (the picker offers the same). */
export const DOWNLOAD_FILE_EXTENSIONS = ['.zip', '.exe', '.msi', '.dmg', '.pkg'] as const;

/** A plain download name (isDownloadFileName) with one of DOWNLOAD_FILE_EXTENSIONS. */
export function isUploadableDownloadName(name: string): boolean {
  const lower = name.toLowerCase();
  return isDownloadFileName(name) && DOWNLOAD_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
}

export const MSG_DOWNLOAD_BAD_NAME = '文件名只能含字母、数字、点、下划线和连字符（不超过128个字符），请改名后再上传';
export const MSG_DOWNLOAD_BAD_EXTENSION = `仅支持 ${DOWNLOAD_FILE_EXTENSIONS.join('、')} 格式的安装包`;
export const MSG_DOWNLOAD_TOO_LARGE = `安装包不能超过${DOWNLOAD_UPLOAD_MAX_BYTES / 1024 / 1024}MB`;
export const MSG_DOWNLOAD_EMPTY = '安装包内容为空';
export const MSG_DOWNLOAD_NOT_BINARY = '请以文件方式上传安装包';
export const MSG_DOWNLOAD_NAME_TAKEN = '已有同名安装包，请先删除旧文件或改名后再上传';
export const MSG_DOWNLOAD_UPLOAD_BUSY = '同名文件正在上传中，请稍后再试';
export const MSG_DOWNLOAD_UPLOAD_BROKEN = '上传中断，文件未保存，请重新上传';
export const MSG_DOWNLOAD_IN_USE = (file: string): string => `${file} 正在下载页提供，请先在“启动器下载”中换成其他文件再删除`;

/** A build as the console lists it. */
export interface DownloadFileView {
  name: string;
  size: number;
  sha256: string;
  /** ISO time the upload finished. */
  uploaded_at: string;
  /** The uploading operator's display name; null for an imported or seeded file. */
  uploaded_by: string | null;
}

export const downloadFileNameInputSchema = z.object({
  name: z.string({ error: '请选择文件' }).trim().min(1, { error: '请选择文件' }).max(128, { error: MSG_DOWNLOAD_BAD_NAME }).refine(isDownloadFileName, { error: MSG_DOWNLOAD_BAD_NAME }),
});

export const downloadFileViewSchema = z.object({
  name: z.string(),
  size: z.number(),
  sha256: z.string(),
  uploaded_at: z.string(),
  uploaded_by: z.string().nullable(),
});
export const MSG_DOWNLOAD_NO_BUILD = '请至少填写一个平台的安装包文件名';

/** Human-readable size: 1.2 MB, 640 KB, 512 B. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

// ---------------------------------------------------------------------------------------------
// Money and review sections

const bpsField = (label: string) =>
  z.int({ error: `${label}应为最多两位小数的百分比` }).min(0, { error: `${label}不能小于0%` }).max(10_000, { error: `${label}不能超过100%` });

/** Commission per cert type in basis points (100 = 1%); the console's form types percent (ops-form-fields.ts). */
export const opsCommissionBodySchema = z.object({
  bps_0: bpsField('个人号主佣金'),
  bps_1: bpsField('店铺佣金'),
  bps_2: bpsField('商家佣金'),
});

export const EARNINGS_HOLD_HOURS_MAX = 24 * 90;
export const opsHoldBodySchema = z.object({
  hours: z.int({ error: '冻结时长应为整数小时' }).min(0, { error: '冻结时长不能小于0' }).max(EARNINGS_HOLD_HOURS_MAX, { error: `冻结时长不能超过${EARNINGS_HOLD_HOURS_MAX}小时（90天）` }),
});

export const MSG_WITHDRAW_REVIEW_BAD_AMOUNT = '审核金额应在0至10,000,000.00元之间';

/** Withdrawal review (permission `settings.money`): on or off, and the amount (fen) above which a withdrawal waits. */
export const opsWithdrawReviewBodySchema = z.object({
  enabled: z.boolean({ error: '请选择是否开启提现审核' }),
  above_fen: z.int({ error: MSG_WITHDRAW_REVIEW_BAD_AMOUNT }).min(0, { error: MSG_WITHDRAW_REVIEW_BAD_AMOUNT }).max(WITHDRAW_REVIEW_ABOVE_MAX_FEN, { error: MSG_WITHDRAW_REVIEW_BAD_AMOUNT }),
});

/** The price-change threshold as a whole percentage of the old price (50 = a change beyond 50%). */
export const opsReviewBodySchema = z.object({
  enabled: z.boolean({ error: '请选择是否开启审核' }),
  price_change_percent: z.int({ error: '改价比例应为整数百分比' }).min(1, { error: '改价比例至少为1%' }).max(1_000, { error: '改价比例不能超过1000%' }),
});

export const opsWechatBodySchema = z.object({
  enabled: z.boolean({ error: '请选择是否开启公众号关注' }),
  follow_url: z
    .string({ error: '请填写关注链接' })
    .trim()
    .min(1, { error: '请填写关注链接' })
    .max(512, { error: '关注链接不能超过512个字符' })
    .refine((value) => /^https:\/\/[^\s]+$/.test(value), { error: '关注链接应以 https:// 开头' }),
  text: line('提示文字', 100),
  text_pay_result: line('支付结果页提示', 100, false).optional().default(''),
  text_order: line('订单页提示', 100, false).optional().default(''),
});

/** The console's names of the settings (audit rows name the key itself). */
export const SETTING_SECTION_TITLES = {
  commission: '平台佣金',
  hold: '收益冻结',
  review: '账号审核',
  contacts: '联系方式',
  download: '启动器下载',
  wechat: '公众号二维码',
  withdrawReview: '提现审核',
  filing: '备案与经营信息',
} as const;
