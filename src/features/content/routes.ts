/**
 * The routes of Markdown content and the public reads the site's chrome makes, declared once: the
 * browser calls them with `call`, `callConsole` or `publicGet` (content/client.ts), the endpoints
 * serve them with the schemas of wire.ts.
 *
 * Public, no token: the help centre (spec §7 help "type list, page list, detail"; searchable), the
 * 联系我们 contacts and the official-account config (spec §7 "GET wechat official-account config").
 * Console (permission `content`, the operator's cookie): the help pages' and the announcements'
 * screens, the editors' live preview and their image upload.
 */
import { route, type NoInput, type Route } from '~/platform/wire/route';
import type { Page } from '~/platform/wire/common';
import type {
  AnnouncementState,
  ContentImage,
  HelpPageDetail,
  HelpPageSummary,
  HelpSearchResult,
  HelpTypeItem,
  MarkdownPreview,
  OpsAnnouncementRow,
  OpsAnnouncementView,
  OpsContentStatus,
  OpsHelpPageRow,
  OpsHelpPageView,
} from '~/features/content/contract/content';
import type { AgreementDocument, AgreementView, ContractStatus, OpsAgreementVersion } from '~/features/content/contract/agreements';
import type { SiteContacts } from '~/features/content/contract/site-settings';
import type { OfficialAccountConfig, OfficialAccountPage } from '~/features/content/contract/wechat-official';

/** The console lists' paging and search, as the address carries them. */
export type OpsContentListInput = {
  page?: number;
  page_size?: number;
  q?: string;
};

/** A help page's fields as the console's editor sends them. */
type HelpPageFields = { type: string; title: string; order: number; body_md: string; published: boolean };

/** A new help page (its slug is fixed once created), or an edit made from `revision`. */
export type OpsHelpSaveInput = ({ mode: 'create'; slug: string } & HelpPageFields) | ({ mode: 'update'; id: number; revision: number } & HelpPageFields);

/** An announcement's fields; `published_at` ISO 8601, absent: now (new) or unchanged (edit). */
type AnnouncementFields = { title: string; body_md: string; pinned: boolean; published: boolean; published_at?: string };

/** A new announcement, or an edit made from `revision`. */
export type OpsAnnouncementSaveInput = ({ mode: 'create' } & AnnouncementFields) | ({ mode: 'update'; id: number; revision: number } & AnnouncementFields);

export const CONTENT_ROUTES = {
  /** The help types with published pages, in order. */
  helpTypes: route.get<NoInput, HelpTypeItem[]>('/help/types'),
  /** The type's published pages, in order. */
  helpPages: route.get<{ type: string }, HelpPageSummary[]>('/help/pages'),
  /** One published page with its rendered HTML; 404 帮助文档不存在. */
  helpPage: route.get<{ slug: string }, HelpPageDetail>('/help/page'),
  /** Published pages holding every word of q, title hits first. */
  helpSearch: route.get<{ q: string }, HelpSearchResult>('/help/search'),
  /** The contacts /ContactUs shows; an empty list means none are configured. */
  contacts: route.get<NoInput, SiteContacts>('/common/contacts'),
  /** The follow QR and its line for one page; 404 when the operator switched the account off. */
  officialAccountConfig: route.get<{ page: OfficialAccountPage }, OfficialAccountConfig>('/common/wechatOfficialConfig'),

  /** A version of 《平台服务协议》 or 《隐私政策》 (v absent: the current one); 404 运营方尚未发布该协议 / 该协议版本不存在. */
  agreement: route.get<{ document: AgreementDocument; v?: number }, AgreementView>('/common/agreement'),

  /** 协议签署 (spec §7 account "contract signing"): each agreement's version in force and what the user signed. */
  contracts: route.get<NoInput, { list: ContractStatus[] }>('/account/contracts'),
  /** Signs `version` of `document`; 409 协议已更新，请阅读最新版本后再签署 when it is no longer in force. */
  contractSign: route.post<{ document: AgreementDocument; version: number }, ContractStatus>('/account/contractSign'),

  // the console (permission `content`)
  /** Every published version of the document, newest first. */
  opsAgreementVersions: route.get<{ document: AgreementDocument }, OpsAgreementVersion[]>('/ops/content/agreements'),
  /** A new immutable version made from `base_version` (0: none yet); 409 when another was published since or nothing changed. Audited. */
  opsAgreementPublish: route.post<{ document: AgreementDocument; base_version: number; body_md: string }, OpsAgreementVersion>('/ops/content/agreements/publish'),
  opsHelpList: route.get<OpsContentListInput & { type?: string; status?: OpsContentStatus }, Page<OpsHelpPageRow>>('/ops/content/help'),
  /** Drafts included; 404 帮助文档不存在. */
  opsHelpDetail: route.get<{ id: number }, OpsHelpPageView>('/ops/content/help/detail'),
  /** 409 该页面地址已被使用 / 内容已被他人修改，请刷新后再编辑. Audited. */
  opsHelpSave: route.post<OpsHelpSaveInput, OpsHelpPageView>('/ops/content/help/save'),
  /** Publish or withdraw a page. Audited. */
  opsHelpPublish: route.post<{ id: number; published: boolean }, OpsHelpPageView>('/ops/content/help/publish'),
  opsAnnouncementList: route.get<OpsContentListInput & { state?: AnnouncementState }, Page<OpsAnnouncementRow>>('/ops/content/announcements'),
  /** Drafts included; 404 公告不存在. */
  opsAnnouncementDetail: route.get<{ id: number }, OpsAnnouncementView>('/ops/content/announcements/detail'),
  /** A future published_at schedules it; 409 内容已被他人修改，请刷新后再编辑. Audited. */
  opsAnnouncementSave: route.post<OpsAnnouncementSaveInput, OpsAnnouncementView>('/ops/content/announcements/save'),
  /** Audited. */
  opsAnnouncementPublish: route.post<{ id: number; published: boolean }, OpsAnnouncementView>('/ops/content/announcements/publish'),
  /** Audited. */
  opsAnnouncementPin: route.post<{ id: number; pinned: boolean }, OpsAnnouncementView>('/ops/content/announcements/pin'),
  /** The editors' live preview, rendered as published; 400 for a body the renderer refuses. */
  opsPreview: route.post<{ body_md: string }, MarkdownPreview>('/ops/content/preview'),
  /** A multipart form with one `file` (uploadConsole): an image for a help page or an announcement. */
  opsImage: route.post<FormData, ContentImage>('/ops/content/image'),
};

/**
 * The save route a console editor posts to (help page, announcement, agreement version): it answers
 * the saved record (its `id` fills the editor's redirect when it has one).
 */
export type ContentSaveRoute = Route<unknown, object, 'POST'>;
