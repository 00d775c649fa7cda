/**
 * The campaigns' routes, declared once: the popup lists every visitor's browser fetches (spec §7
 * GET popup_advertisement, and today's emergency notices in the common group) and the console's
 * calls under /ops/campaigns (permission `campaigns`: popup ads, emergency notices, broadcasts,
 * red-envelope campaigns, exchange codes, lottery prizes). The browser calls them with
 * `call`/`callConsole(route, input)`, the endpoints serve them with the schemas of wire.ts.
 *
 * The inputs are what the browser sends (the query's values, the JSON body's fields); money is
 * integer fen, instants ISO 8601 with an offset, ad windows Shanghai days 'YYYY-MM-DD'.
 */
import { route, type NoInput } from '~/platform/wire/route';
import type { Page } from '~/platform/wire/common';
import type { EmergencyNotice, PopupAd } from '~/features/campaigns/contract/popups';
import type {
  AD_POSITION_FILTERS,
  AdStatusFilter,
  AudienceSegment,
  BroadcastSendResult,
  ExchangeCodeLookup,
  ExchangeRewardKind,
  GrantTarget,
  NoticeStatusFilter,
  OpsAdView,
  OpsBroadcastView,
  OpsExchangeBatchView,
  OpsLotteryPrizeView,
  OpsNoticeView,
  OpsRedPacketGrantView,
  OpsRedPacketTemplateView,
  OpsUploadedImage,
  RedPacketGrantPreview,
  RedPacketGrantResult,
} from '~/features/campaigns/contract/ops-campaigns';

/** A console list's paging (defaults: page 1, the console's page size). */
export interface OpsPaging {
  page?: number;
  page_size?: number;
}

/** `{ id }` of a console action on one row. */
export interface OpsIdInput {
  id: number;
}

// ---------------------------------------------------------------------------------------------
// popup ads

export interface AdListInput extends OpsPaging {
  /** State at the request's time. */
  status?: AdStatusFilter;
  position?: (typeof AD_POSITION_FILTERS)[number];
}

/** Every spec §3 field of an ad as the editor sends it; the window is Shanghai days, both included. */
export interface AdInput {
  title: string;
  /** A site path, normally the detail_url of an ads/upload. */
  image: string;
  link?: string | null;
  /** 1-3. */
  priority: number;
  /** 0-3. */
  display_frequency: number;
  /** 0 everywhere, 1 only on the special-offer page. */
  position: number;
  start_date?: string | null;
  end_date?: string | null;
}

/** One visit of the preview's fresh visitor (features/campaigns/rules/ad-schedule.ts AdPreviewStep, its instant as ISO 8601). */
export interface AdPreviewStepView {
  at: string;
  ad: PopupAd | null;
  possible: PopupAd[];
}

/** What a fresh visitor would see on home and on tejia on one day. */
export interface AdChoicePreviewView {
  day: string;
  ads: PopupAd[];
  home: AdPreviewStepView[];
  tejia: AdPreviewStepView[];
}

// ---------------------------------------------------------------------------------------------
// emergency notices

export interface NoticeListInput extends OpsPaging {
  status?: NoticeStatusFilter;
}

export interface NoticeInput {
  title: string;
  content: string;
  /** Default: now. */
  starts_at?: string;
  /** Absent or null: until withdrawn. */
  ends_at?: string | null;
}

// ---------------------------------------------------------------------------------------------
// broadcasts

export interface BroadcastRecipients {
  segment: AudienceSegment;
  segment_label: string;
  recipients: number;
}

export interface BroadcastSendInput {
  title: string;
  content: string;
  segment: AudienceSegment;
  /** Also pop up; default yes. */
  popup?: boolean;
  /** One per form shown: the same key again sends nothing. */
  request_key: string;
}

// ---------------------------------------------------------------------------------------------
// red-envelope campaigns

export interface RedPacketTemplateListInput extends OpsPaging {
  status?: 'all' | 'active' | 'inactive';
}

export interface RedPacketTemplateInput {
  name: string;
  /** 1 percentage, 2 fixed amount. */
  type: number;
  min_order_amount_fen?: number;
  discount_percentage?: number | null;
  max_discount_amount_fen?: number | null;
  discount_amount_fen?: number | null;
  valid_days: number;
  per_user_limit?: number;
  total_limit?: number | null;
}

export interface RedPacketGrantInput {
  template_id: number;
  target: GrantTarget;
  segment?: AudienceSegment | null;
  /** target 'usernames': the names, one per line. */
  usernames?: string | null;
}

export interface RedPacketGrantListInput extends OpsPaging {
  /** Absent or empty: every template's grants. */
  template_id?: number | '';
}

// ---------------------------------------------------------------------------------------------
// exchange codes

export interface ExchangeBatchListInput extends OpsPaging {
  status?: 'all' | 'active' | 'expired' | 'disabled';
}

export interface ExchangeBatchCreateInput {
  name: string;
  reward_kind: ExchangeRewardKind;
  template_id?: number | null;
  gold_coins?: number | null;
  count: number;
  uses_per_code?: number;
  per_user_limit?: number;
  expires_at: string;
  request_key: string;
}

export interface ExchangeBatchCreateResult {
  batch: OpsExchangeBatchView;
  /** The same request key was sent before: this is the first batch, nothing new was made. */
  replayed: boolean;
}

// ---------------------------------------------------------------------------------------------
// lottery prizes

export interface LotteryPrizeInput {
  id: number;
  /** Absent or null: unlimited. */
  stock?: number | null;
  weight: number;
}

// ---------------------------------------------------------------------------------------------
// the routes

/** What every visitor's browser fetches for the spec §4 popups: public, the same for everyone. */
export const POPUP_ROUTES = {
  /** spec §7: active ads of the device (1, the web) whose window has not ended. */
  ads: route.get<{ device: number }, PopupAd[]>('/popup_advertisement'),
  /** Today's emergency notices: in effect now, oldest start first. */
  emergencyNotices: route.get<NoInput, EmergencyNotice[]>('/common/emergencyNotices'),
};

/** The console's campaign calls: one route per endpoint, grouped by what they manage. */
export const OPS_CAMPAIGN_ROUTES = {
  adList: route.get<AdListInput, Page<OpsAdView>>('/ops/campaigns/ads'),
  /** What a fresh visitor would see on `day` (default today, Shanghai). */
  adPreview: route.get<{ day?: string }, AdChoicePreviewView>('/ops/campaigns/ads/preview'),
  adCreate: route.post<AdInput, OpsAdView>('/ops/campaigns/ads/create'),
  adUpdate: route.post<OpsIdInput & AdInput, OpsAdView>('/ops/campaigns/ads/update'),
  adActivate: route.post<OpsIdInput, OpsAdView>('/ops/campaigns/ads/activate'),
  adDeactivate: route.post<OpsIdInput, OpsAdView>('/ops/campaigns/ads/deactivate'),
  /** multipart/form-data with one `file` (uploadConsole). */
  adUpload: route.post<FormData, OpsUploadedImage>('/ops/campaigns/ads/upload'),

  noticeList: route.get<NoticeListInput, Page<OpsNoticeView>>('/ops/campaigns/notices'),
  noticeCreate: route.post<NoticeInput, OpsNoticeView>('/ops/campaigns/notices/create'),
  noticeUpdate: route.post<OpsIdInput & NoticeInput, OpsNoticeView>('/ops/campaigns/notices/update'),
  noticeActivate: route.post<OpsIdInput, OpsNoticeView>('/ops/campaigns/notices/activate'),
  noticeDeactivate: route.post<OpsIdInput, OpsNoticeView>('/ops/campaigns/notices/deactivate'),

  broadcastList: route.get<OpsPaging, Page<OpsBroadcastView>>('/ops/campaigns/broadcasts'),
  /** How many users a broadcast to the segment would reach now. */
  broadcastRecipients: route.get<{ segment: AudienceSegment }, BroadcastRecipients>('/ops/campaigns/broadcasts/recipients'),
  broadcastSend: route.post<BroadcastSendInput, BroadcastSendResult>('/ops/campaigns/broadcasts/send'),

  redPacketList: route.get<RedPacketTemplateListInput, Page<OpsRedPacketTemplateView>>('/ops/campaigns/red-packets'),
  redPacketCreate: route.post<RedPacketTemplateInput, OpsRedPacketTemplateView>('/ops/campaigns/red-packets/create'),
  redPacketStatus: route.post<OpsIdInput & { active: boolean }, OpsRedPacketTemplateView>('/ops/campaigns/red-packets/status'),
  /** Reads only: who would get one and why the grant would be refused. */
  redPacketGrantPreview: route.post<RedPacketGrantInput, RedPacketGrantPreview>('/ops/campaigns/red-packets/grant-preview'),
  redPacketGrant: route.post<RedPacketGrantInput & { request_key: string }, RedPacketGrantResult>('/ops/campaigns/red-packets/grant'),
  redPacketGrants: route.get<RedPacketGrantListInput, Page<OpsRedPacketGrantView>>('/ops/campaigns/red-packets/grants'),

  exchangeBatchList: route.get<ExchangeBatchListInput, Page<OpsExchangeBatchView>>('/ops/campaigns/exchange-codes'),
  exchangeBatchCreate: route.post<ExchangeBatchCreateInput, ExchangeBatchCreateResult>('/ops/campaigns/exchange-codes/create'),
  exchangeBatchDeactivate: route.post<OpsIdInput, OpsExchangeBatchView>('/ops/campaigns/exchange-codes/deactivate'),
  exchangeCodeLookup: route.get<{ code: string }, ExchangeCodeLookup>('/ops/campaigns/exchange-codes/lookup'),
  /** A batch's codes as a CSV file, not the envelope: the console links to it (hrefOf), nobody calls it. */
  exchangeCodesExport: route.get<{ batch_id: number }, string>('/ops/campaigns/exchange-codes/export'),

  lotteryPrizeList: route.get<NoInput, OpsLotteryPrizeView[]>('/ops/campaigns/lottery-prizes'),
  lotteryPrizeUpdate: route.post<LotteryPrizeInput, OpsLotteryPrizeView>('/ops/campaigns/lottery-prizes/update'),
};
