/**
 * The wire contract of Markdown content (console "Campaigns and content", help
 * centre; spec §7 call groups help "type list, page list, detail" and home "announcements list and
 * detail"): the help centre's public calls, and the console's help-page and announcement screens.
 * Bodies are Markdown; every answer that shows one carries the HTML the server's one renderer made.
 */
import { z } from 'zod';
import { HELP_TITLE_MAX_CHARS, HELP_TYPE_MAX_CHARS, OPS_PAGE_SIZE } from '~/platform/config/constants';
import { ANNOUNCEMENT_TITLE_MAX_CHARS, HELP_RESERVED_SLUGS, HELP_SEARCH_MAX_TERMS, HELP_SEARCH_QUERY_MAX_CHARS, HELP_SLUG_MAX_CHARS, HELP_SLUG_PATTERN, MARKDOWN_BODY_MAX_CHARS } from '~/features/content/constants';
import { ID_MAX, bodyIdSchema, optionalQuery, queryIdSchema, queryIntSchema, withQueryReason } from '~/platform/wire/common';

export const MSG_HELP_PAGE_NOT_FOUND = '帮助文档不存在';
export const MSG_HELP_SLUG_TAKEN = '该页面地址已被使用';
export const MSG_CONTENT_STALE = '内容已被他人修改，请刷新后再编辑';
export const MSG_ANNOUNCEMENT_NOT_FOUND = '公告不存在';

/** C0 controls other than tab and line breaks: never part of text anybody typed. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControl = (text: string): boolean => !CONTROL.test(text);

/** A single-line field: trimmed, 1..max characters, no control characters. */
const lineSchema = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .refine((value) => Array.from(value).length <= max, { error: `${label}不能超过${max}个字` })
    .refine((value) => !/[\r\n]/.test(value) && noControl(value), { error: `${label}含有无效字符` });

/**
 * A Markdown body: line endings made LF, at most MARKDOWN_BODY_MAX_CHARS characters. The renderer's
 * own limits (nesting, emphasis marks) are checked when it renders, with their own messages.
 */
export const markdownBodySchema = z
  .string({ error: '请填写正文' })
  .transform((value) => value.replace(/\r\n?/g, '\n'))
  .refine((value) => value.trim() !== '', { error: '请填写正文' })
  .refine((value) => Array.from(value).length <= MARKDOWN_BODY_MAX_CHARS, { error: `正文不能超过${MARKDOWN_BODY_MAX_CHARS}个字` })
  .refine(noControl, { error: '正文含有无效字符' });

export const helpSlugSchema = z
  .string({ error: '请填写页面地址' })
  .trim()
  .min(1, { error: '请填写页面地址' })
  .max(HELP_SLUG_MAX_CHARS, { error: `页面地址不能超过${HELP_SLUG_MAX_CHARS}个字符` })
  .regex(HELP_SLUG_PATTERN, { error: '页面地址只能用小写字母、数字和连字符（如 how-to-rent）' })
  .refine((value) => !(HELP_RESERVED_SLUGS as readonly string[]).includes(value), { error: '该页面地址为系统保留' });

export const helpTypeSchema = lineSchema('分类', HELP_TYPE_MAX_CHARS);
export const helpTitleSchema = lineSchema('标题', HELP_TITLE_MAX_CHARS);
export const helpOrderSchema = z.int({ error: '排序应为整数' }).min(-100_000, { error: '排序超出范围' }).max(100_000, { error: '排序超出范围' });

/** The front matter of a shipped help file (src/content/help/<slug>.md). */
export const helpFrontMatterSchema = z.object({ type: helpTypeSchema, title: helpTitleSchema, order: helpOrderSchema }).strict();
export type HelpFrontMatter = z.output<typeof helpFrontMatterSchema>;

// ---------------------------------------------------------------------------------------------
// Help centre, public (spec §7 help: type list, page list, detail; searchable)

/** One help type and how many published pages it lists. */
export interface HelpTypeItem {
  type: string;
  page_count: number;
}

/** A help page in a list: where it is and what it is called. */
export interface HelpPageSummary {
  slug: string;
  type: string;
  title: string;
  order: number;
  /** The first words of its text, for lists. */
  summary: string;
  /** ISO 8601. */
  updated_at: string;
}

/** A help page to read: the HTML the server rendered from its Markdown. */
export interface HelpPageDetail extends HelpPageSummary {
  html: string;
}

/** A search hit: the page, and the plain text around the first match, split so the match can be marked. */
export interface HelpSearchHit extends Omit<HelpPageSummary, 'updated_at' | 'summary'> {
  snippet: { before: string; match: string; after: string } | null;
}

export interface HelpSearchResult {
  /** The query as searched (trimmed, spaces collapsed). */
  q: string;
  /** Every hit, even past the list's cap. */
  total: number;
  list: HelpSearchHit[];
}

/** GET help/pages?type= — the type's published pages, in order. */
export const helpPagesQuerySchema = z.object({ type: helpTypeSchema });

/** GET help/page?slug= */
export const helpPageQuerySchema = z.object({ slug: z.string().trim().min(1).max(HELP_SLUG_MAX_CHARS).regex(HELP_SLUG_PATTERN) });

/** The words of a search: split on spaces (full-width too), at most HELP_SEARCH_MAX_TERMS. */
export function helpSearchTerms(q: string): string[] {
  return q.split(/[\s\u3000]+/).filter((term) => term !== '');
}

/** GET help/search?q= — 1..HELP_SEARCH_QUERY_MAX_CHARS characters, at most HELP_SEARCH_MAX_TERMS words. */
export const helpSearchQuerySchema = z.object({
  q: z
    .string({ error: '请输入搜索内容' })
    .transform((value) => helpSearchTerms(value).join(' '))
    .refine((value) => value !== '', { error: '请输入搜索内容' })
    .refine((value) => Array.from(value).length <= HELP_SEARCH_QUERY_MAX_CHARS, { error: `搜索内容不能超过${HELP_SEARCH_QUERY_MAX_CHARS}个字` })
    .refine((value) => helpSearchTerms(value).length <= HELP_SEARCH_MAX_TERMS, { error: `搜索词不能超过${HELP_SEARCH_MAX_TERMS}个` })
    .refine(noControl, { error: '搜索内容含有无效字符' }),
});

// ---------------------------------------------------------------------------------------------
// Console (permission `content`)

/** POST ops/content/preview — the Markdown as the published page will show it. */
export const markdownPreviewBodySchema = z.object({ body_md: markdownBodySchema });
export interface MarkdownPreview {
  html: string;
}

/** A help page as the console edits it. */
export interface OpsHelpPageView extends Omit<HelpPageDetail, 'summary'> {
  id: number;
  body_md: string;
  published: boolean;
  revision: number;
  created_at: string;
  /** Username of the operator of the last change; null while it is the shipped file's text. */
  updated_by: string | null;
}

/** A help page in the console's table. */
export type OpsHelpPageRow = Omit<OpsHelpPageView, 'html' | 'body_md'>;

/**
 * POST ops/content/help/save — without `id` a new page; with `id` an edit of that page made from
 * `revision` (409 MSG_CONTENT_STALE when somebody saved in between). The slug is fixed once created.
 */
export const opsHelpSaveBodySchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('create'),
    slug: helpSlugSchema,
    type: helpTypeSchema,
    title: helpTitleSchema,
    order: helpOrderSchema,
    body_md: markdownBodySchema,
    published: z.boolean(),
  }),
  z.object({
    mode: z.literal('update'),
    id: bodyIdSchema,
    revision: z.int().min(1).max(ID_MAX),
    type: helpTypeSchema,
    title: helpTitleSchema,
    order: helpOrderSchema,
    body_md: markdownBodySchema,
    published: z.boolean(),
  }),
]);
export type OpsHelpSaveBody = z.output<typeof opsHelpSaveBodySchema>;

/** POST ops/content/help/publish — publish or withdraw a page. */
export const opsPublishBodySchema = z.object({ id: bodyIdSchema, published: z.boolean({ error: '请指定是否发布' }) });
export type OpsPublishBody = z.output<typeof opsPublishBodySchema>;

/** The console lists' paging and search, as the address carries them. */
const opsListQueryShape = {
  page: optionalQuery(queryIntSchema(1, 100_000)).transform((value) => value ?? 1),
  page_size: optionalQuery(queryIntSchema(1, 100)).transform((value) => value ?? OPS_PAGE_SIZE),
  q: optionalQuery(z.string().trim().max(HELP_SEARCH_QUERY_MAX_CHARS).refine(noControl, withQueryReason('含有无效字符'))),
};

export const OPS_CONTENT_STATUSES = ['published', 'draft'] as const;
export type OpsContentStatus = (typeof OPS_CONTENT_STATUSES)[number];

/** GET ops/content/help?page&page_size&q&type&status */
export const opsHelpListQuerySchema = z.object({
  ...opsListQueryShape,
  type: optionalQuery(helpTypeSchema),
  status: optionalQuery(z.enum(OPS_CONTENT_STATUSES)),
});
export type OpsHelpListQuery = z.output<typeof opsHelpListQuerySchema>;

/** GET ops/content/help/detail?id, ops/content/announcements/detail?id */
export const opsIdQuerySchema = z.object({ id: queryIdSchema });

// Announcements

/** Where an announcement stands for readers: withdrawn, waiting for its time, or shown. */
export const ANNOUNCEMENT_STATES = ['draft', 'scheduled', 'published'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];
export const ANNOUNCEMENT_STATE_LABELS: Readonly<Record<AnnouncementState, string>> = {
  draft: '未发布',
  scheduled: '定时发布',
  published: '已发布',
};

/** An announcement as the console edits it. */
export interface OpsAnnouncementView {
  id: number;
  title: string;
  body_md: string;
  html: string;
  pinned: boolean;
  published: boolean;
  state: AnnouncementState;
  /** ISO 8601: shown from this instant on (a future one schedules it). */
  published_at: string;
  revision: number;
  updated_at: string;
  updated_by: string | null;
}

export type OpsAnnouncementRow = Omit<OpsAnnouncementView, 'html' | 'body_md'>;

const instantSchema = z.iso.datetime({ offset: true, error: '时间格式无效' }).transform((value) => new Date(value));

const announcementFields = {
  title: lineSchema('标题', ANNOUNCEMENT_TITLE_MAX_CHARS),
  body_md: markdownBodySchema,
  pinned: z.boolean(),
  published: z.boolean(),
  /** Absent: now (a new announcement) or unchanged (an edit). */
  published_at: instantSchema.optional(),
};

/** POST ops/content/announcements/save — create (no id) or edit from `revision`. */
export const opsAnnouncementSaveBodySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('create'), ...announcementFields }),
  z.object({ mode: z.literal('update'), id: bodyIdSchema, revision: z.int().min(1).max(ID_MAX), ...announcementFields }),
]);
export type OpsAnnouncementSaveBody = z.output<typeof opsAnnouncementSaveBodySchema>;

/** POST ops/content/announcements/pin */
export const opsPinBodySchema = z.object({ id: bodyIdSchema, pinned: z.boolean({ error: '请指定是否置顶' }) });
export type OpsPinBody = z.output<typeof opsPinBodySchema>;

/** GET ops/content/announcements?page&page_size&q&state */
export const opsAnnouncementListQuerySchema = z.object({
  ...opsListQueryShape,
  state: optionalQuery(z.enum(ANNOUNCEMENT_STATES)),
});
export type OpsAnnouncementListQuery = z.output<typeof opsAnnouncementListQuerySchema>;

/** POST ops/content/image — an image for a help page or an announcement, as Markdown can embed it. */
export interface ContentImage {
  id: number;
  /** The detail variant: what `![](url)` embeds. */
  url: string;
  width: number;
  height: number;
  /** `![](url)`, ready to insert. */
  markdown: string;
}
