/**
 * The catalogue's routes, declared once: the browser calls them with `call(route, input)`, the
 * endpoints serve them with the schemas of wire.ts.
 *
 * The signed-in calls (docs/user-catalog-api.md; spec §7 home "search history get and delete",
 * zuhao "search templates list/add/delete", detail "like", account "collections") need the stored
 * token. 找相似 (spec §7 zuhao "similar accounts") and the public catalogue reads (games, the hall,
 * special offers, home, detail, shops) need none; they are read by the server-rendered pages and
 * the detail page's look counter. The console's games (/ops/games) are the operators'.
 */
import { route, type NoInput } from '~/platform/wire/route';
import type { BesimilarPage } from '~/features/catalog/contract/besimilar';
import type {
  Announcement,
  AnnouncementSummary,
  Banner,
  BargainGame,
  GameRef,
  HallQuery,
  HomeData,
  HotTag,
  ListingCard,
  ListingDetail,
  LookStats,
  Page,
  Platform,
  ShopSummary,
  Zone,
} from '~/features/catalog/contract/catalog';
import type { AccountState, CollectResult, CollectionsPage, LikeResult, SearchHistoryList, SearchTemplate, SearchTemplateList } from '~/features/catalog/contract/user-catalog';
import type { OpsGameMaintenanceBody, OpsGameView } from '~/features/sellers/contract/ops-sellers';

export interface LikeInput {
  source_id: number;
  /** 1: an account listing, the only kind that can be liked. */
  type: 1;
  /** 1 likes, 2 unlikes. */
  scene: 1 | 2;
}

export interface PageInput {
  page?: number;
  page_size?: number;
}

export const CATALOG_ROUTES = {
  /** Newest first, at most 10. */
  searchHistory: route.get<NoInput, SearchHistoryList>('/home/searchHistory'),
  /** Records a search: a keyword searched again moves to the top. */
  recordSearch: route.post<{ keyword: string }, null>('/home/searchHistory'),
  /** Forgets one keyword; one that is not there is not an error. */
  deleteSearch: route.post<{ keyword: string }, null>('/home/searchHistory/delete'),
  /** Forgets every keyword (no body). */
  clearSearchHistory: route.post<NoInput, null>('/home/searchHistory/clear'),
  /** The caller's hall search templates, newest first. */
  searchTemplates: route.get<NoInput, SearchTemplateList>('/zuhao/searchTemplates'),
  /** 400 无效的筛选条件 / 最多保存20个搜索模板, 409 模板名称已存在. */
  addSearchTemplate: route.post<{ name: string; path: string }, SearchTemplate>('/zuhao/searchTemplates'),
  /** 404 模板不存在 for an unknown id or another user's. */
  deleteSearchTemplate: route.post<{ id: number }, null>('/zuhao/searchTemplates/delete'),
  /** Likes or unlikes (idempotent); a listing that does not exist is 404 with code -400. */
  like: route.post<LikeInput, LikeResult>('/detail/like'),
  /** Collects (idempotent); a listing that does not exist is 404 with code -400. */
  collect: route.post<{ account_id: number }, CollectResult>('/account/collect'),
  /** Uncollects (idempotent); a listing that does not exist is 404 with code -400. */
  uncollect: route.post<{ account_id: number }, CollectResult>('/account/uncollect'),
  /** Newest collected first; page ≥ 1, page_size 1-50. */
  collections: route.get<PageInput, CollectionsPage>('/account/collections'),
  /** 找相似: listed accounts like the given one; 404 with code -400 when it is gone. */
  besimilar: route.get<{ account_id: number } & PageInput, BesimilarPage>('/zuhao/besimilar'),

  // ---- public catalogue reads (no token; the answer is the same for everyone)
  /** Every game of the rental hall. */
  games: route.get<NoInput, GameRef[]>('/zuhao/games'),
  hotGames: route.get<NoInput, GameRef[]>('/zuhao/hotGames'),
  /** 404 游戏不存在 for an unknown game. */
  platforms: route.get<{ game_id: number }, Platform[]>('/zuhao/platforms'),
  /** The zones of a game, or of one of its platforms. */
  zones: route.get<{ game_id: number; platform_id?: number }, Zone[]>('/zuhao/zones'),
  /** The rental hall: filters, sort and page in the query. */
  hall: route.get<HallQuery, Page<ListingCard>>('/zuhao/accounts'),
  /** Similar accounts of the detail page; limit 1-20 (default 6). */
  similar: route.get<{ account_id: number; limit?: number }, ListingCard[]>('/zuhao/similar'),
  /** Special-offer listings, cheapest first. */
  specialOffers: route.get<{ game_id?: number } & PageInput, Page<ListingCard>>('/tejia/accounts'),
  /** Games with special offers and how many. */
  bargainGames: route.get<NoInput, BargainGame[]>('/tejia/games'),
  /** spec §7: the URL of the raw game list (rentalHall/games.json, no envelope), root-relative. */
  gameListUrl: route.get<NoInput, { url: string }>('/rentalHall/gameList'),
  /** Everything the home page shows. */
  home: route.get<NoInput, HomeData>('/home'),
  banners: route.get<NoInput, Banner[]>('/home/banners'),
  hotTags: route.get<NoInput, HotTag[]>('/home/hotTags'),
  /** Published announcements, pinned first. */
  announcements: route.get<PageInput, Page<AnnouncementSummary>>('/home/announcements'),
  /** 404 公告不存在. */
  announcement: route.get<{ id: number }, Announcement>('/home/announcement'),
  /** The detail page's listing; a missing one is 404 with code -400 账号已删除. */
  listing: route.get<{ account_id: number }, ListingDetail>('/detail/account'),
  /** The caller's like and collection of a listing (token); the same read records the view in 我的足迹. */
  accountState: route.get<{ account_id: number }, AccountState>('/detail/accountState'),
  /** The look counter and who is looking now; a missing listing is 404 with code -400. */
  looking: route.get<{ account_id: number }, LookStats>('/detail/looking'),
  /** The shop list of /dianpu, most listed accounts first. */
  shops: route.get<PageInput, Page<ShopSummary>>('/shops'),
  /** 404 店铺不存在. */
  shop: route.get<{ id: number }, ShopSummary>('/shop'),
  /** A shop's listed accounts in hall order. */
  shopListings: route.get<{ id: number } & PageInput, Page<ListingCard>>('/shop/accounts'),

  // ---- console (permission `games`)
  /** Every game with its maintenance state. */
  opsGames: route.get<NoInput, OpsGameView[]>('/ops/games'),
  /** Into maintenance (again: updates the notice) or out of it; 409 when it is not on, 404 游戏不存在. */
  opsGameMaintenance: route.post<OpsGameMaintenanceBody, OpsGameView>('/ops/games/maintenance'),
};
